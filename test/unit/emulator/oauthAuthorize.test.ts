// The emulator's authorize page and application registration, over real HTTP: what the page
// shows and escapes, which problems it shows and which it redirects, its CSRF token, dynamic
// registration and the test controls, in both dialects where they differ.
import * as assert from 'node:assert/strict';
import { DEMO_OAUTH_CLIENT, DEMO_REDIRECT_URI, DIALECTS, startEmulator } from '../../emulator';
import { openConsent, submitConsent } from '../../harness/oauthConsent';
import { useEmulator } from '../../harness/useEmulator';
import { authorizeUrl, pkcePair } from './oauthHelpers';

const noRedirect = (url: string, init: RequestInit = {}): Promise<Response> => fetch(url, { ...init, redirect: 'manual' });

/** The error a refused authorize request redirected with, and its state. */
async function redirectedError(url: string): Promise<{ error: string | null; state: string | null; to: string }> {
  const res = await noRedirect(url);
  assert.equal(res.status, 302, `expected a redirect, got ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const location = new URL(res.headers.get('location')!);
  return { error: location.searchParams.get('error'), state: location.searchParams.get('state'), to: location.origin + location.pathname };
}

/** A problem shown on the page (400), never redirected. */
async function shownOnPage(url: string): Promise<string> {
  const res = await noRedirect(url);
  assert.equal(res.status, 400);
  assert.equal(res.headers.get('location'), null);
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  return /<p id="error">([^<]*)<\/p>/.exec(await res.text())?.[1] ?? '';
}

for (const dialect of DIALECTS) {
  describe(`emulator OAuth: the authorize page (${dialect} dialect)`, () => {
    const emu = useEmulator({ dialect });

    it('shows the application, the accounts (Alice checked) and the scopes, with Approve and Deny, never framed or cached', async () => {
      const res = await noRedirect(authorizeUrl(emu));
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
      const form = await openConsent(authorizeUrl(emu));
      assert.match(form.html, /<strong id="client-name">Workspace Automation \(demo\)<\/strong>/);
      assert.deepEqual(form.userIds, [1, 2, 3]);
      assert.equal(form.checkedUserId, 1);
      assert.deepEqual([...form.html.matchAll(/<li><code>([^<]*)<\/code><\/li>/g)].map((m) => m[1]), ['USER_INFO', 'TOKEN_INFO', 'WORKSPACE']);
      assert.match(form.html, /value="approve">Approve</);
      assert.match(form.html, /value="deny">Deny</);
      assert.equal(form.action, `${emu.url}/oauth2/authorize`);
    });

    it('checks the account login_hint names (an e-mail address or an id)', async () => {
      assert.equal((await openConsent(authorizeUrl(emu, { login_hint: 'DAVE@example.com' }))).checkedUserId, 2);
      assert.equal((await openConsent(authorizeUrl(emu, { login_hint: '3' }))).checkedUserId, 3);
      assert.equal((await openConsent(authorizeUrl(emu, { login_hint: 'nobody' }))).checkedUserId, 1);
    });

    it('escapes every name: an application registered with markup in its name shows it as text', async () => {
      const client = emu.oauth.registerClient({ client_name: '<script>alert("x")</script> & Co', redirect_uris: ['http://127.0.0.1:9/cb'] });
      const form = await openConsent(authorizeUrl(emu, { client_id: client.clientId, redirect_uri: 'http://127.0.0.1:9/cb', state: '"><b>' }));
      assert.doesNotMatch(form.html, /<script>/);
      assert.match(form.html, /&#60;script&#62;alert\(&#34;x&#34;\)&#60;\/script&#62; &#38; Co/);
    });

    it('Deny redirects with access_denied and the state', async () => {
      const answer = await submitConsent(await openConsent(authorizeUrl(emu, { state: 's-42' })), 'deny');
      assert.equal(answer.status, 302);
      const to = new URL(answer.location!);
      assert.equal(to.origin + to.pathname, DEMO_REDIRECT_URI);
      assert.equal(to.searchParams.get('error'), 'access_denied');
      assert.equal(to.searchParams.get('state'), 's-42');
      assert.equal(to.searchParams.get('code'), null);
    });

    it('Approve redirects with a code and the state, once: the same form cannot be answered twice', async () => {
      const form = await openConsent(authorizeUrl(emu, { state: 's-43' }));
      const first = await submitConsent(form, 'approve');
      const to = new URL(first.location!);
      assert.match(to.searchParams.get('code') ?? '', /^[A-Za-z0-9_-]{43}$/);
      assert.equal(to.searchParams.get('state'), 's-43');
      const second = await submitConsent(form, 'approve');
      assert.equal(second.status, 400);
      assert.equal(second.location, undefined);
      assert.equal(emu.oauth.stats().codesIssued, 1);
    });

    it('refuses a form with a wrong CSRF token, from another origin, or after 10 minutes', async () => {
      const form = await openConsent(authorizeUrl(emu));
      const forged = await submitConsent(form, 'approve', { fields: { csrf_token: 'forged' } });
      assert.deepEqual([forged.status, forged.location], [400, undefined]);
      const otherOrigin = await submitConsent(form, 'approve', { headers: { Origin: 'https://evil.example' } });
      assert.deepEqual([otherOrigin.status, otherOrigin.location], [403, undefined]);
      const unknownUser = await submitConsent(form, 'approve', { userId: 99 });
      assert.equal(unknownUser.status, 400);
      const crossSite = await submitConsent(form, 'approve', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
      assert.equal(crossSite.status, 403);
      // `Origin: null` (what a browser sends for a page with Referrer-Policy: no-referrer) only with Sec-Fetch-Site same-origin.
      assert.equal((await submitConsent(form, 'approve', { headers: { Origin: 'null' } })).status, 403);
      assert.equal((await submitConsent(form, 'approve', { headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-site' } })).status, 403);
      // Still pending after those refusals: the right answer goes through (from the page opened as localhost too).
      assert.equal((await submitConsent(form, 'approve', { headers: { Origin: `http://localhost:${emu.port}`, 'Sec-Fetch-Site': 'same-origin' } })).status, 302);
      const fromBrowser = await openConsent(authorizeUrl(emu));
      assert.equal((await submitConsent(fromBrowser, 'approve', { headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' } })).status, 302, 'the page\'s own form, as a browser sends it');
      const late = await openConsent(authorizeUrl(emu));
      emu.clock.advance(10 * 60_000);
      assert.equal((await submitConsent(late, 'approve')).status, 400);
    });

    it('shows an unknown client or an unregistered redirect on the page, never redirecting', async () => {
      assert.match(await shownOnPage(authorizeUrl(emu, { client_id: 'nobody' })), /No application is registered/);
      assert.match(await shownOnPage(authorizeUrl(emu, { client_id: undefined })), /names no application/);
      for (const redirect of ['http://127.0.0.1:33419/callback', 'http://localhost:33418/callback', 'https://127.0.0.1:33418/callback', 'http://evil.example/callback']) {
        assert.match(await shownOnPage(authorizeUrl(emu, { redirect_uri: redirect })), /not registered/, redirect);
      }
      assert.match(await shownOnPage(`${authorizeUrl(emu)}&client_id=${DEMO_OAUTH_CLIENT.clientId}`), /more than once/);
    });

    it('redirects the errors found once the redirect is known: response type, type, scope, PKCE method', async () => {
      assert.deepEqual(await redirectedError(authorizeUrl(emu, { response_type: 'token', state: 'k' })), { error: 'unsupported_response_type', state: 'k', to: DEMO_REDIRECT_URI });
      assert.equal((await redirectedError(authorizeUrl(emu, { response_type: undefined }))).error, 'invalid_request');
      assert.equal((await redirectedError(authorizeUrl(emu, { type: 'user_agent' }))).error, 'invalid_request');
      assert.equal((await redirectedError(authorizeUrl(emu, { scope: 'USER_INFO NO_SUCH_SCOPE' }))).error, 'invalid_scope');
      assert.equal((await redirectedError(authorizeUrl(emu, { scope: undefined }))).error, 'invalid_request');
      const { challenge } = pkcePair();
      assert.equal((await redirectedError(authorizeUrl(emu, { code_challenge: challenge, code_challenge_method: 'plain' }))).error, 'invalid_request');
      assert.equal((await redirectedError(authorizeUrl(emu, { code_challenge: challenge }))).error, 'invalid_request');
      assert.equal((await redirectedError(authorizeUrl(emu, { code_challenge: 'short', code_challenge_method: 'S256' }))).error, 'invalid_request');
      assert.equal((await redirectedError(`${authorizeUrl(emu)}&scope=WORKSPACE`)).error, 'invalid_request');
    });

    it(
      dialect === 'vendor'
        ? 'takes the vendor reference’s redirect rules: redirect_uri optional, a path below the registered one, type=web_server required'
        : 'matches the redirect address exactly and requires it; type may be left out',
      async () => {
        const below = authorizeUrl(emu, { redirect_uri: `${DEMO_REDIRECT_URI}/deeper` });
        const without = authorizeUrl(emu, { redirect_uri: undefined });
        if (dialect === 'vendor') {
          assert.equal((await redirectedError(authorizeUrl(emu, { type: undefined }))).error, 'invalid_request');
          assert.equal((await openConsent(below)).status, 200);
          const answer = await submitConsent(await openConsent(without), 'deny');
          assert.equal(new URL(answer.location!).origin + new URL(answer.location!).pathname, DEMO_REDIRECT_URI);
          assert.match(await shownOnPage(authorizeUrl(emu, { redirect_uri: 'http://127.0.0.1:33418/callbackx' })), /not registered/);
        } else {
          assert.equal((await openConsent(authorizeUrl(emu, { type: undefined }))).status, 200);
          assert.match(await shownOnPage(below), /not registered/);
          assert.match(await shownOnPage(without), /names no redirect address/);
        }
      },
    );
  });

  describe(`emulator OAuth: registration (${dialect} dialect)`, () => {
    const emu = useEmulator({ dialect });
    const register = (body: unknown, contentType = 'application/json'): Promise<Response> =>
      fetch(`${emu.url}/oauth2/register`, { method: 'POST', headers: { 'Content-Type': contentType }, body: JSON.stringify(body) });

    it('registers an application (RFC 7591) whose redirect then works, secret and all', async () => {
      const res = await register({ client_name: 'My Tool', redirect_uris: ['http://127.0.0.1:45678/cb'] });
      assert.equal(res.status, 201);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const client = (await res.json()) as Record<string, unknown>;
      assert.match(String(client.client_id), /^wa-client-/);
      assert.equal(typeof client.client_secret, 'string');
      assert.deepEqual(client.redirect_uris, ['http://127.0.0.1:45678/cb']);
      assert.equal(client.token_endpoint_auth_method, 'client_secret_basic');
      assert.equal(client.client_secret_expires_at, 0);
      assert.equal(typeof client.registration_client_uri, dialect === 'vendor' ? 'string' : 'undefined');
      const form = await openConsent(authorizeUrl(emu, { client_id: String(client.client_id), redirect_uri: 'http://127.0.0.1:45678/cb' }));
      assert.match(form.html, /My Tool/);
      assert.equal(emu.oauth.stats().clients, 3);
    });

    it('registers a public client (no secret), and refuses unsafe redirects and bad metadata', async () => {
      const pub = (await (await register({ redirect_uris: ['vscode://x.y/cb'], token_endpoint_auth_method: 'none' })).json()) as Record<string, unknown>;
      assert.equal(pub.client_secret, undefined);
      for (const uri of ['http://evil.example/cb', 'javascript:alert(1)', 'data:text/html,x', 'https://ok.example/cb#frag', 'relative/cb', 'https://user:pw@ok.example/cb']) {
        const res = await register({ redirect_uris: [uri] });
        assert.equal(res.status, 400, uri);
        assert.equal(((await res.json()) as { error: string }).error, 'invalid_redirect_uri', uri);
      }
      for (const body of [{ redirect_uris: ['https://ok.example/cb'], grant_types: ['client_credentials'] }, { redirect_uris: ['https://ok.example/cb'], scope: 'NOPE' }, { redirect_uris: ['https://ok.example/cb'], client_name: 5 }]) {
        assert.equal(((await (await register(body)).json()) as { error: string }).error, 'invalid_client_metadata', JSON.stringify(body));
      }
      assert.equal((await register({ redirect_uris: ['https://ok.example/cb'] }, 'text/plain')).status, 400);
      assert.equal(emu.oauth.stats().clients, 3);
    });
  });
}

