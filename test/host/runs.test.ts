// The Runs view and following runs in the real editor's extension host, against the emulator over
// HTTP on its clock: the runs of the pipeline selected (a page, Load more), a run's action
// executions, following a run to its approval gate and end (Approve confirmed through the
// prompter), a target's refusal (2678004) named on the row and in the notice, Allow with both
// prefilled (confirmed), then Retry Run to success; Cancel confirmed; Set Variables… on a gate
// (a secret one in a password box, sent encrypted, never shown or logged); a run started from the
// editor shown at the top of the Runs view, its pipeline named and its row selected.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { FeatureContext } from '../../src/services';
import type { RunsProvider } from '../../src/features/runs/provider';
import type { ActionExecutionNode, RunNode } from '../../src/features/runs/runNodes';
import { apiCall, filesUnder, signedInAs, waitFor } from './sessionHelpers';
import { ScriptedPrompter } from './scriptedPrompter';

const kernelOf = (api: ExtensionApi) => api.services as FeatureContext;

function runsView(api: ExtensionApi): RunsProvider {
  const view = (api.services as unknown as { exposed: ReadonlyMap<string, unknown> }).exposed.get('runs') as RunsProvider | undefined;
  assert.ok(view, 'the Runs provider exists');
  return view;
}

function notices(api: ExtensionApi): { text: string; actions: string[] }[] {
  const shown = (api.services as unknown as { exposed: ReadonlyMap<string, unknown> }).exposed.get('runNotices');
  assert.ok(Array.isArray(shown), 'the runs feature shows its notices');
  return shown as { text: string; actions: string[] }[];
}

/** The output channel's text once it holds `until` (the channel writes its file a moment later). */
async function channelText(api: ExtensionApi, until: string): Promise<string> {
  const logDir = path.dirname(api.services.context.logUri.fsPath);
  return waitFor(`the output channel's file to hold "${until}"`, () => {
    const file = filesUnder(logDir).find((f) => /^\d*-?Workspace Automation\.log$/.test(path.basename(f)));
    const text = file ? fs.readFileSync(file, 'utf8') : '';
    return text.includes(until) ? text : undefined;
  });
}

async function advance(ms: number): Promise<void> {
  await apiCall('POST', '/__emulator/clock', { advanceMs: ms });
}

async function start(pipelineId: number): Promise<{ workspace: string; project: string; pipelineId: number; executionId: number }> {
  const run = (await apiCall('POST', `/workspaces/acme/projects/api-service/pipelines/${pipelineId}/executions`, {})) as { id: number };
  return { workspace: 'acme', project: 'api-service', pipelineId, executionId: run.id };
}

function select(api: ExtensionApi, pipelineId: number, name: string): void {
  kernelOf(api).selection.pipeline.set({ project: 'api-service', pipelineId, displayName: name, name });
}

