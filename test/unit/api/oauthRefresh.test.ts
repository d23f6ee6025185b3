// The refresh coordinator (src/api/oauthRefresh.ts) against the emulator over real HTTP: renewal
// before expiry and after a 401, one at a time, the store re-read (another window), the rotated
// refresh token stored first, one SignInAgainError for a refused refresh and no loop.
import * as assert from 'node:assert/strict';
import {
  ApiClient,
  InvalidGrantError,
  refreshWith,
  RefreshCoordinator,
  ServerError,
  SignInAgainError,
  TokenSet,
  withAccessToken,
  type FetchLike,
  type SignInAgainReason,
  type TokenStore,
} from '../../../src/api';
import { CLOCK_START_MS } from '../../emulator';
import { useEmulator } from '../../harness/useEmulator';
import { nodeFetch, rejection, USER_AGENT } from './helpers';
import { optionsFor, SharedSecret, signIn } from './oauthHelpers';

const HOUR = 3600_000;
/** Renewal starts this long before expiry in these tests. */
const SKEW = 60_000;

async function signInAgain(fn: () => Promise<unknown>, reason: SignInAgainReason): Promise<SignInAgainError> {
  const e = await rejection(fn);
  assert.ok(e instanceof SignInAgainError, String(e));
  assert.equal(e.reason, reason);
  assert.equal(e.kind, 'oauth');
  return e;
}

