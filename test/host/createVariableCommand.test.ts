// Create Variable run as the installed extension's command (the .vsix and its session), from a
// pipeline item of its Projects view, with scripted answers passed as the command's last argument.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Variable } from '../../src/api';
import { dialectTag } from '../harness/dialect';
import { onlyNewVariable, readAllVariables, type ApiVariable } from '../harness/variables';
import { ScriptedPrompter } from './scriptedPrompter';
import { apiCall, labelOf, requests, signedInAs, signedOutState } from './sessionHelpers';

function allVariables(): Promise<Map<string, ApiVariable[]>> {
  return readAllVariables(async <T>(path: string) => (await apiCall('GET', path)) as T);
}

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

  it(`creates a variable in each scope with a token of the 2026 scope names (modern-token): no warning, each sent once ${dialectTag}`, async () => {
    const api = await signedInAs('modern-token');
    assert.ok(api.session.scopes?.includes('VARIABLE_WRITE') && !api.session.scopes.includes('VARIABLE_ADD'), `scopes: ${api.session.scopes}`);
    const scopes = [
      { scope: 'Workspace', where: 'workspace', picks: [], key: 'MODERN_WS', message: 'in workspace acme' },
      { scope: 'Project', where: 'project web-app', picks: ['Web App'], key: 'MODERN_PROJECT', message: 'in project Web App' },
      { scope: 'Pipeline', where: 'pipeline 102', picks: ['Web App', 'Deploy to staging'], key: 'MODERN_PIPELINE', message: 'in pipeline Deploy to staging of project Web App' },
      { scope: 'Action', where: 'action 1022', picks: ['Web App', 'Deploy to staging', 'Upload to staging'], key: 'MODERN_ACTION', message: 'in action Upload to staging of pipeline Deploy to staging (project Web App)' },
    ];
    for (const s of scopes) {
      const before = await allVariables();
      const prompter = new ScriptedPrompter([
        { pick: s.scope },
        ...s.picks.map((p) => ({ pick: p })),
        { pick: 'VAR' },
        { input: s.key },
        { pick: 'Show the value while typing' },
        { input: `value of ${s.key}` },
      ]).then({ accept: true }, { accept: true }, { accept: true });
      const variable = await vscode.commands.executeCommand<Variable | undefined>('workspaceAutomation.createVariable', undefined, { prompter });
      assert.equal(variable?.key, s.key, prompter.describe());
      assert.equal(prompter.last('warning'), undefined, `no scope warning: ${prompter.describe()}`);
      assert.equal(prompter.last('info')?.text, `Created variable ${s.key} ${s.message}.`);
      const created = onlyNewVariable(before, await allVariables(), s.where);
      assert.deepEqual([created.key, created.value, created.type], [s.key, `value of ${s.key}`, 'VAR']);
    }
    assert.deepEqual(
      (await requests('/variables')).filter((r) => r.method === 'POST').map((r) => r.status),
      [201, 201, 201, 201],
    );
  });
});
