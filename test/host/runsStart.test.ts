// Run Pipeline… as the installed extension's command, scripted: pipeline 203 of api-service from
// its row, with IMAGE_TAG changed and the encrypted REGISTRY_PASSWORD typed in a password box; the
// run then plays out on the emulator's clock and its log says what was sent. Also the palette's
// way (project and pipeline asked), and a failed POST offered Retry / Edit with the answers kept.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../src/features/runs/runPipeline';
import { ScriptedPrompter } from './scriptedPrompter';
import { addFault, apiCall, clearRequests, emulatorUrl, requests, signedInAs, signedOutState } from './sessionHelpers';

const RUNS = '/workspaces/acme/projects/api-service/pipelines/203/executions';

async function advanceClock(ms: number): Promise<void> {
  const res = await fetch(`${emulatorUrl()}/__emulator/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
  assert.ok(res.ok, `the clock answered ${res.status}`);
}

interface LogAnswer {
  logs: string[];
}
interface RunAnswer {
  status: string;
  comment?: string;
  refresh?: boolean;
  branch?: { name?: string };
  action_executions: { action_execution_id: string; action: { name: string }; status: string }[];
}

describe('Run Pipeline…: the installed command', function () {
  this.timeout(60_000);

  after(async () => {
    await signedOutState();
  });

  it('starts pipeline 203 from its row with a changed IMAGE_TAG and a typed encrypted password, in one POST; the run succeeds with them', async () => {
    await signedInAs('admin-token');
    await clearRequests();
    const row = { project: { name: 'api-service' }, pipeline: { id: 203, name: 'Publish image', refs: ['refs/heads/main'], on: 'CLICK' } };
    const prompter = new ScriptedPrompter([
      { accept: true }, // the branch proposed: the pipeline's own
      { input: 'from the host test' },
      { pickMany: ['Refresh'] },
      { pick: 'IMAGE_TAG' },
      { input: 'v2.0' },
      { pick: 'REGISTRY_PASSWORD' },
      { input: 'typed-Secret-42' },
      { pick: 'Run with these values' },
    ]);
    const outcome = await vscode.commands.executeCommand<RunOutcome>('workspaceAutomation.runPipeline', row, { prompter });
    assert.equal(outcome.kind, 'started', prompter.describe());
    assert.ok(outcome.kind === 'started');

    const [refStep, comment, options, variables, tagBox] = prompter.prompts;
    assert.deepEqual([refStep.step, refStep.totalSteps], [1, 4], 'project and pipeline are not asked: ref, comment, options, variables (counted once the ref step has loaded them)');
    assert.deepEqual([variables.step, variables.totalSteps], [4, 4]);
    assert.equal(refStep.active, 'main', 'the pipeline’s own branch is proposed');
    assert.equal(comment.kind, 'input');
    assert.deepEqual(options.active, [], 'nothing is checked at first: nothing is sent');
    assert.deepEqual(
      variables.items.map((i) => `${i.label}=${i.description}`),
      ['Run with these values=undefined', 'IMAGE_TAG=latest', 'REGISTRY_PASSWORD=(encrypted; kept)'],
    );
    assert.deepEqual([tagBox.value, tagBox.password], ['latest', false], 'IMAGE_TAG is prefilled with its effective value');
    const passwordBox = prompter.prompts[6];
    assert.deepEqual([passwordBox.value, passwordBox.password], ['', true], 'the encrypted one: a password box, empty');
    const last = prompter.prompts[7];
    assert.equal(last.items.find((i) => i.label === 'REGISTRY_PASSWORD')?.description, '(encrypted; a new value is set)');
    assert.ok(!JSON.stringify(prompter.prompts).includes('r3gistry'), 'the stored secret is never shown');
    assert.ok(!JSON.stringify(prompter.messages).includes('typed-Secret-42'), 'the typed secret is never echoed');

    assert.deepEqual(outcome.request, {
      branch: 'main',
      comment: 'from the host test',
      refresh: true,
      variables: [
        { key: 'IMAGE_TAG', value: 'v2.0' },
        { key: 'REGISTRY_PASSWORD', value: 'typed-Secret-42', encrypted: true },
      ],
    });
    const posts = (await requests()).filter((r) => r.method === 'POST');
    assert.deepEqual(posts.map((r) => `${r.path} ${r.status}`), [`${RUNS} 200`]);

    const id = outcome.execution.id;
    await advanceClock(61_000);
    const run = (await apiCall('GET', `${RUNS}/${id}`)) as RunAnswer;
    assert.deepEqual([run.status, run.comment, run.refresh, run.branch?.name], ['SUCCESSFUL', 'from the host test', true, 'main']);
    const push = run.action_executions.find((a) => a.action.name === 'Push to registry');
    assert.ok(push, 'the run has its push action');
    const log = (await apiCall('GET', `${RUNS}/${id}/action_executions/${push.action_execution_id}/logs?limit=1000`)) as LogAnswer;
    assert.ok(log.logs.some((l) => l.includes('IMAGE_TAG=v2.0')), log.logs.join('\n'));
  });

  it('from the palette asks the project and the pipeline; a failed POST is offered Retry and Edit, and Edit keeps every answer', async () => {
    await signedInAs('admin-token');
    await addFault({ kind: '500', count: 1, method: 'POST', path: RUNS });
    const prompter = new ScriptedPrompter([
      { pick: 'API Service' },
      { pick: 'Publish image' },
      { accept: true },
      { input: 'first try' },
      { accept: true },
      { pick: 'Run with these values' },
      // Edit: every step again, each showing its kept answer.
      { accept: true },
      { accept: true },
      { accept: true },
      { accept: true },
      { accept: true },
      { pick: 'Run with these values' },
    ]).choose('Edit');
    const outcome = await vscode.commands.executeCommand<RunOutcome>('workspaceAutomation.runPipeline', undefined, { prompter });
    assert.equal(outcome.kind, 'started', prompter.describe());
    assert.match(prompter.messages[0]?.text ?? '', /^Could not start pipeline Publish image: /);
    assert.deepEqual(prompter.messages[0]?.actions, ['Retry', 'Edit']);
    const second = prompter.prompts.slice(6);
    assert.deepEqual(
      second.map((p) => [p.step, p.totalSteps]),
      [[1, 6], [2, 6], [3, 6], [4, 6], [5, 6], [6, 6]],
    );
    assert.equal(second[0].active, 'API Service');
    assert.equal(second[1].active, 'Publish image');
    assert.equal(second[3].value, 'first try');
    assert.ok(outcome.kind === 'started');
    assert.deepEqual(outcome.request, { branch: 'main', comment: 'first try' });
    const posts = (await requests()).filter((r) => r.method === 'POST' && r.path === RUNS).map((r) => r.status);
    assert.deepEqual(posts, [500, 200]);
  });
});
