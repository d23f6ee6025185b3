// The real service's shapes in the real editor, in both dialect runs: this file switches the
// emulator to its vendor dialect (reduced target items, a MATCH filter, lists that do not page, the
// newer target model, non-member commit authors, trigger_mode/ref_name, a 403 in the vendor's
// words) and back to the run's dialect after each test. A loopback proxy in front of it only adds
// what the vendor's documented answers do not show but a real one may: an item without its id, a
// target list longer than a page. The views keep every good item, show the bad one as an error
// row, never show an item twice; the commands decide "may this pipeline use this target" in both
// models; a 403 says which scopes, in both naming schemes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Target } from '../../src/api';
import { allowPipeline } from '../../src/features/pipelineAccess/allowPipeline';
import { checkPipelineAccess } from '../../src/features/pipelineAccess/checkPipelineAccess';
import type { ExtensionApi } from '../../src/extension';
import { NON_MEMBERS, PRODUCTION_TARGET_ID, STAGING_TARGET_ID } from '../emulator';
import { ScriptedPrompter, testServices } from './scriptedPrompter';
import { clearRequests, emulatorUrl, labelOf, requests, setSetting, signedOutState, signInCommand, switchDialect } from './sessionHelpers';
import { rewrite, startVendorProxy, type ProxyRule, type VendorProxy } from './vendorProxy';

type Node = vscode.TreeItem & { contextValue?: string };
type Json = Record<string, unknown>;

const TARGETS_PATH = '/workspaces/acme/targets';

const labels = (nodes: Node[]): string[] => nodes.map(labelOf);
const facets = (nodes: Node[]): (string | undefined)[] => nodes.map((n) => n.contextValue);

