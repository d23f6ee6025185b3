// When to warn that the personal access token expires, from the `expires_at` of GET /user/token
// (read when the token is checked at sign-in). Pure (no vscode): tokenExpiryWatcher.ts shows it.
import { parseApiDate } from '../../api/dates';

/** Warn from this long before the expiry (the service offers tokens of 7 to 90 days). */
export const WARN_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;

export interface ExpiryNotice {
  readonly expiresAt: Date;
  /** Already past its expiry (requests answer 401). */
  readonly expired: boolean;
}

/**
 * The notice due at `now`, or undefined: none for a token without expiry (`null`), an unknown
 * expiry (`undefined`, or a date the client cannot read), or one further away than the window.
 */
export function expiryNotice(expiresAt: string | null | undefined, now: Date, warnBeforeMs = WARN_BEFORE_MS): ExpiryNotice | undefined {
  const date = parseApiDate(expiresAt);
  if (!date) {
    return undefined;
  }
  const left = date.getTime() - now.getTime();
  if (left > warnBeforeMs) {
    return undefined;
  }
  return { expiresAt: date, expired: left <= 0 };
}

/** The UTC day of a moment, as `yyyy-mm-dd`: one warning per day at most. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A token checked with the server at sign-in: its address and what GET /user/token said of its expiry. */
export interface TokenCheck {
  readonly baseUrl: string;
  /** The answer's `expires_at`: a date, null (never expires), undefined (not known: no TOKEN_INFO). */
  readonly expiresAt: string | null | undefined;
}

/**
 * The token sign-in tells each checked token; the expiry watcher listens. One instance, made by the
 * accounts feature's register (no module-level state): a plain listener set keeps this module free
 * of the editor and the sign-in flow free of the watcher.
 */
export class TokenChecks {
  private readonly listeners = new Set<(check: TokenCheck) => void>();

  onTokenChecked(listener: (check: TokenCheck) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }

  /** Called by the sign-in flow once a checked token is stored. */
  noteTokenChecked(check: TokenCheck): void {
    for (const l of [...this.listeners]) {
      try {
        l(check);
      } catch {
        // A listener's failure must not fail the sign-in.
      }
    }
  }
}
