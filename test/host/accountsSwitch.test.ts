// Switch Account… in the real editor with two accounts side by side: the default emulator (Alice,
// admin-token) and a second emulator on another port (Dave, dev-token), started in this extension
// host. The views show one account at a time; each keeps its workspace and its project; requests go
// only to the shown account's address; the Projects view's title and the status bar item say which
// account is shown.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../emulator';
import { dialectTag } from '../harness/dialect';
import { json, loopbackCertificate, startHostileServer } from '../harness/hostileServer';
import { ScriptedPrompter } from './scriptedPrompter';
import { clearRequests, config, emulatorUrl, hideSidebar, requests, setSetting, signedOutState, signInCommand, waitFor } from './sessionHelpers';
import type { ExtensionApi } from '../../src/extension';

const SWITCH = 'workspaceAutomation.switchAccount';

describe(`accounts: Switch Account ${dialectTag}`, function () {
  this.timeout(60_000);
  let second: Emulator;
  let api: ExtensionApi;

  before(async () => {
    second = await startEmulator({ dialect: process.env.WA_DIALECT === 'vendor' ? 'vendor' : 'default' });
    // No view loads on its own: the requests counted are the tests' and the switch's.
    await hideSidebar();
  });

  async function signedOutOfAll(): Promise<void> {
    for (const key of ['accountType', 'host']) {
      if (config().inspect(key)?.globalValue !== undefined) {
        await setSetting(key, undefined);
      }
    }
    api = await signedOutState();
    for (const s of await api.accounts.getSessions(undefined, {})) {
      await api.accounts.removeSession(s.id);
    }
  }

  /** Alice at the default emulator in acme with Web App chosen, then Dave at the second one in acme with Docs chosen (shown). */
  async function twoAccounts(): Promise<void> {
    assert.equal((await signInCommand('admin-token', 'acme'))?.signedIn, true);
    api.views.currentProject.set({ name: 'web-app', displayName: 'Web App' });
    await setSetting('apiUrl', second.url);
    await api.session.reload();
    const result = await signInCommand('dev-token', 'acme');
    assert.equal(result?.signedIn, true, result?.error);
    assert.equal(api.session.baseUrl, second.url);
    api.views.currentProject.set({ name: 'docs', displayName: 'Docs' });
  }

  beforeEach(async () => {
    await signedOutOfAll();
    second.reset();
  });

  after(async () => {
    await signedOutOfAll();
    await second.close();
  });

  it('one account: nothing names it; a second one: the Projects title and the status bar item name the shown one', async () => {
    assert.equal((await signInCommand('admin-token', 'acme'))?.signedIn, true);
    assert.equal(api.session.accountLabel, undefined);
    assert.equal(api.views.projects.treeView?.description, 'acme');
    assert.equal(api.accountItem.visible, false);

    await setSetting('apiUrl', second.url);
    await api.session.reload();
    assert.equal((await signInCommand('dev-token', 'acme'))?.signedIn, true);
    const dave = `Dave Developer (${second.url})`;
    await waitFor('the title to name the account', () => api.views.projects.treeView?.description === `acme · ${dave}`).catch((e: Error) => {
      throw new Error(`${e.message}: it says ${api.views.projects.treeView?.description}, state ${api.session.state}, accounts ${JSON.stringify(api.session.accounts.list())}, label ${api.session.accountLabel}`);
    });
    assert.equal(api.accountItem.visible, true);
    assert.equal(api.accountItem.text, `$(account) ${dave}`);
    assert.equal(api.accountItem.item.command, SWITCH);

    // The other account signed out from the Accounts menu: one account left, no name needed.
    await api.accounts.removeSession(emulatorUrl());
    await waitFor('the title to drop the account', () => api.views.projects.treeView?.description === 'acme');
    assert.equal(api.accountItem.visible, false);
  });

  it('switches the views between the accounts: each keeps its workspace and project, requests go to the shown one only', async () => {
    await twoAccounts();
    await clearRequests();
    second.clearRequests();

    assert.equal(await vscode.commands.executeCommand(SWITCH, emulatorUrl()), true);
    assert.equal(api.session.baseUrl, emulatorUrl());
    assert.equal(api.session.workspace, 'acme');
    assert.equal(api.session.state, 'ready');
    assert.deepEqual(api.views.currentProject.currentProject, { name: 'web-app', displayName: 'Web App' }, 'Alice\'s project');
    assert.equal(api.views.projects.treeView?.description, `acme · Alice Admin (${emulatorUrl()})`);
    const user = await api.session.client?.getUser();
    assert.equal(user?.name, 'Alice Admin');
    assert.deepEqual(second.requests.map((r) => `${r.method} ${r.path}`), [], 'nothing asked of the account not shown');

    // Dave chooses another workspace; back to Alice and to Dave again: each finds its own.
    assert.equal(await vscode.commands.executeCommand(SWITCH, second.url), true);
    assert.deepEqual(api.views.currentProject.currentProject, { name: 'docs', displayName: 'Docs' }, 'Dave\'s project');
    await vscode.commands.executeCommand('workspaceAutomation.selectWorkspace', 'dormant');
    assert.equal(api.session.workspace, 'dormant');
    assert.equal(await vscode.commands.executeCommand(SWITCH, emulatorUrl()), true);
    assert.equal(api.session.workspace, 'acme', 'Alice kept acme');
    assert.equal(await vscode.commands.executeCommand(SWITCH, second.url), true);
    assert.equal(api.session.workspace, 'dormant', 'Dave kept dormant');
    assert.equal(api.session.baseUrl, second.url);
    await clearRequests();
    assert.equal((await api.session.client?.getUser())?.name, 'Dave Developer');
    assert.deepEqual(await requests(), [], 'nothing asked of the default emulator while Dave is shown');
  });

  it('a client made for one account never sends another account\'s token after Switch Account: its request is refused before it leaves (issue 32)', async () => {
    await twoAccounts();
    const davesClient = api.session.client;
    assert.ok(davesClient, 'Dave is shown');
    assert.equal((await davesClient.getUser()).name, 'Dave Developer');
    assert.equal(await vscode.commands.executeCommand(SWITCH, emulatorUrl()), true);
    assert.equal(api.session.baseUrl, emulatorUrl());
    second.clearRequests();
    await assert.rejects(davesClient.getUser(), (e: Error) => e.name === 'UnauthorizedError', 'refused: the session moved to Alice');
    assert.deepEqual(second.requests.map((r) => `${r.method} ${r.path} user ${r.user}`), [], 'Alice\'s token never reached Dave\'s address');
    // Alice's own client works; Dave's again once Dave is shown.
    assert.equal((await api.session.client?.getUser())?.name, 'Alice Admin');
    assert.equal(await vscode.commands.executeCommand(SWITCH, second.url), true);
    assert.equal((await davesClient.getUser()).name, 'Dave Developer');
  });

  it('a write flow whose account changed before Retry stops with a message: nothing sent to either address (issue 32)', async () => {
    await twoAccounts();
    second.injectFault({ kind: '500', method: 'POST', path: '/workspaces/acme/projects' });
    /** Dave's Create Project fails; while its Retry is offered, the person switches to Alice, then clicks Retry. */
    class SwitchingPrompter extends ScriptedPrompter {
      override async message(severity: 'info' | 'warning' | 'error', text: string, ...actions: string[]): Promise<string | undefined> {
        if (actions.includes('Retry')) {
          assert.equal(await vscode.commands.executeCommand(SWITCH, emulatorUrl()), true);
          second.clearRequests();
          await clearRequests();
        }
        return super.message(severity, text, ...actions);
      }
    }
    const prompter = new SwitchingPrompter([{ input: 'Release Bot' }, { accept: true }]).choose('Retry');
    const project = await vscode.commands.executeCommand('workspaceAutomation.createProject', { prompter });
    assert.equal(project, undefined);
    assert.equal(api.session.baseUrl, emulatorUrl(), 'Alice is shown');
    assert.match(prompter.messages.at(-1)?.text ?? '', /the account or workspace changed while it was open, so nothing was sent/, JSON.stringify(prompter.messages));
    assert.deepEqual(second.requests.map((r) => `${r.method} ${r.path}`), [], 'no Retry at Dave\'s address');
    assert.deepEqual((await requests()).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`), [], 'nor at Alice\'s');
  });

  it('the pick lists both accounts, the shown one first, and Sign In to Another Account; picking one shows it', async () => {
    await twoAccounts();
    const prompter = new ScriptedPrompter([{ pick: `Alice Admin (${emulatorUrl()})` }]);
    assert.equal(await vscode.commands.executeCommand(SWITCH, { prompter }), true);
    assert.deepEqual(
      prompter.prompts[0].items.map((i) => [i.label, i.description]),
      [
        [`Dave Developer (${second.url})`, 'acme'],
        [`Alice Admin (${emulatorUrl()})`, 'acme'],
        ['Sign In to Another Account…', undefined],
      ],
    );
    assert.equal(prompter.prompts[0].title, 'Workspace Automation: Switch Account');
    assert.equal(api.session.baseUrl, emulatorUrl());
    assert.deepEqual(api.views.currentProject.currentProject, { name: 'web-app', displayName: 'Web App' });
    assert.equal(prompter.remaining, 0);
  });

  it('an address no account is signed in at is refused: nothing switched', async () => {
    await twoAccounts();
    assert.equal(await vscode.commands.executeCommand(SWITCH, 'http://127.0.0.1:9'), false);
    assert.equal(api.session.baseUrl, second.url);
    assert.equal(api.session.workspace, 'acme');
  });

  it('a switch never lets the views ask one account\'s address for the other\'s workspace', async () => {
    await twoAccounts();
    await vscode.commands.executeCommand('workspaceAutomation.selectWorkspace', 'dormant');
    await clearRequests();
    const seen: string[] = [];
    const listening = api.session.onDidChange(() => seen.push(`${api.session.baseUrl} ${api.session.workspace}`));
    try {
      assert.equal(await vscode.commands.executeCommand(SWITCH, emulatorUrl()), true);
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(seen, [`${emulatorUrl()} acme`], 'one change, straight to Alice in acme');
      assert.deepEqual((await requests()).filter((r) => r.path.includes('/dormant')), []);
    } finally {
      listening.dispose();
    }
  });

  it('Sign In through the account-type step to a self-hosted installation: the account appears with its host and works, beside the first', async () => {
    // The installation: https://127.0.0.1:<port>/api (what the self-hosted step makes of a host),
    // a TLS front with a certificate of its own before the second emulator.
    const outsideApi: string[] = [];
    const front = await startHostileServer({
      tls: loopbackCertificate(),
      upstream: second.url,
      handler: (req, res) => {
        if (!req.path.startsWith('/api/')) {
          outsideApi.push(req.path);
          json(res, 404, { errors: [{ message: 'Not found.' }] });
          return true;
        }
        req.path = req.path.slice('/api'.length);
        return false;
      },
    });
    const rejectUnauthorized = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    // The extension host trusts the front's self-signed certificate for this test only.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      assert.equal((await signInCommand('admin-token', 'acme'))?.signedIn, true);
      await setSetting('apiUrl', undefined);
      await api.session.reload();
      const host = `127.0.0.1:${front.port}`;
      const installation = `https://${host}/api`;
      const prompter = new ScriptedPrompter([{ pick: 'Self-hosted installation' }, { input: host }, { input: 'dev-token' }, { pick: /^Acme$/ }]);
      assert.equal(await vscode.commands.executeCommand('workspaceAutomation.signIn', { prompter }), true);
      assert.deepEqual(prompter.prompts[0].items.map((i) => i.label), ['US account', 'EU account', 'Asia account', 'Self-hosted installation']);
      assert.match(prompter.prompts[2].text, new RegExp(`token for ${installation.replace(/[.]/g, '\\.')}`));
      assert.equal(prompter.remaining, 0);

      const dave = `Dave Developer (${host})`;
      assert.equal(api.session.baseUrl, installation);
      assert.equal(api.session.workspace, 'acme');
      assert.deepEqual((await api.accounts.getSessions(undefined, {})).map((s) => s.account.label).sort(), [`Alice Admin (${emulatorUrl()})`, dave].sort());
      await waitFor('the title to name the installation\'s account', () => api.views.projects.treeView?.description === `acme · ${dave}`);
      second.clearRequests();
      assert.equal((await api.session.client?.getUser())?.name, 'Dave Developer');
      api.views.projects.refresh();
      assert.ok((await api.views.projects.getChildren()).length > 1, 'the installation\'s projects');
      assert.deepEqual(second.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`), ['GET /user', 'GET /workspaces/acme/projects'], 'asked through the front');
      assert.deepEqual(outsideApi, [], 'every request under /api');

      // Alice and back: each at her own address; the installation's address comes back from its account.
      await clearRequests();
      assert.equal(await vscode.commands.executeCommand(SWITCH, emulatorUrl()), true);
      assert.equal((await api.session.client?.getUser())?.name, 'Alice Admin');
      assert.equal(await vscode.commands.executeCommand(SWITCH, installation), true);
      assert.equal(api.session.baseUrl, installation);
      assert.equal(config().get('accountType'), 'self-hosted');
      assert.equal(config().get('host'), host);
      assert.equal((await api.session.client?.getUser())?.name, 'Dave Developer');
      assert.deepEqual((await requests()).map((r) => `${r.method} ${r.path}`), ['GET /user'], 'Alice\'s address asked once, by her own request');
    } finally {
      if (rejectUnauthorized === undefined) {
        delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      } else {
        process.env.NODE_TLS_REJECT_UNAUTHORIZED = rejectUnauthorized;
      }
      await front.close();
    }
  });
});
