// The workspace's data (src/workspace/workspaceData.ts) as its readers use it, against the real
// emulator over HTTP: each list and object asks the request it names (paged as asked), a signed-out
// or workspace-less session asks nothing, a view's Refresh forgets only its own readings, Retry
// from a welcome forgets everything, and the runs kept are bounded.
import * as assert from 'node:assert/strict';
import { type ApiClient, type Execution, type RequestEvent } from '../../../src/api';
import type { Session } from '../../../src/services';
import { Emitter } from '../../../src/workspace/events';
import { RunKey, type ExecutionRef } from '../../../src/workspace/runData';
import { DataFamily, DataKey, MAX_CACHED_RUNS, WorkspaceData } from '../../../src/workspace/workspaceData';
import { useEmulator } from '../../harness/useEmulator';
import { makeClient, rejection } from '../api/helpers';

function sessionOf(client: ApiClient | undefined, workspace: string | undefined) {
  const changed = new Emitter<void>();
  return { session: { client, workspace, onDidChange: changed.event } as unknown as Session, change: () => changed.fire() };
}

describe('workspace: each list and object of the workspace data', () => {
  const emu = useEmulator();
  let client: ApiClient;
  let events: RequestEvent[];
  let data: WorkspaceData;
  let pipelineId: number;

  const paths = () => emu.requests.map((r) => `${r.method} ${r.path}`);

  /** How the client saw its next request end (an answer's status, or why none came), within 5 s. */
  async function nextEnd(): Promise<string> {
    const deadline = Date.now() + 5000;
    while (events.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [e] = events;
    return e ? `${e.path}: ${e.error ?? e.status}` : 'no request ended';
  }

  beforeEach(async () => {
    ({ client, events } = await makeClient(emu.url, 'admin-token'));
    pipelineId = (await client.listPipelines('acme', 'web-app', { page: 1, perPage: 1 }))[0].id;
    emu.clearRequests();
    data = new WorkspaceData(sessionOf(client, 'acme').session);
  });

  afterEach(() => data.dispose());

  it('asks each list by its own path, with the page and page size the reader chose', async () => {
    await data.workspaces(3).load();
    await data.projects(2).load();
    await data.pipelines('web-app', 3).load();
    await data.actions('web-app', pipelineId, 4).load();
    await data.targets(5).load();
    await data.variables({}, 6).load();
    await data.variables({ projectName: 'web-app' }, 7).load();
    await data.variables({ pipelineId }, 8).load();
    await data.executions('web-app', pipelineId, 9).load();
    assert.deepEqual(paths(), [
      'GET /workspaces?page=1&per_page=3',
      'GET /workspaces/acme/projects?page=1&per_page=2',
      'GET /workspaces/acme/projects/web-app/pipelines?page=1&per_page=3',
      `GET /workspaces/acme/projects/web-app/pipelines/${pipelineId}/actions?page=1&per_page=4`,
      'GET /workspaces/acme/targets?page=1&per_page=5',
      'GET /workspaces/acme/variables?page=1&per_page=6',
      'GET /workspaces/acme/variables?project_name=web-app&page=1&per_page=7',
      `GET /workspaces/acme/variables?pipeline_id=${pipelineId}&page=1&per_page=8`,
      `GET /workspaces/acme/projects/web-app/pipelines/${pipelineId}/executions?page=1&per_page=9`,
    ]);
  });

  it('asks the commits between the bounds, and a project, a target and a commit by name once each', async () => {
    const since = new Date('2020-01-01T00:00:00Z');
    const until = new Date('2030-01-01T00:00:00Z');
    const commits = data.commits('web-app', { since, until }, 3);
    await commits.load();
    assert.ok(commits.items.length > 0, 'the demo project has commits in the bounds');
    const [request] = paths();
    assert.match(request, /^GET \/workspaces\/acme\/projects\/web-app\/repository\/commits\?/);
    const query = new URLSearchParams(request.slice(request.indexOf('?') + 1));
    assert.deepEqual(
      [query.get('page'), query.get('per_page'), Date.parse(query.get('since') ?? ''), Date.parse(query.get('until') ?? '')],
      ['1', '3', since.getTime(), until.getTime()],
    );
    emu.clearRequests();
    const revision = commits.items[0].revision;
    const project = await data.project('web-app');
    assert.equal(project.name, 'web-app');
    const commit = await data.commit({ workspace: 'acme', project: 'web-app', revision });
    assert.equal(commit.revision, revision);
    await data.project('web-app');
    await data.commit({ workspace: 'acme', project: 'web-app', revision });
    assert.deepEqual(paths(), ['GET /workspaces/acme/projects/web-app', `GET /workspaces/acme/projects/web-app/repository/commits/${revision}`]);
  });

  it('a reader that leaves a list, a project, a target or a run, alone, stops its request', async () => {
    emu.setLatency(1500);
    const run = { workspace: 'acme', project: 'web-app', pipelineId, executionId: 1 };
    const reads: ((signal: AbortSignal) => Promise<unknown>)[] = [
      (signal) => data.workspaces().load(signal),
      (signal) => data.projects(20).load(signal),
      (signal) => data.pipelines('web-app', 20).load(signal),
      (signal) => data.actions('web-app', pipelineId, 20).load(signal),
      (signal) => data.targets(20).load(signal),
      (signal) => data.variables({}).load(signal),
      (signal) => data.commits('web-app', {}, 20).load(signal),
      (signal) => data.executions('web-app', pipelineId, 20).load(signal),
      (signal) => data.project('web-app', signal),
      (signal) => data.target('tg-8f2c', signal),
      (signal) => data.fetchExecution(run, signal),
    ];
    for (const read of reads) {
      events.length = 0;
      const leaving = new AbortController();
      const reading = read(leaving.signal);
      setTimeout(() => leaving.abort(), 50);
      const error = await rejection(() => reading);
      assert.equal((error as Error).name, 'CancelledError', String(error));
      assert.match(await nextEnd(), /: The request was cancelled\.$/, 'the request is aborted, not answered');
    }
  });

  it('names the session’s workspace, and none while none is chosen', () => {
    assert.equal(data.workspace, 'acme');
    const none = new WorkspaceData(sessionOf(client, undefined).session);
    assert.equal(none.workspace, '');
    none.dispose();
  });

  it('signed out, or without a workspace, asks nothing and says why', async () => {
    const signedOut = new WorkspaceData(sessionOf(undefined, undefined).session);
    const noWorkspace = new WorkspaceData(sessionOf(client, undefined).session);
    const commitError = await rejection(() => signedOut.commit({ workspace: 'acme', project: 'web-app', revision: 'abc' }));
    assert.equal((commitError as Error).message, 'Sign in to see commits.');
    const projectError = await rejection(() => noWorkspace.project('web-app'));
    assert.deepEqual([(projectError as Error).name, (projectError as Error).message], ['UnauthorizedError', 'Not signed in.']);
    const runError = await rejection(() => signedOut.fetchExecution({ workspace: 'acme', project: 'web-app', pipelineId, executionId: 1 }));
    assert.deepEqual([(runError as Error).name, (runError as Error).message], ['UnauthorizedError', 'Not signed in.']);
    const workspaces = signedOut.workspaces();
    await workspaces.load();
    assert.equal((workspaces.error as Error).name, 'UnauthorizedError');
    assert.deepEqual(paths(), []);
    signedOut.dispose();
    noWorkspace.dispose();
  });

  it('a view’s Refresh (families and its page size) forgets only that view’s readings; without a page size, the families’ objects too', async () => {
    const viewPipelines = data.pipelines('web-app', 20);
    const pickerPipelines = data.pipelines('web-app', 100);
    const projects = data.projects(20);
    const targets = data.targets(20);
    const actions = data.actions('web-app', pipelineId, 20);
    await Promise.all([viewPipelines.load(), pickerPipelines.load(), projects.load(), targets.load(), actions.load(), data.target('tg-8f2c')]);
    const told: string[] = [];
    data.onDidChange((key) => told.push(key));
    data.invalidateFamilies([DataFamily.pipelines, DataKey.targets, 'actions:web'], 20);
    assert.deepEqual([viewPipelines.started, pickerPipelines.started, projects.started, targets.started, actions.started], [false, true, true, false, true]);
    assert.ok(data.knownTarget('tg-8f2c'), 'the objects stay');
    assert.deepEqual(told.sort(), [DataKey.pipelines('web-app'), DataKey.targets].sort(), 'a family ends with ":"; a name that is no key nor a family matches nothing');
    told.length = 0;
    data.invalidateFamilies([DataFamily.target]);
    assert.equal(data.knownTarget('tg-8f2c'), undefined);
    assert.deepEqual(told, [DataKey.target('tg-8f2c')]);
  });

  it('Retry from a welcome forgets every list and object, and tells each key once', async () => {
    await Promise.all([data.projects(20).load(), data.targets(20).load(), data.target('tg-8f2c')]);
    const told: string[] = [];
    data.onDidChange((key) => told.push(key));
    data.invalidateAll();
    assert.deepEqual(told.sort(), [DataKey.projects, DataKey.target('tg-8f2c'), DataKey.targets].sort());
    assert.deepEqual([data.projects(20).started, data.targets(20).started, data.knownTarget('tg-8f2c')], [false, false, undefined]);
  });

  it(`keeps at most ${MAX_CACHED_RUNS} runs, the oldest read going first`, () => {
    const refOf = (executionId: number): ExecutionRef => ({ workspace: 'acme', project: 'web-app', pipelineId, executionId });
    for (let id = 1; id <= MAX_CACHED_RUNS + 1; id++) {
      data.setExecution(refOf(id), { id } as Execution);
    }
    assert.equal(data.knownExecution(refOf(1)), undefined);
    assert.equal(data.knownExecution(refOf(2))?.id, 2);
    assert.equal(data.knownExecution(refOf(MAX_CACHED_RUNS + 1))?.id, MAX_CACHED_RUNS + 1);
    assert.equal(RunKey.execution(refOf(1)).startsWith('execution:'), true);
  });

  it('once disposed, tells no one and forgets what it kept', async () => {
    await data.projects(20).load();
    const told: string[] = [];
    data.onDidChange((key) => told.push(key));
    data.dispose();
    data.invalidate(DataKey.projects);
    assert.deepEqual(told, []);
    assert.equal(data.complete(DataKey.projects), undefined);
  });

  it('another session’s change after dispose is not heard (the data made for the next session is)', async () => {
    const { session, change } = sessionOf(client, 'acme');
    const old = new WorkspaceData(session);
    const kept = new WorkspaceData(session);
    await Promise.all([old.projects(20).load(), kept.projects(20).load()]);
    old.dispose();
    await old.projects(20).load(); // a late reader of the disposed data
    change();
    assert.equal(old.projects(20).started, true, 'the disposed data no longer follows the session');
    assert.equal(kept.projects(20).started, false, 'the live data forgot the old session');
    kept.dispose();
  });
});
