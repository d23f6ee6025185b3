// Effective variables: action over pipeline over project over workspace, for the same key.
import * as assert from 'node:assert/strict';
import type { Variable } from '../../../src/api';
import { effectiveVariables } from '../../../src/workspace/effectiveVariables';
import { scopeChain, scopeFilter, scopeKey, type VariableScopeRef } from '../../../src/workspace/variableScope';

let nextId = 1;
const v = (key: string, value: string, extra: Partial<Variable> = {}): Variable => ({ id: nextId++, key, value, type: 'VAR', ...extra });

describe('effective variables', () => {
  it('the most specific scope wins, and names what it shadows, nearest first', () => {
    const ws = [v('REGION', 'eu'), v('LOG', 'info'), v('ONLY_WS', '1')];
    const project = [v('REGION', 'us'), v('NODE', '20')];
    const pipeline = [v('LOG', 'debug'), v('REGION', 'ap')];
    const action = [v('REGION', 'local')];
    const result = effectiveVariables([
      { scope: 'workspace', variables: ws },
      { scope: 'project', variables: project },
      { scope: 'pipeline', variables: pipeline },
      { scope: 'action', variables: action },
    ]);
    assert.deepEqual(
      result.map((e) => [e.key, e.variable.value, e.scope, e.shadows.map((s) => `${s.scope}:${s.variable.value}`)]),
      [
        ['LOG', 'debug', 'pipeline', ['workspace:info']],
        ['NODE', '20', 'project', []],
        ['ONLY_WS', '1', 'workspace', []],
        ['REGION', 'local', 'action', ['pipeline:ap', 'project:us', 'workspace:eu']],
      ],
    );
  });

  it('compares keys exactly: Region and REGION are two variables', () => {
    const result = effectiveVariables([
      { scope: 'workspace', variables: [v('REGION', 'eu')] },
      { scope: 'pipeline', variables: [v('Region', 'x')] },
    ]);
    assert.deepEqual(result.map((e) => [e.key, e.scope, e.shadows.length]), [['REGION', 'workspace', 0], ['Region', 'pipeline', 0]]);
  });

  it('a key repeated within one scope: the first counts, the other is shadowed', () => {
    const first = v('K', 'first');
    const second = v('K', 'second');
    const [entry] = effectiveVariables([
      { scope: 'workspace', variables: [v('K', 'ws')] },
      { scope: 'pipeline', variables: [first, second] },
    ]);
    assert.equal(entry.variable, first);
    assert.deepEqual(entry.shadows.map((s) => [s.scope, s.variable.value]), [['pipeline', 'second'], ['workspace', 'ws']]);
  });

  it('encrypted and other types take part like any variable (the winner is whatever the nearest scope holds)', () => {
    const secret = v('TOKEN', 'secure!abc', { encrypted: true });
    const [entry] = effectiveVariables([
      { scope: 'workspace', variables: [v('TOKEN', 'plain')] },
      { scope: 'action', variables: [secret] },
    ]);
    assert.equal(entry.variable, secret);
    assert.equal(entry.scope, 'action');
  });

  it('nothing in any scope: nothing effective', () => {
    assert.deepEqual(effectiveVariables([{ scope: 'workspace', variables: [] }, { scope: 'project', variables: [] }]), []);
  });

  it('the chain of an action is workspace, project, pipeline, action, each with its own list filter', () => {
    const action: VariableScopeRef = {
      kind: 'action',
      workspace: 'acme',
      project: { name: 'web-app', displayName: 'Web App' },
      pipeline: { id: 101, name: 'Build' },
      action: { id: 1012, name: 'Unit tests' },
    };
    const chain = scopeChain(action);
    assert.deepEqual(chain.map((s) => s.kind), ['workspace', 'project', 'pipeline', 'action']);
    assert.deepEqual(chain.map(scopeFilter), [{}, { projectName: 'web-app' }, { pipelineId: 101 }, { actionId: 1012 }]);
    assert.deepEqual(chain.map(scopeKey), ['workspace', 'project:web-app', 'pipeline:101', 'action:1012']);
    assert.deepEqual(scopeChain(chain[2]).map((s) => s.kind), ['workspace', 'project', 'pipeline']);
  });
});
