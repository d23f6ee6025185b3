// The Variables view in the real editor's extension host, against the emulator (run in both
// dialects: WA_DIALECT=vendor adds FILE, GPG_KEY and IOS_* variables, `!encrypted` values and
// html_url): the current project's scopes, the workspace's, every type, encrypted values never
// shown, effective variables with their shadows, one list request per scope and none per row, and
// the error rows (403, an odd item) that never lose the list.
import * as assert from 'node:assert/strict';
import type { ExtensionApi } from '../../src/extension';
import { apiCall, clearRequests, emulatorUrl, labelOf, requests, setSetting, signedInAs, signedOutState, signInCommand } from './sessionHelpers';
import { forbidFor, rewrite, startVendorProxy, type VendorProxy } from './vendorProxy';
import { child, childrenOf, roots, rows, tooltipOf, unescaped, variablesView, vendor, type VNode } from './variablesHelpers';
import * as vscode from 'vscode';

const variableRequests = async () => (await requests('/variables')).filter((r) => r.method === 'GET').map((r) => r.path);

describe(`Variables view (${vendor ? 'vendor' : 'default'} dialect)`, function () {
  this.timeout(60_000);
  let api: ExtensionApi;

  beforeEach(async () => {
    api = await signedInAs('admin-token');
    variablesView(api).refresh();
    await clearRequests();
  });

  after(async () => {
    await signedOutState();
  });

  it('follows the current project: its variables, then its pipelines; one request per scope, none per row', async () => {
    const [root] = await roots(api, 'project');
    assert.deepEqual([labelOf(root), root.contextValue], ['Web App', 'wa.variableScope.project']);
    const kids = await childrenOf(root);
    assert.deepEqual(rows(kids), [
      'NODE_VERSION = 20',
      'Build and test = pipeline',
      'Deploy to staging = pipeline',
      'Deploy to production = pipeline',
      'Nightly end-to-end = pipeline',
      'Release notes = pipeline',
    ]);
    assert.equal(kids[0].contextValue, vendor ? 'wa.variable.editable.plain.hasUrl' : 'wa.variable.editable.plain');
    assert.deepEqual(await variableRequests(), ['/workspaces/acme/variables?project_name=web-app&page=1&per_page=100']);
    // Shown again (the tree re-reads): from memory.
    await childrenOf(root);
    assert.equal((await variableRequests()).length, 1);
    const deploy = await child(root, 'Deploy to production');
    assert.deepEqual(rows(await childrenOf(deploy)), [
      'Effective variables = what its runs receive',
      'DEPLOY_DIR = /var/www/web-app',
      'Build bundle = action · BUILD',
      'Upload to production = action · SFTP',
      'Restart service = action · SSH_COMMAND',
    ]);
    assert.deepEqual((await variableRequests()).slice(1), ['/workspaces/acme/variables?pipeline_id=103&page=1&per_page=100']);
  });

  it('Refresh keeps the rows\' ids (what was expanded stays expanded) and reads them again; another session gives new ids', async () => {
    const [root] = await roots(api, 'project');
    const deploy = await child(root, 'Deploy to production');
    const idsBefore = [root.id, deploy.id, ...(await childrenOf(deploy)).map((n) => n.id)];
    await clearRequests();
    variablesView(api).refresh();
    const [again] = await roots(api, 'project');
    const deployAgain = await child(again, 'Deploy to production');
    assert.notEqual(deployAgain, deploy, 'new rows');
    assert.deepEqual([again.id, deployAgain.id, ...(await childrenOf(deployAgain)).map((n) => n.id)], idsBefore);
    assert.deepEqual(await variableRequests(), [
      '/workspaces/acme/variables?project_name=web-app&page=1&per_page=100',
      '/workspaces/acme/variables?pipeline_id=103&page=1&per_page=100',
    ]);
    // Signed in again (another session): nothing of the old rows is restored.
    api = await signedInAs('admin-token');
    const [other] = await roots(api, 'project');
    assert.notEqual(other.id, root.id);
  });

  it('without a current project, says how to choose one or show the workspace\'s variables', async () => {
    api.views.currentProject.set(undefined);
    api.views.setVariablesScope('project');
    const nodes = (await variablesView(api).getChildren()) as VNode[];
    assert.deepEqual(nodes.map(labelOf), ['Select a project in the Projects view', 'Or show the variables of workspace acme']);
    assert.deepEqual(nodes.map((n) => n.command?.command), ['workspaceAutomation.projects.focus', 'workspaceAutomation.showWorkspaceVariables']);
    assert.deepEqual(await variableRequests(), []);
  });

  it('shows the workspace\'s variables: a plain value, "encrypted" (never a marker or the value), every type of the service', async () => {
    const [root] = await roots(api, 'workspace');
    assert.deepEqual([labelOf(root), root.contextValue], ['acme', 'wa.variableScope.workspace']);
    const kids = await childrenOf(root);
    const expected = ['REGION = eu-west-1', 'SENTRY_DSN = encrypted'];
    if (vendor) {
      expected.push('NPM_RC = ~/.npmrc', 'RELEASE_SIGNING_KEY = encrypted');
    }
    assert.deepEqual(rows(kids), expected);
    const facets = kids.map((n) => n.contextValue);
    const url = vendor ? '.hasUrl' : '';
    assert.deepEqual(
      facets,
      [`wa.variable.editable.plain${url}`, `wa.variable.editable${url}`, ...(vendor ? [`wa.variable.editable${url}`, `wa.variable.readOnly${url}`] : [])],
    );
    assert.deepEqual(
      kids.map((n) => (n.iconPath as vscode.ThemeIcon).id),
      ['symbol-variable', 'symbol-variable', ...(vendor ? ['file', 'workspace-trusted'] : [])],
    );
    for (const node of kids) {
      const tip = await tooltipOf(api, node);
      for (const text of [String(node.description), tip, String(node.accessibilityInformation?.label)]) {
        assert.ok(!text.includes('secure!') && !text.includes('!encrypted') && !text.includes('public@sentry'), `${labelOf(node)} shows a secret: ${text}`);
      }
    }
    const regionTip = await tooltipOf(api, kids[0]);
    assert.match(regionTip, /Cloud region/);
    assert.match(regionTip, /eu\\-west\\-1|`eu-west-1`/);
    assert.match(unescaped(await tooltipOf(api, kids[1])), /encrypted: the service never gives it back/);
    if (vendor) {
      const npmrc = await tooltipOf(api, kids[2]);
      assert.match(npmrc, /`~\/\.npmrc`/);
      assert.match(npmrc, /`600`/);
      assert.match(unescaped(await tooltipOf(api, kids[3])), /cannot change GPG_KEY variables/);
      assert.ok(kids.every((n) => typeof n.htmlUrl === 'string' && n.htmlUrl.startsWith('http')));
    }
  });

  it('shows a project\'s key-type variables: iOS ones read-only and encrypted, an SSH key by its fingerprint', async () => {
    const created = (await apiCall('POST', '/workspaces/acme/variables', {
      project: { name: 'mobile-app' },
      key: 'CI_PUB',
      type: 'SSH_PUBLIC_KEY',
      value: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ci@host',
    })) as { id: number };
    assert.ok(created.id);
    const [root] = await roots(api, 'project', { name: 'mobile-app', displayName: 'Mobile App' });
    const variables = (await childrenOf(root)).filter((n) => n.contextValue?.startsWith('wa.variable.'));
    const expected = [...(vendor ? ['IOS_DIST_KEYCHAIN = encrypted', 'IOS_PROFILES = encrypted'] : []), 'CI_PUB = 65:96:2d:fc:e8:d5:a9:11:64:0c:0f:ea:00:6e:5b:bd'];
    assert.deepEqual(rows(variables), expected);
    if (vendor) {
      assert.deepEqual(variables.slice(0, 2).map((n) => n.contextValue), ['wa.variable.readOnly.hasUrl', 'wa.variable.readOnly.hasUrl']);
    }
  });

  it('effective variables of an action: each key once, from its nearest scope, naming what it shadows; only the missing scope is requested', async () => {
    await apiCall('POST', '/workspaces/acme/variables', { project: { name: 'web-app' }, key: 'REGION', type: 'VAR', value: 'us-east-1' });
    await apiCall('POST', '/workspaces/acme/variables', { pipeline: { id: 101 }, key: 'RETRIES', value: '5' });
    await apiCall('POST', '/workspaces/acme/variables', { pipeline: { id: 101 }, key: 'LOG_LEVEL', value: 'debug' });
    variablesView(api).refresh();
    await clearRequests();
    const [root] = await roots(api, 'project');
    const pipeline = await child(root, 'Build and test');
    const action = await child(pipeline, 'Unit tests');
    assert.deepEqual(rows(await childrenOf(action)), ['Effective variables = what this action receives', 'RETRIES = 3']);
    const before = await variableRequests();
    assert.deepEqual(before, [
      '/workspaces/acme/variables?project_name=web-app&page=1&per_page=100',
      '/workspaces/acme/variables?pipeline_id=101&page=1&per_page=100',
      '/workspaces/acme/variables?action_id=1012&page=1&per_page=100',
    ]);
    const effective = await child(action, 'Effective variables');
    const entries = await childrenOf(effective);
    const expected = [
      'LOG_LEVEL = debug · from pipeline',
      'NODE_VERSION = 20 · from project',
      ...(vendor ? ['NPM_RC = ~/.npmrc · from workspace'] : []),
      'REGION = us-east-1 · from project · shadows workspace',
      ...(vendor ? ['RELEASE_SIGNING_KEY = encrypted · from workspace'] : []),
      'RETRIES = 3 · from action · shadows pipeline',
      'SENTRY_DSN = encrypted · from workspace',
    ];
    assert.deepEqual(rows(entries), expected);
    // One more request, for the one scope not shown (the workspace's); shown again, none.
    assert.deepEqual((await variableRequests()).slice(before.length), ['/workspaces/acme/variables?page=1&per_page=100']);
    await childrenOf(effective);
    assert.equal((await variableRequests()).length, before.length + 1);
    const region = entries.find((n) => labelOf(n) === 'REGION')!;
    assert.equal(region.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.deepEqual(rows(await childrenOf(region)), ['REGION = eu-west-1 · shadowed · workspace']);
    assert.match(unescaped(await tooltipOf(api, region)), /Shadows the variable of workspace acme \(eu-west-1\)/);
    // The pipeline's own effective variables stop at the pipeline.
    const pipelineEffective = await childrenOf(await child(pipeline, 'Effective variables'));
    assert.ok(rows(pipelineEffective).includes('RETRIES = 5 · from pipeline'), rows(pipelineEffective).join('\n'));
  });

  it('switches between the workspace and the project with the title commands', async () => {
    await roots(api, 'project');
    await vscode.commands.executeCommand('workspaceAutomation.showWorkspaceVariables');
    assert.equal(variablesView(api).mode, 'workspace');
    assert.deepEqual(((await variablesView(api).getChildren()) as VNode[]).map(labelOf), ['acme']);
    await vscode.commands.executeCommand('workspaceAutomation.showProjectVariables');
    assert.equal(variablesView(api).mode, 'project');
    assert.deepEqual(((await variablesView(api).getChildren()) as VNode[]).map(labelOf), ['Web App']);
  });

  it('Refresh Variables forgets every list: each scope shown is requested once more', async () => {
    const [root] = await roots(api, 'workspace');
    await childrenOf(root);
    await vscode.commands.executeCommand('workspaceAutomation.refreshVariables');
    const [again] = (await variablesView(api).getChildren()) as VNode[];
    await childrenOf(again);
    assert.deepEqual(await variableRequests(), ['/workspaces/acme/variables?page=1&per_page=100', '/workspaces/acme/variables?page=1&per_page=100']);
  });

  describe('through a proxy giving the real service\'s odd answers', () => {
    let proxy: VendorProxy;
    before(async () => {
      proxy = await startVendorProxy();
    });
    afterEach(async () => {
      await api?.session.signOut();
      proxy.rules = [];
      await setSetting('apiUrl', emulatorUrl());
      await signedOutState();
    });
    after(async () => {
      await proxy.close();
    });

    async function throughProxy(): Promise<void> {
      api = await signedOutState();
      await setSetting('apiUrl', proxy.url);
      await api.session.reload();
      const result = await signInCommand('admin-token');
      assert.equal(result?.signedIn, true, result?.error);
      variablesView(api).refresh();
    }

    it('a 403 on listing is an error row that says there is no permission, and which scopes to add', async () => {
      await throughProxy();
      proxy.rules = [forbidFor('admin-token', ['/workspaces/acme/variables'])];
      const [root] = await roots(api, 'workspace');
      const kids = await childrenOf(root);
      assert.deepEqual(kids.map(labelOf), ['No permission to list the variables of workspace acme']);
      assert.equal(kids[0].contextValue, 'wa.error.retry');
      const tip = String((kids[0].tooltip as vscode.MarkdownString).value);
      assert.match(tip, /VARIABLE\\_INFO/);
      assert.match(tip, /VARIABLE\\_READ/);
      // Retry once the token allows it: the list comes.
      proxy.rules = [];
      await vscode.commands.executeCommand('workspaceAutomation.retry', kids[0]);
      assert.deepEqual(rows(await childrenOf(root)).slice(0, 2), ['REGION = eu-west-1', 'SENTRY_DSN = encrypted']);
    });

    it('one odd item (no id) is an error row among the others; the effective list warns it may be incomplete', async () => {
      await throughProxy();
      proxy.rules = [
        rewrite('/workspaces/acme/variables', (j) => {
          const variables = j.variables as Record<string, unknown>[];
          if (variables[0]?.key === 'REGION') {
            delete variables[0].id;
          }
          return j;
        }),
      ];
      const [root] = await roots(api, 'workspace');
      const kids = await childrenOf(root);
      assert.deepEqual(kids.map(labelOf), ['SENTRY_DSN', ...(vendor ? ['NPM_RC', 'RELEASE_SIGNING_KEY'] : []), 'variables[0]: no id']);
      assert.equal(kids.at(-1)?.contextValue, 'wa.badItem');
      const [project] = await roots(api, 'project');
      const effective = await childrenOf(await child(await child(project, 'Deploy to production'), 'Effective variables'));
      assert.match(labelOf(effective[0]), /1 variable\(s\) of workspace acme were left out/);
      assert.ok(rows(effective).includes('DEPLOY_DIR = /var/www/web-app · from pipeline'));
    });
  });
});
