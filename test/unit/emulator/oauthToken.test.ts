// The emulator as an authorization server, over real HTTP: the code flow with PKCE, the token
// endpoint's grants and errors, and the issued tokens on the API, in both dialects.
import * as assert from 'node:assert/strict';
import { CLOCK_START_MS, DEMO_OAUTH_CLIENT, DEMO_PUBLIC_CLIENT, DEMO_REDIRECT_URI, DIALECTS, startEmulator } from '../../emulator';
import { consentRedirect } from '../../harness/oauthConsent';
import { useEmulator } from '../../harness/useEmulator';
import { call } from './helpers';
import { approvedCode, authorizeUrl, pkcePair, SCOPES, signedInTokens, tokenRequest } from './oauthHelpers';

const HOUR_MS = 3600_000;
/** An answer's date to the whole second (the vendor dialect adds a fraction). */
const secondOf = (date: string): number => Math.floor(Date.parse(date) / 1000) * 1000;

for (const dialect of DIALECTS) {
  describe(`emulator OAuth: code flow and tokens (${dialect} dialect)`, () => {
    const emu = useEmulator({ dialect });

    it('exchanges an approved code with its PKCE verifier for tokens that work on the API as the user', async () => {
      const { code, verifier, redirect } = await approvedCode(emu);
      assert.equal(redirect.origin + redirect.pathname, DEMO_REDIRECT_URI);
      assert.equal(redirect.searchParams.get('state'), 'state-123');
      const a = await tokenRequest(emu, { grant_type: 'authorization_code', code, redirect_uri: DEMO_REDIRECT_URI, code_verifier: verifier });
      assert.equal(a.status, 200, JSON.stringify(a.json));
      assert.equal(a.headers.get('cache-control'), 'no-store');
      assert.match(a.json.access_token, /^wa-at-/);
      assert.match(a.json.refresh_token, /^wa-rt-/);
      assert.equal(a.json.token_type, 'Bearer');
      assert.equal(a.json.expires_in, 3600);
      assert.equal(a.json.refresh_token_expires_in, 180 * 24 * 3600);
      // The vendor's reference shows no scope in the answer.
      assert.equal(a.json.scope, dialect === 'vendor' ? undefined : SCOPES);
      const user = await call(emu.url, 'GET', '/user', { token: a.json.access_token });
      assert.equal(user.status, 200);
      assert.equal(user.json.name, 'Alice Admin');
      const info = await call(emu.url, 'GET', '/user/token', { token: a.json.access_token });
      assert.equal(info.status, 200);
      assert.deepEqual(info.json.scopes, SCOPES.split(' '));
      assert.equal(secondOf(info.json.expires_at), CLOCK_START_MS + HOUR_MS);
    });

    it('grants only the scopes asked for (403 beyond them), and the user chosen on the page', async () => {
      const { code, verifier } = await approvedCode(emu, { scope: 'USER_INFO' }, 2);
      const a = await tokenRequest(emu, { grant_type: 'authorization_code', code, redirect_uri: DEMO_REDIRECT_URI, code_verifier: verifier });
      assert.equal(a.status, 200);
      const user = await call(emu.url, 'GET', '/user', { token: a.json.access_token });
      assert.equal(user.json.name, 'Dave Developer');
      assert.equal((await call(emu.url, 'GET', '/workspaces', { token: a.json.access_token })).status, 403);
    });

    it('refuses a wrong PKCE verifier, and the code is spent after it', async () => {
      const { code, verifier } = await approvedCode(emu);
      const wrong = await tokenRequest(emu, { grant_type: 'authorization_code', code, redirect_uri: DEMO_REDIRECT_URI, code_verifier: pkcePair().verifier });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.json.error, 'invalid_grant');
      assert.equal(typeof wrong.json.error_description, 'string');
      const again = await tokenRequest(emu, { grant_type: 'authorization_code', code, redirect_uri: DEMO_REDIRECT_URI, code_verifier: verifier });
      assert.equal(again.json.error, 'invalid_grant');
    });

    it('refuses a missing verifier when a challenge was given, and a verifier when none was', async () => {
      const withChallenge = await approvedCode(emu);
      const missing = await tokenRequest(emu, { grant_type: 'authorization_code', code: withChallenge.code, redirect_uri: DEMO_REDIRECT_URI });
      assert.equal(missing.json.error, 'invalid_grant');
      const plain = await consentRedirect(authorizeUrl(emu));
      const extra = await tokenRequest(emu, { grant_type: 'authorization_code', code: plain.searchParams.get('code')!, redirect_uri: DEMO_REDIRECT_URI, code_verifier: pkcePair().verifier });
      assert.equal(extra.json.error, 'invalid_grant');
    });

    it('a confidential client may leave PKCE out', async () => {
      const redirect = await consentRedirect(authorizeUrl(emu));
      const a = await tokenRequest(emu, { grant_type: 'authorization_code', code: redirect.searchParams.get('code')!, redirect_uri: DEMO_REDIRECT_URI });
      assert.equal(a.status, 200);
    });

    it('a replayed code fails and revokes the tokens issued from it', async () => {
      const { code, verifier } = await approvedCode(emu);
      const params = { grant_type: 'authorization_code', code, redirect_uri: DEMO_REDIRECT_URI, code_verifier: verifier };
      const first = await tokenRequest(emu, params);
      assert.equal(first.status, 200);
      assert.equal((await call(emu.url, 'GET', '/user', { token: first.json.access_token })).status, 200);
      const replay = await tokenRequest(emu, params);
      assert.equal(replay.status, 400);
      assert.equal(replay.json.error, 'invalid_grant');
      assert.equal((await call(emu.url, 'GET', '/user', { token: first.json.access_token })).status, 401);
      assert.equal((await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: first.json.refresh_token })).json.error, 'invalid_grant');
      assert.equal(emu.oauth.stats().revokedFamilies, 1);
    });

    it('access taken back (revoke): the access token gets 401, the refresh token invalid_grant; an unknown token revokes nothing', async () => {
      const { code, verifier } = await approvedCode(emu);
      const issued = await tokenRequest(emu, { grant_type: 'authorization_code', code, redirect_uri: DEMO_REDIRECT_URI, code_verifier: verifier });
      assert.equal(issued.status, 200);
      assert.equal(emu.oauth.revoke('wa-rt-never-issued'), false);
      assert.equal((await call(emu.url, 'GET', '/user', { token: issued.json.access_token })).status, 200);
      assert.equal(emu.oauth.revoke(issued.json.refresh_token), true);
      assert.equal((await call(emu.url, 'GET', '/user', { token: issued.json.access_token })).status, 401);
      const renewal = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: issued.json.refresh_token });
      assert.equal(renewal.json.error, 'invalid_grant');
      assert.equal(emu.oauth.stats().revokedFamilies, 1);
    });

    it('a code lives 60 s on the emulator clock', async () => {
      const early = await approvedCode(emu);
      emu.clock.advance(59_000);
      const inTime = await tokenRequest(emu, { grant_type: 'authorization_code', code: early.code, redirect_uri: DEMO_REDIRECT_URI, code_verifier: early.verifier });
      assert.equal(inTime.status, 200);
      const late = await approvedCode(emu);
      emu.clock.advance(60_000);
      const expired = await tokenRequest(emu, { grant_type: 'authorization_code', code: late.code, redirect_uri: DEMO_REDIRECT_URI, code_verifier: late.verifier });
      assert.equal(expired.json.error, 'invalid_grant');
      assert.match(expired.json.error_description, /expired/);
    });

    it('the token request must repeat the redirect_uri and come from the client the code was issued to', async () => {
      const a = await approvedCode(emu);
      const otherRedirect = await tokenRequest(emu, { grant_type: 'authorization_code', code: a.code, redirect_uri: 'http://127.0.0.1:33418/other', code_verifier: a.verifier });
      assert.equal(otherRedirect.json.error, 'invalid_grant');
      const b = await approvedCode(emu);
      const otherClient = await tokenRequest(emu, { grant_type: 'authorization_code', code: b.code, redirect_uri: DEMO_REDIRECT_URI, code_verifier: b.verifier }, { clientId: DEMO_PUBLIC_CLIENT.clientId, secret: null });
      assert.equal(otherClient.json.error, 'invalid_grant');
    });

    it('a refresh rotates: the new pair works, the used refresh token never again', async () => {
      const first = await signedInTokens(emu);
      emu.clock.advance(10 * 60_000);
      const second = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: first.json.refresh_token });
      assert.equal(second.status, 200, JSON.stringify(second.json));
      assert.notEqual(second.json.refresh_token, first.json.refresh_token);
      assert.notEqual(second.json.access_token, first.json.access_token);
      const info = await call(emu.url, 'GET', '/user/token', { token: second.json.access_token });
      assert.equal(secondOf(info.json.expires_at), CLOCK_START_MS + 10 * 60_000 + HOUR_MS);
      const reuse = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: first.json.refresh_token });
      assert.equal(reuse.status, 400);
      assert.equal(reuse.json.error, 'invalid_grant');
      const third = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: second.json.refresh_token });
      assert.equal(third.status, 200);
    });

    it('a refresh may narrow the scopes but not add one; an expired refresh token is refused', async () => {
      const first = await signedInTokens(emu);
      const wider = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: first.json.refresh_token, scope: 'USER_INFO VARIABLE_MANAGE' });
      assert.equal(wider.json.error, 'invalid_scope');
      const narrower = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: first.json.refresh_token, scope: 'USER_INFO' });
      assert.equal(narrower.status, 200);
      assert.equal((await call(emu.url, 'GET', '/workspaces', { token: narrower.json.access_token })).status, 403);
      emu.clock.advance(180 * 24 * HOUR_MS);
      const expired = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: narrower.json.refresh_token });
      assert.equal(expired.json.error, 'invalid_grant');
    });

    it('an access token stops working when it expires on the emulator clock (401), and a shorter lifetime can be set', async () => {
      const a = await signedInTokens(emu);
      emu.clock.advance(HOUR_MS - 1000);
      assert.equal((await call(emu.url, 'GET', '/user', { token: a.json.access_token })).status, 200);
      emu.clock.advance(1000);
      const expired = await call(emu.url, 'GET', '/user', { token: a.json.access_token });
      assert.equal(expired.status, 401);
      assert.deepEqual(expired.json, { errors: [{ message: 'Unauthorized.' }] });
      emu.oauth.setLifetimes({ accessTokenS: 30 });
      const short = await signedInTokens(emu);
      assert.equal(short.json.expires_in, 30);
      emu.clock.advance(30_000);
      assert.equal((await call(emu.url, 'GET', '/user', { token: short.json.access_token })).status, 401);
    });

    it('a public client authenticates with its client_id alone and must use PKCE', async () => {
      const { verifier, challenge } = pkcePair();
      const noPkce = await consentRedirect(authorizeUrl(emu, { client_id: DEMO_PUBLIC_CLIENT.clientId })).catch((e: Error) => e);
      // Refused before the page: a redirect with the error, no form.
      assert.ok(noPkce instanceof Error);
      const refused = await fetch(authorizeUrl(emu, { client_id: DEMO_PUBLIC_CLIENT.clientId }), { redirect: 'manual' });
      assert.equal(refused.status, 302);
      assert.equal(new URL(refused.headers.get('location')!).searchParams.get('error'), 'invalid_request');
      const redirect = await consentRedirect(authorizeUrl(emu, { client_id: DEMO_PUBLIC_CLIENT.clientId, code_challenge: challenge, code_challenge_method: 'S256' }));
      const params = { grant_type: 'authorization_code', code: redirect.searchParams.get('code')!, redirect_uri: DEMO_REDIRECT_URI, code_verifier: verifier };
      const withSecret = await tokenRequest(emu, params, { clientId: DEMO_PUBLIC_CLIENT.clientId, secret: 'anything' });
      assert.equal(withSecret.status, 401);
      assert.equal(withSecret.json.error, 'invalid_client');
      const redirect2 = await consentRedirect(authorizeUrl(emu, { client_id: DEMO_PUBLIC_CLIENT.clientId, code_challenge: challenge, code_challenge_method: 'S256' }));
      const ok = await tokenRequest(emu, { ...params, code: redirect2.searchParams.get('code')! }, { clientId: DEMO_PUBLIC_CLIENT.clientId, secret: null });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
    });
  });
}