describe('the real service shapes: the emulator in its vendor dialect (and a proxy for broken items)', function () {
  this.timeout(60_000);
  let proxy: VendorProxy;
  let api: ExtensionApi | undefined;

  before(async () => {
    proxy = await startVendorProxy();
  });
  afterEach(async () => {
    // Sign out at the address used (the token is stored under it), then back to the emulator and the run's dialect.
    await api?.session.signOut();
    api = undefined;
    proxy.rules = [];
    await setSetting('apiUrl', emulatorUrl());
    await signedOutState();
  });
  after(async () => {
    await proxy.close();
  });

  /**
   * Signed in with `token` in acme, the emulator in its vendor dialect; through the proxy (with
   * `rules` applied from the start) when rules are given, else at the emulator itself.
   */
  async function signedInVendor(options: { token?: string; rules?: ProxyRule[] } = {}): Promise<ExtensionApi> {
    const signedOut = await signedOutState();
    api = signedOut;
    await switchDialect('vendor');
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    if (options.rules) {
      await setSetting('apiUrl', proxy.url);
      await signedOut.session.reload();
    }
    const result = await signInCommand(options.token ?? 'admin-token');
    assert.equal(result?.signedIn, true, result?.error);
    proxy.rules = options.rules ?? [];
    signedOut.views.refreshAll();
    proxy.log.length = 0;
    return signedOut;
  }

  it('Targets view: reduced items named by identifier, a MATCH filter shown but never opened, an item without id as an error row', async () => {
    const api = await signedInVendor({
      rules: [
        rewrite(TARGETS_PATH, (j) => {
          const targets = j.targets as Json[];
          delete targets[2].id;
          return j;
        }),
      ],
    });
    const nodes = (await api.views.targets!.getChildren()) as Node[];
    assert.deepEqual(labels(nodes), ['production', 'staging', 'k8s-main', 'edge-sftp', 'prod-hosts', 'targets[2]: no id']);
    assert.deepEqual(facets(nodes), [
      'wa.target.restricted',
      'wa.target.restricted',
      'wa.target.restricted',
      'wa.target.restricted',
      'wa.target.filter',
      'wa.badItem',
    ]);
    const match = nodes[4];
    assert.equal(match.collapsibleState, vscode.TreeItemCollapsibleState.None);
    assert.equal(match.description, 'MATCH · scope WORKSPACE');
    assert.equal(nodes[5].description, 'assets-ftp: left out');
    assert.deepEqual(proxy.log, ['GET /workspaces/acme/targets?page=1&per_page=20 200'], 'one request, no Load more');
    assert.deepEqual(await api.views.targets!.getChildren(match as never), []);
    // A reduced item does not say whom it admits: its children come from the full target.
    const staging = (await api.views.targets!.getChildren(nodes[1] as never)) as Node[];
    assert.deepEqual(labels(staging), ['All pipelines allowed']);
    assert.deepEqual(proxy.log.slice(1), [`GET /workspaces/acme/targets/${STAGING_TARGET_ID} 200`]);
  });

  it("Targets view: an allowed pipeline without id is an error row among the target's pipelines", async () => {
    const api = await signedInVendor({
      rules: [rewrite(`${TARGETS_PATH}/${PRODUCTION_TARGET_ID}`, (j) => ({ ...j, allowed_pipelines: [...(j.allowed_pipelines as Json[]), { name: 'ghost' }] }))],
    });
    const nodes = (await api.views.targets!.getChildren()) as Node[];
    const production = nodes.find((n) => n.id === `target:${PRODUCTION_TARGET_ID}`);
    assert.ok(production, labels(nodes).join(', '));
    const children = (await api.views.targets!.getChildren(production as never)) as Node[];
    assert.deepEqual(
      children.map((n) => [labelOf(n), n.contextValue]),
      [
        ['Deploy to production', 'wa.allowedPipeline.hasUrl'],
        ['allowed_pipelines[1]: no id', 'wa.badItem'],
      ],
    );
    assert.equal(children[1].description, 'ghost: left out');
  });

  it('Targets view: a list the server does not page shows every target once, with no Load more', async () => {
    let calls = 0;
    let listed = 0;
    const api = await signedInVendor({
      rules: [
        rewrite(TARGETS_PATH, (j) => {
          calls++;
          const targets = j.targets as Json[];
          // More than a page, whatever page was asked: the vendor ignores page and per_page.
          const clones = Array.from({ length: 21 }, (_, i) => ({ ...targets[0], id: `tg-c${i}`, identifier: `clone-${i}` }));
          listed = targets.length + clones.length;
          return { ...j, targets: [...targets, ...clones] };
        }),
      ],
    });
    const nodes = (await api.views.targets!.getChildren()) as Node[];
    assert.ok(listed > 20, `${listed} targets answered`);
    assert.equal(nodes.length, listed);
    assert.equal(new Set(nodes.map((n) => n.id)).size, listed);
    assert.ok(!facets(nodes).includes('wa.loadMore'), `rows: ${facets(nodes).join(', ')}`);
    assert.equal(api.views.targets!.targets.done, true);
    await api.views.targets!.targets.loadMore();
    assert.equal(calls, 1, 'nothing more is asked');
    assert.equal(((await api.views.targets!.getChildren()) as Node[]).length, listed);
  });

  it('Targets view: a 403 in the vendor words (no scope named) is explained with the scopes in both naming schemes', async () => {
    // minimal-token has USER_INFO only: signed in (GET /user answers), refused the targets.
    const api = await signedInVendor({ token: 'minimal-token' });
    const nodes = (await api.views.targets!.getChildren()) as Node[];
    assert.equal(nodes.length, 1, labels(nodes).join(', '));
    assert.equal(nodes[0].contextValue, 'wa.error.retry');
    assert.equal(
      labelOf(nodes[0]),
      'The server refused this (403: Cannot receive data: the token has no access to this resource. Check the scopes assigned to the token.): the token or your role in the workspace does not allow it. Reading deployment targets usually needs the scopes WORKSPACE and TARGET_INFO (older scope names) or TARGET_READ (2026 scope names). Create a token with those scopes in your account\'s API token settings, then run "Workspace Automation: Sign In" with it; if the token has them, ask a workspace administrator for the permission.',
    );
  });

  it('Commits view: a commit by someone outside the workspace is shown with the name; a commit without revision is an error row', async () => {
    const api = await signedInVendor({
      rules: [
        rewrite('/workspaces/acme/projects/web-app/repository/commits', (j) => {
          delete (j.commits as Json[])[5].revision;
          return j;
        }),
      ],
    });
    api.views.currentProject.set({ name: 'web-app', displayName: 'Web App' });
    const nodes = (await api.views.commits!.getChildren()) as Node[];
    // The emulator's vendor dialect: the author of commit 3 is not a member ({name, email} only).
    assert.match(String(nodes[3].description), new RegExp(`^${NON_MEMBERS[0].name} · `));
    assert.deepEqual(
      nodes.filter((n) => n.contextValue === 'wa.badItem').map(labelOf),
      ['commits[5]: no revision'],
    );
    assert.equal(nodes.filter((n) => n.contextValue?.startsWith('wa.commit')).length, 19);
    assert.equal(nodes[nodes.length - 1].contextValue, 'wa.loadMore', 'a full page with one bad item is not the last');
  });

  it('Projects view: pipelines with trigger_mode and ref_name (vendor) show the same trigger as with on and refs (default)', async () => {
    const pipelineDescriptions = async (a: ExtensionApi): Promise<string[]> => {
      a.views.refreshProjects();
      const projects = (await a.views.projects.getChildren()) as Node[];
      const webApp = projects.find((p) => labelOf(p) === 'Web App');
      assert.ok(webApp, labels(projects).join(', '));
      return ((await a.views.projects.getChildren(webApp as never)) as Node[]).map((n) => `${labelOf(n)}: ${String(n.description)}`);
    };
    const expected = [
      'Build and test: on push · successful',
      'Deploy to staging: on push · successful',
      'Deploy to production: manual · failed',
      'Nightly end-to-end: scheduled · in progress',
      'Release notes: manual',
    ];
    const vendorApi = await signedInVendor();
    assert.deepEqual(await pipelineDescriptions(vendorApi), expected);
    await switchDialect('default');
    assert.deepEqual(await pipelineDescriptions(vendorApi), expected);
  });

  describe('the newer target model (pipelines_access_level), reduced list items', () => {
    beforeEach(async () => {
      await switchDialect('vendor');
    });

    it('Check Pipeline Access finds the closed targets, the level shown as the server sent it', async () => {
      const { services } = testServices();
      const prompter = new ScriptedPrompter([{ pick: 'Web App' }, { pick: 'Build and test' }, 'cancel']);
      const outcome = await checkPipelineAccess(services, prompter);
      assert.deepEqual(
        outcome.restricted.map((t) => `${String(t.identifier)}:${String(t.pipelines_access_level)}`),
        // edge-sftp lists pipeline 101; staging is at ALLOWED; k8s-main's level is one we do not know.
        ['production:DEFAULT', 'assets-ftp:DEFAULT', 'k8s-main:STAGE'],
        prompter.describe(),
      );
    });

    it('Targets view: children from either model, the level shown as it is in the tooltip', async () => {
      const api = await signedInVendor();
      const nodes = (await api.views.targets!.getChildren()) as Node[];
      const byId = (id: string): Node => {
        const node = nodes.find((n) => n.id === `target:${id}`);
        assert.ok(node, `${id} in ${labels(nodes).join(', ')}`);
        return node;
      };
      const staging = (await api.views.targets!.getChildren(byId(STAGING_TARGET_ID) as never)) as Node[];
      assert.deepEqual(labels(staging), ['All pipelines allowed']);
      const production = byId(PRODUCTION_TARGET_ID);
      const allowed = (await api.views.targets!.getChildren(production as never)) as Node[];
      assert.deepEqual(allowed.map((n) => [labelOf(n), n.contextValue]), [['Deploy to production', 'wa.allowedPipeline.hasUrl']]);
      const resolved = await api.views.targets!.resolveTreeItem(production as never, production as never, new vscode.CancellationTokenSource().token);
      const tooltip = typeof resolved.tooltip === 'string' ? resolved.tooltip : (resolved.tooltip?.value ?? '');
      // Markdown-escaped: `\(` for `(`.
      assert.match(tooltip, /Pipelines: only those listed under it \\\(pipelines access DEFAULT\\\)/);
      const k8s = byId('tg-b41e');
      await api.views.targets!.getChildren(k8s as never);
      const k8sTip = await api.views.targets!.resolveTreeItem(k8s as never, k8s as never, new vscode.CancellationTokenSource().token);
      const k8sText = typeof k8sTip.tooltip === 'string' ? k8sTip.tooltip : (k8sTip.tooltip?.value ?? '');
      assert.match(k8sText, /pipelines access STAGE/, 'an unknown level is shown as it is');
    });

    it('Allow Pipeline: a target at ALLOWED admits every pipeline (nothing sent); one at DEFAULT gets the pipeline', async () => {
      const { services } = testServices();
      await clearRequests();
      const onStaging = new ScriptedPrompter([{ pick: 'staging' }, { pick: 'Web App' }, { pick: 'Build and test' }]);
      // The list item does not say: the pipelines are asked, each marked allowed, and picking one sends nothing.
      assert.equal((await allowPipeline(services, onStaging)).kind, 'alreadyAllowed', onStaging.describe());
      assert.equal(onStaging.last('info')?.text, 'Pipeline Build and test is already allowed on target Staging server; nothing changed.');
      assert.ok(
        onStaging.prompts[2].items.length === 5 && onStaging.prompts[2].items.every((i) => i.description === 'already allowed'),
        'every pipeline is marked as allowed on a target at ALLOWED',
      );
      assert.deepEqual(await requests('allow-pipeline'), [], 'nothing sent');
      const onProduction = new ScriptedPrompter([{ pick: 'production' }, { pick: 'Web App' }, { pick: 'Release notes' }]);
      const outcome = await allowPipeline(services, onProduction);
      assert.equal(outcome.kind, 'allowed', onProduction.describe());
      const target = (outcome as { target: Target }).target;
      assert.equal(target.pipelines_access_level, 'DEFAULT');
      assert.deepEqual(target.allowed_pipelines.map((p) => p.id), [103, 105]);
    });
  });
});
