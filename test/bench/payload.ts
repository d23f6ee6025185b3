// The benchmark's part inside the real editor (extensionTestsPath of a code-server session started
// by test/bench/run.ts): activation, time to first rows, requests per journey and memory at scale,
// measured on the installed extension through the object activate() returns and the providers'
// getChildren. Results go to the JSON file named by WA_BENCH_OUT; run.ts prints and judges them.
// Nothing here asserts a time: every figure is reported, never a pass/fail of a test.
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import { allowPipeline } from '../../src/features/pipelineAccess/allowPipeline';
import type { ExtensionApi } from '../../src/extension';
import { ScriptedPrompter } from '../host/scriptedPrompter';
import type { BenchResults, Journey, Rows } from './results';
import { median } from './stats';

const EXTENSION_ID = 'workspace-automation.workspace-automation';
const TOKEN = 'admin-token';
const WORKSPACE = 'acme';
/** Repetitions of each first-rows measurement (median reported). */
const RUNS = 7;

interface Logged {
  method: string;
  path: string;
  status: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function control(base: string, method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${base}/__emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    throw new Error(`emulator ${method} ${path} answered ${res.status}`);
  }
  return res;
}

async function logged(base: string): Promise<Logged[]> {
  const { requests } = (await (await control(base, 'GET', 'requests')).json()) as { requests: Logged[] };
  return requests.filter((r) => r.method !== 'OPTIONS');
}

/** Waits until the emulator's log stops growing (the views' follow-up requests included). */
async function settled(base: string, quietMs = 700, maxMs = 15_000): Promise<Logged[]> {
  const end = Date.now() + maxMs;
  let last = -1;
  let since = Date.now();
  for (;;) {
    const now = await logged(base);
    if (now.length !== last) {
      last = now.length;
      since = Date.now();
    } else if (Date.now() - since >= quietMs || Date.now() > end) {
      return now;
    }
    await sleep(100);
  }
}

/** A full garbage collection (V8's gc exposed at run time), or undefined when it cannot be had. */
function gcFunction(): (() => void) | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as (() => void) | undefined;
    return typeof gc === 'function'
      ? () => {
          gc();
          gc();
        }
      : undefined;
  } catch {
    return undefined;
  }
}

function label(n: vscode.TreeItem): string {
  return typeof n.label === 'string' ? n.label : (n.label?.label ?? '');
}

async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('workspaceAutomation').update(key, value, vscode.ConfigurationTarget.Global);
}

async function signIn(api: ExtensionApi): Promise<void> {
  await api.session.ready();
  const result = await vscode.commands.executeCommand<{ signedIn: boolean; error?: string }>('workspaceAutomation.signIn', { token: TOKEN, workspace: WORKSPACE });
  if (!result?.signedIn) {
    throw new Error(`sign in failed: ${result?.error}`);
  }
}

