import * as assert from 'node:assert/strict';
import { RateLimitState, type RateLimitSnapshot } from '../../../src/api';

const headers = (h: Record<string, string>) => ({ get: (n: string) => h[n.toLowerCase()] ?? null });

describe('api: rate-limit state', () => {
  it('reads the three headers and tells listeners once per change', () => {
    let now = Date.UTC(2026, 0, 1);
    const s = new RateLimitState(() => now);
    const seen: RateLimitSnapshot[] = [];
    const sub = s.onDidChange((x) => seen.push(x));
    const reset = Math.floor(now / 1000) + 60;
    assert.equal(s.updateFromHeaders(headers({ 'x-rate-limit-limit': '5000', 'x-rate-limit-remaining': '4999', 'x-rate-limit-reset': String(reset) })), true);
    assert.equal(s.limit, 5000);
    assert.equal(s.remaining, 4999);
    assert.equal(s.resetAt?.getTime(), reset * 1000);
    assert.equal(s.updateFromHeaders(headers({ 'x-rate-limit-limit': '5000', 'x-rate-limit-remaining': '4999', 'x-rate-limit-reset': String(reset) })), false);
    assert.equal(seen.length, 1);
    assert.equal(s.isExhausted(), false);
    s.updateFromHeaders(headers({ 'x-rate-limit-remaining': '0' }));
    assert.equal(seen.length, 2);
    assert.equal(seen[1].remaining, 0);
    assert.equal(seen[1].limit, 5000, 'absent headers keep their value');
    assert.equal(s.isExhausted(), true);
    now = reset * 1000 + 1;
    assert.equal(s.isExhausted(), false, 'not exhausted once the reset has passed');
    sub.dispose();
    s.updateFromHeaders(headers({ 'x-rate-limit-remaining': '7' }));
    assert.equal(seen.length, 2, 'a disposed listener is not called');
  });

  it('believes a reset at most one window (60 min, and 5 min of clock skew) ahead, so a far-future reset cannot block for good', () => {
    const bound = (60 + 5) * 60 * 1000;
    let now = Date.UTC(2026, 0, 1);
    const s = new RateLimitState(() => now);
    const farFuture = String(Math.floor(Date.UTC(2200, 0, 1) / 1000));
    s.updateFromHeaders(headers({ 'x-rate-limit-limit': '5000', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': farFuture }));
    assert.equal(s.isExhausted(), true, 'blocked while the window lasts');
    assert.equal(s.resetAt?.getTime(), now + bound, 'the reset is one window (and the skew) from now');
    // Later answers repeating the far reset do not push it further.
    now += 10 * 60 * 1000;
    assert.equal(s.updateFromHeaders(headers({ 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': farFuture })), false);
    assert.equal(s.resetAt?.getTime(), Date.UTC(2026, 0, 1) + bound);
    now = Date.UTC(2026, 0, 1) + bound + 1;
    assert.equal(s.isExhausted(), false, 'requests go again after one window');
    // set() (restoring a state) is bounded the same way.
    s.set({ limit: 5000, remaining: 0, resetAt: new Date(Date.UTC(2200, 0, 1)) });
    assert.equal(s.resetAt?.getTime(), now + bound);
  });

  it('ignores garbage headers and survives a throwing listener', () => {
    const s = new RateLimitState();
    s.onDidChange(() => {
      throw new Error('listener bug');
    });
    assert.equal(s.updateFromHeaders(headers({ 'x-rate-limit-remaining': 'lots' })), false);
    assert.equal(s.updateFromHeaders(headers({ 'x-rate-limit-remaining': '3' })), true);
    assert.equal(s.remaining, 3);
    s.clear();
    assert.equal(s.remaining, undefined);
  });
});
