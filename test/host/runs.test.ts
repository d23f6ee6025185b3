// The Runs view and following runs in the real editor's extension host, against the emulator over
// HTTP on its clock: the runs of the pipeline selected (a page, Load more), a run's action
// executions, following a run to its approval gate and end (Approve confirmed through the
// prompter), a target's refusal (2678004) named on the row and in the notice, Allow with both
// prefilled (confirmed), then Retry Run to success; Cancel confirmed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { FeatureContext } from '../../src/services';
import type { RunsProvider } from '../../src/features/runs/provider';
import type { ActionExecutionNode, RunNode } from '../../src/features/runs/runNodes';
import { apiCall, signedInAs, waitFor } from './sessionHelpers';
import { ScriptedPrompter } from './scriptedPrompter';

const kernelOf = (api: ExtensionApi) => api.services as FeatureContext;

function runsView(api: ExtensionApi): RunsProvider {
  const view = kernelOf(api).views.view<RunsProvider>('workspaceAutomation.runs');
  assert.ok(view, 'the Runs provider exists');
  return view;
}

function notices(api: ExtensionApi): { text: string; actions: string[] }[] {
  const shown = (api.services as unknown as { exposed: ReadonlyMap<string, unknown> }).exposed.get('runNotices');
  assert.ok(Array.isArray(shown), 'the runs feature shows its notices');
  return shown as { text: string; actions: string[] }[];
}

async function advance(ms: number): Promise<void> {
  await apiCall('POST', '/__emulator/clock', { advanceMs: ms });
}

async function start(pipelineId: number): Promise<{ workspace: string; project: string; pipelineId: number; executionId: number }> {
  const run = (await apiCall('POST', `/workspaces/acme/projects/api-service/pipelines/${pipelineId}/executions`, {})) as { id: number };
  return { workspace: 'acme', project: 'api-service', pipelineId, executionId: run.id };
}

function select(api: ExtensionApi, pipelineId: number, name: string): void {
  kernelOf(api).views.currentPipeline.set({ project: 'api-service', pipelineId, displayName: name, name });
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
