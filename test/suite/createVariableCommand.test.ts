// Create Variable run as the installed extension's command (the .vsix and its session), from a
// pipeline item of its Projects view, with scripted answers passed as the command's last argument.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Variable } from '../../src/api';
import { ScriptedPrompter } from './scriptedPrompter';
import { apiCall, labelOf, signedInAs, signedOutState } from './sessionHelpers';

describe('Create Variable: the installed command', function () {
  this.timeout(60_000);

  after(async () => {
    await signedOutState();
  });

  it('creates a pipeline variable from a pipeline item: scope and pipeline preset, nothing else changed', async () => {
    const api = await signedInAs('admin-token');
    await api.views.projects.getChildren();
    const webApp = api.views.projects.projectNodes().find((n) => n.project.name === 'web-app');
    assert.ok(webApp);
    const pipeline = (await webApp.getChildren()).find((n) => labelOf(n) === 'Nightly end-to-end');
    assert.ok(pipeline);
    const before = (await apiCall('GET', '/workspaces/acme/variables?pipeline_id=104')) as { variables: unknown[] };
    const workspaceBefore = await apiCall('GET', '/workspaces/acme/variables');
    const prompter = new ScriptedPrompter([{ pick: 'VAR' }, { input: 'BROWSERS' }, { accept: true }, { input: 'chromium,firefox' }]);
    const variable = await vscode.commands.executeCommand<Variable | undefined>('workspaceAutomation.createVariable', pipeline, [pipeline], { prompter });
    assert.ok(variable, prompter.describe());
    assert.deepEqual(
      prompter.prompts.map((p) => `${p.step}/${p.totalSteps}`),
      ['1/4', '2/4', '3/4', '4/4'],
    );
    assert.equal(prompter.last('info')?.text, 'Created variable BROWSERS in pipeline Nightly end-to-end of project Web App.');
    const after = (await apiCall('GET', '/workspaces/acme/variables?pipeline_id=104')) as { variables: { key: string; value: string }[] };
    assert.equal(after.variables.length, before.variables.length + 1);
    assert.deepEqual(after.variables.map((v) => [v.key, v.value]).at(-1), ['BROWSERS', 'chromium,firefox']);
    assert.deepEqual(await apiCall('GET', '/workspaces/acme/variables'), workspaceBefore);
  });
});
