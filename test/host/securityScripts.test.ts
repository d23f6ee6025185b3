// Security (issue 32, item 3): another extension cannot answer our confirmations. Outside the test
// harness, a `{ prompter }` (or Delete Variable's `{ confirm }`) passed by whoever runs a command is
// ignored: the person is asked in the editor's own quick input or notification, and nothing is
// sent unless they answer. One test per command family: runs (Approve, Cancel), Run Pipeline,
// variables (Create), Create Project, Allow Pipeline on Target. Each is dismissed (the person says
// no), and the emulator must have received no write.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TEST_HARNESS_ENV } from '../../src/testHarness';
import { apiCall, asInAPersonsEditor, clearRequests, requests, runDismissing } from './sessionHelpers';

/** A prompter as another extension would pass it: it records that it was asked and answers yes to everything. */
function foreignPrompter(asked: string[]) {
  return {
    pick: async (_frame: unknown, options: { items: readonly unknown[] | Promise<readonly unknown[]> }) => {
      asked.push('pick');
      return (await options.items)[0];
    },
    pickMany: async () => void asked.push('pickMany'),
    input: async () => {
      asked.push('input');
      return 'forged';
    },
    openFile: async () => void asked.push('openFile'),
    message: async (_severity: string, _text: string, ...actions: string[]) => {
      asked.push('message');
      return actions[0];
    },
  };
}

describe('security: confirmations only the person gives (a prompter from another extension is ignored)', function () {
  this.timeout(90_000);
  // As in a person's editor: the arguments come from another extension.
  const extension = asInAPersonsEditor();

  /** The write requests the emulator received since the test began (anything but GET). */
  async function writes(): Promise<string[]> {
    return (await requests()).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
  }

  it('runs: Approve and Cancel with a foreign prompter send nothing (the gate stays)', async () => {
    const run = (await apiCall('POST', '/workspaces/acme/projects/api-service/pipelines/205/executions', {})) as { id: number };
    const ref = { workspace: 'acme', project: 'api-service', pipelineId: 205, executionId: run.id };
    await apiCall('POST', '/__emulator/clock', { advanceMs: 120_000 });
    const waiting = (await apiCall('GET', `/workspaces/acme/projects/api-service/pipelines/205/executions/${run.id}`)) as { action_executions?: { status?: string }[] };
    assert.ok(
      waiting.action_executions?.some((a) => a.status === 'WAITING_FOR_APPLY'),
      `the run waits at its gate: ${JSON.stringify(waiting.action_executions?.map((a) => a.status))}`,
    );
    await clearRequests();
    const asked: string[] = [];
    const approve = (await runDismissing('workspaceAutomation.approveRun', ref, { prompter: foreignPrompter(asked) })) as { kind?: string };
    assert.equal(approve.kind, 'cancelled', 'the person was asked and said no');
    const cancel = (await runDismissing('workspaceAutomation.cancelRun', ref, { prompter: foreignPrompter(asked) })) as { kind?: string };
    assert.equal(cancel.kind, 'cancelled');
    assert.deepEqual(asked, [], 'the foreign prompter was never asked');
    assert.deepEqual(await writes(), [], 'no PATCH reached the service');
  });

  it('Run Pipeline with a foreign prompter starts nothing', async () => {
    const asked: string[] = [];
    await runDismissing('workspaceAutomation.runPipeline', undefined, { prompter: foreignPrompter(asked) });
    assert.deepEqual(asked, []);
    assert.deepEqual(await writes(), []);
  });

  it('variables: Create Variable and Import Variables with a foreign prompter write nothing', async () => {
    const asked: string[] = [];
    await runDismissing('workspaceAutomation.createVariable', undefined, { prompter: foreignPrompter(asked) });
    await runDismissing('workspaceAutomation.importVariables', undefined, { prompter: foreignPrompter(asked) });
    assert.deepEqual(asked, []);
    assert.deepEqual(await writes(), []);
  });

  it('Create Project with a foreign prompter creates nothing', async () => {
    const asked: string[] = [];
    const created = await runDismissing('workspaceAutomation.createProject', { prompter: foreignPrompter(asked) });
    assert.equal(created, undefined);
    assert.deepEqual(asked, []);
    assert.deepEqual(await writes(), []);
  });

  it('Allow Pipeline on Target (prefilled, as a run\'s notice offers it) with a foreign prompter allows nothing', async () => {
    const asked: string[] = [];
    const outcome = (await runDismissing(
      'workspaceAutomation.allowPipeline',
      { pipeline: { project: 'api-service', id: 204 }, target: 'production' },
      { prompter: foreignPrompter(asked) },
    )) as { kind?: string };
    assert.equal(outcome.kind, 'cancelled');
    assert.deepEqual(asked, []);
    assert.deepEqual(await writes(), []);
  });

  it('under the harness the same prompter is taken (what the suites rely on)', async () => {
    process.env[TEST_HARNESS_ENV] = '1';
    const asked: string[] = [];
    const prompter = foreignPrompter(asked);
    prompter.input = async () => {
      asked.push('input');
      return undefined as unknown as string; // cancels at the first step
    };
    await vscode.commands.executeCommand('workspaceAutomation.createProject', { prompter });
    assert.deepEqual(asked, ['input']);
    assert.equal(extension().session.workspace, 'acme');
  });
});
