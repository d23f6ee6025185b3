// The Targets view in the real editor's extension host, against the emulator over HTTP: the list,
// descriptions and icons by type, lazy tooltips without secrets, children of production / staging
// / FTP / Kubernetes targets (one request each, then from memory), updateTarget without a request,
// and error states (500, malformed answer) with Retry.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { Target } from '../../src/api';
import { PRODUCTION_TARGET_ID, STAGING_TARGET_ID } from '../emulator/demo-data';
import { isVendor, listedTargetRows } from '../harness/dialect';
import { addFault, apiCall, clearRequests, labelOf, requests, signedInAs } from './sessionHelpers';

type Node = vscode.TreeItem;

function targetsView(api: ExtensionApi) {
  const view = api.views.targets;
  assert.ok(view, 'the Targets provider exists');
  return view;
}

async function roots(api: ExtensionApi): Promise<Node[]> {
  return (await targetsView(api).getChildren()) as Node[];
}

async function children(api: ExtensionApi, node: Node): Promise<Node[]> {
  return (await targetsView(api).getChildren(node as never)) as Node[];
}

function byId(nodes: Node[], id: string): Node {
  const node = nodes.find((n) => n.id === `target:${id}`);
  assert.ok(node, `target ${id} is listed`);
  return node;
}

async function tooltipOf(api: ExtensionApi, node: Node): Promise<string> {
  const resolved = await targetsView(api).resolveTreeItem(node, node as never, new vscode.CancellationTokenSource().token);
  const tooltip = resolved.tooltip;
  return typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? '');
}

/** Signed in as admin in acme, the list forgotten, an empty request log. */
async function fresh(): Promise<ExtensionApi> {
  const api = await signedInAs();
  targetsView(api).refresh();
  await clearRequests();
  return api;
}

/** The rows of acme's Targets view: its targets, then (vendor) its MATCH items. */
const ROW_COUNT = listedTargetRows().length;

