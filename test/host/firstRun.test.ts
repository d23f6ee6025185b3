// A newcomer's first run, in the real editor's extension host: the status bar item's click (the
// budget, its reset, Show Log), the Show Log and token-page commands, the warning before the
// token expires (expires_at read at sign-in, the clock injected), and the walkthrough's steps
// completing on real API answers.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RateLimitDetailItem } from '../../src/features/rateLimit/rateLimitItem';
import { config, emulatorUrl, ENV_TOKEN, extensionApi, requests, signedInAs, signedOutState, waitFor } from './sessionHelpers';
import { isVendor, sendsRateLimitReset } from '../harness/dialect';

/** Runs a command that opens a quick pick, closes the pick, and resolves with the command's result. */
async function runAndDismiss<T>(command: string): Promise<T> {
  const running = vscode.commands.executeCommand<T>(command);
  await new Promise((r) => setTimeout(r, 300));
  await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  return running;
}

describe('first run: status bar, log, token expiry, walkthrough', function () {
  this.timeout(60_000);

  after(async () => {
    await signedOutState();
  });

  describe('the rate-limit status bar item', () => {
    it('is clickable: its command shows the budget, the reset and Show Log', async () => {
      const api = await signedInAs('admin-token', 'acme');
      await api.session.client!.listProjects('acme');
      await waitFor('the budget in the status bar', () => api.statusBar.visible);
      assert.equal(api.statusBar.item.command, 'workspaceAutomation.showRateLimit');
      assert.match(String(api.statusBar.item.tooltip), /Click for details and the request log/);

      let shown: { items: RateLimitDetailItem[]; options: vscode.QuickPickOptions } | undefined;
      const chosen = await api.statusBar.showDetails(async (items, options) => {
        shown = { items, options };
        return items.find((i) => i.action === 'showLog');
      });
      assert.ok(shown, 'the details were shown');
      const labels = shown.items.map((i) => i.label);
      assert.match(labels[0], /^\$\(pulse\) \d,\d{3} of 5,000 requests left in this hour$/);
      if (sendsRateLimitReset) {
        assert.match(labels[1], /^\$\(clock\) Resets at .+ \(in (\d+ minutes?|1 hour)\)$/);
      } else {
        assert.equal(labels[1], '$(clock) The service did not say when the budget resets.');
      }
      assert.equal(shown.items[2].kind, vscode.QuickPickItemKind.Separator);
      assert.equal(labels[3], '$(output) Show Log');
      assert.equal(shown.options.title, 'Workspace Automation: API Rate Limit');
      assert.equal(chosen?.action, 'showLog');
    });

    it('tells when the budget is low, used up, or its reset unknown', async () => {
      const api = await extensionApi();
      const now = Date.now();
      api.rateLimit.set({ limit: 5000, remaining: 0, resetAt: new Date(now + 170_000) });
      let items = api.statusBar.detailItems();
      assert.equal(items[0].detail, 'None left: requests fail until the budget resets.');
      assert.match(items[1].label, /\(in 3 minutes\)$/);
      api.rateLimit.set({ limit: 1000, remaining: 80, resetAt: undefined });
      items = api.statusBar.detailItems();
      assert.equal(items[0].label, '$(pulse) 80 of 1,000 requests left in this hour');
      assert.match(items[0].detail ?? '', /Less than 10 %/);
      assert.equal(items[1].label, '$(clock) The service did not say when the budget resets.');
      api.rateLimit.clear();
      items = api.statusBar.detailItems();
      assert.match(items[0].label, /No answer from the service yet/);
      assert.equal(items.at(-1)?.action, 'showLog');
    });

    it('the click itself (the item\'s command) opens a quick pick that closes without a choice', async () => {
      const api = await extensionApi();
      const chosen = await runAndDismiss<RateLimitDetailItem | undefined>(api.statusBar.item.command as string);
      assert.equal(chosen, undefined);
    });
  });

  describe('Show Log and Open the Token Page', () => {
    it('Show Log shows the output channel with the requests (tokens removed)', async () => {
      const api = await signedInAs('admin-token', 'acme');
      await api.session.client!.listProjects('acme');
      const isLog = (d: vscode.TextDocument) => d.uri.scheme === 'output' && /Workspace%20Automation/.test(d.uri.toString());
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await waitFor('the panel closed', () => !vscode.window.visibleTextEditors.some((e) => isLog(e.document)));
      await vscode.commands.executeCommand('workspaceAutomation.showLog');
      const log = await waitFor('the log shown', () => vscode.window.visibleTextEditors.find((e) => isLog(e.document))?.document);
      await waitFor('the request in the log', () => log.getText().includes('GET /workspaces/acme/projects'));
      assert.ok(!log.getText().includes('admin-token'), 'no token in the log');
    });

    it('Open the Token Page names no page for an address that is no known service (the emulator)', async () => {
      await extensionApi();
      assert.equal(config().get('apiUrl'), emulatorUrl());
      const page = await vscode.commands.executeCommand<string | undefined>('workspaceAutomation.openTokenPage');
      assert.equal(page, undefined);
    });
  });

  describe('the warning before the token expires', () => {
    it('reads expires_at at sign-in and warns 2 days before, once a day, with the address', async () => {
      const api = await signedInAs('admin-token', 'acme'); // the emulator's admin token expires 2027-10-01T00:00:00Z
      if (isVendor) {
        // The vendor writes nine fraction digits; the date is kept as the server wrote it.
        assert.match(String(api.tokenExpiry.storedExpiry()), /^2027-10-01T00:00:00\.\d{9}Z$/);
      } else {
        assert.equal(api.tokenExpiry.storedExpiry(), '2027-10-01T00:00:00Z');
      }
      const baseUrl = api.session.baseUrl!;
      assert.equal(await api.tokenExpiry.check(new Date('2027-06-01T00:00:00Z')), undefined, 'months before: nothing');
      const message = await api.tokenExpiry.check(new Date('2027-09-29T00:00:00Z'));
      assert.ok(message, 'a warning 2 days before');
      assert.match(message, /^Your personal access token for .+ expires in 2 days \(.*2027.*\)\. Create a new token and sign in with it before then\.$/);
      assert.ok(message.includes(baseUrl));
      assert.ok(!message.includes('admin-token'));
      assert.equal(await api.tokenExpiry.check(new Date('2027-09-29T18:00:00Z')), undefined, 'not twice the same day');
      assert.match((await api.tokenExpiry.check(new Date('2027-09-30T08:00:00Z'))) ?? '', /expires in 16 hours/);
      assert.match((await api.tokenExpiry.check(new Date('2027-10-02T08:00:00Z'))) ?? '', /expired on/);
    });

    it('says nothing for a token that never expires, nor once signed out', async () => {
      let api = await signedInAs('denied-token', 'acme'); // expires_at: null
      assert.equal(api.tokenExpiry.storedExpiry(), null);
      assert.equal(await api.tokenExpiry.check(new Date('2099-01-01T00:00:00Z')), undefined);
      api = await signedInAs('admin-token', 'acme');
      await vscode.commands.executeCommand('workspaceAutomation.signOut');
      await waitFor('signed out', () => api.session.state === 'signedOut');
      assert.equal(api.tokenExpiry.storedExpiry(), undefined, 'the expiry left with the token');
      assert.equal(await api.tokenExpiry.check(new Date('2027-09-29T00:00:00Z')), undefined);
    });

    it('says nothing for the environment token, whose expiry was never read', async () => {
      const api = await signedOutState();
      process.env[ENV_TOKEN] = 'admin-token';
      try {
        await api.session.reload();
        assert.equal(api.session.tokenSource, 'environment');
        assert.equal(await api.tokenExpiry.check(new Date('2027-09-29T00:00:00Z')), undefined);
      } finally {
        delete process.env[ENV_TOKEN];
        await api.session.reload();
      }
    });
  });

  describe('the getting-started walkthrough', () => {
    it('marks browsing, a created variable and an allowed pipeline when the service accepts them, not before', async () => {
      const api = await signedInAs('admin-token', 'acme');
      const client = api.session.client!;
      await assert.rejects(client.createVariable('acme', { scope: 'workspace', key: '1-not-a-key', type: 'VAR', value: 'x' }));
      assert.equal(api.walkthrough.milestones.has('variableCreated'), false, 'a refused create is no milestone');
      await client.listCommits('acme', 'web-app');
      await client.createVariable('acme', { scope: 'workspace', key: 'WALKTHROUGH_VAR', type: 'VAR', value: 'hello' });
      await client.allowPipeline('acme', 'tg-8f2c', { project: 'web-app', pipeline: 'Build and test' });
      assert.deepEqual([...api.walkthrough.milestones].sort(), ['browsed', 'pipelineAllowed', 'variableCreated']);
      assert.equal((await requests('/allow-pipeline')).length, 1);
    });

    it('ticks steps done before the walkthrough was ever opened: each is marked complete by an id the editor knows', async () => {
      // The editor's walkthrough service, made when a walkthrough first opens, never ticks a step
      // whose context key is already true then: the extension marks the steps by id as they are reached.
      const api = await signedInAs('admin-token', 'acme');
      await api.session.client!.listCommits('acme', 'web-app');
      const wanted = ['signIn', 'selectWorkspace', 'browse'];
      await waitFor(`the steps ${wanted.join(', ')} marked`, () => (wanted.filter((s) => !api.walkthrough.markedSteps.has(s)).length === 0 ? true : undefined));
      // Marking again once the walkthrough has read our steps: the editor accepts each id, and refuses one it does not know.
      await vscode.commands.executeCommand('workspaceAutomation.openWalkthrough');
      await waitFor('the walkthrough tab', () => (/Welcome|Walkthrough|Get Started/i.test(vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? '') ? true : undefined));
      const markStep = (step: string): Thenable<unknown> => vscode.commands.executeCommand('welcome.markStepComplete', `workspace-automation.workspace-automation#gettingStarted#${step}`);
      for (const step of [...api.walkthrough.markedSteps]) {
        await markStep(step);
      }
      await assert.rejects(Promise.resolve(markStep('noSuchStep')), /unknown step|does not exist/i);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    it('opens from its command', async () => {
      await extensionApi();
      await vscode.commands.executeCommand('workspaceAutomation.openWalkthrough');
      const tab = await waitFor('the walkthrough tab', () => {
        const label = vscode.window.tabGroups.activeTabGroup.activeTab?.label;
        return label && /Welcome|Walkthrough|Get Started/i.test(label) ? label : undefined;
      });
      assert.ok(tab);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });
  });
});
