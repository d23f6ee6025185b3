// What a run's status means, why an action execution failed, and the coded-message parsing behind
// it (src/api/runStatus.ts, src/api/errors.ts): plain functions, no server.
import * as assert from 'node:assert/strict';
import { actionFailure, isFinished, MAX_MESSAGE_CHARS, notAllowedTarget, parseCodedMessage, personOperation, runFailure, runState } from '../../../src/api';

describe('api: run status', () => {
  it('finished, needs a person, or running, for every status of the reference', () => {
    const states = Object.fromEntries(
      [
        'INITIAL',
        'ENQUEUED',
        'INPROGRESS',
        'SUCCESSFUL',
        'FAILED',
        'TERMINATED',
        'TERMINATING',
        'SKIPPED',
        'NOT_EXECUTED',
        'WAITING_FOR_APPLY',
        'WAITING_FOR_VARIABLES',
        'WAITING_FOR_SETTABLE_VARIABLES',
        'WAITING_FOR_VT_SESSION',
      ].map((s) => [s, runState(s)]),
    );
    assert.deepEqual(states, {
      INITIAL: 'running',
      ENQUEUED: 'running',
      INPROGRESS: 'running',
      SUCCESSFUL: 'finished',
      FAILED: 'finished',
      TERMINATED: 'finished',
      TERMINATING: 'running',
      SKIPPED: 'finished',
      NOT_EXECUTED: 'finished',
      WAITING_FOR_APPLY: 'needs-person',
      WAITING_FOR_VARIABLES: 'needs-person',
      WAITING_FOR_SETTABLE_VARIABLES: 'needs-person',
      WAITING_FOR_VT_SESSION: 'running',
    });
  });

  it('an unknown word, none, or a word with another case or spaces', () => {
    assert.deepEqual(
      ['PAUSED', '', null, undefined, 'constructor', '__proto__', ' successful ', 'waiting_for_apply'].map((s) => runState(s)),
      ['running', 'running', 'running', 'running', 'running', 'running', 'finished', 'needs-person'],
    );
    assert.deepEqual([isFinished('FAILED'), isFinished('INPROGRESS'), isFinished(undefined)], [true, false, false]);
  });

  it('the operation that answers a waiting run', () => {
    assert.deepEqual(
      ['WAITING_FOR_APPLY', 'WAITING_FOR_VARIABLES', 'WAITING_FOR_SETTABLE_VARIABLES', 'INPROGRESS', 'TOSTRING', null].map((s) => personOperation(s)),
      ['APPLY', 'APPLY_VARIABLES', 'APPLY_VARIABLES', undefined, undefined, undefined],
    );
  });
});

describe('api: why an action execution failed', () => {
  it('a coded message names the code, and 2678004 the target; the code may also come apart', () => {
    assert.deepEqual(actionFailure({ error_message: '2678004=Pipeline is not allowed to use target [production]' }), {
      code: 2678004,
      message: 'Pipeline is not allowed to use target [production]',
      target: 'production',
    });
    assert.deepEqual(actionFailure({ error_message: 'Pipeline is not allowed to use target [BE2810035]', error_code: 2678004 }), {
      code: 2678004,
      message: 'Pipeline is not allowed to use target [BE2810035]',
      target: 'BE2810035',
    });
    assert.deepEqual(actionFailure({ error_message: '881=Access denied' }), { code: 881, message: 'Access denied', target: undefined });
    assert.deepEqual(actionFailure({ error_message: 'Tests failed.', error_code: null }), { code: undefined, message: 'Tests failed.', target: undefined });
    assert.deepEqual(actionFailure({ error_message: '2678004=Something else' }), { code: 2678004, message: 'Something else', target: undefined });
  });

  it('no message, a blank one or none at all: no failure; a long one is cut', () => {
    assert.deepEqual([actionFailure({}), actionFailure({ error_message: null }), actionFailure({ error_message: '  ' })], [undefined, undefined, undefined]);
    assert.equal(actionFailure({ error_message: 'x'.repeat(5000) })?.message.length, MAX_MESSAGE_CHARS);
  });

  it('the first action execution with a failure', () => {
    const found = runFailure({
      action_executions: [
        { status: 'SUCCESSFUL', start_date: null, finish_date: null, error_message: null },
        { status: 'FAILED', start_date: null, finish_date: null, error_message: '2678004=Pipeline is not allowed to use target [staging]' },
        { status: 'FAILED', start_date: null, finish_date: null, error_message: 'later' },
      ],
    });
    assert.equal(found?.failure.target, 'staging');
    assert.equal(found?.actionExecution.error_message, '2678004=Pipeline is not allowed to use target [staging]');
    assert.equal(runFailure({ action_executions: [] }), undefined);
  });

  it('parseCodedMessage and notAllowedTarget', () => {
    assert.deepEqual(parseCodedMessage(' 2678004 = text'), { code: 2678004, message: 'text' });
    assert.deepEqual(parseCodedMessage('no code=here'), { code: undefined, message: 'no code=here' });
    assert.deepEqual(parseCodedMessage('1234567890123=too long a code'), { code: undefined, message: '1234567890123=too long a code' });
    assert.equal(notAllowedTarget('Pipeline is not allowed to use target [prod-eu-1]'), 'prod-eu-1');
    assert.equal(notAllowedTarget('Pipeline is not allowed to use target []'), undefined);
    assert.equal(notAllowedTarget('Pipeline is not allowed to use target [a\nb]'), undefined);
    assert.equal(notAllowedTarget(`Pipeline is not allowed to use target [${'x'.repeat(201)}]`), undefined);
  });
});
