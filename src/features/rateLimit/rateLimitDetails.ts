// The figures the rate-limit status bar item and its details show, formatted for the editor's
// language. Pure (no vscode): the sentences around them are l10n strings in rateLimitItem.ts.
import type { RateLimitSnapshot } from '../../api';
import { formatCount, formatRelative, formatTime } from '../../ui/localeFormat';

/** Below this share of the budget the item turns to the warning colour. */
export const WARNING_FRACTION = 0.1;

export interface RateLimitFigures {
  /** Requests left, formatted ("4,987", "4.987"). */
  readonly remaining: string;
  /** Requests allowed in the window, formatted. */
  readonly limit: string;
  /** Under WARNING_FRACTION of the budget left. */
  readonly low: boolean;
  /** Nothing left until the reset. */
  readonly exhausted: boolean;
  /** The reset, when the service sent it: the clock time and how far away it is. */
  readonly reset: { readonly time: string; readonly relative: string; readonly passed: boolean } | undefined;
}

/** The figures, or undefined while no answer has told the budget. */
export function rateLimitFigures(s: RateLimitSnapshot, now: Date, language: string | undefined): RateLimitFigures | undefined {
  if (s.remaining === undefined || s.limit === undefined || s.limit <= 0) {
    return undefined;
  }
  return {
    remaining: formatCount(s.remaining, language),
    limit: formatCount(s.limit, language),
    low: s.remaining < s.limit * WARNING_FRACTION,
    exhausted: s.remaining <= 0,
    reset: s.resetAt
      ? {
          time: formatTime(s.resetAt, language),
          relative: formatRelative(s.resetAt, now, language),
          passed: s.resetAt.getTime() <= now.getTime(),
        }
      : undefined,
  };
}