describe('emulator OAuth: the test controls', () => {
  const emu = useEmulator();
  const control = (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${emu.url}/__emulator/oauth/${path}`, { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

  it('registers an application with a given redirect (and fixed id and secret), over HTTP', async () => {
    const res = await control('POST', 'clients', { redirect_uri: 'http://127.0.0.1:41234/done', client_id: 'test-app', client_secret: 'test-secret', client_name: 'Test App' });
    assert.equal(res.status, 201);
    const client = (await res.json()) as Record<string, unknown>;
    assert.deepEqual([client.client_id, client.client_secret, client.redirect_uris], ['test-app', 'test-secret', ['http://127.0.0.1:41234/done']]);
    assert.equal((await openConsent(authorizeUrl(emu, { client_id: 'test-app', redirect_uri: 'http://127.0.0.1:41234/done' }))).status, 200);
    assert.equal((await control('POST', 'clients', { redirect_uri: 'http://127.0.0.1:41234/done', client_id: 'test-app' })).status, 400, 'the id is taken');
    assert.equal((await control('POST', 'clients', { redirect_uri: 'http://evil.example/x' })).status, 400);
  });

  it('sets and reads lifetimes, reads what was issued; a reset restores both', async () => {
    const set = await control('POST', 'lifetimes', { accessTokenS: 120 });
    assert.deepEqual(await set.json(), { accessTokenS: 120, refreshTokenS: 180 * 24 * 3600, codeS: 60 });
    assert.equal((await control('POST', 'lifetimes', { codeS: 0 })).status, 400);
    assert.equal((await control('POST', 'lifetimes', { refreshTokenS: '5' })).status, 400);
    const stats = (await (await control('GET', 'stats')).json()) as Record<string, number>;
    assert.deepEqual(stats, { clients: 2, codesIssued: 0, accessTokensIssued: 0, refreshTokensIssued: 0, activeAccessTokens: 0, activeRefreshTokens: 0, revokedFamilies: 0 });
    await fetch(`${emu.url}/__emulator/reset`, { method: 'POST' });
    assert.deepEqual(await (await control('GET', 'lifetimes')).json(), { accessTokenS: 3600, refreshTokenS: 180 * 24 * 3600, codeS: 60 });
    assert.equal((await control('GET', 'nothing')).status, 404);
  });

  it('starts with the lifetimes given as an option, and a reset goes back to them', async () => {
    const own = await startEmulator({ oauthLifetimes: { accessTokenS: 30, codeS: undefined } });
    try {
      assert.deepEqual(own.oauth.lifetimes, { accessTokenS: 30, refreshTokenS: 180 * 24 * 3600, codeS: 60 });
      own.oauth.setLifetimes({ accessTokenS: 5 });
      assert.equal(own.oauth.lifetimes.accessTokenS, 5);
      assert.throws(() => own.oauth.setLifetimes({ codeS: 0.5 }), /codeS/);
      own.reset();
      assert.equal(own.oauth.lifetimes.accessTokenS, 30);
    } finally {
      await own.close();
    }
  });
});
