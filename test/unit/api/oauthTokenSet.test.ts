// The token set and the strict reading of a token answer (src/api/oauthTokenSet.ts).
import * as assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { MAX_ACCESS_LIFETIME_S, readTokenAnswer, TokenAnswerError, TokenSet, type TokenAnswerProblem } from '../../../src/api';

const T0 = Date.parse('2026-11-01T09:00:00Z');
const ACCESS = 'wa-at-0123456789abcdef';
const REFRESH = 'wa-rt-fedcba9876543210';

const answer = (o: Record<string, unknown>): string => JSON.stringify({ access_token: ACCESS, token_type: 'Bearer', expires_in: 3600, refresh_token: REFRESH, ...o });

function refusedAs(text: string, problem: TokenAnswerProblem): TokenAnswerError {
  try {
    readTokenAnswer(text, T0, { method: 'POST', path: '/oauth2/token', status: 200 });
  } catch (e) {
    assert.ok(e instanceof TokenAnswerError, String(e));
    assert.equal(e.problem, problem);
    assert.equal(e.kind, 'unexpected-response');
    assert.equal(e.status, 200);
    assert.doesNotMatch(e.message, /wa-at-|wa-rt-/, 'no token in the message');
    assert.match(e.message, /nothing was stored/i);
    return e;
  }
  throw new Error(`expected ${problem}`);
}

describe('oauth: reading a token answer', () => {
  it('keeps the tokens, the expiry from the moment asked, the refresh lifetime and the scopes', () => {
    const set = readTokenAnswer(answer({ refresh_token_expires_in: 15811201, scope: 'USER_INFO  WORKSPACE' }), T0);
    assert.deepEqual(set.toData(), {
      accessToken: ACCESS,
      expiresAt: T0 + 3600_000,
      obtainedAt: T0,
      refreshToken: REFRESH,
      refreshExpiresAt: T0 + 15811201_000,
      scopes: ['USER_INFO', 'WORKSPACE'],
    });
  });

  it('reads tolerantly what it can do without: no token_type, no refresh token, a quoted lifetime, a scope list', () => {
    const set = readTokenAnswer(JSON.stringify({ access_token: ACCESS, expires_in: '7200', scope: ['A', 5, 'B'], refresh_token: null }), T0);
    assert.deepEqual(set.toData(), { accessToken: ACCESS, expiresAt: T0 + 7200_000, obtainedAt: T0, scopes: ['A', 'B'] });
    assert.equal(readTokenAnswer(answer({ token_type: 'bearer', expires_in: 59.9 }), T0).expiresAt, T0 + 59_000);
    assert.equal(readTokenAnswer(answer({ refresh_token_expires_in: 'soon' }), T0).refreshExpiresAt, undefined);
    assert.equal(readTokenAnswer(answer({ scope: 7 }), T0).scopes, undefined);
    const many = Array.from({ length: 250 }, (_, i) => `S${i}`);
    assert.deepEqual(readTokenAnswer(answer({ scope: many.join(' ') }), T0).scopes, many.slice(0, 200), 'at most 200 scopes kept');
  });

  it('refuses an answer without expires_in, and says why', () => {
    const e = refusedAs(answer({ expires_in: undefined }), 'no-expiry');
    assert.match(e.message, /does not say when the access token expires \(expires_in\)/);
    refusedAs(answer({ expires_in: null }), 'no-expiry');
  });

  it('refuses a lifetime that is no positive number, or longer than 31 days', () => {
    for (const bad of [0, -5, 'abc', '', true, {}, '12a']) {
      refusedAs(answer({ expires_in: bad }), 'bad-expiry');
    }
    assert.equal(readTokenAnswer(answer({ expires_in: MAX_ACCESS_LIFETIME_S }), T0).expiresAt, T0 + MAX_ACCESS_LIFETIME_S * 1000);
    const e = refusedAs(answer({ expires_in: MAX_ACCESS_LIFETIME_S + 1 }), 'expiry-too-long');
    assert.match(e.message, /valid for 31 days, longer than the 31 days/);
    refusedAs(answer({ expires_in: 1e300 }), 'expiry-too-long');
  });

  it('refuses an answer without a usable access token, of another type, or with a refresh token of another kind', () => {
    refusedAs(answer({ access_token: undefined }), 'no-access-token');
    refusedAs(answer({ access_token: '' }), 'no-access-token');
    refusedAs(answer({ access_token: 'has space' }), 'no-access-token');
    refusedAs(answer({ access_token: 42 }), 'no-access-token');
    refusedAs(answer({ access_token: 'x'.repeat(16_385) }), 'no-access-token');
    assert.match(refusedAs(answer({ token_type: 'mac' }), 'token-type').message, /of type "mac"; only Bearer/);
    refusedAs(answer({ token_type: 3 }), 'token-type');
    refusedAs(answer({ refresh_token: 12 }), 'bad-refresh-token');
    refusedAs(answer({ refresh_token: '' }), 'bad-refresh-token');
  });

  it('refuses what is not a JSON object', () => {
    for (const text of ['', 'null', '[]', '"x"', '<html>', '{"access_token":']) {
      refusedAs(text, 'not-json');
    }
  });
});

