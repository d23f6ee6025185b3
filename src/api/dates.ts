// Dates in the API's format: `yyyy-MM-dd'T'HH:mm:ssZ`. Written in UTC with `Z`; read whether the
// zone is `Z`, `+0000` or `+00:00` (or any other offset, with or without fractional seconds).

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** Parses an API date; returns undefined for null, undefined or text that is not a date in that format. */
export function parseApiDate(text: string | null | undefined): Date | undefined {
  if (typeof text !== 'string') {
    return undefined;
  }
  const m = API_DATE.exec(text.trim());
  if (!m) {
    return undefined;
  }
  // Stryker disable next-line StringLiteral: '' reads the same (Number('') and Number('0.') are 0)
  const [, y, mo, d, h, mi, s = '0', frac = '0', zone] = m;
  const ms = Number(`0.${frac}`) * 1000;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Math.floor(ms));
  const date = new Date(t);
  // Reject 2026-02-31 and the like (Date.UTC rolls over).
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) {
    return undefined;
  }
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) {
    return undefined;
  }
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2, 4) || '0');
    if (oh > 23 || om > 59) {
      return undefined;
    }
    t -= sign * (oh * 60 + om) * 60_000;
  }
  return new Date(t);
}

/** Writes a date as the API expects parameters: UTC, `yyyy-MM-ddTHH:mm:ssZ`, no milliseconds. */
export function formatApiDate(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new RangeError('Invalid date');
  }
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
