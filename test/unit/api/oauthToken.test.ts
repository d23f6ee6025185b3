// The OAuth client's token requests (src/api/oauthToken.ts) over real HTTP: the whole code flow
// against the emulator in both dialects, and the guards against a misbehaving token service.
import * as assert from 'node:assert/strict';
import {
  ApiClient,
  CancelledError,
  ConfigurationError,
  createPkce,
  InvalidClientError,
  InvalidGrantError,
  NetworkError,
  OAuthError,
  RedirectError,
  requestToken,
  refreshWith,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  TokenAnswerError,
  UnexpectedResponseError,
  type FetchLike,
  type TokenRequestOptions,
  type TokenSet,
} from '../../../src/api';
import { CLOCK_START_MS, DEMO_OAUTH_CLIENT, DEMO_PUBLIC_CLIENT, DEMO_REDIRECT_URI, DIALECTS, } from '../../emulator';
import { startHostileServer, json, redirect, endlessBody, type HostileServer } from '../../harness/hostileServer';
import { useEmulator } from '../../harness/useEmulator';
import { nodeFetch, rejection, USER_AGENT } from './helpers';
import { authorize, optionsFor, SCOPES } from './oauthHelpers';

for (const dialect of DIALECTS) {
  describe(`oauth client: the code flow against the emulator (${dialect} dialect)`, () => {
    const emu = useEmulator({ dialect });
    let fetchFn: FetchLike;
    before(async () => {
      fetchFn = await nodeFetch();
    });

    async function signIn(o: Partial<TokenRequestOptions> = {}, clientId?: string): Promise<TokenSet> {
      const { code, verifier } = await authorize(emu, { clientId });
      return requestToken({ grantType: 'authorization_code', code, redirectUri: DEMO_REDIRECT_URI, codeVerifier: verifier }, optionsFor(emu, fetchFn, o));
    }

    it('signs in with PKCE: a token set whose expiry is on the emulator clock, and whose token works on the API', async () => {
      emu.clock.advance(5000);
      const set = await signIn();
      assert.equal(set.obtainedAt, CLOCK_START_MS + 5000);
      assert.equal(set.expiresAt, CLOCK_START_MS + 5000 + 3600_000);
      assert.equal(set.refreshExpiresAt, CLOCK_START_MS + 5000 + 180 * 24 * 3600_000);
      assert.match(set.refreshToken ?? '', /^wa-rt-/);
      assert.deepEqual(set.scopes, dialect === 'vendor' ? undefined : SCOPES);
      const client = new ApiClient({ baseUrl: emu.url, getToken: () => set.accessToken, fetch: fetchFn, userAgent: USER_AGENT });
      assert.equal((await client.getUser()).name, 'Alice Admin');
    });

    it('sends the secret with HTTP Basic when asked, and a public client sends none', async () => {
      const basic = await signIn({ clientAuth: 'basic' });
      assert.match(basic.accessToken, /^wa-at-/);
      const pub = await signIn({ clientId: DEMO_PUBLIC_CLIENT.clientId, clientSecret: undefined }, DEMO_PUBLIC_CLIENT.clientId);
      assert.match(pub.accessToken, /^wa-at-/);
    });

    it('refreshes: the refresh token rotates, and the used one is refused as invalid_grant', async () => {
      const first = await signIn();
      emu.clock.advance(60_000);
      const refresh = refreshWith(optionsFor(emu, fetchFn));
      const second = await refresh(first.refreshToken!);
      assert.notEqual(second.refreshToken, first.refreshToken);
      assert.equal(second.expiresAt, CLOCK_START_MS + 60_000 + 3600_000);
      const reuse = await rejection(() => refresh(first.refreshToken!));
      assert.ok(reuse instanceof InvalidGrantError, String(reuse));
      assert.equal(reuse.error, 'invalid_grant');
      assert.equal(reuse.status, 400);
      assert.match(reuse.message, /^The sign-in is no longer valid \(invalid_grant\).*The service said: The refresh token was already used/);
      assert.ok(!reuse.message.includes(first.refreshToken!), 'the refresh token is not in the message');
    });

    it('a wrong verifier is invalid_grant; a wrong secret is invalid_client (401); neither message names a secret', async () => {
      const { code } = await authorize(emu);
      const wrongVerifier = createPkce().verifier;
      const e = await rejection(() => requestToken({ grantType: 'authorization_code', code, redirectUri: DEMO_REDIRECT_URI, codeVerifier: wrongVerifier }, optionsFor(emu, fetchFn)));
      assert.ok(e instanceof InvalidGrantError, String(e));
      assert.ok(![code, wrongVerifier, DEMO_OAUTH_CLIENT.clientSecret].some((s) => e.message.includes(s)));
      const again = await authorize(emu);
      const c = await rejection(() =>
        requestToken({ grantType: 'authorization_code', code: again.code, redirectUri: DEMO_REDIRECT_URI, codeVerifier: again.verifier }, optionsFor(emu, fetchFn, { clientSecret: 'not-the-secret' })),
      );
      assert.ok(c instanceof InvalidClientError, String(c));
      assert.equal(c.status, 401);
      assert.match(c.message, /^The service did not accept the application's credentials \(invalid_client\)/);
    });

    it('a denied consent comes back as access_denied', async () => {
      const e = await rejection(() => authorize(emu, { decision: 'deny' }));
      assert.ok(e instanceof OAuthError, String(e));
      assert.equal(e.error, 'access_denied');
    });
  });
}

describe('oauth client: the token request’s guards', () => {
  const emu = useEmulator();
  let server: HostileServer;
  let fetchFn: FetchLike;
  before(async () => {
    fetchFn = await nodeFetch();
    server = await startHostileServer();
  });
  after(() => server.close());
  afterEach(() => server.handle(undefined));

  const options = (o: Partial<TokenRequestOptions> = {}): TokenRequestOptions => ({ tokenUrl: `${server.url}/oauth2/token`, clientId: 'app', clientSecret: 'app-secret-value', fetch: fetchFn, now: () => 1000, ...o });
  const grant = { grantType: 'refresh_token' as const, refreshToken: 'refresh-token-value' };

  it('sends a form with the grant, the client id and secret (or Basic), as the emulator reads it', async () => {
    const proxy = await startHostileServer({ upstream: emu.url });
    try {
      const { code, verifier } = await authorize(emu);
      const set = await requestToken({ grantType: 'authorization_code', code, redirectUri: DEMO_REDIRECT_URI, codeVerifier: verifier }, optionsFor(emu, fetchFn, { tokenUrl: `${proxy.url}/oauth2/token` }));
      assert.match(set.accessToken, /^wa-at-/);
      const sent = proxy.received[0];
      assert.equal(sent.method, 'POST');
      assert.equal(sent.headers['content-type'], 'application/x-www-form-urlencoded');
      assert.equal(sent.headers['user-agent'], USER_AGENT);
      assert.deepEqual(Object.fromEntries(new URLSearchParams(sent.body)), {
        grant_type: 'authorization_code',
        code,
        redirect_uri: DEMO_REDIRECT_URI,
        code_verifier: verifier,
        client_id: DEMO_OAUTH_CLIENT.clientId,
        client_secret: DEMO_OAUTH_CLIENT.clientSecret,
      });
      await requestToken({ ...grant, refreshToken: set.refreshToken!, scopes: ['USER_INFO'] }, optionsFor(emu, fetchFn, { tokenUrl: `${proxy.url}/oauth2/token`, clientAuth: 'basic' }));
      const basic = proxy.received[1];
      assert.equal(basic.headers.authorization, `Basic ${Buffer.from('wa-demo-app:wa-demo-secret').toString('base64')}`);
      assert.deepEqual(Object.fromEntries(new URLSearchParams(basic.body)), { grant_type: 'refresh_token', refresh_token: set.refreshToken, scope: 'USER_INFO' });
    } finally {
      await proxy.close();
    }
  });

  it('encodes a Basic id and secret as a form does (RFC 6749, 2.3.1)', async () => {
    server.handle((_req, res) => (json(res, 200, { access_token: 'a', expires_in: 60 }), true));
    await requestToken(grant, options({ clientId: 'my app', clientSecret: 'p@ss:wörd', clientAuth: 'basic' }));
    const header = server.received.at(-1)!.headers.authorization!;
    assert.equal(Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8'), 'my+app:p%40ss%3Aw%C3%B6rd');
    // A public client has no secret: no Basic header, its id in the body.
    await requestToken(grant, options({ clientSecret: undefined, clientAuth: 'basic' }));
    const publicRequest = server.received.at(-1)!;
    assert.equal(publicRequest.headers.authorization, undefined);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(publicRequest.body)), { grant_type: 'refresh_token', refresh_token: 'refresh-token-value', client_id: 'app' });
  });

  it('refuses an http token address off this machine without sending anything', async () => {
    const calls: string[] = [];
    const recording: FetchLike = async (url) => {
      calls.push(url);
      throw new Error('not to be called');
    };
    for (const tokenUrl of ['http://auth.example.com/oauth2/token', 'ftp://127.0.0.1/token', 'https://user:pw@auth.example.com/token', 'nonsense']) {
      const e = await rejection(() => requestToken(grant, options({ tokenUrl, fetch: recording })));
      assert.ok(e instanceof ConfigurationError, `${tokenUrl}: ${String(e)}`);
    }
    assert.deepEqual(calls, []);
  });

  it('follows no redirect', async () => {
    const elsewhere = await startHostileServer({ handler: (_req, res) => (json(res, 200, { access_token: 'stolen', expires_in: 60 }), true) });
    try {
      server.handle((_req, res) => (redirect(res, 307, `${elsewhere.url}/oauth2/token`), true));
      const e = await rejection(() => requestToken(grant, options()));
      assert.ok(e instanceof RedirectError, String(e));
      assert.equal(e.status, 307);
      assert.deepEqual(elsewhere.received, []);
    } finally {
      await elsewhere.close();
    }
  });

  it('stops reading an endless answer', async () => {
    server.handle((_req, res) => (endlessBody(res, server.endless), true));
    const e = await rejection(() => requestToken(grant, options()));
    assert.ok(e instanceof ResponseTooLargeError, String(e));
    assert.equal(e.limitBytes, 64 * 1024);
  });

  it('reads an error answer: OAuth JSON, a 5xx page, a 401 or another status without JSON', async () => {
    server.handle((_req, res) => (json(res, 400, { error: 'invalid_scope', error_description: 'refresh-token-value is not for you' }), true));
    const scope = await rejection(() => requestToken(grant, options()));
    assert.ok(scope instanceof OAuthError && !(scope instanceof InvalidGrantError), String(scope));
    assert.equal(scope.error, 'invalid_scope');
    assert.equal(scope.description, '[REDACTED] is not for you');
    server.handle((_req, res) => (res.writeHead(502, { 'Content-Type': 'text/html' }), res.end('<html>bad gateway</html>'), true));
    const gateway = await rejection(() => requestToken(grant, options()));
    assert.ok(gateway instanceof ServerError, String(gateway));
    assert.equal(gateway.status, 502);
    server.handle((_req, res) => (res.writeHead(401), res.end('no'), true));
    assert.ok((await rejection(() => requestToken(grant, options()))) instanceof InvalidClientError);
    server.handle((_req, res) => (res.writeHead(404), res.end('not here'), true));
    const missing = await rejection(() => requestToken(grant, options()));
    assert.ok(missing instanceof UnexpectedResponseError && !(missing instanceof TokenAnswerError), String(missing));
    assert.match(missing.message, /answered 404 without an OAuth error/);
  });

  it('refuses a 200 answer without expires_in (TokenAnswerError)', async () => {
    server.handle((_req, res) => (json(res, 200, { access_token: 'a', token_type: 'Bearer', refresh_token: 'r' }), true));
    const e = await rejection(() => requestToken(grant, options()));
    assert.ok(e instanceof TokenAnswerError, String(e));
    assert.equal(e.problem, 'no-expiry');
  });

  it('times out, can be cancelled, and reports a refused connection', async () => {
    server.handle(() => true); // never answers
    const slow = await rejection(() => requestToken(grant, options({ timeoutMs: 100 })));
    assert.ok(slow instanceof TimeoutError, String(slow));
    assert.equal(slow.timeoutMs, 100);
    const controller = new AbortController();
    const pending = requestToken(grant, options({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    assert.ok((await rejection(() => pending)) instanceof CancelledError);
    assert.ok((await rejection(() => requestToken(grant, options({ signal: controller.signal })))) instanceof CancelledError, 'already cancelled: nothing sent');
    const closed = await startHostileServer();
    const port = closed.port;
    await closed.close();
    const refused = await rejection(() => requestToken(grant, options({ tokenUrl: `http://127.0.0.1:${port}/oauth2/token` })));
    assert.ok(refused instanceof NetworkError, String(refused));
    assert.ok(!refused.message.includes('app-secret-value') && !refused.message.includes('refresh-token-value'));
  });
});
