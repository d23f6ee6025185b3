// When a log document's growth is next told to the editor. Each telling has the editor read the
// whole file (the extension host hands it over as one buffer, and a copy of it for the message), so
// a big log is told less often: at most every FLUSH_MS, twice as long as the editor took the last
// time, or n / LINES_PER_MS ms for n lines. While a reading is under way (more pages coming), a
// telling also waits until the text has doubled since the last one, and READING_TELL_MS: a
// 100,000-line log read at once is told a few times (twice when read within a few seconds: what
// its first second brought, then the whole), the texts handed over summing to under twice its own;
// the end of a first reading that was told in part is told at once (the person waits for the rest).

/** At most one document change per this many ms while a log is read. */
export const FLUSH_MS = 250;
/** A log of n lines is told at most every n / LINES_PER_MS ms while it grows (100,000 lines: every 5 s). */
export const LINES_PER_MS = 20;
/** The first reading is told whole when it ends within this, else in chunks from then on. */
export const FIRST_READ_MS = 1000;
/** While pages are read, a telling waits at least this (and for the text to double). */
export const READING_TELL_MS = 5000;

export interface TellingState {
  readonly now: number;
  readonly openedAt: number;
  /** Nothing was told since the document opened, and its first reading is under way. */
  readonly firstReading: boolean;
  /** When the last change was told (0: never). */
  readonly lastTold: number;
  /** How long the editor took to take the last change. */
  readonly takeMs: number;
  /** The log's lines now, and when last told (or given on opening). */
  readonly lines: number;
  readonly linesTold: number;
  /** Pages are being read (more lines may come at once). */
  readonly reading: boolean;
  /** The first reading has just ended. */
  readonly firstReadingEnded?: boolean;
}

/** Milliseconds from `now` until the change is to be told; undefined: not yet (a later change asks again: a page, the reading's end). */
export function tellingDelay(s: TellingState): number | undefined {
  if (s.firstReading && s.lastTold === 0) {
    return Math.max(0, s.openedAt + FIRST_READ_MS - s.now);
  }
  if (s.firstReadingEnded && s.lastTold > 0) {
    return 0;
  }
  let gap = Math.max(FLUSH_MS, 2 * s.takeMs, s.lines / LINES_PER_MS);
  if (s.reading) {
    if (s.lines < 2 * s.linesTold) {
      return undefined;
    }
    gap = Math.max(gap, READING_TELL_MS);
  }
  return Math.max(0, s.lastTold + gap - s.now);
}
