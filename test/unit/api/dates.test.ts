import * as assert from 'node:assert/strict';
import { formatApiDate, parseApiDate } from '../../../src/api';

describe('api: dates', () => {
  it('reads Z, +0000 and +00:00 as the same instant', () => {
    const expected = Date.UTC(2026, 4, 1, 10, 0, 0);
    for (const s of ['2026-05-01T10:00:00Z', '2026-05-01T10:00:00+0000', '2026-05-01T10:00:00+00:00', '2026-05-01T10:00:00.000Z']) {
      assert.equal(parseApiDate(s)?.getTime(), expected, s);
    }
  });

  it('applies other offsets', () => {
    assert.equal(parseApiDate('2026-05-01T12:30:00+02:30')?.getTime(), Date.UTC(2026, 4, 1, 10, 0, 0));
    assert.equal(parseApiDate('2026-05-01T05:00:00-0500')?.getTime(), Date.UTC(2026, 4, 1, 10, 0, 0));
  });

  it('returns undefined for what is not an API date', () => {
    for (const s of ['', '2026-05-01', '2026-05-01T10:00:00', '2026-02-30T10:00:00Z', '2026-05-01T25:00:00Z', 'yesterday', null, undefined]) {
      assert.equal(parseApiDate(s as string), undefined, String(s));
    }
  });

  it('writes UTC without milliseconds', () => {
    assert.equal(formatApiDate(new Date(Date.UTC(2026, 8, 3, 4, 5, 6, 789))), '2026-09-03T04:05:06Z');
    assert.equal(formatApiDate(new Date('2026-09-03T06:05:06+02:00')), '2026-09-03T04:05:06Z');
    assert.throws(() => formatApiDate(new Date('nope')), RangeError);
  });

  it('checks each field: minutes, seconds (a leap second passes), month 13, offset hours and minutes, spaces around', () => {
    for (const s of ['2026-05-01T10:75:00Z', '2026-05-01T10:00:75Z', '2026-13-01T10:00:00Z', '2026-00-10T10:00:00Z', '2026-05-01T10:00:00+24:00', '2026-05-01T10:00:00+01:75']) {
      assert.equal(parseApiDate(s), undefined, s);
    }
    assert.equal(parseApiDate('2026-05-01T10:00:60Z')?.getTime(), Date.UTC(2026, 4, 1, 10, 1, 0), 'a leap second is the next minute');
    assert.equal(parseApiDate('  2026-05-01T10:00:00Z\n')?.getTime(), Date.UTC(2026, 4, 1, 10, 0, 0), 'spaces around are trimmed');
    assert.equal(parseApiDate('2026-05-01t10:00:00z')?.getTime(), Date.UTC(2026, 4, 1, 10, 0, 0), 'z in lower case is UTC');
    assert.equal(parseApiDate('2026-05-01T10:00+01')?.getTime(), Date.UTC(2026, 4, 1, 9, 0, 0), 'no seconds, an offset of hours only');
    assert.equal(parseApiDate('2026-05-01T10:00:00.5Z')?.getTime(), Date.UTC(2026, 4, 1, 10, 0, 0, 500), 'fractional seconds');
  });

  it('refuses to write what is not a date', () => {
    assert.throws(() => formatApiDate('2026-05-01' as unknown as Date), /Invalid date/);
    assert.throws(() => formatApiDate(new Date(NaN)), /Invalid date/);
    assert.equal(formatApiDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 0))), '2026-01-02T03:04:05Z');
  });
});
