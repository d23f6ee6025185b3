// Faults, in the real editor's extension host against the emulator's fault injection: latency
// spikes, 500/502/503, dropped connections, truncated bodies, HTML error pages, bad JSON, a token
// refused in the middle of a session, and rate-limit exhaustion and its reset. For each: the view
// or command says what happened and offers the way forward (an error item with Retry or Sign In, a
// welcome view with Retry, a message with Retry/Edit), GET retries stay within their bound
// (counted at the emulator), a POST that may have reached the server is never sent again by
// itself, what the user loaded or typed is kept, and a later normal load works. Hostile answers
// too (a loopback server in front of the emulator): an endless body stops at the size cap, and a
// list that is always full costs a few pages, not thousands of requests.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ApiClient, type FetchLike } from '../../src/api';
import { allowPipeline } from '../../src/features/pipelineAccess/allowPipeline';
import { createVariable } from '../../src/features/variables/createVariable';
import { emptyAnswers } from '../../src/features/variables/createVariable/answers';
import type { ExtensionApi } from '../../src/extension';
import type { Services } from '../../src/services';
import { startEmulator } from '../emulator';
import { PRODUCTION_TARGET_ID } from '../emulator/demo-data';
import { demoProjects, dialect, fullTargetLabel, listedTargetLabel, listedTargetRows, sendsRateLimitReset } from '../harness/dialect';
import { endlessBody, json, startHostileServer, type HostileServer, type ReceivedRequest } from '../harness/hostileServer';
import { ScriptedPrompter, testServices } from './scriptedPrompter';
import {
  addFault,
  apiCall,
  clearRequests,
  emulatorUrl,
  labelOf,
  requests,
  resetEmulator,
  setSetting,
  signedInAs,
  signedOutState,
  signInCommand,
  tokenKey,
  waitFor,
} from './sessionHelpers';

type Node = vscode.TreeItem & { contextValue?: string; command?: vscode.Command };

/** The client's bound: one try plus two retries, for GET only (src/api/transport.ts, maxRetries). */
const GET_ATTEMPTS = 3;

/**
 * Hides the sidebar: a visible tree loads its rows as soon as the session changes, before a test
 * has queued its fault, and the test would then read rows from memory.
 */
async function hideSidebar(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeSidebar');
}

async function setLatency(ms: number): Promise<void> {
  const res = await fetch(`${emulatorUrl()}/__emulator/latency`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ms }) });
  assert.ok(res.ok, `latency answered ${res.status}`);
}

async function targetRoots(api: ExtensionApi): Promise<Node[]> {
  return (await api.views.targets!.getChildren()) as Node[];
}

async function projectRoots(api: ExtensionApi): Promise<Node[]> {
  return (await api.views.projects.getChildren()) as Node[];
}

/** Runs an item's command the way a click does. */
async function click(node: Node): Promise<void> {
  assert.ok(node.command, `"${labelOf(node)}" has no command`);
  await vscode.commands.executeCommand(node.command.command, ...(node.command.arguments ?? []));
}

/** The demo targets of acme, listed: the view works. */
async function assertTargetsListed(api: ExtensionApi): Promise<void> {
  const nodes = await targetRoots(api);
  assert.deepEqual(nodes.map(labelOf), listedTargetRows(), `rows: ${nodes.map((n) => n.contextValue).join(', ')}`);
  assert.deepEqual(
    nodes.map((n) => n.contextValue?.split('.')[1]),
    nodes.map(() => 'target'),
  );
}

/** How many projects acme's demo data has in this dialect. */
const PROJECT_COUNT = demoProjects().length;

/**
 * Services for a write flow with the client code the extension ships (same retry rules, default
 * options), built from this bundle so that the flow's typed-error checks see the classes it throws.
 */
function flowServices(): Services {
  const { services } = testServices();
  const client = new ApiClient({
    baseUrl: emulatorUrl(),
    getToken: () => 'admin-token',
    // node-fetch, as the extension uses.
    fetch: (async (url, init) => (await import('node-fetch')).default(url, init)) as FetchLike,
    userAgent: 'workspace-automation-fault-tests',
  });
  return { ...services, session: { ...services.session, client, ensureReady: async () => ({ client, workspace: 'acme' }) } };
}