describe('oauth: the token set', () => {
  const set = (o: Partial<ConstructorParameters<typeof TokenSet>[0]> = {}): TokenSet =>
    new TokenSet({ accessToken: ACCESS, obtainedAt: T0, expiresAt: T0 + 3600_000, refreshToken: REFRESH, ...o });

  it('needs a refresh within the skew of its expiry, and is expired at it', () => {
    const s = set();
    assert.equal(s.needsRefresh(T0 + 3540_000 - 1), false);
    assert.equal(s.needsRefresh(T0 + 3540_000), true, 'the default skew is 60 s');
    assert.equal(s.needsRefresh(T0 + 3300_000, 300_000), true);
    assert.equal(s.needsRefresh(T0 + 3300_000 - 1, 300_000), false);
    assert.equal(s.isExpired(T0 + 3600_000 - 1), false);
    assert.equal(s.isExpired(T0 + 3600_000), true);
  });

  it('caps the skew at half the lifetime, so a short-lived token is not renewed at once', () => {
    const short = set({ expiresAt: T0 + 30_000 });
    assert.equal(short.needsRefresh(T0), false);
    assert.equal(short.needsRefresh(T0 + 15_000 - 1), false);
    assert.equal(short.needsRefresh(T0 + 15_000), true);
  });

  it('can refresh with a refresh token that has not passed its lifetime', () => {
    assert.equal(set().canRefresh(T0 + 10 ** 12), true);
    assert.equal(set({ refreshToken: undefined }).canRefresh(T0), false);
    const limited = set({ refreshExpiresAt: T0 + 1000 });
    assert.equal(limited.canRefresh(T0 + 999), true);
    assert.equal(limited.canRefresh(T0 + 1000), false);
  });

  it('keeps the previous refresh token when a refresh answered none', () => {
    const previous = set({ refreshExpiresAt: T0 + 5000 });
    const renewed = set({ accessToken: 'new-access', refreshToken: undefined });
    assert.deepEqual(renewed.keepingRefreshTokenOf(previous).toData(), { ...renewed.toData(), refreshToken: REFRESH, refreshExpiresAt: T0 + 5000 });
    const rotated = set({ refreshToken: 'rotated' });
    assert.equal(rotated.keepingRefreshTokenOf(previous), rotated);
    const none = set({ refreshToken: undefined });
    assert.equal(none.keepingRefreshTokenOf(set({ refreshToken: undefined })), none);
  });

  it('shows no token when logged', () => {
    const s = set({ scopes: ['USER_INFO'] });
    for (const shown of [inspect(s, { depth: 5, showHidden: true }), JSON.stringify(s), String(s), inspect({ nested: { s } })]) {
      assert.ok(!shown.includes(ACCESS) && !shown.includes(REFRESH), shown);
    }
    assert.match(JSON.stringify(s), /"expiresAt":/);
    assert.equal(s.accessToken, ACCESS);
    assert.equal(s.refreshToken, REFRESH);
  });

  it('is stored as JSON and read back; anything damaged reads as nothing', () => {
    const s = set({ refreshExpiresAt: T0 + 9000, scopes: ['USER_INFO'] });
    const back = TokenSet.deserialize(s.serialize());
    assert.ok(back);
    assert.deepEqual(back.toData(), s.toData());
    assert.deepEqual(TokenSet.deserialize(set({ refreshToken: undefined }).serialize())?.toData(), { accessToken: ACCESS, obtainedAt: T0, expiresAt: T0 + 3600_000 });
    const good = JSON.parse(s.serialize()) as Record<string, unknown>;
    for (const damaged of [
      undefined,
      '',
      'null',
      '[]',
      '{',
      JSON.stringify({ ...good, accessToken: '' }),
      JSON.stringify({ ...good, expiresAt: '1' }),
      JSON.stringify({ ...good, obtainedAt: -1 }),
      JSON.stringify({ ...good, expiresAt: 1.5 }),
      JSON.stringify({ ...good, refreshToken: 5 }),
      JSON.stringify({ ...good, refreshExpiresAt: 'later' }),
      JSON.stringify({ ...good, scopes: 'USER_INFO' }),
      JSON.stringify({ ...good, scopes: [1] }),
      JSON.stringify({ ...good, pad: 'x'.repeat(70_000) }),
    ]) {
      assert.equal(TokenSet.deserialize(damaged), undefined, String(damaged).slice(0, 80));
    }
  });
});
