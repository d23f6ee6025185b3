// src/commandIds.ts names every command, view and context key once; the ids are user-visible, so
// each must be the one package.json contributes (and every contributed command must be named there).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Command, ContextKey, ViewCommand, ViewId } from '../../../src/commandIds';

const manifestText = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8');
const manifest = JSON.parse(manifestText) as {
  contributes: { commands: { command: string }[]; views: Record<string, { id: string }[]>; viewsContainers: { activitybar: { id: string }[] } };
};

describe('commandIds', () => {
  it('names exactly the commands package.json contributes', () => {
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual(Object.values(Command).sort(), contributed);
  });

  it('names the views and the container package.json contributes', () => {
    const views = Object.values(manifest.contributes.views).flat().map((v) => v.id);
    for (const id of [ViewId.Projects, ViewId.Commits, ViewId.Targets, ViewId.Variables]) {
      assert.ok(views.includes(id), id);
    }
    assert.ok(manifest.contributes.viewsContainers.activitybar.some((c) => c.id === ViewId.Container));
    assert.equal(ViewCommand.FocusProjects, 'workspaceAutomation.projects.focus');
  });

  it('names context keys that package.json uses', () => {
    for (const key of [ContextKey.SignedIn, ContextKey.State, ContextKey.CommitsFiltered, ContextKey.VariablesScope, ContextKey.WalkthroughPrefix]) {
      assert.ok(manifestText.includes(key), key);
    }
  });
});
