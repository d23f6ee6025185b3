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

describe('api: rate-limit state, each rule on its own', () => {
  const T0 = Date.UTC(2026, 0, 1);
  const WINDOW = 65 * 60_000; // one window (60 min) and the clock skew allowed (5 min)
  const sec = (ms: number) => String(Math.floor(ms / 1000));

  it('exhausted only while remaining is 0 and the reset is still ahead (not at the reset itself)', () => {
    let now = T0;
    const s = new RateLimitState(() => now);
    s.set({ limit: 100, remaining: 0, resetAt: new Date(T0 + 1000) });
    assert.equal(s.isExhausted(), true);
    now = T0 + 1000;
    assert.equal(s.isExhausted(), false, 'at the reset the window is open again');
    s.set({ limit: 100, remaining: 1, resetAt: new Date(T0 + 5000) });
    assert.equal(s.isExhausted(), false);
    s.set({ limit: 100, remaining: 0, resetAt: undefined });
    assert.equal(s.isExhausted(), false, 'no known reset: never blocked');
  });

  it('any one of the three headers is a change; none leaves everything as it was', () => {
    for (const [name, value, expected] of [
      ['x-rate-limit-limit', '100', { limit: 100, remaining: undefined }],
      ['x-rate-limit-remaining', '7', { limit: undefined, remaining: 7 }],
    ] as const) {
      const s = new RateLimitState(() => T0);
      assert.equal(s.updateFromHeaders(headers({ [name]: value })), true, name);
      assert.deepEqual({ limit: s.limit, remaining: s.remaining }, expected);
    }
    const s = new RateLimitState(() => T0);
    assert.equal(s.updateFromHeaders(headers({ 'x-rate-limit-reset': sec(T0 + 60_000) })), true);
    assert.equal(s.resetAt?.getTime(), T0 + 60_000);
    assert.equal(s.updateFromHeaders(headers({})), false);
    assert.equal(s.updateFromHeaders(headers({ 'x-rate-limit-reset': sec(T0 + 60_000) })), false, 'the same reset is no change');
  });

  it('a reset exactly one window ahead is believed; one past it keeps a bound already set, else one window from now', () => {
    const s = new RateLimitState(() => T0);
    s.updateFromHeaders(headers({ 'x-rate-limit-reset': sec(T0 + WINDOW) }));
    assert.equal(s.resetAt?.getTime(), T0 + WINDOW, 'exactly the bound');
    const fresh = new RateLimitState(() => T0);
    fresh.updateFromHeaders(headers({ 'x-rate-limit-reset': sec(T0 + 10 * WINDOW) }));
    assert.equal(fresh.resetAt?.getTime(), T0 + WINDOW);
    const kept = new RateLimitState(() => T0);
    kept.set({ limit: 1, remaining: 0, resetAt: new Date(T0 + 30_000) });
    kept.updateFromHeaders(headers({ 'x-rate-limit-reset': sec(T0 + 10 * WINDOW) }));
    assert.equal(kept.resetAt?.getTime(), T0 + 30_000, 'the bound already set is kept');
    const past = new RateLimitState(() => T0);
    past.set({ limit: 1, remaining: 0, resetAt: new Date(T0 - 1000) });
    past.updateFromHeaders(headers({ 'x-rate-limit-reset': sec(T0 + 10 * WINDOW) }));
    assert.equal(past.resetAt?.getTime(), T0 + WINDOW, 'a bound already past is not kept');
    const now = new RateLimitState(() => T0);
    now.set({ limit: 1, remaining: 0, resetAt: new Date(T0) });
    now.updateFromHeaders(headers({ 'x-rate-limit-reset': sec(T0 + 10 * WINDOW) }));
    assert.equal(now.resetAt?.getTime(), T0 + WINDOW, 'nor one at this very moment');
    const edge = new RateLimitState(() => T0);
    edge.set({ limit: 1, remaining: 0, resetAt: new Date(T0 + WINDOW) });
    edge.updateFromHeaders(headers({ 'x-rate-limit-reset': sec(T0 + 10 * WINDOW) }));
    assert.equal(edge.resetAt?.getTime(), T0 + WINDOW);
  });

  it('set() bounds a reset past one window, keeps one exactly at it, and reports a change in any field', () => {
    const s = new RateLimitState(() => T0);
    assert.equal(s.set({ limit: 1, remaining: 1, resetAt: new Date(T0 + WINDOW) }), true);
    assert.equal(s.resetAt?.getTime(), T0 + WINDOW);
    s.set({ limit: 1, remaining: 1, resetAt: new Date(T0 + WINDOW + 1) });
    assert.equal(s.resetAt?.getTime(), T0 + WINDOW);
    assert.equal(s.set({ limit: 2, remaining: 1, resetAt: s.resetAt }), true, 'the limit alone');
    assert.equal(s.set({ limit: 2, remaining: 1, resetAt: s.resetAt }), false);
    assert.equal(s.set({ limit: 2, remaining: 1, resetAt: undefined }), true, 'the reset alone');
    const noListener = new RateLimitState(() => T0);
    assert.equal(noListener.set({ limit: 1, remaining: 0, resetAt: undefined }), true, 'a change is reported without listeners too');
  });
});