describe('faults: the views under server and network faults', function () {
  this.timeout(90_000);
  let api: ExtensionApi;

  before(hideSidebar);

  beforeEach(async () => {
    api = await signedInAs('admin-token', 'acme');
    // The service has answered in this session: a later failure is the server's, not "unreachable".
    assert.equal((await projectRoots(api)).length, PROJECT_COUNT);
    api.views.targets!.refresh();
    await clearRequests();
  });

  afterEach(async () => {
    await resetEmulator();
  });

  after(async () => {
    await signedOutState();
  });

  const cases: { kind: string; attempts: number; message: RegExp }[] = [
    { kind: '500', attempts: 1, message: /The service failed: Internal server error/ },
    { kind: '502', attempts: GET_ATTEMPTS, message: /The service failed: Bad gateway/ },
    { kind: '503', attempts: GET_ATTEMPTS, message: /The service failed: Service unavailable/ },
    { kind: 'drop', attempts: GET_ATTEMPTS, message: /Could not reach the service/ },
    { kind: 'truncate', attempts: GET_ATTEMPTS, message: /Could not reach the service: .*cut short/ },
    { kind: 'html', attempts: GET_ATTEMPTS, message: /The service failed: The server failed \(502\)/ },
    { kind: 'badjson', attempts: 1, message: /not the API/ },
  ];
  for (const c of cases) {
    it(`${c.kind}: an error item with Retry after ${c.attempts} request(s), and Retry loads the list`, async () => {
      await addFault({ kind: c.kind, count: 10, path: '/workspaces/acme/targets?' });
      const failed = await targetRoots(api);
      assert.equal(failed.length, 1, `one error item, got ${failed.map(labelOf).join(', ')}`);
      const [error] = failed;
      assert.equal(error.contextValue, 'wa.error.retry');
      assert.match(labelOf(error), c.message);
      assert.equal(error.command?.command, 'workspaceAutomation.retry');
      assert.equal(error.description, 'Click to retry');
      assert.equal(api.session.state, 'ready', 'a server fault is shown in the view, not as a welcome state');
      assert.equal((await requests('/targets')).length, c.attempts, `GET attempts for ${c.kind}`);
      await fetch(`${emulatorUrl()}/__emulator/faults`, { method: 'DELETE' });
      await click(error);
      await assertTargetsListed(api);
      assert.equal((await requests('/targets')).length, c.attempts + 1, 'Retry costs one request');
    });
  }

  it('502 once: recovered by the retry, the user sees the list (two requests)', async () => {
    await addFault({ kind: '502', count: 1, path: '/workspaces/acme/targets?' });
    await assertTargetsListed(api);
    assert.deepEqual(
      (await requests('/targets')).map((r) => r.status),
      [502, 200],
    );
  });

  it('an expanded project whose pipelines fail: an error child with Retry under it, the project list intact', async () => {
    await addFault({ kind: '502', count: 10, path: '/projects/web-app/pipelines' });
    const projects = await projectRoots(api);
    const webApp = projects.find((n) => labelOf(n) === 'Web App') as Node & { getChildren(): Promise<Node[]> };
    const children = await webApp.getChildren();
    assert.equal(children.length, 1);
    assert.equal(children[0].contextValue, 'wa.error.retry');
    assert.match(labelOf(children[0]), /The service failed: Bad gateway/);
    assert.equal((await requests('/pipelines')).length, GET_ATTEMPTS);
    assert.equal((await projectRoots(api)).length, PROJECT_COUNT, 'the other rows stay');
    await fetch(`${emulatorUrl()}/__emulator/faults`, { method: 'DELETE' });
    await click(children[0]);
    const pipelines = await webApp.getChildren();
    assert.equal(pipelines.length, 5, `pipelines: ${pipelines.map(labelOf).join(', ')}`);
    assert.deepEqual(
      pipelines.map((p) => p.contextValue?.split('.').slice(0, 2).join('.')),
      ['wa.pipeline', 'wa.pipeline', 'wa.pipeline', 'wa.pipeline', 'wa.pipeline'],
    );
  });

  it('latency spike (2 s) and a trickled answer (2.5 s): the rows arrive, one request each', async () => {
    await setLatency(2000);
    const started = Date.now();
    await assertTargetsListed(api);
    assert.ok(Date.now() - started >= 1900, 'the latency applied');
    await setLatency(0);
    api.views.targets!.refresh();
    await addFault({ kind: 'trickle', count: 1, path: '/workspaces/acme/targets?' });
    await assertTargetsListed(api);
    // The emulator logs a trickled answer once its last write settles, a moment after the body is complete.
    await waitFor('both requests logged', async () => (await requests('/targets')).length === 2, 3000);
    assert.deepEqual((await requests('/targets')).map((r) => r.status), [200, 200]);
  });

  it('a failed next page keeps the loaded rows, shows Retry at the end, and Retry appends the page', async () => {
    api.views.currentProject.set({ name: 'web-app', displayName: 'Web App' });
    const commits = api.views.commits!;
    commits.refresh();
    const first = await commits.getChildren();
    assert.equal(first.length, 21, '20 commits and Load more');
    await clearRequests();
    await addFault({ kind: '503', count: 10, path: 'commits?page=2' });
    const more = first[20] as Node;
    await click(more);
    const after = (await commits.getChildren()) as Node[];
    assert.equal(after.length, 21, '20 commits kept and the error item');
    assert.equal(after[20].contextValue, 'wa.error.retry');
    assert.equal((await requests('commits?page=2')).length, GET_ATTEMPTS);
    await fetch(`${emulatorUrl()}/__emulator/faults`, { method: 'DELETE' });
    await click(after[20]);
    const done = await commits.getChildren();
    assert.equal(done.length, 41, '40 commits and Load more');
    assert.equal((await requests('commits?page=2')).length, GET_ATTEMPTS + 1);
  });

  it('no answer at the first contact: the unreachable welcome with Retry, then Retry loads every view', async () => {
    api = await signedInAs('admin-token', 'acme'); // nothing answered yet in this session
    await addFault({ kind: 'drop', count: 10, path: '/workspaces/acme/projects?' });
    assert.deepEqual(await projectRoots(api), [], 'the view is empty; its welcome says what to do');
    assert.equal(api.session.state, 'unreachable');
    const welcome = (vscode.extensions.getExtension('workspace-automation.workspace-automation')!.packageJSON as {
      contributes: { viewsWelcome: { view: string; contents: string; when: string }[] };
    }).contributes.viewsWelcome.find((w) => w.view === 'workspaceAutomation.projects' && w.when.includes('unreachable'));
    assert.ok(welcome, 'an unreachable welcome exists');
    assert.equal((await requests('/projects')).length, GET_ATTEMPTS);
    await fetch(`${emulatorUrl()}/__emulator/faults`, { method: 'DELETE' });
    await vscode.commands.executeCommand('workspaceAutomation.retry');
    await waitFor('state ready', () => api.session.state === 'ready');
    assert.equal((await projectRoots(api)).length, PROJECT_COUNT);
  });

  it('a token refused in the middle of the session: Sign In item, no retry of the 401, and signing in again works', async () => {
    const baseUrl = api.session.baseUrl!;
    await api.services.context.secrets.store(`workspaceAutomation.token:${baseUrl}`, 'revoked-token-5b1f0c');
    await api.session.reload();
    api.views.targets!.refresh();
    await clearRequests();
    const failed = await targetRoots(api);
    assert.equal(failed.length, 1);
    assert.equal(failed[0].contextValue, 'wa.error.signIn');
    assert.match(labelOf(failed[0]), /refused the token .*Sign in again/);
    assert.doesNotMatch(labelOf(failed[0]), /revoked-token/);
    assert.equal(failed[0].command?.command, 'workspaceAutomation.signIn');
    assert.deepEqual((await requests()).map((r) => r.status), [401], 'a 401 is not retried');
    const result = await signInCommand('admin-token');
    assert.equal(result?.signedIn, true);
    await assertTargetsListed(api);
  });
});

