// What Run Pipeline… proposes and sends, from its answers (src/features/runs/runRequest.ts): the
// refs it proposes, the typed ref's problems, the settable variables offered (an encrypted value
// never offered back), the variables sent (only what changed) and the POST's body.
import * as assert from 'node:assert/strict';
import type { Variable } from '../../../src/api';
import {
  changedVariables,
  pipelineBranch,
  refProblem,
  refProposals,
  runRequestOf,
  settableVariables,
  type SettableVariable,
} from '../../../src/features/runs/runRequest';

const SHA = '0123456789abcdef0123456789abcdef01234567';

let nextId = 1;
const variable = (key: string, value: string, more: Partial<Variable> = {}): Variable => ({ id: nextId++, key, value, type: 'VAR', ...more });

const settable = (key: string, value: string | undefined, more: Partial<SettableVariable> = {}): SettableVariable => ({
  key,
  value,
  encrypted: false,
  description: undefined,
  scope: 'pipeline',
  ...more,
});

describe('runs: what Run Pipeline… proposes', () => {
  it('reads the branch a pipeline’s refs name: refs/heads/ taken off, patterns and tags skipped, the first usable one', () => {
    assert.equal(pipelineBranch(['refs/heads/main']), 'main');
    assert.equal(pipelineBranch(['release/2.0']), 'release/2.0');
    assert.equal(pipelineBranch(['  refs/heads/dev  ']), 'dev', 'spaces around are not part of the name');
    assert.equal(pipelineBranch(['refs/heads/*', 'refs/heads/feature-?', 'refs/heads/[ab]', 'refs/tags/v1', '', '  ', 'main', 'dev']), 'main');
    assert.equal(pipelineBranch(['refs/tags/v1.0']), undefined);
    assert.equal(pipelineBranch([]), undefined);
    assert.equal(pipelineBranch([42 as unknown as string, 'ok']), 'ok', 'a ref that is not text is skipped, not thrown on');
  });

  it('proposes the folder’s branch first, then the pipeline’s own, never the same branch twice', () => {
    assert.deepEqual(refProposals(['refs/heads/main'], { branch: 'feature' }), [
      { ref: { kind: 'branch', name: 'feature' }, source: 'folder' },
      { ref: { kind: 'branch', name: 'main' }, source: 'pipeline' },
    ]);
    assert.deepEqual(refProposals(['refs/heads/main'], { branch: 'main' }), [{ ref: { kind: 'branch', name: 'main' }, source: 'folder' }]);
    assert.deepEqual(
      refProposals(['abcd1234'], { sha: 'abcd1234' }),
      [
        { ref: { kind: 'revision', name: 'abcd1234' }, source: 'folder' },
        { ref: { kind: 'branch', name: 'abcd1234' }, source: 'pipeline' },
      ],
      'a revision is not the branch of the same name',
    );
  });

  it('proposes a detached checkout as its revision, before the pipeline’s branch', () => {
    assert.deepEqual(refProposals(['main'], { sha: SHA }), [
      { ref: { kind: 'revision', name: SHA }, source: 'folder' },
      { ref: { kind: 'branch', name: 'main' }, source: 'pipeline' },
    ]);
  });

  it('proposes only the pipeline’s branch without a folder, and nothing when neither gives one', () => {
    assert.deepEqual(refProposals(['refs/heads/main'], undefined), [{ ref: { kind: 'branch', name: 'main' }, source: 'pipeline' }]);
    assert.deepEqual(refProposals(['refs/heads/*'], undefined), []);
    assert.deepEqual(refProposals([], undefined), []);
  });

  it('says what is wrong with a typed ref, per kind, and accepts a good one', () => {
    assert.equal(refProblem('branch', '  '), 'Type a branch.');
    assert.equal(refProblem('tag', ''), 'Type a tag.');
    assert.equal(refProblem('revision', ''), 'Type a revision.');
    assert.equal(refProblem('revision', 'xyz1'), 'A revision is 4 to 64 hexadecimal digits.');
    assert.equal(refProblem('revision', 'abc'), 'A revision is 4 to 64 hexadecimal digits.', 'three digits are too few');
    assert.equal(refProblem('revision', 'a'.repeat(65)), 'A revision is 4 to 64 hexadecimal digits.');
    assert.equal(refProblem('revision', 'abcd'), undefined);
    assert.equal(refProblem('revision', ` ${SHA.toUpperCase()} `), undefined, 'upper case and spaces around are fine');
    assert.equal(refProblem('revision', 'f'.repeat(64)), undefined);
    const badName = 'A branch or tag name has no spaces and at most 255 characters.';
    assert.equal(refProblem('branch', 'my branch'), badName);
    assert.equal(refProblem('tag', 'v1\u0007'), badName, 'a control character');
    assert.equal(refProblem('branch', 'b'.repeat(256)), badName);
    assert.equal(refProblem('branch', 'b'.repeat(255)), undefined);
    assert.equal(refProblem('branch', 'feature/x-1'), undefined);
  });
});

