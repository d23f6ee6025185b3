// Numbers, times and "in 3 days" written for the editor's display language (vscode.env.language,
// passed in), through Intl. No vscode import: the unit tests run it in plain Node.

/**
 * Intl accepts a language tag such as `de`, `pt-br` or `zh-cn`; an editor language Intl rejects
 * (or none) falls back to the runtime's default, never to an exception in the status bar.
 */
export function safeLocale(language: string | undefined): string | undefined {
  // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent, Intl answers undefined for no tag and throws for '' (caught below)
  if (!language) {
    return undefined;
  }
  try {
    return Intl.getCanonicalLocales(language)[0];
    // Stryker disable next-line BlockStatement: equivalent, an empty catch also returns undefined
  } catch {
    return undefined;
  }
}

/** Formatters made so far, by kind, language and options; never more than FORMATTER_CACHE_LIMIT. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
export const FORMATTER_CACHE_LIMIT = 64;

/**
 * One formatter per kind, language and options, made once: making one costs milliseconds (tens
 * for the first of a kind in a process), and the rate-limit item formats on every answer, the
 * Runs and Commits views on every row. Intl formatters never change, so sharing them is safe.
 */
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => F): F {
  let f = formatters.get(key) as F | undefined;
  if (!f) {
    if (formatters.size >= FORMATTER_CACHE_LIMIT) {
      formatters.clear();
    }
    f = make();
    formatters.set(key, f);
  }
  return f;
}

export function numberFormat(language: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = safeLocale(language);
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(language: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = safeLocale(language);
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** "in 3 days", "yesterday" (`numeric: 'auto'`), in `language`, or `fallback` when it is missing or not a language tag. */
export function relativeTimeFormat(language: string | undefined, fallback?: string): Intl.RelativeTimeFormat {
  const locale = safeLocale(language) ?? fallback;
  return cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
}

export function formatCount(n: number, language: string | undefined): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(n);
}

export function formatTime(date: Date, language: string | undefined): string {
  return dateTimeFormat(language, { timeStyle: 'short' }).format(date);
}

export function formatDateTime(date: Date, language: string | undefined): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * `when` relative to `now` in the language's words ("in 23 minutes", "in 2 days", "vor 5 Minuten"):
 * in the largest unit that is at least one once rounded (59.7 minutes reads "in 1 hour", not "in
 * 60 minutes"), and at least one minute (a reset seconds away does not read "now").
 */
export function formatRelative(when: Date, now: Date, language: string | undefined): string {
  const rtf = relativeTimeFormat(language);
  const ms = when.getTime() - now.getTime();
  const sign = ms < 0 ? -1 : 1;
  const minutes = Math.max(1, Math.round(Math.abs(ms) / MINUTE));
  if (minutes < 60) {
    return rtf.format(sign * minutes, 'minute');
  }
  const hours = Math.round(Math.abs(ms) / HOUR);
  if (hours < 24) {
    return rtf.format(sign * hours, 'hour');
  }
  return rtf.format(sign * Math.round(Math.abs(ms) / DAY), 'day');
}

type DurationUnit = 'day' | 'hour' | 'minute' | 'second';
const DURATION_UNITS: readonly [DurationUnit, number][] = [
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', 1000],
];

/**
 * How long something took, in the language's short units and at most its two largest ("42 sec",
 * "1 min 4 sec", "2 hr 5 min", "3 days 1 hr"): seconds round down, a zero second part is left out
 * ("2 min"), a negative or unknown length reads as 0 seconds (clocks of two machines disagree).
 */
export function formatDuration(ms: number, language: string | undefined): string {
  const total = Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) * 1000 : 0;
  const first = DURATION_UNITS.findIndex(([, size]) => total >= size);
  const unit = (i: number, value: number) => numberFormat(language, { style: 'unit', unit: DURATION_UNITS[i][0], unitDisplay: 'short' }).format(value);
  if (first < 0) {
    return unit(DURATION_UNITS.length - 1, 0);
  }
  const [, size] = DURATION_UNITS[first];
  const whole = Math.floor(total / size);
  const parts = [unit(first, whole)];
  if (first + 1 < DURATION_UNITS.length) {
    const rest = Math.floor((total - whole * size) / DURATION_UNITS[first + 1][1]);
    if (rest > 0) {
      parts.push(unit(first + 1, rest));
    }
  }
  return parts.join(' ');
}