describe('oauth: the refresh coordinator', () => {
  const emu = useEmulator();
  let fetchFn: FetchLike;
  let secret: SharedSecret;
  let first: TokenSet;
  const coordinators: RefreshCoordinator[] = [];
  before(async () => {
    fetchFn = await nodeFetch();
  });
  beforeEach(async () => {
    first = await signIn(emu, fetchFn);
    secret = new SharedSecret(first);
    emu.clearRequests();
  });
  afterEach(() => coordinators.splice(0).forEach((c) => c.dispose()));

  /** A coordinator of one window on the shared secret, renewing with the emulator's demo client. */
  function coordinator(store: TokenStore = secret.window(), refresh = refreshWith(optionsFor(emu, fetchFn))): RefreshCoordinator {
    const c = new RefreshCoordinator({ store, refresh, now: () => emu.clock.now(), skewMs: SKEW });
    coordinators.push(c);
    return c;
  }
  const tokenRequests = (): number => emu.requests.filter((r) => r.path === '/oauth2/token').length;

  it('hands out the stored access token while it is fresh, without a request', async () => {
    const c = coordinator();
    emu.clock.advance(HOUR - SKEW - 1);
    assert.equal(await c.accessToken(), first.accessToken);
    assert.equal(tokenRequests(), 0);
    assert.equal(secret.writes, 0);
  });

  it('renews within the skew of the expiry and stores the rotated refresh token', async () => {
    const c = coordinator();
    emu.clock.advance(HOUR - SKEW);
    const token = await c.accessToken();
    assert.notEqual(token, first.accessToken);
    assert.equal(tokenRequests(), 1);
    const stored = secret.tokens!;
    assert.equal(stored.accessToken, token);
    assert.notEqual(stored.refreshToken, first.refreshToken);
    assert.equal(stored.expiresAt, CLOCK_START_MS + 2 * HOUR - SKEW);
    assert.equal(await c.accessToken(), token, 'and uses it from then on');
    assert.equal(tokenRequests(), 1);
  });

  it('keeps the refresh token it has when a renewal answers none (RFC 6749, 6)', async () => {
    const realRefresh = refreshWith(optionsFor(emu, fetchFn));
    const c = coordinator(secret.window(), async (refreshToken) => new TokenSet({ ...(await realRefresh(refreshToken)).toData(), refreshToken: undefined, refreshExpiresAt: undefined }));
    emu.clock.advance(HOUR);
    const token = await c.accessToken();
    assert.deepEqual([secret.tokens!.accessToken, secret.tokens!.refreshToken, secret.tokens!.refreshExpiresAt], [token, first.refreshToken, first.refreshExpiresAt]);
  });

  it('renews once for many callers at the same time', async () => {
    const c = coordinator();
    emu.clock.advance(HOUR);
    const tokens = await Promise.all([c.accessToken(), c.accessToken(), c.afterUnauthorized(first.accessToken), c.accessToken(), c.accessToken()]);
    assert.equal(new Set(tokens).size, 1);
    assert.notEqual(tokens[0], first.accessToken);
    assert.equal(tokenRequests(), 1);
    assert.equal(secret.writes, 1);
  });

  it('stores the rotated refresh token before the new access token is handed out', async () => {
    let release!: () => void;
    let storing!: () => void;
    const setCalled = new Promise<void>((r) => (storing = r));
    const gate = new Promise<void>((r) => (release = r));
    const c = coordinator(
      secret.window({
        beforeSet: async () => {
          storing();
          await gate;
        },
      }),
    );
    emu.clock.advance(HOUR);
    let handedOut: string | undefined;
    const pending = c.accessToken().then((t) => (handedOut = t));
    await setCalled;
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setImmediate(r));
    }
    assert.equal(handedOut, undefined, 'not handed out while the store is still writing');
    assert.equal(secret.tokens!.refreshToken, first.refreshToken);
    release();
    await pending;
    assert.equal(secret.tokens!.accessToken, handedOut);
  });

  it('uses what another window renewed instead of renewing again (told by the store, or found on re-reading it)', async () => {
    const a = coordinator();
    const listening = coordinator();
    const deaf = coordinator(secret.window({ deaf: true }));
    assert.equal(await deaf.accessToken(), first.accessToken, 'the deaf window has cached the first set');
    emu.clock.advance(HOUR - SKEW);
    const renewed = await a.accessToken();
    assert.equal(await listening.accessToken(), renewed);
    assert.equal(await deaf.accessToken(), renewed);
    assert.equal(tokenRequests(), 1);
  });

  it('when another window rotated the refresh token first, the refusal gives way to that window’s set', async () => {
    const a = coordinator();
    const realRefresh = refreshWith(optionsFor(emu, fetchFn));
    let seen: unknown;
    const b = coordinator(secret.window({ deaf: true }), async (refreshToken) => {
      await a.accessToken(); // window A renews with the same refresh token first
      try {
        return await realRefresh(refreshToken);
      } catch (e) {
        seen = e;
        throw e;
      }
    });
    emu.clock.advance(HOUR);
    const token = await b.accessToken();
    assert.ok(seen instanceof InvalidGrantError, 'B’s own refresh was refused');
    assert.equal(token, secret.tokens!.accessToken);
    assert.notEqual(token, first.accessToken);
  });

  it('a token asked for while a renewal after a 401 runs is the renewal\'s, not the one the 401 refused', async () => {
    const c = coordinator();
    const refused = await c.accessToken();
    emu.clearRequests();
    const [renewed, asked] = await Promise.all([c.afterUnauthorized(refused), c.accessToken()]);
    assert.notEqual(renewed, refused);
    assert.equal(asked, renewed);
    assert.equal(tokenRequests(), 1);
  });

  it('callers that joined a refused renewal get the refusal as already reported: only the one that started it reports it', async () => {
    await refreshWith(optionsFor(emu, fetchFn))(first.refreshToken!);
    emu.clearRequests();
    const c = coordinator();
    emu.clock.advance(HOUR);
    const outcomes = await Promise.allSettled([c.accessToken(), c.afterUnauthorized(first.accessToken), c.accessToken()]);
    const errors = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as SignInAgainError) : undefined));
    assert.ok(errors.every((e) => e instanceof SignInAgainError && e.reason === 'refused'), JSON.stringify(outcomes));
    assert.deepEqual(errors.map((e) => e?.alreadyReported).sort(), [false, true, true], 'one to report it');
    assert.equal(tokenRequests(), 1, 'one refresh request for the three');
  });

  it('a refused refresh ends in one SignInAgainError, and is not tried again', async () => {
    // The stored refresh token was rotated elsewhere (by a lost answer, say), and no newer set was stored.
    await refreshWith(optionsFor(emu, fetchFn))(first.refreshToken!);
    emu.clearRequests();
    const c = coordinator();
    emu.clock.advance(HOUR);
    const e = await signInAgain(() => c.accessToken(), 'refused');
    assert.equal(e.alreadyReported, false);
    assert.ok(e.cause instanceof InvalidGrantError);
    assert.match(e.message, /no longer accepts this sign-in.*Sign in again\./);
    const again = await signInAgain(() => c.accessToken(), 'refused');
    assert.equal(again.alreadyReported, true);
    await signInAgain(() => c.afterUnauthorized(first.accessToken), 'refused');
    assert.equal(tokenRequests(), 1, 'one refresh request, no loop');
    // A new sign-in stores a new set: the coordinator works again.
    const fresh = await signIn(emu, fetchFn);
    await secret.window().set(fresh);
    assert.equal(await c.accessToken(), fresh.accessToken);
  });

  it('after a 401: renews once and retries once; a renewed token refused again is not renewed again', async () => {
    // A stored access token the API does not know (revoked, say), still within its lifetime.
    secret = new SharedSecret(new TokenSet({ ...first.toData(), accessToken: 'wa-at-revoked' }));
    const c = coordinator();
    let used: string | undefined;
    const client = new ApiClient({ baseUrl: emu.url, getToken: () => used, fetch: fetchFn, userAgent: USER_AGENT, maxRetries: 0 });
    const user = await withAccessToken(c, (token) => {
      used = token;
      return client.getUser();
    });
    assert.equal(user.name, 'Alice Admin');
    assert.notEqual(used, 'wa-at-revoked');
    assert.deepEqual(
      emu.requests.map((r) => `${r.path} ${r.status}`),
      ['/user 401', '/oauth2/token 200', '/user 200'],
    );
    await signInAgain(() => c.afterUnauthorized(used!), 'rejected-after-refresh');
    assert.equal(tokenRequests(), 1);
    const other = await rejection(() => withAccessToken(c, () => Promise.reject(new ServerError('boom', { status: 500 }))));
    assert.ok(other instanceof ServerError, 'other errors are the caller’s');
  });

  it('a passing failure keeps the current token until it expires, then is reported', async () => {
    const c = coordinator();
    emu.clock.advance(HOUR - SKEW);
    emu.injectFault({ kind: '503', path: '/oauth2/token' });
    assert.equal(await c.accessToken(), first.accessToken);
    emu.clock.advance(SKEW);
    emu.injectFault({ kind: '503', path: '/oauth2/token' });
    assert.ok((await rejection(() => c.accessToken())) instanceof ServerError);
    assert.notEqual(await c.accessToken(), first.accessToken, 'and renews once the service is back');
    assert.equal(tokenRequests(), 3);
  });

  it('asks to sign in again without a request: nothing stored, no refresh token, a refresh token past its lifetime', async () => {
    await signInAgain(() => coordinator(new SharedSecret().window()).accessToken(), 'signed-out');
    const noRefresh = new SharedSecret(new TokenSet({ ...first.toData(), refreshToken: undefined }));
    emu.clock.advance(HOUR);
    await signInAgain(() => coordinator(noRefresh.window()).accessToken(), 'no-refresh-token');
    const old = new SharedSecret(new TokenSet({ ...first.toData(), refreshExpiresAt: CLOCK_START_MS + HOUR }));
    await signInAgain(() => coordinator(old.window()).accessToken(), 'refresh-expired');
    assert.equal(tokenRequests(), 0);
  });

  it('forgets its cached set when the store changes, until disposed', async () => {
    const c = coordinator();
    assert.equal(await c.accessToken(), first.accessToken);
    await secret.window().set(undefined);
    await signInAgain(() => c.accessToken(), 'signed-out');
    await secret.window().set(first);
    assert.equal(await c.accessToken(), first.accessToken);
    c.dispose();
    await secret.window().set(undefined);
    assert.equal(await c.accessToken(), first.accessToken, 'disposed: no longer listening');
  });
});
