// An OAuth account's secrets in the real editor (issue 32): the application's client id and secret
// belong to one address (the secret of A never goes to B, at the sign-in or a renewal); Sign Out
// (the command, the Accounts menu) removes the whole account, its token set with the refresh token
// included, and revokes the grant at the service; a renewal that can no longer work ends the
// account whatever the timing: a sign-out cut short (by a reload) ends at the next request, and
// the Accounts menu never lists an account while it is being signed out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../emulator';
import { dialectTag } from '../harness/dialect';
import { freePort } from '../harness/freePort';
import { consentRedirect } from '../harness/oauthConsent';
import { ScriptedPrompter } from './scriptedPrompter';
import { hideSidebar, setSetting, signedOutState, tokenKey } from './sessionHelpers';
import type { ExtensionApi } from '../../src/extension';

interface Result {
  signedIn: boolean;
  error?: string;
}

const dialect = process.env.WA_DIALECT === 'vendor' ? 'vendor' : 'default';
const SHARED_ID = 'wa-same-id-everywhere';
const SECRET_OF_A = 'secret-registered-at-A';
const setKey = (baseUrl: string): string => `workspaceAutomation.oauth:${baseUrl}`;
const secretKey = (baseUrl: string, clientId: string): string => `workspaceAutomation.oauth.clientSecret:${JSON.stringify([baseUrl, clientId])}`;