/** One raw fetch of the same address the view asks for: the physical limit. */
async function rawFetch(base: string, path: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(base + path, { headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' } });
  await res.json();
  return performance.now() - t0;
}

/** Time from a refreshed provider's getChildren() to its first rows (data rows, not an error item). */
async function viewRows(provider: { refresh(): void; getChildren(): Promise<vscode.TreeItem[]> }): Promise<number> {
  provider.refresh();
  const t0 = performance.now();
  const nodes = await provider.getChildren();
  const ms = performance.now() - t0;
  const bad = nodes.find((n) => String(n.contextValue ?? '').startsWith('wa.error') || String(n.contextValue ?? '').startsWith('wa.message'));
  if (nodes.length === 0 || bad) {
    throw new Error(`no rows: ${nodes.map(label).join(', ')}`);
  }
  return ms;
}

async function firstRows(api: ExtensionApi, base: string, latencyMs: number, commitsProject = 'web-app'): Promise<Rows[]> {
  await control(base, 'POST', 'latency', { ms: latencyMs });
  const cases: { view: string; provider: { refresh(): void; getChildren(): Promise<vscode.TreeItem[]> }; path: string }[] = [
    { view: 'Projects', provider: api.views.projects, path: `/workspaces/${WORKSPACE}/projects?page=1&per_page=20` },
    {
      view: 'Commits',
      provider: api.views.commits!,
      path: `/workspaces/${WORKSPACE}/projects/${commitsProject}/repository/commits?page=1&per_page=${vscode.workspace.getConfiguration('workspaceAutomation').get('commits.pageSize', 20)}`,
    },
    { view: 'Targets', provider: api.views.targets!, path: `/workspaces/${WORKSPACE}/targets?page=1&per_page=20` },
  ];
  const out: Rows[] = [];
  for (const c of cases) {
    const view: number[] = [];
    const raw: number[] = [];
    // Warm both paths once (connection, JIT), then alternate.
    await viewRows(c.provider);
    await rawFetch(base, c.path);
    for (let i = 0; i < RUNS; i++) {
      view.push(await viewRows(c.provider));
      raw.push(await rawFetch(base, c.path));
    }
    out.push({ view: c.view, latencyMs, viewMs: median(view), rawMs: median(raw), runs: RUNS });
  }
  await control(base, 'POST', 'latency', { ms: 0 });
  return out;
}

async function journey(base: string, name: string, minimum: number, why: string, act: () => Promise<unknown>): Promise<Journey> {
  await control(base, 'DELETE', 'requests');
  await act();
  const reqs = await settled(base);
  return { name, minimum, why, requests: reqs.map((r) => `${r.method} ${r.path} ${r.status}`) };
}

async function collapseAll(): Promise<void> {
  for (const id of ['projects', 'commits', 'targets']) {
    await vscode.commands.executeCommand(`workbench.actions.treeView.workspaceAutomation.${id}.collapseAll`).then(undefined, () => undefined);
  }
}

export async function run(): Promise<void> {
  const out = process.env.WA_BENCH_OUT;
  const base = process.env.WA_EMULATOR_URL;
  const scaleBase = process.env.WA_BENCH_SCALE_URL;
  if (!out || !base || !scaleBase) {
    throw new Error('WA_BENCH_OUT, WA_EMULATOR_URL and WA_BENCH_SCALE_URL must be set (run through `npm run bench`)');
  }
  const results: BenchResults = { editor: vscode.version, notes: [] };
  const gc = gcFunction();
  try {
    // ---------------------------------------------------------------- activation
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    const ext = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
    if (!ext) {
      throw new Error(`${EXTENSION_ID} is not installed`);
    }
    await control(base, 'DELETE', 'requests');
    const wasActive = ext.isActive;
    const cacheBefore = new Set(Object.keys(require.cache));
    const bindings = process as unknown as { moduleLoadList?: string[] };
    const builtinsBefore = new Set(bindings.moduleLoadList ?? []);
    const t0 = performance.now();
    const api = await ext.activate();
    const activateCallMs = performance.now() - t0;
    const newFiles = Object.keys(require.cache).filter((k) => !cacheBefore.has(k));
    const newBuiltins = (bindings.moduleLoadList ?? []).filter((m) => !builtinsBefore.has(m));
    await api.session.ready();
    await sleep(1500);
    results.activation = {
      wasActiveBefore: wasActive,
      insideActivateMs: api.activationMs,
      activateCallMs,
      // Only our extension's files: a built-in extension activating at the same moment (the JSON
      // support, after the bench wrote settings.json) loads its own.
      modulesLoaded: newFiles.filter((f) => f.startsWith(ext.extensionPath)).map((f) => f.replace(/^.*\/extensions\//, '…/extensions/')),
      otherModulesLoaded: newFiles.filter((f) => !f.startsWith(ext.extensionPath)).length,
      builtinsLoaded: newBuiltins,
      requests: (await logged(base)).map((r) => `${r.method} ${r.path}`),
    };

    // ---------------------------------------------------------------- journeys (emulator log)
    await api.session.signOut();
    await setSetting('workspace', undefined);
    await control(base, 'POST', 'reset');
    const journeys: Journey[] = [];
    journeys.push(
      await journey(base, 'sign in', 3, 'sent together, one round trip: GET /workspaces checks the token with something the extension needs (the real service asks no special scope for it); GET /user gives the name the greeting shows and GET /user/token the scopes (a hint) and the expiry, each optional (a token may lack USER_INFO or TOKEN_INFO)', () =>
        signIn(api),
      ),
    );
    journeys.push(
      await journey(base, 'open the sidebar', 2, 'page 1 of Projects and of Targets; Commits shows "Select a project" until one is chosen (no git remote in the folder)', async () => {
        await vscode.commands.executeCommand('workbench.view.extension.workspaceAutomation');
      }),
    );
    const projects = api.views.projects;
    const webApp = () => projects.projectNodes().find((n) => n.project.name === 'web-app');
    if (!webApp()) {
      await projects.getChildren();
    }
    journeys.push(
      await journey(base, 'expand a project', 1, "one page of the project's pipelines (a project has fewer than 20)", async () => {
        const node = webApp();
        if (!node || !projects.treeView) {
          throw new Error('web-app is not listed');
        }
        await projects.treeView.reveal(node, { expand: true, select: false, focus: false });
      }),
    );
    const commits = api.views.commits!;
    journeys.push(
      await journey(base, 'load three pages of commits', 4, "one request per page of 20, and the project's variables for the Variables view, which follows the chosen project too (one list, no request per row)", async () => {
        api.views.currentProject.set({ name: 'web-app', displayName: 'Web App' });
        await commits.getChildren();
        for (let i = 0; i < 2; i++) {
          const more = commits.list?.currentNodes().find((n) => n.contextValue === 'wa.loadMore');
          if (!more) {
            throw new Error('no Load more item in Commits');
          }
          await vscode.commands.executeCommand('workspaceAutomation.loadMore', more);
        }
      }),
    );
    journeys.push(
      await journey(base, 'open a commit', 1, 'GET of the full commit (stats, files, patches); the list row already has the rest', async () => {
        const first = commits.commitNodes()[0];
        await vscode.commands.executeCommand('workspaceAutomation.openCommit', first);
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      }),
    );
    const targets = api.views.targets!;
    const production = () => targets.targetNodes().find((n) => n.target.identifier === 'production');
    journeys.push(
      await journey(base, 'expand a target', 1, 'GET of the full target (allowed pipelines); the summary in the list lacks them', async () => {
        const node = production();
        if (!node || !targets.treeView) {
          throw new Error('production is not listed');
        }
        await targets.treeView.reveal(node, { expand: true, select: false, focus: false });
      }),
    );
    journeys.push(
      await journey(
        base,
        'allow a pipeline',
        1,
        "the POST only: the projects (Projects view), web-app's pipelines (expanded above) and the target's allowed pipelines (expanded above) are already loaded, and the answer is the updated target",
        async () => {
          const node = production();
          const preset = await node?.loadedTarget;
          const prompter = new ScriptedPrompter([{ pick: 'Web App' }, { pick: 'Deploy to staging' }]);
          const outcome = await allowPipeline(api.services, prompter, preset);
          if (outcome.kind !== 'allowed') {
            throw new Error(`allow pipeline: ${outcome.kind} (${prompter.describe()})`);
          }
        },
      ),
    );
    await collapseAll();
    journeys.push(
      await journey(base, 'refresh', 3, 'page 1 of each of the three lists (every node collapsed first; an expanded node would add its own list)', async () => {
        await vscode.commands.executeCommand('workspaceAutomation.refreshProjects');
        await vscode.commands.executeCommand('workspaceAutomation.refreshCommits');
        await vscode.commands.executeCommand('workspaceAutomation.refreshTargets');
      }),
    );
    results.journeys = journeys;

    // ---------------------------------------------------------------- first rows (provider level)
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    api.views.currentProject.set({ name: 'web-app', displayName: 'Web App' });
    results.firstRows = [...(await firstRows(api, base, 0)), ...(await firstRows(api, base, 100))];

    // ---------------------------------------------------------------- scale
    await setSetting('apiUrl', scaleBase);
    await api.session.reload();
    await signIn(api);
    await setSetting('commits.pageSize', 100);
    api.views.currentProject.set({ name: 'big-repo', displayName: 'big-repo' });
    const scaleRows = await firstRows(api, scaleBase, 0, 'big-repo');
    // The Commits view visible, as a user has it: the extension host also keeps what the tree shows.
    await vscode.commands.executeCommand('workbench.view.extension.workspaceAutomation');
    gc?.();
    await sleep(200);
    const baseline = process.memoryUsage();
    commits.refresh();
    const samples: { pages: number; heapUsedMB: number; rssMB: number; commits: number }[] = [];
    const sample = async (pages: number) => {
      await sleep(300); // the visible tree asks for the new children
      gc?.();
      const m = process.memoryUsage();
      samples.push({ pages, heapUsedMB: m.heapUsed / 2 ** 20, rssMB: m.rss / 2 ** 20, commits: commits.commitNodes().length });
    };
    const pageTimes: number[] = [];
    let t = performance.now();
    await commits.getChildren();
    pageTimes.push(performance.now() - t);
    await sample(1);
    for (let page = 2; page <= 50; page++) {
      const more = commits.list?.currentNodes().find((n) => n.contextValue === 'wa.loadMore');
      if (!more) {
        throw new Error(`no Load more after ${page - 1} pages`);
      }
      t = performance.now();
      await vscode.commands.executeCommand('workspaceAutomation.loadMore', more);
      pageTimes.push(performance.now() - t);
      if (page % 10 === 0) {
        await sample(page);
      }
    }
    results.scale = {
      projects: 1000,
      targets: 2000,
      commits: 100_000,
      commitsPerPage: 100,
      firstRows: scaleRows,
      baselineHeapMB: baseline.heapUsed / 2 ** 20,
      baselineRssMB: baseline.rss / 2 ** 20,
      samples,
      medianPageMs: median(pageTimes),
      gcExposed: gc !== undefined,
    };
  } catch (e) {
    results.error = e instanceof Error ? `${e.message}\n${e.stack}` : String(e);
    console.error('[bench] failed:', results.error);
  } finally {
    await setSetting('commits.pageSize', undefined).then(undefined, () => undefined);
    await setSetting('apiUrl', base).then(undefined, () => undefined);
    fs.writeFileSync(out, JSON.stringify(results, null, 2));
  }
}