describe('Targets view', function () {
  this.timeout(60_000);

  it(`lists the workspace targets with address, type and an icon by type, in one request ${isVendor ? "(the vendor's reduced items: named by identifier, a MATCH filter)" : ''}`, async () => {
    const api = await fresh();
    const nodes = await roots(api);
    const defaultRows = [
      ['Production web servers', 'prod-1.example.com:22/var/www/web-app · SSH', 'server'],
      ['Staging server', '10.0.4.12:2222/srv/staging · SSH', 'server'],
      ['Static assets (FTP)', 'ftp.example.com:21/public_html/assets · FTP', 'server'],
      // No host, port or path: shown with what it has.
      ['Main Kubernetes cluster', 'KUBERNETES', 'cloud'],
    ];
    // The vendor's list items have no name (the identifier stands in), no html_url, and do not say
    // whom they admit (restricted until the full target says otherwise); a MATCH item is a filter.
    const vendorRows = [
      ['production', 'prod-1.example.com:22/var/www/web-app · SSH', 'server'],
      ['staging', '10.0.4.12:2222/srv/staging · SSH', 'server'],
      ['assets-ftp', 'ftp.example.com:21/public_html/assets · FTP', 'server'],
      ['k8s-main', 'KUBERNETES', 'cloud'],
      ['edge-sftp', 'edge.example.com:22/srv/edge · SFTP', 'server'],
      ['prod-hosts', 'MATCH · scope WORKSPACE', 'filter'],
    ];
    assert.deepEqual(
      nodes.map((n) => [labelOf(n), n.description, (n.iconPath as vscode.ThemeIcon).id]),
      isVendor ? vendorRows : defaultRows,
    );
    assert.equal(nodes.length, ROW_COUNT);
    assert.deepEqual(
      nodes.map((n) => n.contextValue),
      isVendor
        ? [...Array.from({ length: 5 }, () => 'wa.target.restricted'), 'wa.target.filter']
        : ['wa.target.restricted.hasUrl', 'wa.target.allowsAll.hasUrl', 'wa.target.restricted.hasUrl', 'wa.target.restricted.hasUrl'],
    );
    const sent = await requests('/targets');
    assert.equal(sent.length, 1);
    assert.match(sent[0].path, /^\/workspaces\/acme\/targets\?/);
    // Shown again from memory.
    await roots(api);
    assert.equal((await requests('/targets')).length, 1);
  });

  it('shows the one pipeline production allows (name and project), at the cost of one request', async () => {
    const api = await fresh();
    const production = byId(await roots(api), PRODUCTION_TARGET_ID);
    await clearRequests();
    const kids = await children(api, production);
    assert.deepEqual(
      kids.map((n) => [labelOf(n), n.description, n.contextValue]),
      [['Deploy to production', 'web-app', 'wa.allowedPipeline.hasUrl']],
    );
    const tooltip = await tooltipOf(api, production);
    await children(api, production);
    const sent = await requests('/targets');
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path}`),
      [`GET /workspaces/acme/targets/${PRODUCTION_TARGET_ID}`],
      'expanding and hovering cost one request together',
    );
    assert.match(tooltip, /production/);
    // The full target's name and tags, also when the list item had neither (the vendor's).
    assert.match(tooltip, /^\*\*Production web servers\*\*/);
    assert.match(tooltip, /`prod`/);
    assert.match(tooltip, /`web`/);
    assert.match(tooltip, /PASSWORD as `deploy`/);
    assert.match(tooltip, /USE\\_ONLY|USE_ONLY/);
    assert.doesNotMatch(tooltip, /pr0d-Secret|secure!|!encrypted/, 'never the password, not even its encrypted form');
  });

  it('shows "All pipelines allowed" for staging', async () => {
    const api = await fresh();
    const kids = await children(api, byId(await roots(api), STAGING_TARGET_ID));
    assert.deepEqual(
      kids.map((n) => [labelOf(n), n.contextValue]),
      [['All pipelines allowed', 'wa.allPipelinesAllowed']],
    );
  });

  it('shows non-SSH targets (FTP, Kubernetes) with their pipelines and no secret', async () => {
    const api = await fresh();
    const nodes = await roots(api);
    const ftp = await children(api, byId(nodes, 'tg-5d90'));
    assert.deepEqual(
      ftp.map((n) => [labelOf(n), n.description]),
      [
        ['Deploy to staging', 'web-app'],
        ['Deploy to production', 'web-app'],
      ],
    );
    const k8s = byId(nodes, 'tg-b41e');
    assert.deepEqual(
      (await children(api, k8s)).map((n) => [labelOf(n), n.description]),
      [['Deploy', 'api-service']],
    );
    const tooltip = await tooltipOf(api, k8s);
    assert.match(tooltip, /KUBERNETES/);
    assert.match(tooltip, /cluster\\?_url: `https:\/\/k8s\.example\.com:6443`/, 'type-specific fields are shown');
    assert.match(tooltip, /TOKEN/);
    assert.doesNotMatch(tooltip, /k8s-Secret-token|secure!|!encrypted/);
  });

  it('updateTarget replaces a target and its children without a request', async () => {
    const api = await fresh();
    const production = byId(await roots(api), PRODUCTION_TARGET_ID);
    assert.equal((await children(api, production)).length, 1);
    // What the Allow Pipeline command receives: the answer of allow-pipeline.
    const answer = (await apiCall('POST', `/workspaces/acme/targets/${PRODUCTION_TARGET_ID}/allow-pipeline`, {
      project: 'web-app',
      pipeline: 'Deploy to staging',
    })) as Target;
    await clearRequests();
    api.views.updateTarget({ ...answer, name: 'Production (updated)' });
    const again = byId(await roots(api), PRODUCTION_TARGET_ID);
    assert.equal(labelOf(again), 'Production (updated)');
    assert.deepEqual(
      (await children(api, again)).map((n) => labelOf(n)).sort(),
      ['Deploy to production', 'Deploy to staging'],
    );
    await tooltipOf(api, again);
    assert.deepEqual(await requests('/targets'), [], 'no request for targets');
    // A target not loaded yet is simply left to its first load.
    api.views.updateTarget({ ...answer, id: 'tg-unknown' });
    assert.equal((await roots(api)).length, ROW_COUNT);
  });

  it('shows a target of an unknown type with what it has, and "No pipelines allowed"', async () => {
    const api = await fresh();
    const production = byId(await roots(api), PRODUCTION_TARGET_ID);
    await clearRequests();
    // Only what every target has; no host, port, path, tags, auth or permissions.
    const sparse = {
      url: `${process.env.WA_EMULATOR_URL}/workspaces/acme/targets/${PRODUCTION_TARGET_ID}`,
      html_url: '',
      id: PRODUCTION_TARGET_ID,
      identifier: 'mystery',
      name: '',
      type: 'QUANTUM_TUNNEL',
      all_pipelines_allowed: false,
      allowed_pipelines: [],
    } as unknown as Target;
    api.views.updateTarget(sparse);
    assert.equal(labelOf(production), 'mystery', 'falls back to the identifier when there is no name');
    assert.equal(production.description, 'QUANTUM_TUNNEL');
    assert.equal((production.iconPath as vscode.ThemeIcon).id, 'question');
    assert.equal(production.contextValue, 'wa.target.restricted', 'no Open in Browser without an address');
    const kids = await children(api, production);
    assert.deepEqual(
      kids.map((n) => [labelOf(n), n.contextValue]),
      [['No pipelines allowed', 'wa.message']],
    );
    const tooltip = await tooltipOf(api, production);
    assert.match(tooltip, /QUANTUM\\?_TUNNEL/);
    assert.match(tooltip, /Tags: none/);
    assert.deepEqual(await requests('/targets'), []);
  });

  it('shows a server failure of the list as an error item whose Retry loads again', async () => {
    const api = await fresh();
    await addFault({ kind: '500', path: '/workspaces/acme/targets' });
    const nodes = await roots(api);
    assert.deepEqual(
      nodes.map((n) => n.contextValue),
      ['wa.error.retry'],
    );
    assert.match(labelOf(nodes[0]), /The service failed/);
    await vscode.commands.executeCommand('workspaceAutomation.retry', nodes[0]);
    assert.equal((await roots(api)).length, ROW_COUNT);
  });

  it('shows a malformed answer as an error item (list and one target), not a crash', async () => {
    const api = await fresh();
    await addFault({ kind: 'badjson', path: '/workspaces/acme/targets' });
    const nodes = await roots(api);
    assert.deepEqual(
      nodes.map((n) => n.contextValue),
      ['wa.error.retry'],
    );
    assert.match(labelOf(nodes[0]), /not the API/);
    targetsView(api).refresh();
    const production = byId(await roots(api), PRODUCTION_TARGET_ID);
    await addFault({ kind: 'badjson', path: `/targets/${PRODUCTION_TARGET_ID}` });
    const failed = await children(api, production);
    assert.deepEqual(
      failed.map((n) => n.contextValue),
      ['wa.error.retry'],
    );
    // Retry (the error item's command) asks again.
    await vscode.commands.executeCommand('workspaceAutomation.retry', failed[0]);
    assert.deepEqual(
      (await children(api, production)).map(labelOf),
      ['Deploy to production'],
    );
  });

  it('leaves the API-disabled workspace to the welcome view (no items, state apiDisabled)', async () => {
    const api = await signedInAs('admin-token', 'dormant');
    targetsView(api).refresh();
    const nodes = await roots(api);
    assert.deepEqual(nodes, []);
    assert.equal(api.session.state, 'apiDisabled');
    const sent = await requests('/targets');
    assert.deepEqual(
      sent.map((r) => [r.path.split('?')[0], r.status]),
      [['/workspaces/dormant/targets', 400]],
    );
  });
});