describe('faults: a POST that may have reached the server is not sent again by itself', function () {
  this.timeout(90_000);

  beforeEach(async () => {
    await resetEmulator();
  });

  after(async () => {
    await resetEmulator();
  });

  for (const kind of ['drop', '502', '503', 'truncate']) {
    it(`allow-pipeline answered by ${kind}: one POST, a message with Retry and Edit; Retry sends the same answers once more`, async () => {
      await addFault({ kind, count: 1, method: 'POST', path: '/allow-pipeline' });
      const services = flowServices();
      const prompter = new ScriptedPrompter([{ pick: listedTargetLabel(PRODUCTION_TARGET_ID) }, { pick: 'Web App' }, { pick: 'Deploy to staging' }]).choose('Retry');
      const outcome = await allowPipeline(services, prompter);
      const posts = (await requests('/allow-pipeline')).filter((r) => r.method === 'POST');
      assert.equal(posts.length, 2, `one POST, then one for Retry: ${posts.map((p) => p.status).join(', ')}`);
      const error = prompter.messages.find((m) => m.severity === 'error');
      assert.ok(error, `an error message: ${JSON.stringify(prompter.messages)}`);
      assert.ok(error.text.startsWith(`Could not allow pipeline Deploy to staging on target ${fullTargetLabel(PRODUCTION_TARGET_ID)}`), error.text);
      assert.deepEqual(error.actions, ['Retry', 'Edit']);
      assert.equal(outcome.kind, 'allowed', 'the user did not have to answer again');
      assert.equal(prompter.remaining, 0);
      const target = (await apiCall('GET', `/workspaces/acme/targets/${PRODUCTION_TARGET_ID}`)) as { allowed_pipelines: { name: string }[] };
      assert.ok(target.allowed_pipelines.some((p) => p.name === 'Deploy to staging'));
    });
  }

  it('create variable answered by a dropped connection: one POST; Edit reopens the steps with every answer kept', async () => {
    await addFault({ kind: 'drop', count: 1, method: 'POST', path: '/variables' });
    const services = flowServices();
    const prompter = new ScriptedPrompter([
      { pick: 'Workspace' },
      { pick: 'VAR' },
      { input: 'FAULT_TEST' },
      { pick: 'Show the value while typing' },
      { input: 'kept-value' },
      { input: 'kept description' },
    ]).choose('Edit');
    // After Edit: accept every answer as shown.
    prompter.then({ accept: true }, { accept: true }, { accept: true }, { accept: true }, { accept: true }, { accept: true });
    const variable = await createVariable(services, prompter, emptyAnswers());
    const posts = (await requests('/variables')).filter((r) => r.method === 'POST');
    assert.equal(posts.length, 2, 'the dropped POST was not repeated by the client; the second is the user\'s');
    assert.deepEqual(prompter.messages.find((m) => m.severity === 'error')?.actions, ['Retry', 'Edit']);
    const shownAgain = prompter.prompts.slice(6).filter((p) => p.kind === 'input').map((p) => p.value);
    assert.ok(shownAgain.includes('FAULT_TEST') && shownAgain.includes('kept description'), `answers shown again: ${JSON.stringify(shownAgain)}`);
    assert.equal(variable?.key, 'FAULT_TEST', prompter.describe());
  });
});

