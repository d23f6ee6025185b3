// The emulator's clock, shared by everything that plays out over time (runs, OAuth lifetimes), so
// that tests drive time instead of sleeping: `manual` stands still until advanced; `real` follows
// the wall clock from where it stands (npm start). Consumers read now() when asked and settle
// their state up to it (no timers), so a journey is deterministic and as fast as its requests.

export type ClockMode = 'manual' | 'real';

/** Where the clock starts on every start and reset: the demo data's anchor plus one month. */
export const CLOCK_START_MS = Date.parse('2026-11-01T09:00:00Z');

export class EmulatorClock {
  private baseMs = CLOCK_START_MS;
  /** Wall-clock time when baseMs was last set; only read in `real` mode. */
  private wallAtBase = Date.now();
  private currentMode: ClockMode;

  constructor(private readonly startMode: ClockMode = 'manual') {
    this.currentMode = startMode;
  }

  get mode(): ClockMode {
    return this.currentMode;
  }

  /** Milliseconds since the epoch, as the emulator sees it. */
  now(): number {
    return this.currentMode === 'real' ? this.baseMs + (Date.now() - this.wallAtBase) : this.baseMs;
  }

  /** Moves time forward by `ms` (≥ 0) in either mode. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) {
      throw new RangeError(`cannot advance the clock by ${ms} ms`);
    }
    this.pin(this.now() + ms);
  }

  setMode(mode: ClockMode): void {
    this.pin(this.now());
    this.currentMode = mode;
  }

  /** Back to the start time and the mode the emulator was started with (a reset). */
  reset(): void {
    this.pin(CLOCK_START_MS);
    this.currentMode = this.startMode;
  }

  private pin(ms: number): void {
    this.baseMs = ms;
    this.wallAtBase = Date.now();
  }
}
