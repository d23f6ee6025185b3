// Sign In with OAuth in the real editor against an emulator started in this extension host: the
// consent page approved over HTTP (oauthConsent.ts) as the browser would, the answer through the
// loopback listener or the URI handler; a forged answer (another state or path) is ignored and the
// real one then taken; refusals (denied, a replayed code) end in a message and nothing stored; an
// expired token is renewed without asking (the emulator's clock).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../emulator';
import { dialectTag } from '../harness/dialect';
import { freePort } from '../harness/freePort';
import { consentRedirect } from '../harness/oauthConsent';
import { clearRequests, emulatorUrl, hideSidebar, setSetting, signedOutState, signInCommand, tokenKey } from './sessionHelpers';
import type { ExtensionApi } from '../../src/extension';

interface Result {
  signedIn: boolean;
  error?: string;
}

describe(`accounts: Sign In with OAuth ${dialectTag}`, function () {
  this.timeout(60_000);
  let emu: Emulator;
  let api: ExtensionApi;
  let loopback: string;
  let clientId: string;

  before(async () => {
    emu = await startEmulator({ dialect: process.env.WA_DIALECT === 'vendor' ? 'vendor' : 'default' });
    const port = await freePort();
    loopback = `http://127.0.0.1:${port}/callback`;
    await setSetting('oauth.loopbackPort', port);
  });

  beforeEach(async () => {
    api = await signedOutState();
    for (const s of await api.accounts.getSessions(undefined, {})) {
      await api.accounts.removeSession(s.id);
    }
    emu.reset();
    await setSetting('apiUrl', emu.url);
    await api.session.reload();
    const editorRedirect = (await vscode.commands.executeCommand<string>('workspaceAutomation.showOAuthRedirect')) ?? '';
    clientId = emu.oauth.registerClient({ redirect_uris: [loopback, editorRedirect], token_endpoint_auth_method: 'none', client_name: 'Editor test' }).clientId;
  });

  after(async () => {
    await setSetting('oauth.loopbackPort', undefined);
    await signedOutState();
    for (const s of await api.accounts.getSessions(undefined, {})) {
      await api.accounts.removeSession(s.id);
    }
    await emu.close();
  });

  /**
   * The address the editor hands its URI handler for the browser's answer at `back`: its own
   * scheme, our handler's path, the answer's parameters (a web editor's callback page drops its
   * `vscode-*` ones), as code-server's callback page and a desktop editor's `vscode://` link do.
   */
  const handlerAddress = (back: URL, path = '/oauth/callback'): vscode.Uri => {
    const params = new URLSearchParams([...back.searchParams].filter(([k]) => !k.startsWith('vscode-')));
    return vscode.Uri.parse(`${vscode.env.uriScheme}://workspace-automation.workspace-automation${path}?${params.toString()}`);
  };

  const signIn = (redirect: 'loopback' | 'editor'): Thenable<Result | undefined> =>
    vscode.commands.executeCommand<Result>('workspaceAutomation.signInWithOAuth', { clientId, clientSecret: '', redirect, workspace: 'acme' });

  async function nothingStored(): Promise<void> {
    assert.equal(api.session.signedIn, false);
    assert.equal(await api.services.context.secrets.get(tokenKey(emu.url)), undefined);
    assert.equal(await api.services.context.secrets.get(`workspaceAutomation.oauth:${emu.url}`), undefined);
    assert.deepEqual(await api.accounts.getSessions(undefined, {}), []);
  }

  it('approved on the consent page, answered at the loopback listener: signed in, an OAuth account, the views load', async () => {
    api.oauthRedirects.open = async (url) => {
      const back = await consentRedirect(url, 'approve');
      assert.equal(`${back.origin}${back.pathname}`, loopback);
      const page = await fetch(back.href);
      assert.equal(page.status, 200);
      return true;
    };
    const result = await signIn('loopback');
    assert.equal(result?.signedIn, true, result?.error);
    assert.equal(api.session.state, 'ready');
    const sessions = await api.accounts.getSessions(undefined, {});
    assert.deepEqual(sessions.map((s) => [s.id, s.account.label]), [[emu.url, `Alice Admin (${emu.url})`]]);
    const set = await api.services.context.secrets.get(`workspaceAutomation.oauth:${emu.url}`);
    const access = (JSON.parse(set ?? '{}') as { accessToken?: string }).accessToken;
    assert.ok(access, 'the token set is stored, with the access token');
    // One stored copy of the access token: the address's token key holds the marker only.
    assert.equal(await api.services.context.secrets.get(tokenKey(emu.url)), 'oauth-token-set');
    assert.equal(sessions[0].accessToken, access, 'the Accounts menu hands out the set\'s access token');
    const projects = await api.views.projects.getChildren();
    assert.ok(projects.length > 0, 'the Projects view lists the workspace\'s projects');
  });

  it('an earlier version\'s copy of the access token under the token key gives way to the marker; the account stays signed in', async () => {
    api.oauthRedirects.open = async (url) => {
      await fetch((await consentRedirect(url, 'approve')).href);
      return true;
    };
    assert.equal((await signIn('loopback'))?.signedIn, true);
    const secrets = api.services.context.secrets;
    const access = (JSON.parse((await secrets.get(`workspaceAutomation.oauth:${emu.url}`)) ?? '{}') as { accessToken?: string }).accessToken;
    assert.ok(access);
    await secrets.store(tokenKey(emu.url), access);
    await api.session.reload();
    assert.equal(await secrets.get(tokenKey(emu.url)), 'oauth-token-set');
    assert.equal(api.session.signedIn, true);
    emu.clearRequests();
    assert.ok(await api.session.client?.getUser(), 'requests still carry the set\'s token');
    assert.deepEqual(emu.requests.map((r) => `${r.method} ${r.path} ${r.status}`), ['GET /user 200']);
  });

  it('answered through the URI handler: signed in', async () => {
    api.oauthRedirects.open = async (url) => {
      const back = await consentRedirect(url, 'approve');
      api.oauthRedirects.handleUri(handlerAddress(back));
      return true;
    };
    const result = await signIn('editor');
    assert.equal(result?.signedIn, true, result?.error);
    assert.equal(api.session.baseUrl, emu.url);
  });

  it('a denied consent: a clear message, nothing stored', async () => {
    api.oauthRedirects.open = async (url) => {
      const back = await consentRedirect(url, 'deny');
      await fetch(back.href);
      return true;
    };
    const result = await signIn('loopback');
    assert.equal(result?.signedIn, false);
    assert.match(result?.error ?? '', /denied|refused/i);
    await nothingStored();
  });

  it('a forged answer at the loopback listener (another state, another path): a 400, ignored; the real answer then signs in', async () => {
    const forged: number[] = [];
    api.oauthRedirects.open = async (url) => {
      const back = await consentRedirect(url, 'approve');
      const wrongState = new URL(back.href);
      wrongState.searchParams.set('state', 'forged');
      wrongState.searchParams.set('code', 'forged-code');
      const wrongPath = new URL(back.href);
      wrongPath.pathname = '/elsewhere';
      for (const address of [wrongState, wrongPath]) {
        forged.push((await fetch(address.href)).status);
      }
      assert.equal((await fetch(back.href)).status, 200, 'the real answer is taken after the forged ones');
      return true;
    };
    const result = await signIn('loopback');
    assert.deepEqual(forged, [400, 400]);
    assert.equal(result?.signedIn, true, result?.error);
    assert.equal(emu.oauth.stats().accessTokensIssued, 1, 'one code exchanged: the real one');
  });

  it('a forged answer through the URI handler (another state, another path): ignored, the sign-in goes on; the real answer then signs in', async () => {
    api.oauthRedirects.open = async (url) => {
      const back = await consentRedirect(url, 'approve');
      const forged = new URL(back.href);
      forged.searchParams.set('state', 'forged');
      forged.searchParams.set('code', 'forged-code');
      api.oauthRedirects.handleUri(handlerAddress(forged));
      api.oauthRedirects.handleUri(handlerAddress(back, '/elsewhere'));
      api.oauthRedirects.handleUri(handlerAddress(back));
      return true;
    };
    const result = await signIn('editor');
    assert.equal(result?.signedIn, true, result?.error);
    assert.equal(emu.oauth.stats().accessTokensIssued, 1, 'one code exchanged: the real one');
    assert.equal(api.oauthRedirects.paste, undefined, 'the paste offer withdrawn with the wait');
  });

  it('a code used twice (replayed): refused, nothing stored', async () => {
    api.oauthRedirects.open = async (url) => {
      const back = await consentRedirect(url, 'approve');
      // Someone else redeems the code first.
      const spent = await fetch(`${emu.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code') ?? '', redirect_uri: loopback, client_id: clientId, code_verifier: 'x'.repeat(43) }).toString(),
      });
      assert.notEqual(spent.status, 200);
      await fetch(back.href);
      return true;
    };
    const result = await signIn('loopback');
    assert.equal(result?.signedIn, false);
    assert.match(result?.error ?? '', /OAuth/);
    await nothingStored();
  });

  it('an expired access token is renewed without asking (the emulator\'s clock), the rotated refresh token stored', async () => {
    api.oauthRedirects.open = async (url) => {
      await fetch((await consentRedirect(url, 'approve')).href);
      return true;
    };
    assert.equal((await signIn('loopback'))?.signedIn, true);
    const before = await api.services.context.secrets.get(`workspaceAutomation.oauth:${emu.url}`);
    emu.clock.advance((emu.oauth.lifetimes.accessTokenS + 5) * 1000);
    emu.clearRequests();
    const user = await api.session.client?.getUser();
    assert.ok(user, 'the request succeeded after the renewal');
    assert.deepEqual(
      emu.requests.map((r) => `${r.method} ${r.path} ${r.status}`),
      ['GET /user 401', 'POST /oauth2/token 200', 'GET /user 200'],
    );
    const after = await api.services.context.secrets.get(`workspaceAutomation.oauth:${emu.url}`);
    assert.notEqual(after, before, 'the renewed set is stored');
    assert.equal(api.session.signedIn, true);
    // The renewed token is the one stored copy: the Accounts menu hands it out, the token key still holds the marker.
    const renewed = (JSON.parse(after ?? '{}') as { accessToken?: string }).accessToken;
    assert.equal((await api.accounts.getSessions(undefined, {}))[0]?.accessToken, renewed);
    assert.equal(await api.services.context.secrets.get(tokenKey(emu.url)), 'oauth-token-set');
  });
});

describe(`accounts: OAuth renewal, before expiry and refused ${dialectTag}`, function () {
  this.timeout(60_000);
  let emu: Emulator;
  let api: ExtensionApi;
  let loopback: string;
  const setKey = (): string => `workspaceAutomation.oauth:${emu.url}`;
  /** "POST /oauth2/token 200" lines of the OAuth emulator's log. */
  const log = (): string[] => emu.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`);
  const tokenRequests = (): string[] => log().filter((l) => l.startsWith('POST /oauth2/token'));

  async function signedOutOfAll(): Promise<void> {
    api = await signedOutState();
    for (const s of await api.accounts.getSessions(undefined, {})) {
      await api.accounts.removeSession(s.id);
    }
  }

  /** Alice signed in with OAuth at the OAuth emulator (shown), in acme. */
  async function aliceWithOAuth(): Promise<void> {
    await setSetting('apiUrl', emu.url);
    await api.session.reload();
    const clientId = emu.oauth.registerClient({ redirect_uris: [loopback], token_endpoint_auth_method: 'none', client_name: 'Editor test' }).clientId;
    api.oauthRedirects.open = async (url) => {
      await fetch((await consentRedirect(url, 'approve')).href);
      return true;
    };
    const result = await vscode.commands.executeCommand<Result>('workspaceAutomation.signInWithOAuth', { clientId, clientSecret: '', redirect: 'loopback', workspace: 'acme' });
    assert.equal(result?.signedIn, true, result?.error);
    assert.equal(api.session.baseUrl, emu.url);
  }

  before(async () => {
    emu = await startEmulator({ dialect: process.env.WA_DIALECT === 'vendor' ? 'vendor' : 'default' });
    const port = await freePort();
    loopback = `http://127.0.0.1:${port}/callback`;
    await setSetting('oauth.loopbackPort', port);
    // No view loads on its own: the requests counted are the tests'.
    await hideSidebar();
  });

  beforeEach(async () => {
    await signedOutOfAll();
    emu.reset();
  });

  after(async () => {
    await setSetting('oauth.loopbackPort', undefined);
    await signedOutOfAll();
    await emu.close();
  });

  it('a token near its expiry is renewed before it is used, without a 401; the rotated refresh token is stored before the new access token goes out', async () => {
    await aliceWithOAuth();
    const secrets = api.services.context.secrets;
    const issued = JSON.parse((await secrets.get(setKey())) ?? '{}') as { accessToken: string; refreshToken: string; obtainedAt: number; expiresAt: number };
    // 30 s before the access token expires, on both clocks: the emulator's advanced, and the stored
    // set written as if obtained that much earlier (the editor's own clock cannot be moved).
    const elapsedMs = (emu.oauth.lifetimes.accessTokenS - 30) * 1000;
    emu.clock.advance(elapsedMs);
    await secrets.store(setKey(), JSON.stringify({ ...issued, obtainedAt: issued.obtainedAt - elapsedMs, expiresAt: issued.expiresAt - elapsedMs }));
    // What the emulator had answered when each new set was stored (the store awaited).
    const answeredWhenStored: string[][] = [];
    const store = secrets.store;
    secrets.store = async (key, value) => {
      await store.call(secrets, key, value);
      if (key === setKey()) {
        answeredWhenStored.push(log());
      }
    };
    emu.clearRequests();
    let user: Awaited<ReturnType<NonNullable<typeof api.session.client>['getUser']>> | undefined;
    try {
      user = await api.session.client?.getUser();
    } finally {
      secrets.store = store;
    }
    assert.equal(user?.name, 'Alice Admin');
    assert.deepEqual(log(), ['POST /oauth2/token 200', 'GET /user 200'], 'renewed first, no 401, nothing asked of the user');
    assert.deepEqual(answeredWhenStored, [['POST /oauth2/token 200']], 'the new set stored before the request that uses it');
    const renewed = JSON.parse((await secrets.get(setKey())) ?? '{}') as { accessToken: string; refreshToken: string };
    assert.notEqual(renewed.refreshToken, issued.refreshToken, 'the rotated refresh token is kept');
    assert.notEqual(renewed.accessToken, issued.accessToken);
    assert.equal(emu.oauth.stats().activeRefreshTokens, 1, 'the stored refresh token is the one that works');

    // The old access token expires on the emulator: the views go on with the new one, nothing renewed again.
    emu.clock.advance(60_000);
    emu.clearRequests();
    api.views.projects.refresh();
    const projects = await api.views.projects.getChildren();
    assert.ok(projects.length > 1, `the Projects view lists the projects: ${projects.length}`);
    assert.deepEqual(tokenRequests(), []);
    assert.deepEqual(log().filter((l) => / 401$/.test(l)), []);
    assert.equal(api.session.signedIn, true);
  });

  for (const ending of ['expired', 'revoked'] as const) {
    it(`a renewal refused (the refresh token ${ending}): that account signed out after one token request, the other account keeps working, nothing else lost`, async () => {
      // Dave with a token at the run's emulator, then Alice with OAuth at this one (shown).
      assert.equal((await signInCommand('dev-token', 'acme'))?.signedIn, true);
      await aliceWithOAuth();
      const secrets = api.services.context.secrets;
      const refreshToken = (JSON.parse((await secrets.get(setKey())) ?? '{}') as { refreshToken: string }).refreshToken;
      if (ending === 'expired') {
        emu.clock.advance((emu.oauth.lifetimes.refreshTokenS + 5) * 1000);
      } else {
        assert.equal(emu.oauth.revoke(refreshToken), true);
      }
      emu.clearRequests();
      await clearRequests();

      // Each telling of the refusal signs the account out (its token set deleted) and shows one
      // notice: counted here, where the editor would fold identical notices into one.
      let setDeletions = 0;
      const remove = secrets.delete;
      secrets.delete = async (key) => {
        setDeletions += key === setKey() ? 1 : 0;
        await remove.call(secrets, key);
      };
      // Several requests at once, then more: one renewal asked for, then none.
      const client = api.session.client;
      try {
        const outcomes = await Promise.allSettled([client?.getUser(), client?.getUser(), client?.getUser()]);
        assert.deepEqual(outcomes.map((o) => o.status), ['rejected', 'rejected', 'rejected']);
        for (let i = 0; i < 3; i++) {
          await client?.getUser().catch(() => undefined);
          api.views.projects.refresh();
          await api.views.projects.getChildren();
        }
      } finally {
        secrets.delete = remove;
      }
      assert.deepEqual(tokenRequests(), ['POST /oauth2/token 400'], `one renewal, refused: ${JSON.stringify(log())}`);
      assert.equal(setDeletions, 1, 'the refusal told once, though three requests waited on it');

      // Alice is signed out (her secrets gone); Dave's account, token and workspace stay.
      assert.equal(api.session.signedIn, false);
      assert.equal(await secrets.get(setKey()), undefined);
      assert.equal(await secrets.get(tokenKey(emu.url)), undefined);
      assert.deepEqual((await api.accounts.getSessions(undefined, {})).map((s) => s.account.label), [`Dave Developer (${emulatorUrl()})`]);
      assert.equal(await secrets.get(tokenKey(emulatorUrl())), 'dev-token');
      assert.equal(vscode.workspace.getConfiguration('workspaceAutomation').get('workspace'), 'acme', 'the workspace setting stays');
      assert.equal(await vscode.commands.executeCommand('workspaceAutomation.switchAccount', emulatorUrl()), true);
      assert.equal(api.session.workspace, 'acme');
      assert.equal((await api.session.client?.getUser())?.name, 'Dave Developer');
      api.views.projects.refresh();
      assert.ok((await api.views.projects.getChildren()).length > 1, 'Dave\'s projects');
      assert.deepEqual(tokenRequests(), ['POST /oauth2/token 400'], 'nothing renewed at Alice\'s address since');
    });
  }
});
