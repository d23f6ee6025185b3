// When to ask the service again about what is shown or followed (a run, its log, a list of runs):
// only those, only while the window is focused (when not, at most one status request a minute
// for the runs followed, so that their end is still told), fast at first and slower while nothing
// changes, fast again on a change, never after the end, paused until the rate limit's reset when
// the budget is spent, one request per key at a time, and backing off after failures, which keep
// the last answer (marked stale) and end by themselves. No vscode: the clock and timers come in.
import type { RateLimitSnapshot } from '../api';

/**
 * The pace while focused, by how long nothing has changed: a run moves most in its first seconds,
 * when a person has just started or approved it and watches; a run still unchanged after five
 * minutes waits (a long build, an approval gate) and a 20 s lag costs little. At 20 s a thing
 * followed for an hour costs 180 requests, under 4 % of a 5,000-request window.
 */
export const PACE: readonly { readonly quietUnder: number; readonly every: number }[] = [
  { quietUnder: 30_000, every: 2_000 },
  { quietUnder: 120_000, every: 5_000 },
  { quietUnder: 300_000, every: 10_000 },
];
/** The pace once nothing has changed for five minutes. */
export const SLOWEST_MS = 20_000;
/** Unfocused, the runs followed share one status request a minute. */
export const UNFOCUSED_MS = 60_000;
/** After failures: 5 s, 10 s, 20 s, 40 s, then each minute. */
export const ERROR_FIRST_MS = 5_000;
export const ERROR_MAX_MS = 60_000;
/** Budget spent and no reset time known: ask again in a minute (the answer tells the reset). */
export const NO_RESET_PAUSE_MS = 60_000;
/** After the reset: its time is in whole seconds, and clocks differ. */
export const RESET_MARGIN_MS = 1_000;

export type BudgetState = Pick<RateLimitSnapshot, 'remaining' | 'resetAt'>;

export interface PollState {
  readonly now: number;
  /** When polling began, or the status last changed. */
  readonly changedAt: number;
  /** When the last request ended (or polling began). */
  readonly lastPollAt: number;
  readonly focused: boolean;
  /** Finished: nothing more will change. */
  readonly done: boolean;
  /** Requests failed in a row. */
  readonly errors: number;
  readonly budget?: BudgetState;
}

/** Every how many ms to ask, focused, after `quietMs` without a change. */
export function pace(quietMs: number): number {
  return PACE.find((step) => quietMs < step.quietUnder)?.every ?? SLOWEST_MS;
}

/** The wait after `errors` failures in a row (0 when none). */
export function errorBackoff(errors: number): number {
  return errors > 0 ? Math.min(ERROR_MAX_MS, ERROR_FIRST_MS * 2 ** (errors - 1)) : 0;
}

/** How long to wait for the budget: until a second after its reset when it is spent, else 0. */
export function budgetPause(budget: BudgetState | undefined, now: number): number {
  if (budget?.remaining !== 0) {
    return 0;
  }
  if (budget.resetAt === undefined) {
    return NO_RESET_PAUSE_MS;
  }
  const untilReset = budget.resetAt.getTime() - now;
  // A reset that has passed: the window has begun again, though no answer has said so yet.
  return untilReset > 0 ? untilReset + RESET_MARGIN_MS : 0;
}

/** How many ms from now the next request should go, or undefined when none should (finished). */
export function nextDelay(s: PollState): number | undefined {
  if (s.done) {
    return undefined;
  }
  const every = Math.max(s.focused ? pace(s.now - s.changedAt) : UNFOCUSED_MS, errorBackoff(s.errors));
  return Math.max(0, s.lastPollAt + every - s.now, budgetPause(s.budget, s.now));
}

/** What a poll saw: the status (any text that tells a change) and whether it is finished. */
export interface PollResult {
  readonly status: string | undefined;
  readonly done: boolean;
}

export interface PollTarget {
  /** Sends the request and stores its answer where the views read it; rejects when it fails. */
  poll(): Promise<PollResult>;
  /** Also polled while the window is not focused (a followed run, for its end notice). */
  readonly whileUnfocused?: boolean;
  /** The status already shown: the first answer is compared with it (without one, the first answer is no change). */
  readonly status?: string;
  /** Already finished: polled only on refresh. */
  readonly done?: boolean;
}

export interface PollTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: PollTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface PollSchedulerOptions {
  readonly timers?: PollTimers;
  /** The rate-limit state of the address polled (RateLimitState has this shape). */
  readonly budget?: () => BudgetState | undefined;
  /** Whether the window is focused at the start (true by default). */
  readonly focused?: boolean;
  /** Told when a key's answers become stale (a request failed) and fresh again. */
  readonly onStale?: (key: string, stale: boolean, error: unknown) => void;
}

export interface Disposable {
  dispose(): void;
}

interface Entry {
  readonly key: string;
  readonly target: PollTarget;
  whileUnfocused: boolean;
  watchers: number;
  changedAt: number;
  lastPollAt: number;
  status: string | undefined;
  seen: boolean;
  done: boolean;
  errors: number;
  timer: unknown;
  inFlight: Promise<void> | undefined;
}

/**
 * Polls each watched key by the rules above. A key names one request: watchers of the same key
 * share its polling (the first watcher's target polls; whileUnfocused holds if any asked for it).
 */
export class PollScheduler {
  private readonly timers: PollTimers;
  private readonly entries = new Map<string, Entry>();
  private focused: boolean;
  private unfocusedTimer: unknown;
  private disposed = false;

  constructor(private readonly options: PollSchedulerOptions = {}) {
    this.timers = options.timers ?? systemTimers;
    this.focused = options.focused ?? true;
  }

