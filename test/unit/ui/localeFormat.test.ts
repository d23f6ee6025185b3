import * as assert from 'node:assert/strict';
import { formatCount, formatDateTime, formatRelative, formatTime, safeLocale } from '../../../src/ui/localeFormat';

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
