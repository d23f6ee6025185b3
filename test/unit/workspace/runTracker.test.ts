// The kernel's following of runs (src/workspace/runTracker.ts) against the emulator over HTTP, on
// its clock: a followed run's wait for a person and its end are told once each, its end makes the
// pipelines' last status read again, a run that vanished (404) ends its polling, a failed request
// marks it stale and the next good answer fresh. The scheduler's timers never fire here: each poll
// is a refresh, so what is asked is exact. A follow ends with the account or workspace it was
// started for, and a read under way then is cancelled. Plus the tolerant reading of a run's reference.
import * as assert from 'node:assert/strict';
import { NetworkError, NotFoundError, type ApiClient } from '../../../src/api';
import type { Session } from '../../../src/services';
import { Emitter } from '../../../src/workspace/events';
import type { PollTimers } from '../../../src/workspace/pollSchedule';
import { executionRefOf, RunKey, sameRun, type ExecutionRef } from '../../../src/workspace/runData';
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

  /** A tracker whose scheduler's timers are recorded (the delays armed), never fired. */
  function armedTracker(focused = true): { tracker: RunTracker; armed: number[] } {
    const armed: number[] = [];
    const timers: PollTimers = { now: () => Date.now(), setTimeout: (_callback, ms) => armed.push(ms), clearTimeout: () => undefined };
    return { tracker: new RunTracker(data, { timers, focused }), armed };
  }

  it('following again reads the run once more without a second watch; unfollowing stops its polling and says so', async () => {
    const ref = await start(203);
    let told = 0;
    tracker.onDidChangeFollowed(() => told++);
    tracker.follow(ref);
    await tracker.refresh(ref);
    const path = `/workspaces/acme/projects/api-service/pipelines/203/executions/${ref.executionId}`;
    emu.clearRequests();
    tracker.follow(ref);
    for (let i = 0; i < 5 && emu.requests.length === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.deepEqual(emu.requests.map((r) => r.path), [path], 'read again at once');
    assert.deepEqual([tracker.scheduler.watching, told], [1, 1], 'one watch, one change of the set');
    tracker.unfollow(ref);
    assert.deepEqual([tracker.isFollowed(ref), tracker.scheduler.watching, told], [false, 0, 2]);
    tracker.unfollow(ref);
    assert.equal(told, 2, 'unfollowing a run not followed changes nothing');
  });

  it('a followed run is polled while the window is unfocused (once a minute); a run only shown is not', async () => {
    const ref = await start(203);
    const unfocused = armedTracker(false);
    const watch = unfocused.tracker.show(ref, 'INPROGRESS');
    assert.deepEqual(unfocused.armed, [], 'shown, unfocused: nothing armed');
    unfocused.tracker.follow(ref);
    await unfocused.tracker.refresh(ref);
    assert.ok(unfocused.armed.length > 0 && unfocused.armed.every((ms) => ms >= 60_000 - 100), `followed: a poll a minute away: ${JSON.stringify(unfocused.armed)}`);
    watch.dispose();
    unfocused.tracker.dispose();
  });

  it('a run shown with a finished status is not polled; with an unknown or running one it is', async () => {
    const ref = await start(203);
    for (const [status, polled] of [['SUCCESSFUL', false], ['FAILED', false], [undefined, true], ['INPROGRESS', true]] as const) {
      const shown = armedTracker();
      const watch = shown.tracker.show(ref, status);
      assert.equal(shown.armed.length > 0, polled, String(status));
      watch.dispose();
      shown.tracker.dispose();
    }
  });

  it('a run found finished makes the pipelines read again once, not at each later read of it', async () => {
    const ref = await start(201);
    emu.clock.advance(600_000);
    const invalidated: string[] = [];
    data.onDidChange((key) => invalidated.push(key));
    await tracker.refresh(ref);
    await tracker.refresh(ref);
    await tracker.refresh(ref);
    assert.equal(invalidated.filter((k) => k === DataKey.pipelines('api-service')).length, 1);
  });

  it('a vanished run that answers again is no longer said to have vanished; its 404 ends the polling and is not stale', async () => {
    const ref = await start(203);
    const stale: boolean[] = [];
    const { tracker: shown, armed } = armedTracker();
    shown.onDidChangeStale((e) => e.key === RunKey.execution(ref) && stale.push(e.stale));
    const watch = shown.show(ref, 'INPROGRESS');
    session.client = { ...client, getExecution: () => Promise.reject(new NotFoundError('Execution not found')) } as unknown as ApiClient;
    const before = armed.length;
    await shown.refresh(ref);
    assert.equal(shown.hasVanished(ref), true);
    assert.equal(armed.length, before, 'no next poll armed after the 404');
    assert.deepEqual(stale, [false], 'a 404 is an answer: not stale');
    session.client = client;
    await shown.refresh(ref);
    assert.equal(shown.hasVanished(ref), false, 'it answered again');
    watch.dispose();
    shown.dispose();
  });

  it('once disposed: no follow is left, none is polled, a read under way is neither kept nor told', async () => {
    const ref = await start(201);
    emu.clock.advance(600_000);
    const own = new RunTracker(data, { timers: stillTimers });
    const told: RunMoment[] = [];
    own.onDidReachMoment((m) => told.push(m));
    own.follow(ref);
    const reading = own.scheduler.refresh(RunKey.execution(ref));
    own.dispose();
    await reading.catch(() => undefined);
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.deepEqual([own.isFollowed(ref), own.followedRuns(), own.scheduler.watching, told.length], [false, [], 0, 0]);
    assert.equal(data.knownExecution(ref), undefined, 'the read was cancelled');
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

    it('a change in the same place cancels nothing; a move drops only the follows started elsewhere, and forgets which runs vanished', async () => {
      const ref = await start(201);
      emu.clock.advance(600_000);
      const moments: RunMoment[] = [];
      placed.onDidReachMoment((m) => moments.push(m));
      let told = 0;
      placed.onDidChangeFollowed(() => told++);
      placed.follow(ref);
      const reading = placed.scheduler.refresh(RunKey.execution(ref));
      changed.fire(); // the same address and workspace
      await reading;
      for (let i = 0; i < 5 && moments.length === 0; i++) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      assert.deepEqual(moments.map((m) => m.execution.status), ['FAILED'], 'the read went on and told its end');
      assert.equal(told, 2, 'followed, then ended by its end');

      // A run that vanished; one follow started in acme, one in dormant (the session already there, not yet told).
      const gone: ExecutionRef = { workspace: 'acme', project: 'api-service', pipelineId: 203, executionId: 424242 };
      placed.follow(gone);
      await placed.refresh(gone);
      assert.equal(placed.hasVanished(gone), true);
      const running = await start(203);
      placed.follow(running);
      await placed.refresh(running);
      const stays: ExecutionRef = { ...running, workspace: 'dormant' };
      place.workspace = 'dormant';
      placed.follow(stays);
      assert.equal(placed.followedRuns().length, 2);
      told = 0;
      changed.fire();
      assert.deepEqual(placed.followedRuns(), [stays], 'only the follow started elsewhere ends');
      assert.equal(told, 1);
      assert.equal(placed.hasVanished(gone), false, 'what vanished at the old place is forgotten');
      placed.unfollow(stays);
      told = 0;
      place.workspace = 'acme';
      changed.fire();
      assert.equal(told, 0, 'a move with no follow to end changes no set');
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

  it('reads a run reference within bounds: names of 1–200 characters, ids as positive safe integers or up to 15 digits of text', () => {
    const ref = { workspace: 'acme', project: 'api-service', pipelineId: 203, executionId: 7 };
    assert.equal(executionRefOf({ ...ref, project: 'p'.repeat(200) })?.project, 'p'.repeat(200));
    assert.equal(executionRefOf({ ...ref, executionId: '123456789012345' })?.executionId, 123456789012345);
    assert.equal(executionRefOf({ ...ref, executionId: 1 })?.executionId, 1);
    for (const executionId of ['1234567890123456', '12a', 'a12', ' 12', '', '0', '-1', 0, -3, 2 ** 53, true, [5], null]) {
      assert.equal(executionRefOf({ ...ref, executionId }), undefined, JSON.stringify(executionId));
    }
    for (const project of ['p'.repeat(201), '   ', 7]) {
      assert.equal(executionRefOf({ ...ref, project }), undefined, JSON.stringify(project));
    }
    assert.equal(sameRun(ref, { ...ref }), true);
    assert.equal(sameRun(ref, { ...ref, workspace: 'dormant' }), false, 'the same number in another workspace');
    assert.equal(sameRun(ref, { ...ref, executionId: 8 }), false);
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