  /** Polls `key` until every returned Disposable is disposed; the first poll comes after the first pause (what is shown was just read). */
  watch(key: string, target: PollTarget): Disposable {
    if (this.disposed) {
      return { dispose: () => undefined };
    }
    let entry = this.entries.get(key);
    if (entry === undefined) {
      const now = this.timers.now();
      entry = {
        key,
        target,
        whileUnfocused: target.whileUnfocused === true,
        watchers: 0,
        changedAt: now,
        lastPollAt: now,
        status: target.status,
        seen: target.status !== undefined,
        done: target.done === true,
        errors: 0,
        timer: undefined,
        inFlight: undefined,
      };
      this.entries.set(key, entry);
      this.arrange(entry);
    } else if (target.whileUnfocused === true && !entry.whileUnfocused) {
      entry.whileUnfocused = true;
      this.arrange(entry);
    }
    entry.watchers++;
    const watched = entry;
    let left = false;
    return {
      dispose: () => {
        if (left) {
          return;
        }
        left = true;
        watched.watchers--;
        if (watched.watchers === 0) {
          this.entries.delete(key);
          this.timers.clearTimeout(watched.timer);
          this.armUnfocused();
        }
      },
    };
  }

  /** Polls `key` now (a person asked, or acted on it), or joins the request under way. */
  refresh(key: string): Promise<void> {
    const entry = this.entries.get(key);
    return entry === undefined ? Promise.resolve() : this.run(entry);
  }

  /** The window gained or lost focus. */
  setFocused(focused: boolean): void {
    this.focused = focused;
    for (const entry of this.entries.values()) {
      this.arrange(entry);
    }
    this.armUnfocused();
  }

  /** Whether `key` is polled now (someone watches it). */
  watches(key: string): boolean {
    return this.entries.has(key);
  }

  /** How many keys are polled now. */
  get watching(): number {
    return this.entries.size;
  }

  /** The last request for `key` failed: what is shown is its last good answer. */
  isStale(key: string): boolean {
    return (this.entries.get(key)?.errors ?? 0) > 0;
  }

  dispose(): void {
    this.disposed = true;
    for (const entry of this.entries.values()) {
      this.timers.clearTimeout(entry.timer);
    }
    this.entries.clear();
    this.timers.clearTimeout(this.unfocusedTimer);
  }

  /** Sets the entry's own timer while focused; unfocused, the shared timer decides. */
  private arrange(entry: Entry): void {
    this.timers.clearTimeout(entry.timer);
    entry.timer = undefined;
    if (!this.focused || entry.inFlight !== undefined) {
      this.armUnfocused();
      return;
    }
    const delay = nextDelay({ ...this.stateOf(entry), focused: true });
    if (delay !== undefined) {
      entry.timer = this.timers.setTimeout(() => void this.run(entry), delay);
    }
  }

  /**
   * Unfocused: one timer for all the keys polled while unfocused, taking them in turn (the one
   * asked longest ago first), at least UNFOCUSED_MS after the last of their requests.
   */
  private armUnfocused(): void {
    this.timers.clearTimeout(this.unfocusedTimer);
    this.unfocusedTimer = undefined;
    if (this.focused) {
      return;
    }
    const followed = [...this.entries.values()].filter((e) => e.whileUnfocused);
    if (followed.some((e) => e.inFlight !== undefined)) {
      return; // its end arms the timer again
    }
    const waiting = followed.filter((e) => !e.done);
    if (waiting.length === 0) {
      return;
    }
    const next = waiting.reduce((oldest, e) => (e.lastPollAt < oldest.lastPollAt ? e : oldest));
    const lastRequest = Math.max(...followed.map((e) => e.lastPollAt));
    const delay = nextDelay({ ...this.stateOf(next), lastPollAt: lastRequest, focused: false }) ?? 0;
    this.unfocusedTimer = this.timers.setTimeout(() => void this.run(next), delay);
  }

  private stateOf(entry: Entry): PollState {
    return {
      now: this.timers.now(),
      changedAt: entry.changedAt,
      lastPollAt: entry.lastPollAt,
      focused: this.focused,
      done: entry.done,
      errors: entry.errors,
      budget: this.options.budget?.(),
    };
  }

  private run(entry: Entry): Promise<void> {
    if (entry.inFlight !== undefined) {
      return entry.inFlight;
    }
    // A timer of this entry still set may fire meanwhile: it joins this request, and its end sets the next.
    entry.inFlight = this.pollOnce(entry).finally(() => {
      entry.inFlight = undefined;
      if (this.entries.get(entry.key) === entry) {
        this.arrange(entry);
      }
    });
    return entry.inFlight;
  }

  private async pollOnce(entry: Entry): Promise<void> {
    let result: PollResult;
    try {
      result = await entry.target.poll();
    } catch (error) {
      entry.lastPollAt = this.timers.now();
      entry.errors++;
      if (entry.errors === 1) {
        this.tellStale(entry, true, error);
      }
      return;
    }
    const now = this.timers.now();
    entry.lastPollAt = now;
    if (entry.seen && result.status !== entry.status) {
      entry.changedAt = now;
    }
    entry.status = result.status;
    entry.seen = true;
    entry.done = result.done === true;
    if (entry.errors > 0) {
      entry.errors = 0;
      this.tellStale(entry, false, undefined);
    }
  }

  private tellStale(entry: Entry, stale: boolean, error: unknown): void {
    if (this.entries.get(entry.key) !== entry) {
      return;
    }
    try {
      this.options.onStale?.(entry.key, stale, error);
    } catch {
      // A listener's failure must not stop the polling.
    }
  }
}