describe('faults: rate limit exhausted, then reset', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let limited: Awaited<ReturnType<typeof startEmulator>>;
  const LIMIT = 5;
  const WINDOW_S = 4;

  before(async () => {
    await hideSidebar();
    limited = await startEmulator({ port: 0, rateLimit: LIMIT, rateWindowS: WINDOW_S, dialect });
    api = await signedOutState();
    await setSetting('apiUrl', limited.url);
    await waitFor('the new address', () => api.session.baseUrl === limited.url);
  });

  after(async () => {
    await api.session.signOut(); // the token stored for the limited emulator's address
    await setSetting('apiUrl', emulatorUrl());
    await signedOutState();
    await limited.close();
  });

  const title = sendsRateLimitReset
    ? 'shows the limit and its reset time with Retry, sends nothing more until the reset, then Retry loads'
    : 'shows the limit with Retry; without a reset time (the vendor sends none) the server decides each request, and Retry loads after the window';
  it(title, async () => {
    const result = await signInCommand('admin-token');
    assert.equal(result?.signedIn, true);
    // Sign in used 3 of 5 (workspaces, user, token info); Projects and Targets use the rest; Commits finds the budget spent.
    assert.equal((await projectRoots(api)).length, PROJECT_COUNT);
    await assertTargetsListed(api);
    api.views.currentProject.set({ name: 'web-app', displayName: 'Web App' });
    api.views.commits!.refresh();
    const before = limited.requests.length;
    const failed = (await api.views.commits!.getChildren()) as Node[];
    assert.equal(failed.length, 1);
    assert.equal(failed[0].contextValue, 'wa.error.retry');
    assert.match(labelOf(failed[0]), sendsRateLimitReset ? /Rate limit exceeded; it resets at/ : /Rate limit exceeded; try again later/);
    const sent = limited.requests.length - before;
    assert.ok(sent <= 1, `at most one request past the budget (the server's 403), got ${sent}`);
    api.views.targets!.refresh();
    const again = await targetRoots(api);
    assert.match(labelOf(again[0]), /Rate limit exceeded/);
    if (sendsRateLimitReset) {
      // Refreshing before the reset fails at once, without a request.
      assert.equal(limited.requests.length - before, sent, 'nothing sent while the budget is spent');
    } else {
      // No reset known: the request goes out once (not retried) and the server refuses it.
      assert.equal(limited.requests.length - before, sent + 1, 'one request, refused by the server');
    }
    // After the window: Retry loads.
    await new Promise((r) => setTimeout(r, (WINDOW_S + 1.2) * 1000));
    await click(failed[0]);
    const commits = await api.views.commits!.getChildren();
    assert.equal(commits.length, 21, '20 commits and Load more');
  });
});

