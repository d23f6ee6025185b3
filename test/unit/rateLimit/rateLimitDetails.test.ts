import * as assert from 'node:assert/strict';
import { rateLimitFigures, WARNING_FRACTION } from '../../../src/features/rateLimit/rateLimitDetails';

describe('rate-limit figures (status bar and its details)', () => {
  const now = new Date(Date.UTC(2026, 10, 23, 10, 0));
  const in23min = new Date(now.getTime() + 23 * 60_000);

  it('is undefined until an answer told the budget', () => {
    assert.equal(rateLimitFigures({ limit: undefined, remaining: undefined, resetAt: undefined }, now, 'en'), undefined);
    assert.equal(rateLimitFigures({ limit: 5000, remaining: undefined, resetAt: undefined }, now, 'en'), undefined);
    assert.equal(rateLimitFigures({ limit: 0, remaining: 0, resetAt: undefined }, now, 'en'), undefined);
  });

  it('formats the counts for the language and tells the reset', () => {
    const f = rateLimitFigures({ limit: 5000, remaining: 4987, resetAt: in23min }, now, 'de');
    assert.ok(f);
    assert.equal(f.remaining, '4.987');
    assert.equal(f.limit, '5.000');
    assert.equal(f.low, false);
    assert.equal(f.exhausted, false);
    assert.equal(f.reset?.relative, 'in 23 Minuten');
    assert.equal(f.reset?.passed, false);
    assert.equal(rateLimitFigures({ limit: 5000, remaining: 4987, resetAt: in23min }, now, 'en')?.remaining, '4,987');
  });

  it('is low under 10 %, exhausted at 0, and knows a reset that has passed', () => {
    assert.equal(WARNING_FRACTION, 0.1);
    assert.equal(rateLimitFigures({ limit: 5000, remaining: 500, resetAt: undefined }, now, 'en')?.low, false);
    assert.equal(rateLimitFigures({ limit: 5000, remaining: 499, resetAt: undefined }, now, 'en')?.low, true);
    const empty = rateLimitFigures({ limit: 5000, remaining: 0, resetAt: new Date(now.getTime() - 1000) }, now, 'en');
    assert.equal(empty?.exhausted, true);
    assert.equal(empty?.reset?.passed, true);
  });

  it('has no reset when the service sent none (only limit and remaining)', () => {
    assert.equal(rateLimitFigures({ limit: 1000, remaining: 999, resetAt: undefined }, now, 'en')?.reset, undefined);
  });
});
