// The language model tools in the real editor's extension host, called as another extension calls
// them (vscode.lm.invokeTool, no chat token), against the emulator: the read tools' answers (runs,
// a run's failure with its target, a log's tail bounded and plain, variables without encrypted
// values, targets), their refusals as sentences (signed out, an unknown project), and the change
// tools: the editor's own confirmation is answered "yes" in an extension-host test (its dialog
// service confirms by itself there, as an auto-approval would), so each change tool must still
// ask the person in its command's own prompts: declined, nothing is sent. The confirmation's text
// (prepareInvocation) names account, workspace, project, pipeline and run or branch, never a
// secret. Every answer is scanned for the emulator's secrets.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { AgentToolsForTests } from '../../src/features/agentTools';
import { apiCall, clearRequests, requests, signedInAs, signedOutState, waitFor } from './sessionHelpers';
import { ScriptedPrompter } from './scriptedPrompter';

const TOOLS = {
  recentRuns: 'workspaceAutomation_recentRuns',
  runSummary: 'workspaceAutomation_runSummary',
  failedLog: 'workspaceAutomation_failedLog',
  variables: 'workspaceAutomation_variables',
  pipelineTargets: 'workspaceAutomation_pipelineTargets',
  runPipeline: 'workspaceAutomation_runPipeline',
  retryRun: 'workspaceAutomation_retryRun',
  cancelRun: 'workspaceAutomation_cancelRun',
  approveRun: 'workspaceAutomation_approveRun',
  allowPipeline: 'workspaceAutomation_allowPipeline',
} as const;

/** The emulator's secrets (demo data): tokens, target passwords and keys, encrypted variables' values, their markers. */
const SECRETS = ['admin-token', 'dev-token', 'pr0d-Secret!', 'st4ge-Secret!', 'ftp-Secret!', 'k8s-Secret-token', 'old-Secret!', 'r3gistry-Secret!', 'public@sentry.example.com', 'secure!', '!encrypted', 'PRIVATE KEY'];

const answers: string[] = [];

async function invoke(name: string, input: object): Promise<Record<string, unknown>> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const text = result.content.map((p) => (p as { value?: unknown }).value).filter((v): v is string => typeof v === 'string').join('');
  answers.push(text);
  assert.ok(text.length <= 16_000, `${name} answers at most 16,000 characters (${text.length})`);
  return JSON.parse(text) as Record<string, unknown>;
}

function seam(api: ExtensionApi): AgentToolsForTests {
  const exposed = (api.services as unknown as { exposed: ReadonlyMap<string, unknown> }).exposed.get('agentTools');
  assert.ok(exposed, 'the agent tools feature shows its tools');
  return exposed as AgentToolsForTests;
}

async function confirmation(api: ExtensionApi, name: string, input: object): Promise<string> {
  const prepared = await seam(api).tools.get(name)!.prepareInvocation!({ input: input as Record<string, unknown> }, new vscode.CancellationTokenSource().token);
  const c = prepared?.confirmationMessages;
  assert.ok(c, `${name} asks for a confirmation`);
  // The message is escaped Markdown (service text stays text): read as the dialog shows it.
  const text = `${c.title}\n${(typeof c.message === 'string' ? c.message : c.message.value).replace(/\\(.)/g, '$1')}`;
  answers.push(text);
  return text;
}

async function advance(ms: number): Promise<void> {
  await apiCall('POST', '/__emulator/clock', { advanceMs: ms });
}

async function startRun(pipelineId: number): Promise<number> {
  return ((await apiCall('POST', `/workspaces/acme/projects/api-service/pipelines/${pipelineId}/executions`, {})) as { id: number }).id;
}

async function runStatus(pipelineId: number, runId: number): Promise<string> {
  return ((await apiCall('GET', `/workspaces/acme/projects/api-service/pipelines/${pipelineId}/executions/${runId}`)) as { status: string }).status;
}

async function writes(): Promise<string[]> {
  return (await requests()).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
}

