// A run's facts for the Runs view (src/features/runs/runFacts.ts): the facet its menus follow, the
// gate a person answers and what it asks (secret values in a password box), and the target that
// refused the pipeline (2678004), read tolerantly from hand-made answers.
import * as assert from 'node:assert/strict';
import type { Execution, RunAction } from '../../../src/api';
import { askedVariables, failureText, gateQuestion, notAllowedTarget, runFacet, runFactsOf, waitingGate } from '../../../src/features/runs/runFacts';

const run = (over: Partial<Execution>): Execution => ({ id: 12, status: 'INPROGRESS', start_date: null, finish_date: null, action_executions: [], ...over });

describe('runs: a run\'s facts', () => {
  it('the facet of each status: what may be done with the run', () => {
    const cases: [string | null, string][] = [
      ['INPROGRESS', 'running'],
      ['ENQUEUED', 'running'],
      ['TERMINATING', 'running'],
      ['WAITING_FOR_APPLY', 'approve'],
      ['waiting_for_variables', 'variables'],
      ['WAITING_FOR_SETTABLE_VARIABLES', 'variables'],
      ['FAILED', 'failed'],
      ['TERMINATED', 'failed'],
      ['SUCCESSFUL', 'done'],
      ['SKIPPED', 'done'],
      ['SOMETHING_NEW', 'running'],
      [null, 'running'],
    ];
    assert.deepEqual(cases.map(([s]) => [s, runFacet(s)]), cases);
  });

  it('the gate waiting, its question (a default when none), and the variables it asks', () => {
    const e = run({
      status: 'WAITING_FOR_VARIABLES',
      action_executions: [
        { status: 'SUCCESSFUL', start_date: null, finish_date: null, action: { name: 'Build' } },
        {
          status: 'WAITING_FOR_VARIABLES',
          start_date: null,
          finish_date: null,
          action: {
            name: 'Ask',
            variables: [
              { key: 'VERSION', type: 'VAR', defaults: '1.0.0', description: 'Version\nto release', encrypted: false },
              { key: 'TOKEN', type: 'ENCRYPTED' },
              { key: ' ' },
              { key: 'SIGNING_KEY', type: 'VAR', defaults: '', encrypted: true },
              { key: 'FLAG', encrypted: 'true' },
            ] as RunAction['variables'],
          },
        },
      ],
    });
    const gate = waitingGate(e);
    assert.equal(gate?.action.name, 'Ask');
    assert.deepEqual(askedVariables(gate!.action), [
      { key: 'VERSION', description: 'Version to release', defaults: '1.0.0', secret: false },
      { key: 'TOKEN', description: undefined, defaults: undefined, secret: true },
      { key: 'SIGNING_KEY', description: undefined, defaults: '', secret: true },
      { key: 'FLAG', description: undefined, defaults: undefined, secret: false },
    ]);
    assert.equal(gateQuestion({ question: 'Deploy to staging?' }), 'Deploy to staging?');
    assert.equal(gateQuestion({ name: 'Gate' }), 'Approve the run of "Gate"?');
    assert.equal(waitingGate(run({ status: 'SUCCESSFUL' })), undefined);
  });

  it('names the target that refused the pipeline, and says other failures on one line', () => {
    const refused = { status: 'FAILED', start_date: null, finish_date: null, error_message: '2678004=Pipeline is not allowed to use target [production]' };
    const e = run({ status: 'FAILED', action_executions: [{ status: 'SUCCESSFUL', start_date: null, finish_date: null }, refused] });
    assert.equal(notAllowedTarget(e)?.target, 'production');
    assert.equal(failureText(refused), 'not allowed to use target production');
    assert.equal(failureText({ status: 'FAILED', start_date: null, finish_date: null, error_message: 'Tests\nfailed' }), 'Tests failed');
    assert.equal(notAllowedTarget(run({ status: 'FAILED', action_executions: [{ status: 'FAILED', start_date: null, finish_date: null, error_message: 'boom' }] })), undefined);
  });

  it('the row facts fall back when the service leaves fields out', () => {
    const facts = runFactsOf(run({ status: null, branch: { name: 'main' }, to_revision: { revision: 'abc' }, start_date: '2026-01-01T00:00:00Z' }));
    assert.equal(facts.status, undefined);
    assert.equal(facts.branch, 'main');
    assert.equal(facts.revision, 'abc');
    assert.equal(facts.startDate?.toISOString(), '2026-01-01T00:00:00.000Z');
    assert.equal(facts.creator, undefined);
  });
});
