// Sign-in and the session's states, in the real editor against the emulator: signed out, a good
// token (stored in SecretStorage only), a bad token (refused, nothing stored), the environment
// token, the API-disabled workspace and an unreachable address.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  clearRequests,
  config,
  emulatorUrl,
  ENV_TOKEN,
  extensionApi,
  filesUnder,
  requests,
  setSetting,
  signedInAs,
  signedOutState,
  signInCommand,
  tokenKey,
  waitFor,
} from './sessionHelpers';
import { MODERN_SCOPES } from '../emulator/demo-data';
import { dialectTag } from '../harness/dialect';
import { forbidFor, startVendorProxy, type VendorProxy } from './vendorProxy';

describe('auth: sign-in and session states', function () {
  this.timeout(60_000);

  after(async () => {
    await signedOutState();
  });

  it('starts signed out: state signedOut, no client, and the Projects view shows only its welcome', async () => {
    const api = await signedOutState();
    assert.equal(api.session.state, 'signedOut');
    assert.equal(api.session.signedIn, false);
    assert.equal(api.session.client, undefined);
    await clearRequests();
    assert.deepEqual(await api.views.projects.getChildren(), []);
    assert.deepEqual(await requests(), [], 'a signed-out view sends no request');
  });

  it('signs in with a good token through the command: GET /workspaces, /user and /user/token, token in SecretStorage, scopes known', async () => {
    const api = await signedOutState();
    const result = await signInCommand('admin-token');
    assert.equal(result?.signedIn, true);
    assert.equal(result?.greeting, `Signed in to ${emulatorUrl()} as Alice Admin.`);
    assert.equal(api.session.state, 'ready');
    assert.equal(api.session.workspace, 'acme');
    assert.equal(api.session.tokenSource, 'secretStorage');
    assert.ok(api.session.scopes?.includes('TARGET_MANAGE'), `scopes: ${api.session.scopes}`);
    assert.equal(await api.services.context.secrets.get(tokenKey(emulatorUrl())), 'admin-token');
    const paths = (await requests()).map((r) => `${r.method} ${r.path} ${r.status}`).sort();
    assert.deepEqual(paths, ['GET /user 200', 'GET /user/token 200', 'GET /workspaces 200']);
  });

  describe(`the demo tokens of the real service's variations, through the Sign In command ${dialectTag}`, () => {
    const cases = [
      {
        token: 'modern-token',
        what: 'the 2026 scope names only: accepted, its scopes known as they are',
        answers: ['GET /user 200', 'GET /user/token 200', 'GET /workspaces 200'],
        greeting: 'as Alice Admin.',
        scopes: [...MODERN_SCOPES],
      },
      {
        token: 'no-token-info-token',
        what: 'no TOKEN_INFO: accepted, the scopes unknown (not empty)',
        answers: ['GET /user 200', 'GET /user/token 403', 'GET /workspaces 200'],
        greeting: 'as Alice Admin.',
        scopes: undefined,
      },
      {
        token: 'no-user-info-token',
        what: 'no USER_INFO: accepted, a greeting without a name',
        answers: ['GET /user 403', 'GET /user/token 200', 'GET /workspaces 200'],
        greeting: '',
        scopes: 'known' as const,
      },
    ];
    for (const c of cases) {
      it(`${c.token}, ${c.what}; the views load with it`, async () => {
        const api = await signedOutState();
        const result = await signInCommand(c.token);
        assert.equal(result?.signedIn, true, result?.error);
        assert.equal(result?.greeting, c.greeting ? `Signed in to ${emulatorUrl()} ${c.greeting}` : `Signed in to ${emulatorUrl()}.`);
        assert.deepEqual((await requests()).map((r) => `${r.method} ${r.path} ${r.status}`).sort(), c.answers);
        if (c.scopes === 'known') {
          assert.ok(api.session.scopes?.includes('TARGET_MANAGE') && !api.session.scopes.includes('USER_INFO'), `scopes: ${api.session.scopes}`);
        } else {
          assert.deepEqual(api.session.scopes, c.scopes);
        }
        assert.equal(api.session.state, 'ready');
        assert.equal(await api.services.context.secrets.get(tokenKey(emulatorUrl())), c.token);
        const projects = await api.views.projects.getChildren();
        assert.ok(projects.length >= 4 && projects.every((p) => p.contextValue?.startsWith('wa.project')), `projects: ${projects.map((p) => p.contextValue).join(', ')}`);
        const targets = await api.views.targets!.getChildren();
        assert.ok(targets.length >= 4 && targets.every((t) => t.contextValue?.startsWith('wa.target')), `targets: ${targets.map((t) => t.contextValue).join(', ')}`);
        await api.session.signOut();
      });
    }
  });

  describe('a token without TOKEN_INFO and USER_INFO (the real service answers 403 for them)', () => {
    let proxy: VendorProxy;

    before(async () => {
      proxy = await startVendorProxy([forbidFor('dev-token', ['/user', '/user/token'])]);
    });
    afterEach(async () => {
      await setSetting('apiUrl', emulatorUrl());
      await signedOutState();
    });
    after(async () => {
      await proxy.close();
    });

    it('is accepted because the server lists the workspaces for it; no scopes known, a greeting without a name', async () => {
      const api = await signedOutState();
      await setSetting('apiUrl', proxy.url);
      await api.session.reload();
      proxy.log.length = 0;
      const result = await signInCommand('dev-token');
      assert.equal(result?.signedIn, true, result?.error);
      assert.equal(result?.greeting, `Signed in to ${proxy.url}.`);
      assert.deepEqual([...proxy.log].sort(), ['GET /user 403', 'GET /user/token 403', 'GET /workspaces 200']);
      assert.equal(api.session.state, 'ready');
      assert.equal(api.session.scopes, undefined, 'the scopes are unknown, not empty');
      assert.equal(await api.services.context.secrets.get(tokenKey(proxy.url)), 'dev-token');
      assert.ok((await api.views.projects.getChildren()).length >= 4, 'the views load with it');
      await api.session.signOut();
    });

    it('is refused on a 401, even when another answer came', async () => {
      const api = await signedOutState();
      proxy.rules.push((request) =>
        request.token === 'admin-token' && request.path === '/user' ? { status: 401, json: { errors: [{ message: 'Unauthorized.' }] } } : undefined,
      );
      try {
        await setSetting('apiUrl', proxy.url);
        await api.session.reload();
        const result = await signInCommand('admin-token');
        assert.equal(result?.signedIn, false);
        assert.match(result?.error ?? '', /refused this token: Unauthorized\./);
        assert.equal(await api.services.context.secrets.get(tokenKey(proxy.url)), undefined);
      } finally {
        proxy.rules.pop();
      }
    });

    it('is refused with the scopes it needs when the server accepts it for nothing the extension needs', async () => {
      const api = await signedOutState();
      proxy.rules.push(forbidFor('admin-token', ['/workspaces', '/user', '/user/token']));
      try {
        await setSetting('apiUrl', proxy.url);
        await api.session.reload();
        const result = await signInCommand('admin-token');
        assert.equal(result?.signedIn, false);
        assert.match(result?.error ?? '', /403: You cannot receive data/);
        assert.match(result?.error ?? '', /Listing your workspaces usually needs the scopes WORKSPACE \(older scope names\) or WORKSPACE \(2026 scope names\)/);
      } finally {
        proxy.rules.pop();
      }
    });
  });

  it('asks GET /workspaces once when Sign In goes on to the workspace pick: the pick starts from the token check\'s answer', async () => {
    const api = await signedOutState();
    const signingIn = vscode.commands.executeCommand<{ signedIn: boolean }>('workspaceAutomation.signIn', { token: 'admin-token' });
    let done = false;
    void signingIn.then(() => (done = true));
    // The pick opens once its list is there: accept its first item (no workspace is current).
    await waitFor('the workspace pick, accepted', async () => {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      return done || undefined;
    });
    assert.equal((await signingIn)?.signedIn, true);
    assert.ok(api.session.workspace, 'a workspace was chosen');
    const listed = (await requests()).filter((r) => r.method === 'GET' && /^\/workspaces(\?|$)/.test(r.path)).map((r) => r.path);
    assert.deepEqual(listed, ['/workspaces'], 'the token check only');
  });

  it('reads the workspaces afresh when Select Workspace is run on purpose after the sign-in', async () => {
    await signedOutState();
    const signingIn = vscode.commands.executeCommand<{ signedIn: boolean }>('workspaceAutomation.signIn', { token: 'admin-token', workspace: 'acme' });
    assert.equal((await signingIn)?.signedIn, true);
    const before = (await requests()).filter((r) => r.method === 'GET' && /^\/workspaces(\?|$)/.test(r.path)).length;
    const picking = vscode.commands.executeCommand<boolean>('workspaceAutomation.selectWorkspace');
    let done = false;
    void picking.then(() => (done = true));
    await waitFor('the workspace pick, accepted', async () => {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      return done || undefined;
    });
    assert.equal(await picking, true);
    const after = (await requests()).filter((r) => r.method === 'GET' && /^\/workspaces(\?|$)/.test(r.path)).length;
    assert.equal(after - before, 1, 'the pick asked for the list once more');
  });

  it('refuses a bad token with the server reason and stores nothing', async () => {
    const api = await signedOutState();
    const result = await signInCommand('not-a-token');
    assert.equal(result?.signedIn, false);
    assert.match(result?.error ?? '', /refused this token: Unauthorized\./);
    assert.equal(api.session.state, 'signedOut');
    assert.equal(await api.services.context.secrets.get(tokenKey(emulatorUrl())), undefined);
    assert.equal(config().get('workspace'), '', 'the workspace setting is untouched');
  });

  it('keeps the token in SecretStorage only: not in settings, storage folders or the logs', async () => {
    const api = await signedInAs('admin-token', 'acme');
    await api.views.projects.getChildren(); // a few requests, so the log has lines
    const ctx = api.services.context;
    const userDir = path.resolve(ctx.globalStorageUri.fsPath, '..', '..');
    assert.ok(fs.existsSync(path.join(userDir, 'settings.json')), `no settings.json in ${userDir}`);
    const folders = [userDir, ctx.globalStorageUri.fsPath, ctx.storageUri?.fsPath, ctx.logUri.fsPath, path.dirname(ctx.logUri.fsPath)];
    const files = [...new Set(folders.filter((f): f is string => !!f).flatMap(filesUnder))];
    assert.ok(files.some((f) => f.endsWith('settings.json')));
    for (const file of files) {
      const text = fs.readFileSync(file).toString('latin1');
      assert.ok(!text.includes('admin-token'), `the token is written in ${file}`);
    }
    const settings = fs.readFileSync(path.join(userDir, 'settings.json'), 'utf8');
    assert.match(settings, /"workspaceAutomation\.workspace":\s*"acme"/, 'the workspace is a setting');
  });

  it('signs out: the stored token is deleted and the state is signedOut', async () => {
    const api = await signedInAs('admin-token', 'acme');
    await vscode.commands.executeCommand('workspaceAutomation.signOut');
    assert.equal(api.session.state, 'signedOut');
    assert.equal(await api.services.context.secrets.get(tokenKey(emulatorUrl())), undefined);
  });

  it('uses WORKSPACE_AUTOMATION_TOKEN when SecretStorage holds none, and never writes it', async () => {
    const api = await signedOutState();
    await setSetting('workspace', 'acme');
    process.env[ENV_TOKEN] = 'dev-token';
    try {
      await api.session.reload();
      assert.equal(api.session.state, 'ready');
      assert.equal(api.session.tokenSource, 'environment');
      const nodes = await api.views.projects.getChildren();
      assert.ok(nodes.length >= 4, `projects: ${nodes.length}`);
      assert.equal(await api.services.context.secrets.get(tokenKey(emulatorUrl())), undefined);
      // Sign Out ignores it from then on in this window.
      await api.session.signOut();
      assert.equal(api.session.state, 'signedOut');
    } finally {
      delete process.env[ENV_TOKEN];
    }
  });

  it('shows noWorkspace when signed in without a workspace, ready once one is selected', async () => {
    const api = await signedOutState();
    await api.session.storeToken('admin-token', undefined);
    assert.equal(api.session.state, 'noWorkspace');
    assert.deepEqual(await api.views.projects.getChildren(), []);
    await vscode.commands.executeCommand('workspaceAutomation.selectWorkspace', 'acme');
    assert.equal(api.session.state, 'ready');
  });

  it('learns apiDisabled from the first load in the dormant workspace, and Retry keeps it while it holds', async () => {
    const api = await signedInAs('admin-token', 'dormant');
    assert.equal(api.session.state, 'ready');
    assert.deepEqual(await api.views.projects.getChildren(), [], 'the view shows the welcome, not an error item');
    assert.equal(api.session.state, 'apiDisabled');
    const listed = await requests('/workspaces/dormant/projects');
    assert.equal(listed.length, 1);
    assert.equal(listed[0].status, 400);
    await vscode.commands.executeCommand('workspaceAutomation.retry');
    assert.deepEqual(await api.views.projects.getChildren(), []);
    assert.equal(api.session.state, 'apiDisabled');
    // Switching to a workspace with the API enabled leaves the state.
    await vscode.commands.executeCommand('workspaceAutomation.selectWorkspace', 'acme');
    assert.equal(api.session.state, 'ready');
    assert.ok((await api.views.projects.getChildren()).length >= 4);
  });

  it('learns unreachable when nothing answers at the address, and recovers with Retry after fixing it', async () => {
    const api = await signedOutState();
    const good = emulatorUrl();
    await setSetting('workspace', 'acme');
    process.env[ENV_TOKEN] = 'admin-token';
    try {
      // Port 9 (discard) on loopback: nothing listens there in the test machine.
      await setSetting('apiUrl', 'http://127.0.0.1:9');
      await api.session.reload();
      assert.equal(api.session.baseUrl, 'http://127.0.0.1:9');
      assert.equal(api.session.state, 'ready');
      assert.deepEqual(await api.views.projects.getChildren(), []);
      assert.equal(api.session.state, 'unreachable');
      assert.equal(api.views.projects.treeView?.description, 'http://127.0.0.1:9', 'the address is shown in the title');
      await setSetting('apiUrl', good);
      await api.session.reload();
      await vscode.commands.executeCommand('workspaceAutomation.retry');
      assert.equal(api.session.state, 'ready');
      assert.ok((await api.views.projects.getChildren()).length >= 4);
    } finally {
      delete process.env[ENV_TOKEN];
      await setSetting('apiUrl', good);
    }
  });

  it('refuses plain http:// to a non-loopback host: an error item with Open Settings, no request', async () => {
    const api = await signedOutState();
    const good = emulatorUrl();
    process.env[ENV_TOKEN] = 'admin-token';
    try {
      await setSetting('apiUrl', 'http://ci.example.com/api');
      await api.session.reload();
      assert.ok(api.session.configError, 'a configuration error');
      const nodes = await api.views.projects.getChildren();
      assert.equal(nodes.length, 1);
      assert.match(String(nodes[0].label), /http:\/\/ is allowed only for this machine/);
      assert.equal(nodes[0].command?.command, 'workspaceAutomation.openSettings');
    } finally {
      delete process.env[ENV_TOKEN];
      await setSetting('apiUrl', good);
      await api.session.reload();
    }
    assert.deepEqual(await requests(), []);
  });

  it('returns the same activate() object (the test API) each time', async () => {
    assert.equal(await extensionApi(), await extensionApi());
  });
});
