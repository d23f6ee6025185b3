// Allow Pipeline on Target and Check Pipeline Access run as the installed extension's commands
// (the .vsix, its session and its Targets view), with scripted answers passed as the commands'
// last argument: the view's target takes the answer without another request.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AllowOutcome } from '../../src/features/pipelineAccess/allowPipeline';
import type { AccessOutcome } from '../../src/features/pipelineAccess/checkPipelineAccess';
import { demoTargets, fullTargetLabel, listedTargetLabel, targetsClosedTo } from '../harness/dialect';
import { ScriptedPrompter } from './scriptedPrompter';
import { apiCall, clearRequests, labelOf, requests, signedInAs, signedOutState } from './sessionHelpers';

const PRODUCTION = 'tg-8f2c';

describe('Allow Pipeline on Target: the installed commands', function () {
  this.timeout(60_000);

  after(async () => {
    await signedOutState();
  });

  it('allows a pipeline from the production item of the Targets view, which shows it without another request', async () => {
    const api = await signedInAs('admin-token');
    const targets = api.views.targets;
    assert.ok(targets, 'the Targets view exists');
    await targets.getChildren();
    const production = targets.targetNodes().find((n) => n.target.id === PRODUCTION);
    assert.ok(production, 'production is listed');
    // Expanded once: the view holds the full target.
    assert.deepEqual((await production.getChildren()).map(labelOf), ['Deploy to production']);
    await clearRequests();

    const prompter = new ScriptedPrompter([{ pick: 'Web App' }, 'back', { pick: 'Web App' }, { pick: 'Deploy to staging' }]);
    const outcome = await vscode.commands.executeCommand<AllowOutcome>('workspaceAutomation.allowPipeline', production, [production], { prompter });
    assert.equal(outcome.kind, 'allowed', prompter.describe());
    assert.equal(prompter.prompts[0].step, 1, 'the target is not asked');
    assert.equal(prompter.prompts[2].text, 'Choose a project', 'Back on the first step asks it again');
    const pipelines = prompter.prompts[3];
    assert.equal(pipelines.items.find((i) => i.label === 'Deploy to production')?.description, 'already allowed');

    assert.deepEqual((await production.getChildren()).map(labelOf), ['Deploy to production', 'Deploy to staging']);
    const sent = (await requests()).map((r) => `${r.method} ${r.path}`);
    assert.ok(!sent.includes(`GET /workspaces/acme/targets/${PRODUCTION}`), `the target was fetched again: ${sent.join(', ')}`);
    assert.equal(sent.at(-1), `POST /workspaces/acme/targets/${PRODUCTION}/allow-pipeline`);
    const target = (await apiCall('GET', `/workspaces/acme/targets/${PRODUCTION}`)) as { allowed_pipelines: { id: number }[] };
    assert.deepEqual(target.allowed_pipelines.map((p) => p.id), [103, 102]);
  });

  it('explains 881 through the installed command (denied-token): the view and the target stay as they were', async () => {
    const api = await signedInAs('denied-token');
    const before = await apiCall('GET', `/workspaces/acme/targets/${PRODUCTION}`);
    const prompter = new ScriptedPrompter([{ pick: listedTargetLabel(PRODUCTION) }, { pick: 'Web App' }, { pick: 'Deploy to staging' }]);
    const outcome = await vscode.commands.executeCommand<AllowOutcome>('workspaceAutomation.allowPipeline', undefined, { prompter });
    assert.equal(outcome.kind, 'failed', prompter.describe());
    assert.equal(
      prompter.last('error')?.text,
      `Your permission on target ${fullTargetLabel(PRODUCTION)} does not allow changing its pipelines (access level DENIED); ask a workspace administrator.`,
    );
    assert.deepEqual(await apiCall('GET', `/workspaces/acme/targets/${PRODUCTION}`), before);
    assert.equal(api.session.workspace, 'acme');
  });

  it('checks a pipeline item of the Projects view and allows it on a target from the list', async () => {
    const api = await signedInAs('admin-token');
    const projects = api.views.projects;
    await projects.getChildren();
    const webApp = projects.projectNodes().find((n) => n.project.name === 'web-app');
    assert.ok(webApp);
    const pipeline = (await webApp.getChildren()).find((n) => labelOf(n) === 'Deploy to production');
    assert.ok(pipeline, 'the pipeline item is listed');
    // k8s-main (and in the vendor dialect edge-sftp): allowed one after the other from the list.
    const closed = targetsClosedTo(103);
    assert.ok(closed.includes('tg-b41e'), closed.join(', '));
    const prompter = new ScriptedPrompter(closed.map((id) => ({ pick: fullTargetLabel(id) })));
    const outcome = await vscode.commands.executeCommand<AccessOutcome>('workspaceAutomation.checkPipelineAccess', pipeline, [pipeline], { prompter });
    assert.deepEqual(outcome.restricted.map((t) => t.id), closed, prompter.describe());
    assert.deepEqual(outcome.allowed.map((t) => t.id), closed);
    assert.equal(prompter.last('info')?.text, 'All targets now allow pipeline Deploy to production (project web-app).');
    for (const demo of demoTargets().filter((t) => closed.includes(t.id))) {
      const target = (await apiCall('GET', `/workspaces/acme/targets/${demo.id}`)) as { allowed_pipelines: { id: number }[] };
      assert.deepEqual(target.allowed_pipelines.map((p) => p.id), [...demo.allowedPipelineIds, 103], demo.identifier);
    }
  });
});
