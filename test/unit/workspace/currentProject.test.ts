// The current project is kept per API address and workspace (the window's workspace state), so a
// reload shows it again; another session clears it without forgetting what was kept.
import * as assert from 'node:assert/strict';
import { CurrentProject, type ChoiceMemory, type ChoicePlace, type ProjectChoice } from '../../../src/workspace/currentProject';

/** A workspace state in memory, as vscode.Memento keeps it. */
function memory(): ChoiceMemory & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key: string, value: unknown) => void (value === undefined ? values.delete(key) : values.set(key, value)),
  };
}

const WEB_APP: ProjectChoice = { name: 'web-app', displayName: 'Web App' };

describe('workspace: the current project', () => {
  it('a new start (another instance on the same workspace state) restores the project chosen before, for its address and workspace only', () => {
    const state = memory();
    let place: ChoicePlace = { baseUrl: 'https://api.example', workspace: 'acme' };
    const before = new CurrentProject(() => place, state);
    before.set(WEB_APP);

    const after = new CurrentProject(() => place, state);
    assert.equal(after.currentProject, undefined, 'nothing before restore()');
    const told: (string | undefined)[] = [];
    after.onDidChangeCurrentProject((p) => told.push(p?.name));
    after.restore();
    assert.deepEqual(after.currentProject, WEB_APP);
    assert.deepEqual(told, ['web-app']);

    place = { baseUrl: 'https://api.example', workspace: 'other' };
    const elsewhere = new CurrentProject(() => place, state);
    elsewhere.restore();
    assert.equal(elsewhere.currentProject, undefined, 'another workspace has its own choice');
    place = { baseUrl: 'https://api.eu.example', workspace: 'acme' };
    elsewhere.restore();
    assert.equal(elsewhere.currentProject, undefined, 'another address has its own choice');
  });

  it('another session clears the project and keeps what was kept; choosing none forgets it', () => {
    const state = memory();
    const place: ChoicePlace = { baseUrl: 'https://api.example', workspace: 'acme' };
    const current = new CurrentProject(() => place, state);
    current.set(WEB_APP);
    current.clear();
    assert.equal(current.currentProject, undefined);
    const next = new CurrentProject(() => place, state);
    next.restore();
    assert.deepEqual(next.currentProject, WEB_APP);
    next.set(undefined);
    const last = new CurrentProject(() => place, state);
    last.restore();
    assert.equal(last.currentProject, undefined);
  });

  it('keeps nothing without an address or a workspace, and ignores what it cannot read', () => {
    const state = memory();
    const current = new CurrentProject(() => ({ baseUrl: 'https://api.example', workspace: undefined }), state);
    current.set(WEB_APP);
    assert.deepEqual(current.currentProject, WEB_APP, 'shown all the same');
    assert.equal(state.values.size, 0);
    for (const odd of [null, 'web-app', { name: 3, displayName: 'x' }, { name: '', displayName: 'x' }, { name: 'x' }]) {
      state.values.set('workspaceAutomation.currentProject:https://api.example acme', odd);
      const read = new CurrentProject(() => ({ baseUrl: 'https://api.example', workspace: 'acme' }), state);
      read.restore();
      assert.equal(read.currentProject, undefined, JSON.stringify(odd));
    }
  });

  it('tells of a change once: the same project again is no change', () => {
    const current = new CurrentProject(() => ({ baseUrl: undefined, workspace: undefined }));
    const told: (string | undefined)[] = [];
    current.onDidChangeCurrentProject((p) => told.push(p?.name));
    current.set(WEB_APP);
    current.set({ ...WEB_APP });
    current.clear();
    current.clear();
    assert.deepEqual(told, ['web-app', undefined]);
  });
});
