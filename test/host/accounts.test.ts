// The Accounts menu's provider in the real editor: each signed-in account is a session named by
// who and where; Sign Out of one account deletes exactly its secret while another keeps working.
// The second account is a second emulator (another address), started in this extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../emulator';
import { dialectTag } from '../harness/dialect';
import { emulatorUrl, extensionApi, setSetting, signedOutState, signInCommand, tokenKey, waitFor } from './sessionHelpers';

describe(`accounts: the Accounts menu's provider ${dialectTag}`, function () {
  this.timeout(60_000);
  let second: Emulator;

  before(async () => {
    second = await startEmulator({ dialect: process.env.WA_DIALECT === 'vendor' ? 'vendor' : 'default' });
  });

  async function signedOutOfAll(): Promise<void> {
    const api = await signedOutState();
    for (const s of await api.accounts.getSessions(undefined, {})) {
      await api.accounts.removeSession(s.id);
    }
  }

  beforeEach(signedOutOfAll);

  after(async () => {
    await signedOutOfAll();
    await second.close();
  });

  it('a token sign-in is an account: one session with the token, named by the user and the address, announced as added', async () => {
    const api = await extensionApi();
    const added: string[] = [];
    const labels: string[] = [];
    const listening = api.accounts.onDidChangeSessions((e) => {
      added.push(...(e.added ?? []).map((s) => s.id));
      labels.push(...[...(e.added ?? []), ...(e.changed ?? [])].map((s) => s.account.label));
    });
    try {
      const result = await signInCommand('admin-token');
      assert.equal(result?.signedIn, true, result?.error);
      const sessions = await api.accounts.getSessions(undefined, {});
      assert.deepEqual(
        sessions.map((s) => [s.id, s.account.label, s.accessToken]),
        [[emulatorUrl(), `Alice Admin (${emulatorUrl()})`, 'admin-token']],
      );
      assert.ok(sessions[0].scopes.length > 0, 'the scopes the token info listed');
      await waitFor('the added session to be announced', () => added.includes(emulatorUrl()) && labels.at(-1) === `Alice Admin (${emulatorUrl()})`);
      assert.deepEqual(added, [emulatorUrl()], 'added once');
      // Named from the first announcement: the editor's Accounts menu keeps a label it was once told.
      assert.equal(labels[0], `Alice Admin (${emulatorUrl()})`);
    } finally {
      listening.dispose();
    }
  });

  it('an account signed in while the editor reads the sessions is still announced as added (else the Accounts menu never lists it)', async () => {
    // The editor reads the sessions for its own reasons, not only for its Accounts menu (which
    // extensions use which account, read by a window about 2.5 s after it opened: in CI, as a sign-in
    // right after a reload ended). Here a read begins at each change of the account list, the
    // sign-in's last (its token stored) included, just before the provider compares what it announced.
    const api = await extensionApi();
    const added: string[] = [];
    const reads: Promise<unknown>[] = [];
    const listening = [
      api.accounts.onDidChangeSessions((e) => added.push(...(e.added ?? []).map((s) => s.id))),
      api.session.accounts.onDidChange(() => reads.push(api.accounts.getSessions(undefined, {}))),
    ];
    try {
      const result = await signInCommand('admin-token');
      assert.equal(result?.signedIn, true, result?.error);
      await Promise.all(reads);
      assert.ok(reads.length >= 2, `the sessions read at each change of the account list (${reads.length} times)`);
      await waitFor('the added session to be announced', () => added.includes(emulatorUrl()));
    } finally {
      listening.forEach((l) => l.dispose());
    }
  });

  it("two accounts side by side; Sign Out of one deletes only its secret, the other keeps working", async () => {
    const api = await extensionApi();
    assert.equal((await signInCommand('admin-token'))?.signedIn, true);
    await setSetting('apiUrl', second.url);
    await api.session.reload();
    const result = await signInCommand('dev-token');
    assert.equal(result?.signedIn, true, result?.error);
    const sessions = await api.accounts.getSessions(undefined, {});
    assert.deepEqual(sessions.map((s) => [s.id, s.accessToken]).sort(), [
      [emulatorUrl(), 'admin-token'],
      [second.url, 'dev-token'],
    ].sort());
    const onlySecond = await api.accounts.getSessions(undefined, { account: { id: second.url, label: '' } });
    assert.deepEqual(onlySecond.map((s) => s.id), [second.url], 'asked about one account: its session only');

    await api.accounts.removeSession(emulatorUrl());
    assert.equal(await api.services.context.secrets.get(tokenKey(emulatorUrl())), undefined, 'the first account\'s secret is deleted');
    assert.equal(await api.services.context.secrets.get(tokenKey(second.url)), 'dev-token', 'the other account\'s secret stays');
    assert.deepEqual((await api.accounts.getSessions(undefined, {})).map((s) => s.id), [second.url]);
    assert.equal(api.session.baseUrl, second.url);
    assert.equal(api.session.state, 'ready');
    second.clearRequests();
    const user = await api.session.client?.getUser();
    assert.ok(user, 'the remaining account still answers');
    assert.deepEqual(second.requests.map((r) => `${r.method} ${r.path} ${r.status}`), ['GET /user 200']);
  });

  it('Sign Out of the account the views show signs the session out (its budget forgotten)', async () => {
    const api = await extensionApi();
    assert.equal((await signInCommand('admin-token'))?.signedIn, true);
    await api.accounts.removeSession(emulatorUrl());
    assert.equal(api.session.signedIn, false);
    assert.equal(api.session.state, 'signedOut');
    assert.equal(await api.services.context.secrets.get(tokenKey(emulatorUrl())), undefined);
    assert.deepEqual(await api.accounts.getSessions(undefined, {}), []);
  });

  it('a token deleted elsewhere (another window\'s Sign Out) removes the account from the menu', async () => {
    const api = await extensionApi();
    assert.equal((await signInCommand('admin-token'))?.signedIn, true);
    await api.services.context.secrets.delete(tokenKey(emulatorUrl()));
    await waitFor('the account to leave the list', async () => (await api.accounts.getSessions(undefined, {})).length === 0);
    assert.equal(api.session.signedIn, false);
  });

  it('the provider is registered with the editor: its accounts can be asked for by other extensions', async () => {
    await extensionApi();
    assert.equal((await signInCommand('admin-token'))?.signedIn, true);
    // Silent: no consent prompt in a test; the call reaching the provider without "no provider" is what is checked.
    const got = await vscode.authentication.getSession('workspace-automation', [], { silent: true });
    assert.ok(got === undefined || got.accessToken === 'admin-token', `got ${got?.account.label}`);
  });

  it('after Sign Out the status bar no longer shows the last budget as if current', async () => {
    const api = await extensionApi();
    assert.equal((await signInCommand('admin-token'))?.signedIn, true);
    await api.session.client?.getUser();
    await waitFor('the budget to be shown', () => api.statusBar.visible);
    await vscode.commands.executeCommand('workspaceAutomation.signOut');
    assert.equal(api.statusBar.visible, false);
  });
});
