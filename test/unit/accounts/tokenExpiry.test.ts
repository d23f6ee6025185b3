import * as assert from 'node:assert/strict';
import { dayOf, expiryNotice, TokenChecks, WARN_BEFORE_MS, type TokenCheck } from '../../../src/features/accounts/tokenExpiry';

describe('token expiry notice', () => {
  const now = new Date('2027-09-29T00:00:00Z');

  it('warns for a token expiring in 2 days (the emulator admin token, seen 2 days before)', () => {
    const n = expiryNotice('2027-10-01T00:00:00Z', now);
    assert.deepEqual(n, { expiresAt: new Date('2027-10-01T00:00:00Z'), expired: false });
  });

  it('reads the service\'s other date forms (fractions, offsets)', () => {
    assert.equal(expiryNotice('2027-10-01T00:00:00.123456789Z', now)?.expired, false);
    assert.equal(expiryNotice('2027-10-01T02:00:00+02:00', now)?.expiresAt.toISOString(), '2027-10-01T00:00:00.000Z');
  });

  it('says nothing further away than the window, nor for no or an unreadable expiry', () => {
    assert.equal(WARN_BEFORE_MS, 7 * 86_400_000);
    assert.equal(expiryNotice('2027-10-05T23:59:59Z', now)?.expired, false, 'just under 7 days: inside');
    assert.equal(expiryNotice('2027-10-06T00:00:01Z', now), undefined, 'just over 7 days: not yet');
    assert.equal(expiryNotice(null, now), undefined, 'a token that never expires');
    assert.equal(expiryNotice(undefined, now), undefined, 'not known (no TOKEN_INFO)');
    assert.equal(expiryNotice('next tuesday', now), undefined);
  });

  it('marks an expired token', () => {
    assert.equal(expiryNotice('2027-09-28T23:00:00Z', now)?.expired, true);
    assert.equal(expiryNotice('2027-09-29T00:00:00Z', now)?.expired, true, 'at the very moment');
  });

  it('counts days in UTC for the once-a-day rule', () => {
    assert.equal(dayOf(new Date('2027-09-29T23:59:59Z')), '2027-09-29');
    assert.equal(dayOf(new Date('2027-09-30T00:00:00Z')), '2027-09-30');
  });

  it('passes a checked token to its listeners until they leave, a failing one included', () => {
    const { onTokenChecked, noteTokenChecked } = bound(new TokenChecks());
    const seen: TokenCheck[] = [];
    const failing = onTokenChecked(() => {
      throw new Error('boom');
    });
    const sub = onTokenChecked((c) => seen.push(c));
    noteTokenChecked({ baseUrl: 'https://api.buddy.works', expiresAt: '2027-10-01T00:00:00Z' });
    sub.dispose();
    failing.dispose();
    noteTokenChecked({ baseUrl: 'https://api.eu.buddy.works', expiresAt: null });
    assert.deepEqual(seen, [{ baseUrl: 'https://api.buddy.works', expiresAt: '2027-10-01T00:00:00Z' }]);
  });
});

/** The instance's two methods, called as the module's functions were. */
function bound(checks: TokenChecks): Pick<TokenChecks, 'onTokenChecked' | 'noteTokenChecked'> {
  return { onTokenChecked: (l) => checks.onTokenChecked(l), noteTokenChecked: (c) => checks.noteTokenChecked(c) };
}
