// The kernel's following of runs (src/workspace/runTracker.ts) against the emulator over HTTP, on
// its clock: a followed run's wait for a person and its end are told once each, its end makes the
// pipelines' last status read again, a run that vanished (404) ends its polling, a failed request
// marks it stale and the next good answer fresh. The scheduler's timers never fire here: each poll
// is a refresh, so what is asked is exact. A follow ends with the account or workspace it was
// started for, and a read under way then is cancelled. Plus the tolerant reading of a run's reference.
import * as assert from 'node:assert/strict';
import { NetworkError, type ApiClient } from '../../../src/api';
import type { Session } from '../../../src/services';
import { Emitter } from '../../../src/workspace/events';
import type { PollTimers } from '../../../src/workspace/pollSchedule';
import { executionRefOf, RunKey, type ExecutionRef } from '../../../src/workspace/runData';
import { RunTracker, type RunMoment } from '../../../src/workspace/runTracker';
import { DataKey, WorkspaceData } from '../../../src/workspace/workspaceData';
import { useEmulator } from '../../harness/useEmulator';
import { makeClient } from '../api/helpers';

const stillTimers: PollTimers = { now: () => Date.now(), setTimeout: () => 0, clearTimeout: () => undefined };

describe('workspace: following runs', () => {
  const emu = useEmulator();
  let client: ApiClient;
  let session: { client: ApiClient | undefined; workspace: string; onDidChange: Emitter<void>['event'] };
  let data: WorkspaceData;
  let tracker: RunTracker;
  let moments: RunMoment[];

  beforeEach(async () => {
    ({ client } = await makeClient(emu.url, 'admin-token'));
    session = { client, workspace: 'acme', onDidChange: new Emitter<void>().event };
    data = new WorkspaceData(session as unknown as Session);
    tracker = new RunTracker(data, { timers: stillTimers });
    moments = [];
    tracker.onDidReachMoment((m) => moments.push(m));
  });

  afterEach(() => tracker.dispose());

  async function start(pipelineId: number): Promise<ExecutionRef> {
    const run = await client.runPipeline('acme', 'api-service', pipelineId);
    return { workspace: 'acme', project: 'api-service', pipelineId, executionId: run.id };
  }

  it('tells a followed run waiting for approval once, then its end, and reads the pipelines again', async () => {
    const ref = await start(205);
    tracker.follow(ref);
    await tracker.refresh(ref);
    assert.equal(moments.length, 0, 'nothing to tell while it runs');
    emu.clock.advance(120_000);
    await tracker.refresh(ref);
    await tracker.refresh(ref);
    assert.deepEqual(moments.map((m) => [m.state, m.execution.status]), [['needs-person', 'WAITING_FOR_APPLY']]);
    assert.equal(tracker.isFollowed(ref), true, 'still followed while it waits');
    const invalidated: string[] = [];
    data.onDidChange((key) => invalidated.push(key));
    data.setExecution(ref, await client.patchExecution('acme', 'api-service', 205, ref.executionId, 'APPLY'));
    emu.clock.advance(120_000);
    await tracker.refresh(ref);
    assert.deepEqual(moments.map((m) => m.execution.status), ['WAITING_FOR_APPLY', 'SUCCESSFUL']);
    assert.equal(tracker.isFollowed(ref), false, 'its end ends the following');
    assert.ok(invalidated.includes(DataKey.pipelines('api-service')), 'the pipeline row shows the new last status');
    assert.equal(data.knownExecution(ref)?.status, 'SUCCESSFUL');
  });

  it('tells the end of a run followed just after a row read it over (that read told nobody)', async () => {
    const ref = await start(201);
    emu.clock.advance(600_000);
    // A row shows the run: its read starts before anyone follows it (a run started from the editor
    // is shown by the Runs view and followed a moment later).
    const shown = tracker.show(ref, 'INPROGRESS');
    await tracker.refresh(ref);
    assert.equal(data.knownExecution(ref)?.status, 'FAILED', 'the row read it over');
    assert.equal(moments.length, 0, 'told nobody: not followed yet');
    tracker.follow(ref);
    for (let i = 0; i < 5 && moments.length === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.deepEqual(moments.map((m) => [m.state, m.execution.status]), [['finished', 'FAILED']]);
    assert.equal(tracker.isFollowed(ref), false, 'its end ends the following');
    await tracker.refresh(ref);
    assert.equal(moments.length, 1, 'told once');
    shown.dispose();
  });

  it('a run that vanished (404) is no longer polled nor followed, and says so', async () => {
    const ref: ExecutionRef = { workspace: 'acme', project: 'api-service', pipelineId: 203, executionId: 987654 };
    tracker.follow(ref);
    await tracker.refresh(ref);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(tracker.hasVanished(ref), true);
    assert.equal(tracker.isFollowed(ref), false);
    assert.equal(tracker.isStale(ref), false);
  });

  it('a network loss keeps the last state, marks it stale, and the next good answer clears it', async () => {
    const ref = await start(203);
    const stale: boolean[] = [];
    tracker.onDidChangeStale((e) => e.key === RunKey.execution(ref) && stale.push(e.stale));
    tracker.follow(ref);
    await tracker.refresh(ref);
    const before = data.knownExecution(ref);
    assert.ok(before, 'the first answer is kept');
    session.client = { ...client, getExecution: () => Promise.reject(new NetworkError('connection refused')) } as unknown as ApiClient;
    await tracker.refresh(ref);
    assert.equal(tracker.isStale(ref), true);
    assert.equal(data.knownExecution(ref), before, 'the last state stays');
    session.client = client;
    await tracker.refresh(ref);
    assert.equal(tracker.isStale(ref), false);
    assert.deepEqual(stale, [true, false]);
  });

  it('a refresh of a run only shown (a log open on it, a row) is its poll: the next one counts from it; one not watched is read once', async () => {
    const ref = await start(203);
    const path = `/workspaces/acme/projects/api-service/pipelines/203/executions/${ref.executionId}`;
    const asked = () => emu.requests.filter((r) => r.method === 'GET' && r.path === path).length;
    const armed: number[] = [];
    const timers: PollTimers = { now: () => Date.now(), setTimeout: (_callback, ms) => armed.push(ms), clearTimeout: () => undefined };
    const shown = new RunTracker(data, { timers });
    emu.clearRequests();
    const watch = shown.show(ref, undefined);
    assert.equal(armed.length, 1, 'shown: its first poll is due in 2 s');
    await shown.refresh(ref);
    assert.equal(asked(), 1);
    assert.equal(armed.length, 2, 'the refresh was its poll: the next is due 2 s after it');
    assert.ok(armed[1] > 1900 && armed[1] <= 2000, String(armed));
    assert.equal(shown.isFollowed(ref), false, 'shown, not followed');
    watch.dispose();
    await shown.refresh(ref);
    assert.deepEqual([asked(), armed.length], [2, 2], 'not watched: read once, nothing armed');
    shown.dispose();
  });

  describe('the session moves', () => {
    let place: { client: ApiClient | undefined; workspace: string | undefined; baseUrl: string | undefined; signedIn: boolean; onDidChange: Emitter<void>['event'] };
    let changed: Emitter<void>;
    let placed: RunTracker;
    let placedData: WorkspaceData;

    beforeEach(() => {
      changed = new Emitter<void>();
      place = { client, workspace: 'acme', baseUrl: emu.url, signedIn: true, onDidChange: changed.event };
      placedData = new WorkspaceData(place as unknown as Session);
      placed = new RunTracker(placedData, { timers: stillTimers, session: place });
    });

    afterEach(() => {
      placed.dispose();
      placedData.dispose();
    });

    it('a follow ends when the session signs out, or moves to another workspace or address; a change in the same place keeps it', async () => {
      const ref = await start(203);
      let told = 0;
      placed.onDidChangeFollowed(() => told++);
      placed.follow(ref);
      changed.fire(); // the same address and workspace (a token read again)
      assert.deepEqual([placed.isFollowed(ref), placed.scheduler.watching], [true, 1], 'kept where it was started');

      place.workspace = 'dormant';
      changed.fire();
      assert.deepEqual([placed.isFollowed(ref), placed.followedRuns(), placed.scheduler.watching], [false, [], 0], 'another workspace: no longer followed nor polled');
      assert.equal(told, 2, 'followed, then dropped');

      place.workspace = 'acme';
      placed.follow(ref);
      place.baseUrl = 'http://127.0.0.1:1/api';
      changed.fire();
      assert.deepEqual([placed.isFollowed(ref), placed.scheduler.watching], [false, 0], 'another address (Switch Account)');

      place.baseUrl = emu.url;
      changed.fire();
      placed.follow(ref);
      place.signedIn = false;
      place.client = undefined;
      changed.fire();
      assert.deepEqual([placed.isFollowed(ref), placed.scheduler.watching], [false, 0], 'signed out');
    });

    it('a read under way when the session moves is cancelled: its answer is neither kept nor told', async () => {
      const ref = await start(201);
      emu.clock.advance(600_000); // it has failed: a read would tell its end
      const moments: RunMoment[] = [];
      placed.onDidReachMoment((m) => moments.push(m));
      placed.follow(ref); // its first read goes at once
      const reading = placed.scheduler.refresh(RunKey.execution(ref));
      place.workspace = 'dormant';
      changed.fire();
      await reading;
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      assert.equal(placedData.knownExecution(ref), undefined, 'the old place’s answer is not kept');
      assert.equal(moments.length, 0, 'nor told');
      place.workspace = 'acme';
      changed.fire();
      placed.follow(ref);
      await placed.refresh(ref);
      assert.deepEqual(moments.map((m) => m.execution.status), ['FAILED'], 'followed again where it belongs: read and told');
    });
  });

  it('reads a run reference tolerantly from a command argument', () => {
    const ref = { workspace: 'acme', project: 'api-service', pipelineId: 203, executionId: 7 };
    assert.deepEqual(executionRefOf(ref), ref);
    assert.deepEqual(executionRefOf({ ref }), ref, 'a row carrying its reference');
    assert.deepEqual(executionRefOf({ ...ref, executionId: '7' }), ref, 'a number as text');
    for (const bad of [undefined, null, 'x', {}, { ...ref, pipelineId: -1 }, { ...ref, executionId: 1.5 }, { ...ref, project: '' }, { ...ref, workspace: 'w'.repeat(201) }]) {
      assert.equal(executionRefOf(bad), undefined, JSON.stringify(bad));
    }
  });
});