describe('faults: hostile answers are bounded (endless bodies, always-full pages)', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let hostile: HostileServer;
  /** Always a full page of new items for the list at `path` (the client's repeated-page check never fires). */
  let served = 0;
  const fullPage = (key: 'workspaces' | 'projects', req: ReceivedRequest, res: import('node:http').ServerResponse): boolean => {
    const perPage = Number(new URL(req.path, 'http://x').searchParams.get('per_page') ?? 20);
    const items = Array.from({ length: perPage }, () => {
      served++;
      return key === 'workspaces'
        ? { url: `${hostile.url}/workspaces/w${served}`, html_url: 'https://app.example/w', id: served, name: `Workspace ${served}`, domain: `w${served}` }
        : { url: `${hostile.url}/p${served}`, html_url: 'https://app.example/p', name: `p${served}`, display_name: `Project ${served}`, status: 'ACTIVE' };
    });
    json(res, 200, { url: `${hostile.url}/${key}`, html_url: 'https://app.example', [key]: items });
    return true;
  };
  const listRequests = (pathStart: string) => hostile.received.filter((r) => r.method === 'GET' && r.path.split('?')[0] === pathStart);

  before(async () => {
    await hideSidebar();
    // In front of the emulator: what a test's handler leaves is the emulator's answer.
    hostile = await startHostileServer({ upstream: emulatorUrl() });
    api = await signedOutState();
    await setSetting('apiUrl', hostile.url);
    await api.services.context.secrets.store(tokenKey(hostile.url), 'admin-token');
    await setSetting('workspace', 'acme');
    await api.session.reload();
    await waitFor('signed in on the hostile address', () => api.session.baseUrl === hostile.url && api.session.signedIn);
  });

  after(async () => {
    await api.session.signOut();
    await setSetting('apiUrl', emulatorUrl());
    await hostile.close();
    await signedOutState();
  });

  beforeEach(() => {
    hostile.handle(undefined);
    hostile.received.length = 0;
  });

  it('an endless answer to the project list: an error row naming the 4 MiB limit, soon, and the other views load', async () => {
    hostile.handle((req, res) => (req.method === 'GET' && req.path.startsWith('/workspaces/acme/projects?') ? (endlessBody(res, hostile.endless), true) : false));
    const heapBefore = process.memoryUsage().heapUsed;
    const started = Date.now();
    api.views.projects.refresh();
    const rows = await projectRoots(api);
    assert.ok(Date.now() - started < 20_000, `answered in ${Date.now() - started} ms`);
    assert.equal(rows.length, 1, rows.map(labelOf).join(', '));
    assert.equal(rows[0].contextValue, 'wa.error.retry');
    assert.match(labelOf(rows[0]), /larger than 4 MiB/);
    assert.ok(process.memoryUsage().heapUsed - heapBefore < 256 * 2 ** 20, 'the extension host did not swallow the stream');
    await waitFor('the endless connection to close', () => hostile.endless.closed > 0 || undefined);
    assert.equal(listRequests('/workspaces/acme/projects').length, 1, 'not retried');
    // The rest of the service still works through the same address.
    api.views.targets!.refresh();
    await assertTargetsListed(api);
  });

  it('Select Workspace against an always-full workspace list: five pages, then the pick (no endless paging)', async () => {
    hostile.handle((req, res) => (req.method === 'GET' && req.path.startsWith('/workspaces?') ? fullPage('workspaces', req, res) : false));
    const result = vscode.commands.executeCommand<boolean>('workspaceAutomation.selectWorkspace');
    await waitFor('five pages of workspaces', () => listRequests('/workspaces').length >= 5 || undefined, 20_000);
    // Give an unbounded loader the time to ask for many more.
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(
      listRequests('/workspaces').map((r) => r.path),
      [1, 2, 3, 4, 5].map((p) => `/workspaces?page=${p}&per_page=100`),
    );
    // The pick is open with what was loaded (and the way to type a domain): close it.
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await result, false);
    assert.equal(api.session.workspace, 'acme', 'nothing chosen, nothing changed');
  });

  it("a picker over an always-full project list: five pages, then typing the project's name creates the variable", async () => {
    hostile.handle((req, res) => (req.method === 'GET' && req.path.startsWith('/workspaces/acme/projects?') ? fullPage('projects', req, res) : false));
    const { services } = testServices({ baseUrl: hostile.url });
    const prompter = new ScriptedPrompter([
      { pick: 'Project' },
      { pick: "Type the project's name…" },
      { input: 'no-such-project' },
      { pick: "Type the project's name…" },
      { input: 'web-app' },
      { pick: 'VAR' },
      { input: 'TYPED_PROJECT_VAR' },
      { pick: 'Show the value while typing' },
      { input: 'v1' },
      { accept: true },
      { accept: true },
    ]);
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.equal(variable?.key, 'TYPED_PROJECT_VAR', prompter.describe());
    const projectPick = prompter.prompts[1];
    assert.equal(projectPick.items.length, 501, 'five pages of 100, and the item to type a name');
    assert.equal(projectPick.items.at(-1)?.label, "Type the project's name…");
    assert.deepEqual(
      listRequests('/workspaces/acme/projects').map((r) => r.path),
      [1, 2, 3, 4, 5].map((p) => `/workspaces/acme/projects?page=${p}&per_page=100`),
      'the list was loaded once, five pages',
    );
    assert.match(prompter.messages.find((m) => m.severity === 'error')?.text ?? '', /There is no project named no-such-project in acme/);
    const created = (await apiCall('GET', '/workspaces/acme/variables?project_name=web-app')) as { variables: { key: string }[] };
    assert.ok(created.variables.some((v) => v.key === 'TYPED_PROJECT_VAR'));
  });
});

describe('faults: the extension host keeps working', function () {
  this.timeout(60_000);

  it('after all the faults above, every view loads normally', async () => {
    const api = await signedInAs('admin-token', 'acme');
    assert.equal((await projectRoots(api)).length, PROJECT_COUNT);
    await assertTargetsListed(api);
    api.views.currentProject.set({ name: 'web-app', displayName: 'Web App' });
    api.views.commits!.refresh();
    assert.equal((await api.views.commits!.getChildren()).length, 21);
    const answered = await requests();
    assert.ok(answered.length >= 3, `${answered.length} requests: projects, targets and commits were asked`);
    assert.deepEqual(
      answered.filter((r) => r.status !== 200),
      [],
    );
    await signedOutState();
  });
});
