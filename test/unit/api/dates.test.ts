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
});