describe('emulator OAuth: the token endpoint’s client authentication and errors', () => {
  const emu = useEmulator();

  it('accepts HTTP Basic and a JSON body', async () => {
    const a = await approvedCode(emu);
    const basic = await tokenRequest(emu, { grant_type: 'authorization_code', code: a.code, redirect_uri: DEMO_REDIRECT_URI, code_verifier: a.verifier }, { basic: true });
    assert.equal(basic.status, 200, JSON.stringify(basic.json));
    const json = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: basic.json.refresh_token }, { json: true });
    assert.equal(json.status, 200, JSON.stringify(json.json));
  });

  it('answers invalid_client with 401 and a Basic challenge for a wrong secret, an unknown client or none', async () => {
    for (const opts of [{ secret: 'wrong' }, { clientId: 'nobody' }, { secret: null }, { basic: true, secret: 'wrong' }]) {
      const a = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: 'x' }, opts);
      assert.equal(a.status, 401, JSON.stringify(opts));
      assert.equal(a.json.error, 'invalid_client');
      assert.match(a.headers.get('www-authenticate') ?? '', /^Basic /);
      assert.equal(a.headers.get('cache-control'), 'no-store');
    }
  });

  it('answers the other RFC 6749 errors', async () => {
    const both = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: 'x', client_secret: DEMO_OAUTH_CLIENT.clientSecret }, { basic: true });
    assert.deepEqual([both.status, both.json.error], [400, 'invalid_request']);
    const noGrant = await tokenRequest(emu, {});
    assert.equal(noGrant.json.error, 'invalid_request');
    const password = await tokenRequest(emu, { grant_type: 'password' });
    assert.equal(password.json.error, 'unsupported_grant_type');
    const unknownCode = await tokenRequest(emu, { grant_type: 'authorization_code', code: 'nope', redirect_uri: DEMO_REDIRECT_URI });
    assert.equal(unknownCode.json.error, 'invalid_grant');
    const noCode = await tokenRequest(emu, { grant_type: 'authorization_code', redirect_uri: DEMO_REDIRECT_URI });
    assert.equal(noCode.json.error, 'invalid_request');
    const text = await fetch(`${emu.url}/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'grant_type=refresh_token' });
    assert.deepEqual([text.status, ((await text.json()) as { error: string }).error], [400, 'invalid_request']);
    const twice = await fetch(`${emu.url}/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=refresh_token&grant_type=refresh_token' });
    assert.equal(((await twice.json()) as { error: string }).error, 'invalid_request');
    const get = await fetch(`${emu.url}/oauth2/token`);
    assert.equal(get.status, 405);
  });

  it('answers unauthorized_client for a grant the application is not registered for', async () => {
    const client = emu.oauth.registerClient({ redirect_uris: ['http://127.0.0.1:9/cb'], grant_types: ['authorization_code'] });
    const a = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: 'x' }, { clientId: client.clientId, secret: client.clientSecret });
    assert.equal(a.json.error, 'unauthorized_client');
  });
});

describe('emulator OAuth: issued tokens share the user’s rate limit', () => {
  it('counts an OAuth token’s requests with the demo tokens of the same user', async () => {
    const emu = await startEmulator({ rateLimit: 2 });
    try {
      const a = await signedInTokens(emu);
      assert.equal((await call(emu.url, 'GET', '/user', { token: 'admin-token' })).status, 200);
      const second = await call(emu.url, 'GET', '/user', { token: a.json.access_token });
      assert.equal(second.headers.get('x-rate-limit-remaining'), '0');
      const third = await call(emu.url, 'GET', '/user', { token: a.json.access_token });
      assert.equal(third.status, 403);
    } finally {
      await emu.close();
    }
  });
});