describe('Language model tools', function () {
  this.timeout(120_000);

  after(() => {
    const found = SECRETS.filter((s) => answers.some((a) => a.includes(s)));
    assert.deepEqual(found, [], 'no secret in any tool answer or confirmation');
  });

  it('are registered for the models, with their descriptions and schemas', async () => {
    await signedInAs();
    // The editor lists tools once their `when` clause holds (the signed-in context key, set a moment after the sign-in).
    const ours = await waitFor('our tools listed for the models', () => {
      const listed = vscode.lm.tools.filter((t) => t.name.startsWith('workspaceAutomation_'));
      return listed.length === Object.values(TOOLS).length ? listed : undefined;
    }).catch((e: Error) => {
      throw new Error(`${e.message}: listed ${JSON.stringify(vscode.lm.tools.map((t) => t.name).filter((n) => n.startsWith('workspaceAutomation_')))} in VS Code ${vscode.version}`);
    });
    assert.deepEqual(ours.map((t) => t.name).sort(), Object.values(TOOLS).sort());
    const log = ours.find((t) => t.name === TOOLS.failedLog)!;
    assert.match(log.description, /never instructions/);
    for (const name of [TOOLS.runPipeline, TOOLS.retryRun, TOOLS.cancelRun, TOOLS.approveRun, TOOLS.allowPipeline]) {
      assert.match(ours.find((t) => t.name === name)!.description, /asked to confirm/, name);
    }
  });

  it('read a failed run: recent runs, its summary with the refusing target (2678004), the log\'s tail; variables and targets', async () => {
    await signedInAs();
    const runId = await startRun(204);
    await advance(120_000);
    await waitFor('run 204 to fail', async () => ((await runStatus(204, runId)) === 'FAILED' ? true : undefined), 30_000);

    const recent = await invoke(TOOLS.recentRuns, { project: 'api-service', pipeline: 'Release to production' });
    const runs = recent.runs as { runId: number; status: string }[];
    assert.equal(runs[0].runId, runId, JSON.stringify(recent));
    assert.equal(runs[0].status, 'FAILED');

    const summary = await invoke(TOOLS.runSummary, { project: 'api-service', pipelineId: 204, runId });
    const failing = summary.failing as { target?: string; code?: number; fix?: string };
    assert.equal(failing.target, 'production', JSON.stringify(summary));
    assert.equal(failing.code, 2678004);
    assert.match(String(failing.fix), /allowPipeline/);

    // The targets the pipeline deploys to, from its definition: 204's upload names production only.
    const targets = await invoke(TOOLS.pipelineTargets, { project: 'api-service', pipeline: '204' });
    assert.equal(targets.deploysTo, 'the targets its actions name in its definition');
    assert.deepEqual(
      (targets.targets as { identifier: string; actions: string[]; allowsPipeline: boolean; why: string }[]).map((t) => [t.identifier, t.actions, t.allowsPipeline, t.why]),
      [['production', ['Upload to production'], false, 'does not list this pipeline: a run using it fails with 2678004; allowPipeline fixes it']],
    );
    const none = await invoke(TOOLS.pipelineTargets, { project: 'api-service', pipeline: '201' });
    assert.deepEqual([none.deploysTo, none.targets], ['no target: no action of this pipeline names one', []]);

    const vars = await invoke(TOOLS.variables, { project: 'api-service', pipeline: 'Publish image' });
    const list = vars.variables as { key: string; value: string; encrypted: boolean }[];
    assert.equal(list.find((v) => v.key === 'IMAGE_TAG')?.value, 'latest');
    assert.deepEqual(list.find((v) => v.key === 'REGISTRY_PASSWORD'), { key: 'REGISTRY_PASSWORD', scope: 'project', type: 'VAR', encrypted: true, settable: true, value: '(not shown)', description: 'Registry login' });
  });

  it('read a long log\'s tail: 200 lines by default, at most 500, plain text, the cut said', async () => {
    await signedInAs();
    const runId = await startRun(207);
    await advance(600_000);
    await waitFor('run 207 to end', async () => (/SUCCESSFUL|FAILED/.test(await runStatus(207, runId)) ? true : undefined), 30_000);
    const byDefault = await invoke(TOOLS.failedLog, { project: 'api-service', pipelineId: 207, runId, action: 'Run verbose tests' });
    assert.equal((byDefault.lines as string[]).length, 200, JSON.stringify(byDefault).slice(0, 500));
    assert.match(String(byDefault.omitted), /first \d+ lines are left out/);
    const most = await invoke(TOOLS.failedLog, { project: 'api-service', pipelineId: 207, runId, action: 'Run verbose tests', lines: 500 });
    const lines = most.lines as string[];
    assert.ok(lines.length > 0 && lines.length <= 500, String(lines.length));
    // eslint-disable-next-line no-control-regex -- control characters are what the check looks for
    assert.deepEqual(lines.filter((l) => /[\u0000-\u0008\u000b-\u001f\u007f]/.test(l)), [], 'no ANSI code or control character');
  });

  it('refuse in sentences: an unknown project, a run without failure, signed out', async () => {
    await signedInAs();
    const unknown = await invoke(TOOLS.recentRuns, { project: 'no-such-project' });
    assert.match(String(unknown.error), /Project "no-such-project" was not found in workspace acme/);
    const noRun = await invoke(TOOLS.runSummary, { project: 'api-service', pipelineId: 201, runId: 999_999 });
    assert.match(String(noRun.error), /recentRuns/);
    await signedOutState();
    const out = await invoke(TOOLS.recentRuns, { project: 'api-service' });
    assert.match(String(out.error), /Not signed in .* Sign In/);
  });

  it('change nothing when the person declines in the command\'s own prompts, though the editor\'s confirmation was passed', async () => {
    const api = await signedInAs();
    const failedRun = await startRun(204);
    await advance(120_000);
    await waitFor('run 204 to fail', async () => ((await runStatus(204, failedRun)) === 'FAILED' ? true : undefined), 30_000);
    const gateRun = await startRun(205);
    await advance(120_000);
    await waitFor('run 205 to wait for approval', async () => ((await runStatus(205, gateRun)) === 'WAITING_FOR_APPLY' ? true : undefined), 30_000);
    const t = seam(api);
    const declined: [string, object, ScriptedPrompter][] = [
      [TOOLS.retryRun, { project: 'api-service', pipelineId: 204, runId: failedRun }, new ScriptedPrompter().choose(undefined)],
      [TOOLS.cancelRun, { project: 'api-service', pipelineId: 205, runId: gateRun }, new ScriptedPrompter().choose(undefined)],
      [TOOLS.approveRun, { project: 'api-service', pipelineId: 205, runId: gateRun }, new ScriptedPrompter().choose(undefined)],
      [TOOLS.allowPipeline, { project: 'api-service', pipeline: '204', target: 'production' }, new ScriptedPrompter().choose(undefined)],
      [TOOLS.runPipeline, { project: 'api-service', pipeline: 'Publish image', branch: 'main', variables: { IMAGE_TAG: 'v9' } }, new ScriptedPrompter(['cancel'])],
    ];
    try {
      for (const [name, input, prompter] of declined) {
        await clearRequests();
        t.prompter = prompter;
        const answer = await invoke(name, input);
        assert.match(String(answer.notConfirmed), /nothing was changed/, `${name}: ${JSON.stringify(answer)}`);
        assert.ok(prompter.messages.length + prompter.prompts.length > 0, `${name} asked the person`);
        assert.deepEqual(await writes(), [], `${name} sent nothing`);
      }
      // Confirmed there, the same call acts (the command's own code).
      t.prompter = new ScriptedPrompter().choose('Retry Run');
      const retried = await invoke(TOOLS.retryRun, { project: 'api-service', pipelineId: 204, runId: failedRun });
      assert.equal(retried.done, 'The run was retried.', JSON.stringify(retried));
      assert.deepEqual(await writes(), [`PATCH /workspaces/acme/projects/api-service/pipelines/204/executions/${failedRun}`]);
    } finally {
      t.prompter = undefined;
    }
  });

  it('confirmations name account, workspace, project, pipeline, run or branch and what changes, never a secret value', async () => {
    const api = await signedInAs();
    const runId = await startRun(204);
    const retry = await confirmation(api, TOOLS.retryRun, { project: 'api-service', pipelineId: 204, runId });
    for (const part of [`Retry run #${runId}?`, 'Workspace: acme', 'Project: api-service', 'Pipeline: Release to production (204)', `Run: #${runId}`, 'Branch:', 'Will change:', 'Account:']) {
      assert.ok(retry.includes(part), `${part} in ${retry}`);
    }
    const run = await confirmation(api, TOOLS.runPipeline, { project: 'api-service', pipeline: 'Publish image', branch: 'main', variables: { IMAGE_TAG: 'v9', REGISTRY_PASSWORD: 'typed-Secret-9' } });
    assert.match(run, /Run pipeline Publish image\?/);
    assert.match(run, /branch: main/);
    assert.match(run, /IMAGE_TAG = v9/);
    assert.match(run, /REGISTRY_PASSWORD: encrypted/);
    assert.ok(!run.includes('typed-Secret-9'), 'a secret value given is not echoed');
    const allow = await confirmation(api, TOOLS.allowPipeline, { project: 'api-service', pipeline: '204', target: 'production' });
    assert.match(allow, /Allow pipeline Release to production on target production\?/);
    for (const name of [TOOLS.cancelRun, TOOLS.approveRun]) {
      assert.match(await confirmation(api, name, { project: 'api-service', pipelineId: 204, runId }), new RegExp(`#${runId}`));
    }
    const unknown = await confirmation(api, TOOLS.cancelRun, { project: 'no-such-project', pipelineId: 1, runId: 1 });
    assert.match(unknown, /was not found/, 'a call that cannot be resolved still asks, and says why');
  });
});
