// The log documents (wa-run-log:), opened by Show Run Log… in the installed extension: a running
// action's log grows as the emulator's clock advances until the action succeeds, its ANSI colours
// painted, read-only; a 10,000-line finished log is read in pages of 1000; the palette asks the
// run's action.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunLogDocuments } from '../../src/features/runs/logs/logDocuments';
import type { FeatureContext } from '../../src/services';
import { ScriptedPrompter } from './scriptedPrompter';
import { apiCall, clearRequests, emulatorUrl, extensionApi, requests, signedInAs, signedOutState, waitFor } from './sessionHelpers';

const P203 = '/workspaces/acme/projects/api-service/pipelines/203/executions';
const P207 = '/workspaces/acme/projects/api-service/pipelines/207/executions';

interface RunAnswer {
  id: number;
  status: string;
  action_executions: { action_execution_id: string; action: { name: string }; status: string }[];
}

async function advanceClock(ms: number): Promise<void> {
  const res = await fetch(`${emulatorUrl()}/__emulator/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
  assert.ok(res.ok, `the clock answered ${res.status}`);
}

async function runLogs(): Promise<RunLogDocuments> {
  const api = await extensionApi();
  const logs = (api.services as unknown as { exposed: ReadonlyMap<string, unknown> }).exposed.get('runLogs');
  assert.ok(logs, 'the runs feature exposes its log documents');
  return logs as RunLogDocuments;
}

function docOf(uri: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
}

describe('Run logs: the installed Show Run Log…', function () {
  this.timeout(90_000);

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await signedOutState();
  });

  it('a running action’s log grows as the clock advances, until it succeeds; colours are painted; a finished log is no longer polled', async () => {
    await signedInAs('admin-token');
    const started = (await apiCall('POST', P203, { comment: 'log test' })) as RunAnswer;
    await advanceClock(2_000 + 5_000); // out of the queue, 5 s into Build image (20 s)
    const run = (await apiCall('GET', `${P203}/${started.id}`)) as RunAnswer;
    const build = run.action_executions.find((a) => a.action.name === 'Build image');
    assert.ok(build, 'the run has Build image');
    const args = { workspace: 'acme', project: 'api-service', pipelineId: 203, executionId: started.id, actionExecutionId: build.action_execution_id, actionName: 'Build image' };
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>('workspaceAutomation.showRunLog', args);
    assert.ok(uri, 'the log opened');
    assert.equal(uri.scheme, 'wa-run-log');
    const logs = await runLogs();
    await logs.whenRead(uri);
    const early = await waitFor('the first reading shown: header Running and some lines', () => {
      const doc = docOf(uri);
      const state = logs.state(uri);
      return doc && state && state.lines > 0 && doc.getText().includes('Status: Running') && doc.lineCount === state.headerLines + state.lines + 1 ? { doc, state } : undefined;
    });
    assert.equal(early.state.done, false);
    assert.match(early.doc.getText(), /^Action: Build image\n/);

    await advanceClock(20_000); // Build image has ended
    await logs.refresh(uri);
    const done = await waitFor('the whole log shown, header Succeeded, reading done', () => {
      const doc = docOf(uri);
      const state = logs.state(uri);
      return doc && state?.done && state.lines > early.state.lines && doc.getText().includes('Status: Succeeded') && doc.lineCount === state.headerLines + state.lines + 1
        ? { doc, state }
        : undefined;
    });
    assert.equal(done.state.watched, false, 'a finished log is not polled');
    const served = (await apiCall('GET', `${P203}/${started.id}/action_executions/${build.action_execution_id}/logs?limit=1000`)) as { logs: string[] };
    const body = done.doc.getText().split('\n').slice(done.state.headerLines, -1);
    assert.equal(body.length, served.logs.length);
    assert.ok(!body.join('\n').includes('\u001b'), 'no escape codes in the text');
    assert.ok(done.state.styledRanges > 0, 'the coloured lines are painted');
  });

  it("a log takes its action's status from the run's answer while it is polled: after the first reading no request of its own for it, no lines asked before the action starts, and a finished action's log asks for its lines only", async () => {
    const api = await signedInAs('admin-token');
    const kernel = api.services as FeatureContext;
    const started = (await apiCall('POST', P203, {})) as RunAnswer;
    const ref = { workspace: 'acme', project: 'api-service', pipelineId: 203, executionId: started.id };
    assert.equal(kernel.runs.isFollowed(ref), false, 'a run of an earlier test with this number (the emulator was reset) ended with its sign-in');
    const [, push] = ((await apiCall('GET', `${P203}/${started.id}`)) as RunAnswer).action_executions;
    assert.equal(push.action.name, 'Push to registry');
    const actionPath = (a: { action_execution_id: string }) => `${P203}/${started.id}/action_executions/${a.action_execution_id}`;
    const asked = async (a: { action_execution_id: string }) => (await requests(actionPath(a))).map((r) => (r.path.includes('/logs') ? 'lines' : 'action'));
    await clearRequests();
    const uri = await vscode.commands.executeCommand<vscode.Uri>('workspaceAutomation.showRunLog', { ...ref, actionExecutionId: push.action_execution_id, actionName: 'Push to registry' });
    const logs = await runLogs();
    await logs.whenRead(uri);
    assert.deepEqual(await asked(push), ['action'], 'the first reading: the run not read yet, the action asked; not started: no lines');

    await advanceClock(2_000 + 5_000); // Build image runs; Push to registry waits
    await logs.refresh(uri);
    await logs.refresh(uri);
    await waitFor('the header saying the push waits', () => /^Action: Push to registry\nStatus: Created\n/.test(docOf(uri)?.getText() ?? ''));
    assert.deepEqual(await asked(push), ['action'], 'its status from the run, polled with the log; no lines asked before it starts');
    assert.ok((await requests(`${P203}/${started.id}`)).some((r) => r.path === `${P203}/${started.id}`), 'the run is read instead');

    await advanceClock(20_000); // Build image ended at 22 s; Push to registry 5 s in
    await kernel.runs.refresh(ref);
    await logs.refresh(uri);
    await waitFor('the push running, some of its lines shown', () => /Status: Running/.test(docOf(uri)?.getText() ?? '') && (logs.state(uri)?.lines ?? 0) > 0);
    await advanceClock(30_000); // Push to registry ended at 47 s
    await kernel.runs.refresh(ref);
    await logs.refresh(uri);
    const done = await waitFor('the whole log read', () => (logs.state(uri)?.done ? logs.state(uri) : undefined));
    const all = await asked(push);
    assert.deepEqual(all.filter((k) => k === 'action'), ['action'], `one request for the action in all, the first reading (${all.join(', ')})`);
    const served = (await apiCall('GET', `${actionPath(push)}/logs?limit=1000`)) as { logs: string[] };
    assert.equal(done.lines, served.logs.length);

    // Notify team has finished, as the run last read says: its log asks for its lines only.
    await advanceClock(5_000); // the run ended at 60 s
    await kernel.runs.refresh(ref);
    const notify = ((await apiCall('GET', `${P203}/${started.id}`)) as RunAnswer).action_executions[2];
    assert.equal(kernel.data.knownExecution(ref)?.action_executions[2]?.status, 'SUCCESSFUL');
    const notifyLog = await vscode.commands.executeCommand<vscode.Uri>('workspaceAutomation.showRunLog', { ...ref, actionExecutionId: notify.action_execution_id, actionName: 'Notify team' });
    await logs.whenRead(notifyLog);
    assert.equal(logs.state(notifyLog)?.done, true);
    assert.deepEqual(await asked(notify), ['lines']);
  });

  it('a 10,000-line finished log (207) opens in pages of 1000: eleven log requests at most, every line shown, told to the editor a few times; then our copy of its text goes', async () => {
    await signedInAs('admin-token');
    const runs = (await apiCall('GET', `${P207}?per_page=1`)) as { executions: { id: number }[] };
    const newest = (await apiCall('GET', `${P207}/${runs.executions[0].id}`)) as RunAnswer;
    const action = newest.action_executions[0];
    await clearRequests();
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>('workspaceAutomation.showRunLog', {
      workspace: 'acme',
      project: 'api-service',
      pipelineId: 207,
      executionId: newest.id,
      actionExecutionId: action.action_execution_id,
    });
    assert.ok(uri);
    const logs = await runLogs();
    await logs.whenRead(uri);
    const shown = await waitFor('10,000 lines shown and the reading done', () => {
      const doc = docOf(uri);
      const state = logs.state(uri);
      return doc && state?.done && state.lines === 10_000 && doc.lineCount === state.headerLines + 10_001 ? state : undefined;
    }, 30_000);
    const logRequests = (await requests('/logs')).length;
    assert.ok(logRequests >= 10 && logRequests <= 11, `log requests: ${logRequests}`);
    assert.equal(shown.requests, logRequests + 1, 'and one for the action');
    // Each telling has the editor read the whole file: read at once, the log is told a few times, not once a page.
    assert.ok(shown.tellings <= 3, `changes told: ${shown.tellings}`);
    await waitFor('our copy of the text let go, the document holding it whole', () => logs.state(uri)?.released);
    // Read again (Revert File) once let go: from the document, as it was.
    const before = docOf(uri)?.getText();
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(docOf(uri)?.getText(), before);
    assert.equal(docOf(uri)?.lineCount, shown.headerLines + 10_001);
  });

  it('from the palette asks the project, pipeline, run and action', async () => {
    await signedInAs('admin-token');
    const prompter = new ScriptedPrompter([{ pick: 'API Service' }, { pick: 'Verbose build' }, { accept: true }, { pick: 'Run verbose tests' }]);
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>('workspaceAutomation.showRunLog', undefined, { prompter });
    assert.ok(uri, prompter.describe());
    assert.deepEqual(prompter.prompts.map((p) => [p.step, p.totalSteps]), [[1, 4], [2, 4], [3, 4], [4, 4]]);
    assert.match(prompter.prompts[2].items[0]?.label ?? '', /^#\d+/);
    const doc = await waitFor('the log document open', () => docOf(uri));
    assert.match(doc.uri.path, /Run verbose tests #\d+\.log$/);
  });
});
