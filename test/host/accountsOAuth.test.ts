// Sign In with OAuth in the real editor against an emulator started in this extension host: the
// consent page approved over HTTP (oauthConsent.ts) as the browser would, the answer through the
// loopback listener or the URI handler; refusals (denied, a wrong state, a replayed code) end in
// a message and nothing stored; an expired token is renewed without asking (the emulator's clock).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../emulator';
import { dialectTag } from '../harness/dialect';
import { freePort } from '../harness/freePort';
import { consentRedirect } from '../harness/oauthConsent';
import { setSetting, signedOutState, tokenKey } from './sessionHelpers';
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
    assert.ok(await api.services.context.secrets.get(`workspaceAutomation.oauth:${emu.url}`), 'the token set is stored');
    const projects = await api.views.projects.getChildren();
    assert.ok(projects.length > 0, 'the Projects view lists the workspace\'s projects');
  });

  it('answered through the URI handler: signed in', async () => {
    api.oauthRedirects.open = async (url) => {
      const back = await consentRedirect(url, 'approve');
      api.oauthRedirects.handleUri(vscode.Uri.parse(back.href));
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

  it('an answer with another state (a forged link): refused, nothing stored, no token asked for', async () => {
    api.oauthRedirects.open = async (url) => {
      const back = await consentRedirect(url, 'approve');
      back.searchParams.set('state', 'forged');
      await fetch(back.href);
      return true;
    };
    const result = await signIn('loopback');
    assert.equal(result?.signedIn, false);
    assert.match(result?.error ?? '', /state/);
    assert.equal(emu.oauth.stats().accessTokensIssued, 0);
    await nothingStored();
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
  });
});
