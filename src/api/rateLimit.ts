// The one observable rate-limit state, updated from every answer's X-Rate-Limit-* headers.

/** The service's window (conventions.md): a reset announced further ahead than this is not believed. */
export const RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;
/** Allowed on top of the window for a server clock ahead of ours (and resets rounded up). */
export const RATE_LIMIT_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** The furthest reset believed, from now. */
const MAX_RESET_AHEAD_MS = RATE_LIMIT_WINDOW_MS + RATE_LIMIT_CLOCK_SKEW_MS;

export interface RateLimitSnapshot {
  /** Requests allowed in the window (X-Rate-Limit-Limit), when known. */
  readonly limit: number | undefined;
  /** Requests left in the window (X-Rate-Limit-Remaining), when known. */
  readonly remaining: number | undefined;
  /** When the window resets (X-Rate-Limit-Reset, UTC epoch seconds), when known. */
  readonly resetAt: Date | undefined;
}

export interface Disposable {
  dispose(): void;
}

export interface HeaderSource {
  get(name: string): string | null;
}

export class RateLimitState implements RateLimitSnapshot {
  private _limit: number | undefined;
  private _remaining: number | undefined;
  private _resetAt: Date | undefined;
  private readonly listeners = new Set<(s: RateLimitSnapshot) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  get limit(): number | undefined {
    return this._limit;
  }
  get remaining(): number | undefined {
    return this._remaining;
  }
  get resetAt(): Date | undefined {
    return this._resetAt;
  }

  /** A frozen copy of the current values. */
  snapshot(): RateLimitSnapshot {
    return Object.freeze({ limit: this._limit, remaining: this._remaining, resetAt: this._resetAt });
  }

  /** Calls listener with the new snapshot after every change. */
  onDidChange(listener: (s: RateLimitSnapshot) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }

  /** True when the known remaining count is 0 and the reset is still ahead. */
  isExhausted(): boolean {
    return this._remaining === 0 && this._resetAt !== undefined && this._resetAt.getTime() > this.now();
  }

  /** Reads the three headers; headers absent or not numbers leave the value as it was. Returns true on change. */
  updateFromHeaders(headers: HeaderSource): boolean {
    const limit = intHeader(headers, 'x-rate-limit-limit');
    const remaining = intHeader(headers, 'x-rate-limit-remaining');
    const reset = intHeader(headers, 'x-rate-limit-reset');
    if (limit === undefined && remaining === undefined && reset === undefined) {
      return false;
    }
    let resetMs = reset !== undefined ? reset * 1000 : undefined;
    const latest = this.now() + MAX_RESET_AHEAD_MS;
    if (resetMs !== undefined && resetMs > latest) {
      // A reset beyond one window and some clock skew (a server's mistake, or a hostile one) would block every request
      // until sign-out: keep the bound already set for it, else one window from now.
      const kept = this._resetAt?.getTime();
      resetMs = kept !== undefined && kept > this.now() && kept <= latest ? kept : latest;
    }
    return this.set({
      limit: limit ?? this._limit,
      remaining: remaining ?? this._remaining,
      // The same reset as before keeps its Date (no new object per answer).
      resetAt: resetMs !== undefined && resetMs !== this._resetAt?.getTime() ? new Date(resetMs) : this._resetAt,
    });
  }

  /** Sets the values (used by updateFromHeaders, and to restore or clear a state). Returns true on change. */
  set(given: RateLimitSnapshot): boolean {
    const latest = this.now() + MAX_RESET_AHEAD_MS;
    const s = given.resetAt && given.resetAt.getTime() > latest ? { ...given, resetAt: new Date(latest) } : given;
    const changed =
      s.limit !== this._limit ||
      s.remaining !== this._remaining ||
      s.resetAt?.getTime() !== this._resetAt?.getTime();
    if (!changed) {
      return false;
    }
    this._limit = s.limit;
    this._remaining = s.remaining;
    this._resetAt = s.resetAt;
    if (this.listeners.size === 0) {
      return true;
    }
    const snap = this.snapshot();
    for (const l of [...this.listeners]) {
      try {
        l(snap);
      } catch {
        // A listener's failure must not break a request.
      }
    }
    return true;
  }

  /** Forgets everything (e.g. on sign-out). */
  clear(): void {
    this.set({ limit: undefined, remaining: undefined, resetAt: undefined });
  }
}

const DIGITS = /^\s*\d+\s*$/;

function intHeader(headers: HeaderSource, name: string): number | undefined {
  const v = headers.get(name);
  if (v == null || !DIGITS.test(v)) {
    return undefined;
  }
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
}
