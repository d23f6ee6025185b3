// The Commits view's date filter: days typed as YYYY-MM-DD, sent to the API as UTC timestamps
// (since at 00:00:00, until at 23:59:59 of its day, so both days are included). No vscode: the
// unit tests run it in plain Node.
import * as l10n from '@vscode/l10n';

/** Days as typed (`YYYY-MM-DD`); an absent bound is open-ended. */
export interface CommitFilter {
  readonly since?: string;
  readonly until?: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day's start in UTC, or undefined when the text is not a real `YYYY-MM-DD` day. */
export function parseDay(text: string): Date | undefined {
  const m = DAY.exec(text.trim());
  if (!m) {
    return undefined;
  }
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  // A day that does not exist (2026-02-30, 2026-13-01, 2026-01-00) rolls over into another one,
  // which reads back differently.
  if (Number(m[1]) < 1970 || date.toISOString().slice(0, 10) !== m[0]) {
    return undefined;
  }
  return date;
}

/** A message for a bad day, or undefined when the text is empty or a valid day. */
export function validateDay(text: string): string | undefined {
  if (text.trim() === '' || parseDay(text)) {
    return undefined;
  }
  return l10n.t('Enter a date as YYYY-MM-DD (for example 2026-05-01), or leave it empty.');
}

/** A message when until is before since, else undefined. */
export function validateRange(since: string | undefined, until: string | undefined): string | undefined {
  const s = since ? parseDay(since) : undefined;
  const u = until ? parseDay(until) : undefined;
  if (s && u && u.getTime() < s.getTime()) {
    return l10n.t(
      '"Until" must be on or after "since" ({0}).',
      // Stryker disable next-line StringLiteral: never used: s is set only when since is (the fallback is for the type checker)
      since ?? '',
    );
  }
  return undefined;
}

/** The query bounds for the API: since at 00:00:00 UTC, until at 23:59:59 UTC. */
export function filterBounds(filter: CommitFilter | undefined): { since?: Date; until?: Date } {
  const since = filter?.since ? parseDay(filter.since) : undefined;
  const untilDay = filter?.until ? parseDay(filter.until) : undefined;
  return {
    since,
    until: untilDay ? new Date(untilDay.getTime() + (24 * 60 * 60 - 1) * 1000) : undefined,
  };
}

/** Normalises empty bounds away; undefined when nothing is left. */
export function normaliseFilter(filter: CommitFilter | undefined): CommitFilter | undefined {
  const since = filter?.since?.trim() || undefined;
  const until = filter?.until?.trim() || undefined;
  return since || until ? { since, until } : undefined;
}

/** What the view's description shows. */
export function describeFilter(filter: CommitFilter): string {
  if (filter.since && filter.until) {
    return filter.since === filter.until
      ? l10n.t('on {0}', filter.since)
      : l10n.t('{0} to {1}', filter.since, filter.until);
  }
  if (filter.since) {
    return l10n.t('since {0}', filter.since);
  }
  return l10n.t(
    'until {0}',
    // Stryker disable next-line StringLiteral: never used: the view describes a normalised filter (normaliseFilter), which has since or until
    filter.until ?? '',
  );
}
