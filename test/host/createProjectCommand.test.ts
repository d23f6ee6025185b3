// Create Project run as the installed extension's command (the .vsix, its session and views),
// with scripted answers passed as the command's argument: the project becomes the current one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Project } from '../../src/api';
import { demoProjects } from '../harness/dialect';
import { ScriptedPrompter } from './scriptedPrompter';
import { apiCall, signedInAs, signedOutState, waitFor } from './sessionHelpers';

describe('Create Project: the installed command', function () {
  this.timeout(60_000);

  after(async () => {
    await signedOutState();
  });

  it('creates the project, which the Projects view lists and selects, and the Commits view takes', async () => {
    const api = await signedInAs('admin-token');
    await api.views.projects.getChildren();
    const prompter = new ScriptedPrompter([{ input: 'Release Bot' }, { accept: true }]);
    const project = await vscode.commands.executeCommand<Project | undefined>('workspaceAutomation.createProject', { prompter });
    assert.equal(project?.name, 'release-bot', prompter.describe());
    await waitFor('the new project in the Projects view', () =>
      api.views.projects.projectNodes().some((n) => n.project.name === 'release-bot') ? true : undefined,
    );
    assert.equal(api.views.currentProject.currentProject?.name, 'release-bot');
    const { projects } = (await apiCall('GET', '/workspaces/acme/projects?per_page=100')) as { projects: { name: string }[] };
    assert.deepEqual(projects.map((p) => p.name), [...demoProjects().map((p) => p.name), 'release-bot']);
  });
});
