import * as assert from 'node:assert/strict';
import { dateTimeFormat, FORMATTER_CACHE_LIMIT, formatCount, formatDateTime, formatDuration, formatRelative, formatTime, numberFormat, relativeTimeFormat, safeLocale } from '../../../src/ui/localeFormat';

describe('localeFormat: numbers and times in the editor language', () => {
  it('groups digits as the language does', () => {
    assert.equal(formatCount(4987, 'en'), '4,987');
    assert.equal(formatCount(4987, 'de'), '4.987');
    assert.equal(formatCount(4987, 'fr').replace(/\s/g, ' '), '4 987');
    assert.equal(formatCount(5000, 'zh-cn'), '5,000');
  });

  it('falls back to the default locale for a language Intl rejects, without throwing', () => {
    assert.equal(safeLocale('en_US'), undefined);
    assert.equal(safeLocale(undefined), undefined);
    assert.equal(safeLocale('pt-br'), 'pt-BR');
    assert.equal(formatCount(1234, 'en_US'), new Intl.NumberFormat().format(1234));
  });

  it('writes clock times and dates for the language', () => {
    const d = new Date(Date.UTC(2026, 4, 1, 14, 5));
    assert.equal(formatTime(d, 'de'), new Intl.DateTimeFormat('de', { timeStyle: 'short' }).format(d));
    assert.notEqual(formatTime(d, 'de'), formatTime(d, 'en-US'), 'a 24-hour and a 12-hour clock differ');
    assert.match(formatDateTime(d, 'en'), /2026/);
  });

  it('says how far away a moment is, in days, hours or minutes', () => {
    const now = new Date(Date.UTC(2027, 8, 29, 0, 0));
    const plus = (ms: number) => new Date(now.getTime() + ms);
    assert.equal(formatRelative(plus(2 * 86_400_000), now, 'en'), 'in 2 days');
    assert.equal(formatRelative(plus(86_400_000), now, 'en'), 'tomorrow');
    assert.equal(formatRelative(plus(3 * 3_600_000), now, 'en'), 'in 3 hours');
    assert.equal(formatRelative(plus(23 * 60_000), now, 'en'), 'in 23 minutes');
    assert.equal(formatRelative(plus(5_000), now, 'en'), 'in 1 minute', 'seconds away still reads as a minute');
    assert.equal(formatRelative(plus(59.7 * 60_000), now, 'en'), 'in 1 hour', 'not "in 60 minutes"');
    assert.equal(formatRelative(plus(23.8 * 3_600_000), now, 'en'), 'tomorrow', 'not "in 24 hours"');
    assert.equal(formatRelative(plus(16 * 3_600_000), now, 'en'), 'in 16 hours');
    assert.equal(formatRelative(plus(-2 * 86_400_000), now, 'en'), '2 days ago');
    assert.equal(formatRelative(plus(2 * 86_400_000), now, 'de'), 'übermorgen');
  });
});

describe('ui: locale formats, exactly', () => {
  it('counts are whole numbers; date and time carry the date; a reset due now is "in 1 minute"', () => {
    assert.equal(formatCount(1234.6, 'en'), '1,235');
    const d = new Date(Date.UTC(2026, 4, 1, 10, 30));
    assert.match(formatDateTime(d, 'en'), /2026/);
    assert.equal(formatRelative(d, d, 'en'), 'in 1 minute');
    assert.equal(formatRelative(new Date(d.getTime() - 1), d, 'en'), '1 minute ago');
  });
});

describe('ui: durations in the editor language', () => {
  const s = 1000;
  it('shows seconds under a minute, then the two largest units, leaving a zero part out', () => {
    assert.equal(formatDuration(0, 'en'), '0 sec');
    assert.equal(formatDuration(999, 'en'), '0 sec', 'seconds round down');
    assert.equal(formatDuration(1 * s, 'en'), '1 sec');
    assert.equal(formatDuration(59_999, 'en'), '59 sec');
    assert.equal(formatDuration(60 * s, 'en'), '1 min');
    assert.equal(formatDuration(64 * s, 'en'), '1 min 4 sec');
    assert.equal(formatDuration(64 * s + 999, 'en'), '1 min 4 sec');
    assert.equal(formatDuration(3_599_999, 'en'), '59 min 59 sec');
    assert.equal(formatDuration(3_600 * s, 'en'), '1 hr');
    assert.equal(formatDuration(3_660 * s + 59 * s, 'en'), '1 hr 1 min', 'seconds are left out past an hour');
    assert.equal(formatDuration(86_399_999, 'en'), '23 hr 59 min');
    assert.equal(formatDuration(86_400 * s, 'en'), '1 day');
    assert.equal(formatDuration(2 * 86_400 * s + 3_600 * s + 60 * s, 'en'), '2 days 1 hr');
  });

  it('reads a negative or unknown length as 0 seconds, and speaks the language', () => {
    assert.equal(formatDuration(-5 * s, 'en'), '0 sec');
    assert.equal(formatDuration(Number.NaN, 'en'), '0 sec');
    assert.equal(formatDuration(Number.POSITIVE_INFINITY, 'en'), '0 sec');
    assert.equal(formatDuration(64 * s, 'de'), '1 Min. 4 Sek.');
    assert.equal(formatDuration(64 * s, 'en_US'), formatDuration(64 * s, undefined), 'a tag Intl rejects falls back');
  });
});

describe('localeFormat: one formatter per language and options', () => {
  it('hands out the same formatter again for the same kind, language and options, another for any difference', () => {
    const opts = { maximumFractionDigits: 0 };
    assert.equal(numberFormat('de', opts), numberFormat('de', { maximumFractionDigits: 0 }));
    assert.notEqual(numberFormat('de', opts), numberFormat('en', opts));
    assert.notEqual(numberFormat('de', opts), numberFormat('de', { maximumFractionDigits: 1 }));
    assert.equal(dateTimeFormat('de', { timeStyle: 'short' }), dateTimeFormat('de', { timeStyle: 'short' }));
    assert.notEqual(dateTimeFormat('de', { timeStyle: 'short' }), dateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }));
    assert.equal(relativeTimeFormat('fr'), relativeTimeFormat('fr'));
    assert.notEqual(relativeTimeFormat('fr'), relativeTimeFormat('de'));
    assert.equal(relativeTimeFormat(undefined, 'en').resolvedOptions().locale, 'en', 'the fallback is used when no language is given');
    assert.equal(relativeTimeFormat('fr', 'en').resolvedOptions().locale, 'fr');
  });

  it('keeps at most FORMATTER_CACHE_LIMIT, and formats right after it starts afresh', () => {
    const first = numberFormat('en', { maximumFractionDigits: 0 });
    for (let i = 0; i <= FORMATTER_CACHE_LIMIT; i++) {
      numberFormat('en', { minimumIntegerDigits: 1 + (i % 21), maximumFractionDigits: Math.floor(i / 21) });
    }
    assert.notEqual(numberFormat('en', { maximumFractionDigits: 0 }), first, 'the cache was emptied once full');
    assert.equal(formatCount(4987, 'de'), '4.987');
  });
});