describe('runs: the settable variables a run offers', () => {
  it('offers settable variables with their effective values, sorted by key, from the scope that wins', () => {
    const offered = settableVariables([
      { scope: 'workspace', variables: [variable('REGION', 'eu', { settable: true }), variable('FIXED', 'x')] },
      { scope: 'project', variables: [variable('REGION', 'us', { settable: true, description: 'Where to deploy' })] },
      { scope: 'pipeline', variables: [variable('IMAGE_TAG', 'latest', { settable: true, description: '' })] },
    ]);
    assert.deepEqual(offered, [
      { key: 'IMAGE_TAG', value: 'latest', encrypted: false, description: undefined, scope: 'pipeline' },
      { key: 'REGION', value: 'us', encrypted: false, description: 'Where to deploy', scope: 'project' },
    ]);
  });

  it('offers a key whose winner does not say while a shadowed one is settable; not when the winner says it is not, nor when no scope says it is', () => {
    const offered = settableVariables([
      { scope: 'workspace', variables: [variable('A', 'wide', { settable: true }), variable('B', 'wide', { settable: true }), variable('C', 'wide', { settable: false })] },
      { scope: 'pipeline', variables: [variable('A', 'narrow'), variable('B', 'narrow', { settable: false }), variable('C', 'narrow')] },
    ]);
    assert.deepEqual(
      offered.map((v) => [v.key, v.value, v.scope]),
      [['A', 'narrow', 'pipeline']],
    );
  });

  it('never offers an encrypted value back: by flag, by secure! or !encrypted value', () => {
    const offered = settableVariables([
      {
        scope: 'pipeline',
        variables: [
          variable('FLAGGED', 'plain-looking', { settable: true, encrypted: true }),
          variable('SECURE', 'secure!abc', { settable: true }),
          variable('ENC', '!encrypted xyz', { settable: true }),
          variable('PLAIN', 'visible', { settable: true, encrypted: false }),
        ],
      },
    ]);
    assert.deepEqual(
      offered.map((v) => [v.key, v.value, v.encrypted]),
      [
        ['ENC', undefined, true],
        ['FLAGGED', undefined, true],
        ['PLAIN', 'visible', false],
        ['SECURE', undefined, true],
      ],
    );
  });

  it('reads a value or description that is not text as empty / none', () => {
    const [v] = settableVariables([{ scope: 'action', variables: [variable('ODD', 7 as unknown as string, { settable: true, description: null })] }]);
    assert.deepEqual(v, { key: 'ODD', value: '', encrypted: false, description: undefined, scope: 'action' });
  });
});

describe('runs: what Run Pipeline… sends', () => {
  it('sends a typed value that differs from the effective one, not one left as it was or not typed', () => {
    const vars = [settable('SAME', 'a'), settable('CHANGED', 'a'), settable('UNTYPED', 'a'), settable('EMPTIED', 'a')];
    const typed = new Map([
      ['SAME', 'a'],
      ['CHANGED', 'b'],
      ['EMPTIED', ''],
    ]);
    assert.deepEqual(changedVariables(vars, typed), [
      { key: 'CHANGED', value: 'b' },
      { key: 'EMPTIED', value: '' },
    ]);
  });

  it('sends an encrypted one whenever something is typed for it, flagged encrypted; never an empty one', () => {
    const vars = [settable('SECRET', undefined, { encrypted: true }), settable('BLANK', undefined, { encrypted: true }), settable('UNTOUCHED', undefined, { encrypted: true })];
    const typed = new Map([
      ['SECRET', 's3cret'],
      ['BLANK', ''],
    ]);
    assert.deepEqual(changedVariables(vars, typed), [{ key: 'SECRET', value: 's3cret', encrypted: true }]);
  });

  it('puts the ref in the field of its kind', () => {
    assert.deepEqual(runRequestOf({ ref: { kind: 'branch', name: 'main' } }), { branch: 'main' });
    assert.deepEqual(runRequestOf({ ref: { kind: 'tag', name: 'v1' } }), { tag: 'v1' });
    assert.deepEqual(runRequestOf({ ref: { kind: 'revision', name: SHA } }), { revision: SHA });
  });

  it('sends a trimmed comment, refresh, clear cache and the changed variables only when there are any', () => {
    assert.deepEqual(
      runRequestOf({
        ref: { kind: 'branch', name: 'main' },
        comment: '  deploy it  ',
        refresh: true,
        clearCache: true,
        variables: [settable('TAG', 'latest'), settable('OTHER', 'x')],
        typed: new Map([
          ['TAG', 'v2'],
          ['OTHER', 'x'],
        ]),
      }),
      { branch: 'main', comment: 'deploy it', refresh: true, clear_cache: true, variables: [{ key: 'TAG', value: 'v2' }] },
    );
  });

  it('sends an empty body for empty answers: no blank comment, no false flags, no empty variable list', () => {
    assert.deepEqual(runRequestOf({}), {});
    assert.deepEqual(runRequestOf({ comment: '   ', refresh: false, clearCache: false, variables: [settable('A', 'a')], typed: new Map([['A', 'a']]) }), {});
  });
});