describe(`accounts: an OAuth account's secrets ${dialectTag}`, function () {
  this.timeout(60_000);
  let a: Emulator;
  let b: Emulator;
  let api: ExtensionApi;
  let loopback: string;

  async function signedOutOfAll(): Promise<void> {
    api = await signedOutState();
    for (const s of await api.accounts.getSessions(undefined, {})) {
      await api.accounts.removeSession(s.id);
    }
  }

  /** Sign In with OAuth at `emu` (made the configured address), the consent approved; `args` as the command takes them. */
  async function signInAt(emu: Emulator, args: Record<string, unknown>): Promise<Result | undefined> {
    await setSetting('apiUrl', emu.url);
    await api.session.reload();
    api.oauthRedirects.open = async (url) => {
      await fetch((await consentRedirect(url, 'approve')).href);
      return true;
    };
    return vscode.commands.executeCommand<Result>('workspaceAutomation.signInWithOAuth', { redirect: 'loopback', workspace: 'acme', ...args });
  }

  before(async () => {
    [a, b] = await Promise.all([startEmulator({ dialect }), startEmulator({ dialect })]);
    const port = await freePort();
    loopback = `http://127.0.0.1:${port}/callback`;
    await setSetting('oauth.loopbackPort', port);
    await hideSidebar();
  });

  beforeEach(async () => {
    await signedOutOfAll();
    a.reset();
    b.reset();
  });

  after(async () => {
    await setSetting('oauth.loopbackPort', undefined);
    await setSetting('oauth.clientId', undefined);
    await signedOutOfAll();
    await Promise.all([a.close(), b.close()]);
  });

  it('the client secret kept for one address is never sent to another: at B the configured id is only proposed, B\'s secret asked, and nothing of A\'s goes to B at the sign-in or a renewal', async () => {
    // The same client id at both: a confidential application at A, a public one at B.
    a.oauth.registerClient({ redirect_uris: [loopback], client_name: 'At A' }, { clientId: SHARED_ID, clientSecret: SECRET_OF_A });
    b.oauth.registerClient({ redirect_uris: [loopback], token_endpoint_auth_method: 'none', client_name: 'At B' }, { clientId: SHARED_ID });
    await setSetting('oauth.clientId', SHARED_ID);

    const atA = new ScriptedPrompter([{ accept: true }, { input: SECRET_OF_A }]);
    const first = await signInAt(a, { prompter: atA });
    assert.equal(first?.signedIn, true, first?.error);
    assert.deepEqual(atA.prompts.map((p) => [p.step, p.totalSteps, p.value, p.password ?? false]), [[1, 2, SHARED_ID, false], [2, 2, '', true]]);
    assert.equal(await api.services.context.secrets.get(secretKey(a.url, SHARED_ID)), SECRET_OF_A);

    const atB = new ScriptedPrompter([{ accept: true }, { input: '' }]);
    const second = await signInAt(b, { prompter: atB });
    assert.equal(second?.signedIn, true, second?.error);
    assert.equal(atB.prompts.length, 2, `B's secret is asked, not A's reused: ${JSON.stringify(atB.prompts)}`);
    assert.match(atB.prompts[0].text, /confirm it only if it was registered at this address/);
    assert.match(atB.prompts[1].text, new RegExp(`at ${b.url.replace(/[.]/g, '\\.')}`));

    // A renewal at B (its access token expired on B's clock).
    b.clock.advance((b.oauth.lifetimes.accessTokenS + 5) * 1000);
    b.clearRequests();
    assert.equal((await api.session.client?.getUser())?.name, 'Alice Admin');
    assert.deepEqual(b.requests.map((r) => `${r.method} ${r.path} ${r.status}`), ['GET /user 401', 'POST /oauth2/token 200', 'GET /user 200']);

    const seenAtB = b.oauth.credentialsSeen();
    assert.deepEqual(seenAtB.map((c) => [c.path, c.clientId, c.clientSecret]), [['/oauth2/token', SHARED_ID, undefined], ['/oauth2/token', SHARED_ID, undefined]]);
    assert.equal(JSON.stringify(b.requests).includes(SECRET_OF_A), false, 'A\'s secret never reached B');
    assert.deepEqual(a.oauth.credentialsSeen().map((c) => c.clientSecret), [SECRET_OF_A], 'A\'s secret went to A only');
  });

  for (const how of ['the Sign Out command', 'Sign Out in the Accounts menu'] as const) {
    it(`${how}: the whole account goes (its token set with the refresh token, its client secret, its token, its entry), the grant revoked at the service`, async () => {
      const clientId = a.oauth.registerClient({ redirect_uris: [loopback], token_endpoint_auth_method: 'none', client_name: 'Sign Out test' }).clientId;
      assert.equal((await signInAt(a, { clientId, clientSecret: '' }))?.signedIn, true);
      const secrets = api.services.context.secrets;
      const set = JSON.parse((await secrets.get(setKey(a.url))) ?? '{}') as { refreshToken?: string };
      assert.ok(set.refreshToken, 'a refresh token stored');
      assert.equal(await secrets.get(secretKey(a.url, clientId)), '');
      assert.equal(a.oauth.stats().activeRefreshTokens, 1);

      if (how === 'the Sign Out command') {
        await vscode.commands.executeCommand('workspaceAutomation.signOut');
      } else {
        await api.accounts.removeSession(a.url);
      }

      assert.equal(await secrets.get(setKey(a.url)), undefined, 'the token set (refresh token) is deleted');
      assert.equal(await secrets.get(secretKey(a.url, clientId)), undefined, 'the client secret is deleted');
      assert.equal(await secrets.get(tokenKey(a.url)), undefined, 'the access token is deleted');
      assert.deepEqual((await api.accounts.getSessions(undefined, {})).map((s) => s.id), [], 'gone from the Accounts menu');
      assert.equal(api.session.signedIn, false);
      const revoked = a.oauth.credentialsSeen().filter((c) => c.path === '/oauth2/revoke');
      assert.deepEqual(revoked.map((c) => [c.clientId, c.token]), [[clientId, set.refreshToken]], 'one revocation of the refresh token');
      assert.equal(a.oauth.stats().activeRefreshTokens, 0, 'the grant no longer works at the service');
    });
  }

  it('a sign-out cut short by a reload (the token set deleted, the account and its access token left): the next request ends the account', async () => {
    const clientId = a.oauth.registerClient({ redirect_uris: [loopback], token_endpoint_auth_method: 'none', client_name: 'Cut short' }).clientId;
    assert.equal((await signInAt(a, { clientId, clientSecret: '' }))?.signedIn, true);
    const secrets = api.services.context.secrets;
    // What the first step of a refused renewal's sign-out leaves when the window reloads then.
    await secrets.delete(setKey(a.url));
    a.clock.advance((a.oauth.lifetimes.accessTokenS + 5) * 1000);
    const client = api.session.client;
    const outcomes = await Promise.allSettled([client?.getUser(), client?.getUser()]);
    assert.deepEqual(outcomes.map((o) => o.status), ['rejected', 'rejected']);
    assert.equal(await secrets.get(tokenKey(a.url)), undefined, 'the access token is deleted');
    assert.deepEqual((await api.accounts.getSessions(undefined, {})).map((s) => s.id), [], 'the account is gone from the Accounts menu');
    assert.equal(api.session.signedIn, false);
  });

  it('a window opening while its views\' renewal is refused: the Accounts menu is not answered with the account (an answer read meanwhile would keep it there for good)', async () => {
    const clientId = a.oauth.registerClient({ redirect_uris: [loopback], token_endpoint_auth_method: 'none', client_name: 'Menu race' }).clientId;
    assert.equal((await signInAt(a, { clientId, clientSecret: '' }))?.signedIn, true);
    const secrets = api.services.context.secrets;
    const set = JSON.parse((await secrets.get(setKey(a.url))) ?? '{}') as { refreshToken: string };
    // The access token is refused (401) and so will its renewal be; the editor's clock still calls the token valid.
    assert.equal(a.oauth.revoke(set.refreshToken), true);
    a.clearRequests();
    // The renewal after the 401 held as it reads the stored set (a slow secret storage at start).
    let reached!: () => void;
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held = false;
    const get = secrets.get;
    secrets.get = async (key) => {
      if (key === setKey(a.url) && !held && a.requests.some((r) => r.status === 401)) {
        held = true;
        reached();
        await gate;
      }
      return get.call(secrets, key);
    };
    try {
      const request = api.session.client?.getUser();
      await atGate;
      // The editor asks for the accounts (as its Accounts menu does when the provider registers).
      const listed = api.accounts.getSessions(undefined, {});
      // Everything the answer does without waiting has run (no timer: the queued callbacks only).
      await new Promise((resolve) => setImmediate(resolve));
      open();
      await assert.rejects(Promise.resolve(request));
      assert.deepEqual((await listed).map((s) => s.id), [], 'the answer does not list the account being signed out');
    } finally {
      secrets.get = get;
      open();
    }
    assert.deepEqual((await api.accounts.getSessions(undefined, {})).map((s) => s.id), []);
    assert.deepEqual(a.requests.filter((r) => r.path === '/oauth2/token').map((r) => r.status), [400], 'one renewal, refused');
  });
});