describe('Runs view and following runs', function () {
  this.timeout(120_000);

  it('lists the selected pipeline\'s runs newest first, 20 a page, then Load more; a run expands to its actions', async () => {
    const api = await signedInAs();
    select(api, 201, 'CI');
    const view = runsView(api);
    const rows = (await view.getChildren()) as vscode.TreeItem[];
    const runs = rows.filter((r) => String(r.contextValue).startsWith('wa.run.'));
    assert.equal(runs.length, 20);
    assert.match(String(rows.at(-1)?.label), /more/i);
    const numbers = runs.map((r) => Number(/^#(\d+)/.exec(String(r.label))?.[1]));
    assert.deepEqual([...numbers].sort((a, b) => b - a), numbers, 'newest first');
    const children = (await view.getChildren(runs[0] as RunNode)) as ActionExecutionNode[];
    assert.ok(children.length >= 2, 'the run\'s action executions');
    assert.match(String(children[0].description), /^(Succeeded|Failed|Cancelled|Not run|Skipped) · /, 'a finished action: its status and duration');
  });

  it("a run's action row opens its log named after the action; so does a reference without the name (a notice's Show Log) once the run was read", async () => {
    const api = await signedInAs();
    select(api, 207, 'Verbose build');
    const view = runsView(api);
    const [newest] = (await view.getChildren()) as RunNode[];
    const [action] = (await view.getChildren(newest)) as ActionExecutionNode[];
    assert.equal(action.label, 'Run verbose tests');
    assert.ok(action.command, 'the action row opens its log');
    const fromRow = await vscode.commands.executeCommand<vscode.Uri>(action.command.command, ...(action.command.arguments ?? []));
    assert.equal(path.posix.basename(fromRow.path), `Run verbose tests #${newest.ref.executionId}.log`);
    const { actionName: _, ...unnamed } = action.command.arguments?.[0] as { actionName?: string };
    const fromNotice = await vscode.commands.executeCommand<vscode.Uri>('workspaceAutomation.showRunLog', unnamed);
    assert.equal(path.posix.basename(fromNotice.path), `Run verbose tests #${newest.ref.executionId}.log`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('follows a run to its gate, approves it (confirmed), and tells its end', async () => {
    const api = await signedInAs();
    select(api, 205, 'Approval');
    const ref = await start(205);
    const before = notices(api).length;
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.followRun', ref), true);
    await advance(120_000);
    const waiting = await waitFor('the notice of the gate', () => notices(api).slice(before).find((n) => /waiting for approval/.test(n.text)), 30_000);
    assert.ok(waiting.actions.includes('Approve…'));
    const prompter = new ScriptedPrompter().choose('Approve');
    const outcome = (await vscode.commands.executeCommand('workspaceAutomation.approveRun', ref, { prompter })) as { kind: string };
    assert.equal(outcome.kind, 'sent');
    assert.match(prompter.messages[0].text, /Deploy api-service to staging\?/, 'the gate\'s question is shown');
    await advance(120_000);
    await waitFor('the notice of the end', () => notices(api).slice(before).find((n) => /succeeded/.test(n.text)), 30_000);
  });

  it('a target refuses the pipeline: the notice names it; Allow (prefilled, confirmed), then Retry Run succeeds', async () => {
    const api = await signedInAs();
    select(api, 204, 'Deploy to production');
    const ref = await start(204);
    const before = notices(api).length;
    await vscode.commands.executeCommand('workspaceAutomation.followRun', ref);
    await advance(120_000);
    const failed = await waitFor('the notice of the failure', () => notices(api).slice(before).find((n) => /failed/.test(n.text)), 30_000);
    assert.match(failed.text, /target production/);
    assert.ok(failed.actions.some((a) => /^Allow .* on production…$/.test(a)), failed.actions.join(', '));
    const prompter = new ScriptedPrompter().choose('Allow', 'Retry Run');
    const outcome = (await vscode.commands.executeCommand('workspaceAutomation.allowRunTarget', ref, { prompter })) as { kind: string };
    assert.equal(outcome.kind, 'sent', JSON.stringify(prompter.messages));
    assert.match(prompter.messages[0].text, /Allow pipeline .* to use target/);
    await advance(120_000);
    await waitFor('the notice of success after Retry', () => notices(api).slice(before).find((n) => /succeeded/.test(n.text)), 30_000);
  });

  it('sets the variables a 206 run waits for: the secret one in a password box, empty, sent encrypted, never shown or logged', async () => {
    const api = await signedInAs();
    const ref = await start(206);
    await advance(3_000);
    const secret = `sign-${randomBytes(6).toString('hex')}`;
    const no = (await vscode.commands.executeCommand('workspaceAutomation.setRunVariables', ref, { prompter: new ScriptedPrompter([{ input: '9.9.9' }, 'cancel']) })) as { kind: string };
    assert.equal(no.kind, 'cancelled', 'nothing is sent when the person stops');
    const prompter = new ScriptedPrompter([{ input: '2.1.0' }, { input: secret }]);
    const outcome = (await vscode.commands.executeCommand('workspaceAutomation.setRunVariables', ref, { prompter })) as { kind: string; execution?: { status: string } };
    assert.equal(outcome.kind, 'sent', prompter.describe());
    assert.deepEqual(
      prompter.prompts.map((p) => [p.kind, p.title, `${p.step}/${p.totalSteps}`, p.text, p.value, p.password]),
      [
        ['input', `Set Variables of Run #${ref.executionId}`, '1/2', 'RELEASE_VERSION: Version to release', '1.0.0', false],
        ['input', `Set Variables of Run #${ref.executionId}`, '2/2', 'SIGNING_TOKEN: Token that signs the tag', '', true],
      ],
    );
    assert.ok(!JSON.stringify([prompter.prompts, prompter.messages]).includes(secret), 'the typed secret is never shown back');

    const runPath = `/workspaces/acme/projects/api-service/pipelines/206/executions/${ref.executionId}`;
    await advance(6_000);
    const run = (await apiCall('GET', runPath)) as { status: string; action_executions: { action_execution_id: string }[] };
    assert.equal(run.status, 'SUCCESSFUL');
    const [gate, tag] = run.action_executions.map((a) => a.action_execution_id);
    const passed = ((await apiCall('GET', `${runPath}/action_executions/${gate}`)) as { passed_variables: { key: string; value: string }[] }).passed_variables;
    assert.deepEqual(
      passed.map((v) => [v.key, v.key === 'SIGNING_TOKEN' ? /^(secure!|!encrypted )\S+$/.test(v.value) : v.value]),
      [
        ['RELEASE_VERSION', '2.1.0'],
        ['SIGNING_TOKEN', true],
      ],
      'the version as typed, the token encrypted',
    );
    const log = ((await apiCall('GET', `${runPath}/action_executions/${tag}/logs?limit=1000`)) as { logs: string[] }).logs;
    assert.ok(log.includes('Tagging release v2.1.0') && log.includes('Signing the tag: (SIGNING_TOKEN is encrypted: not printed)'), log.join('\n'));

    const text = await channelText(api, `PATCH ${runPath} 200`);
    assert.ok(!text.includes(secret), 'the secret is not in the log');
  });

  it('a run started from the editor (followRun) shows at the top of the Runs view, its pipeline shown, its row selected', async () => {
    const api = await signedInAs();
    const kernel = kernelOf(api);
    select(api, 201, 'CI');
    await vscode.commands.executeCommand('workspaceAutomation.runs.focus');
    const view = runsView(api);
    await waitFor('the Runs view visible', () => view.treeView?.visible);
    await view.getChildren();

    // Named by the command's argument (Run Pipeline… knows the pipeline).
    const named = await start(203);
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.followRun', { ...named, pipelineName: 'Publish image', name: 'Publish image' }), true);
    assert.deepEqual(kernel.selection.pipeline.currentPipeline, { project: 'api-service', pipelineId: 203, displayName: 'Publish image', name: 'Publish image' });
    assert.equal(view.runNodes()[0]?.ref.executionId, named.executionId, 'the new run is at the top');
    await waitFor('the new run selected', () => (view.treeView?.selection[0] as RunNode | undefined)?.ref.executionId === named.executionId);

    // Not named: as the Projects view read the project's pipelines.
    await kernel.data.every(kernel.data.pipelines('api-service', 20), { maxPages: 5 });
    const listed = await start(204);
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.followRun', listed), true);
    assert.equal(kernel.selection.pipeline.currentPipeline?.displayName, 'Release to production');
    assert.equal(view.runNodes()[0]?.ref.executionId, listed.executionId);
  });

  it('cancels a run after confirming; nothing is sent without the confirmation', async () => {
    await signedInAs();
    const ref = await start(203);
    const no = (await vscode.commands.executeCommand('workspaceAutomation.cancelRun', ref, { prompter: new ScriptedPrompter().choose(undefined) })) as { kind: string };
    assert.equal(no.kind, 'cancelled');
    const yes = (await vscode.commands.executeCommand('workspaceAutomation.cancelRun', ref, { prompter: new ScriptedPrompter().choose('Cancel Run') })) as {
      kind: string;
      execution: { status: string };
    };
    assert.equal(yes.kind, 'sent');
    assert.match(yes.execution.status, /TERMINAT/);
  });
});
