// What a run's answer says of its actions, when it is current (src/features/runs/runAnswers.ts): a
// log takes its action's status from the run the Runs view or the follow read, not a request of its
// own, only while that reading is recent and did not fail; a finished action always.
import * as assert from 'node:assert/strict';
import type { ActionExecution, Execution } from '../../../src/api';
import { RunAnswers } from '../../../src/features/runs/runAnswers';
import { Emitter } from '../../../src/workspace/events';
import { RunKey, type ExecutionRef } from '../../../src/workspace/runData';

const run: ExecutionRef = { workspace: 'acme', project: 'api-service', pipelineId: 203, executionId: 7 };
const other: ExecutionRef = { ...run, executionId: 8 };

const action = (id: string, status: ActionExecution['status']): ActionExecution =>
  ({ action_execution_id: id, status, start_date: null, finish_date: null }) as ActionExecution;

describe('runs: what a run’s answer says of its actions', () => {
  let changes: Emitter<string>;
  let known: Map<string, Execution>;
  let stale: Set<string>;
  let answers: RunAnswers;
  let now: number;
  const realNow = Date.now;

  beforeEach(() => {
    changes = new Emitter<string>();
    known = new Map();
    stale = new Set();
    now = 1_000_000;
    Date.now = () => now;
    answers = new RunAnswers(
      { onDidChange: changes.event, knownExecution: (ref) => known.get(RunKey.execution(ref)) },
      { isStale: (ref) => stale.has(RunKey.execution(ref)) },
    );
  });

  afterEach(() => {
    answers.dispose();
    Date.now = realNow;
  });

  /** The run answered with these actions, now. */
  const read = (ref: ExecutionRef, actions: ActionExecution[]) => {
    known.set(RunKey.execution(ref), { action_executions: actions } as unknown as Execution);
    changes.fire(RunKey.execution(ref));
  };

  it('gives a running action while the run was read since the log began to watch it', () => {
    const watching = now;
    now += 10_000;
    read(run, [action('a1', 'INPROGRESS')]);
    now += 60_000;
    assert.equal(answers.action(run, 'a1', watching)?.status, 'INPROGRESS');
    assert.equal(answers.readSince(run, watching), true);
    assert.equal(answers.readSince(run, now), false, 'not read since now');
    assert.equal(answers.readSince(run, undefined), false, 'never watched');
  });

  it('gives it for 2 s after a reading without a watch, then asks (undefined)', () => {
    read(run, [action('a1', 'INPROGRESS')]);
    now += 2_000;
    assert.equal(answers.action(run, 'a1', undefined)?.status, 'INPROGRESS', 'just read');
    now += 1;
    assert.equal(answers.action(run, 'a1', undefined), undefined, 'read too long ago');
    assert.equal(answers.action(run, 'a1', now - 1), undefined, 'read before the watch began');
  });

  it('always gives a finished action, and never one the answer does not have', () => {
    read(run, [action('a1', 'SUCCESSFUL'), action('a2', 'INPROGRESS')]);
    now += 3_600_000;
    assert.equal(answers.action(run, 'a1', undefined)?.status, 'SUCCESSFUL');
    assert.equal(answers.action(run, 'a2', undefined), undefined);
    assert.equal(answers.action(run, 'a3', 0), undefined, 'no such action');
    assert.equal(answers.action(other, 'a1', 0), undefined, 'no answer for that run');
  });

  it('does not give a running action whose run’s last request failed (stale), only a finished one', () => {
    read(run, [action('a1', 'INPROGRESS'), action('a2', 'FAILED')]);
    stale.add(RunKey.execution(run));
    assert.equal(answers.action(run, 'a1', 0), undefined);
    assert.equal(answers.action(run, 'a2', 0)?.status, 'FAILED');
  });

  it('hears only runs (not the other keys of the workspace’s data), and remembers the last 50 read', () => {
    changes.fire('projects');
    assert.equal(answers.readSince(run, 0), false);
    read(run, [action('a1', 'INPROGRESS')]);
    for (let i = 0; i < 49; i++) {
      read({ ...run, executionId: 100 + i }, []);
    }
    assert.equal(answers.readSince(run, 0), true, '50 runs read: the first is still remembered');
    read(other, []);
    assert.equal(answers.readSince(run, 0), false, 'the 51st pushed out the oldest');
    assert.equal(answers.readSince(other, 0), true);
    read(run, [action('a1', 'INPROGRESS')]);
    assert.equal(answers.readSince({ ...run, executionId: 100 }, 0), false, 'a run read again counts as the newest');
    assert.equal(answers.readSince({ ...run, executionId: 101 }, 0), true);
  });

  it('hears nothing once disposed', () => {
    answers.dispose();
    read(run, [action('a1', 'INPROGRESS')]);
    assert.equal(answers.readSince(run, 0), false);
  });
});
