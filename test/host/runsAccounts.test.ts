// Follows and open logs end with the account and workspace they were started for, in the installed
// extension: after Sign Out, and after Switch Account to a second account (a second emulator on
// another port, started in this extension host), a followed run and its open log are no longer
// polled, and a poll's turn (what the timer would run) asks nothing of either emulator; back where
// the log was opened, it is read again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../emulator';
import { dialectTag } from '../harness/dialect';
import type { RunLogDocuments } from '../../src/features/runs/logs/logDocuments';
import type { FeatureContext } from '../../src/services';
import { RunKey, type ExecutionRef } from '../../src/workspace/runData';
import { apiCall, clearRequests, emulatorUrl, hideSidebar, requests, setSetting, signedInAs, signedOutState, signInCommand, waitFor } from './sessionHelpers';
import type { ExtensionApi } from '../../src/extension';

const SWITCH = 'workspaceAutomation.switchAccount';
const P203 = '/workspaces/acme/projects/api-service/pipelines/203/executions';

interface RunAnswer {
  id: number;
  action_executions: { action_execution_id: string; action: { name: string } }[];
}

describe(`runs: follows end with their account ${dialectTag}`, function () {
  this.timeout(90_000);
  let second: Emulator;

  before(async () => {
    second = await startEmulator({ dialect: process.env.WA_DIALECT === 'vendor' ? 'vendor' : 'default' });
    await hideSidebar();
  });

  async function signedOutOfAll(): Promise<ExtensionApi> {
    const api = await signedOutState();
    for (const s of await api.accounts.getSessions(undefined, {})) {
      await api.accounts.removeSession(s.id);
    }
    return api;
  }

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await signedOutOfAll();
    await second.close();
  });

  function logsOf(api: ExtensionApi): RunLogDocuments {
    const logs = (api.services as unknown as { exposed: ReadonlyMap<string, unknown> }).exposed.get('runLogs');
    assert.ok(logs, 'the runs feature exposes its log documents');
    return logs as RunLogDocuments;
  }

  /** A run of 203 followed, Build image's log open and polled, the run asked about at least once. */
  async function followedWithLog(api: ExtensionApi): Promise<{ ref: ExecutionRef; uri: vscode.Uri; runPath: string }> {
    const kernel = api.services as FeatureContext;
    const started = (await apiCall('POST', P203, {})) as RunAnswer;
    await apiCall('POST', '/__emulator/clock', { advanceMs: 2_000 + 5_000 }); // 5 s into Build image (20 s)
    const ref: ExecutionRef = { workspace: 'acme', project: 'api-service', pipelineId: 203, executionId: started.id };
    const runPath = `${P203}/${started.id}`;
    kernel.runs.follow(ref);
    const build = started.action_executions.find((a) => a.action.name === 'Build image');
    assert.ok(build, 'the run has Build image');
    const uri = await vscode.commands.executeCommand<vscode.Uri>('workspaceAutomation.showRunLog', { ...ref, actionExecutionId: build.action_execution_id, actionName: 'Build image' });
    const logs = logsOf(api);
    await logs.whenRead(uri);
    await waitFor('the log polled while shown', () => logs.state(uri)?.watched);
    await waitFor('the run asked about', async () => (await requests(runPath)).length > 0);
    assert.equal(kernel.runs.isFollowed(ref), true);
    return { ref, uri, runPath };
  }

  /** Nothing follows or polls the run or its log, and their polls' turns ask nothing of `emulators`. */
  async function noLongerPolled(api: ExtensionApi, ref: ExecutionRef, uri: vscode.Uri, asked: () => Promise<string[]>): Promise<void> {
    const kernel = api.services as FeatureContext;
    const logs = logsOf(api);
    // What a poll's timer would run: the run's turn and the log's.
    await kernel.runs.scheduler.refresh(RunKey.execution(ref));
    await logs.refresh(uri);
    assert.deepEqual(await asked(), [], 'nothing asked about the run');
    assert.equal(kernel.runs.isFollowed(ref), false, 'not followed');
    assert.equal(kernel.runs.scheduler.watches(RunKey.execution(ref)), false, 'the run is not polled');
    assert.equal(logs.state(uri)?.watched, false, 'its log is not polled');
  }

  it('after Sign Out, a followed run and its open log are no longer polled; signed in again, the log is read again', async () => {
    const api = await signedInAs('admin-token');
    const { ref, uri, runPath } = await followedWithLog(api);
    await vscode.commands.executeCommand('workspaceAutomation.signOut');
    assert.equal(api.session.signedIn, false);
    await clearRequests();
    await noLongerPolled(api, ref, uri, async () => (await requests(runPath)).map((r) => `${r.method} ${r.path}`));

    assert.equal((await signInCommand('admin-token', 'acme'))?.signedIn, true);
    await waitFor('the log polled again, where it was opened', () => logsOf(api).state(uri)?.watched);
  });

  it('after Switch Account to a second account, neither emulator is asked about the first account\'s run or log', async () => {
    const api = await signedOutOfAll();
    second.reset();
    // Dave at the second emulator, then Alice at the default one, shown.
    await setSetting('apiUrl', second.url);
    await api.session.reload();
    assert.equal((await signInCommand('dev-token', 'acme'))?.signedIn, true);
    await setSetting('apiUrl', emulatorUrl());
    await api.session.reload();
    assert.equal((await signInCommand('admin-token', 'acme'))?.signedIn, true);
    const { ref, uri, runPath } = await followedWithLog(api);

    assert.equal(await vscode.commands.executeCommand(SWITCH, second.url), true);
    assert.equal(api.session.baseUrl, second.url);
    await clearRequests();
    second.clearRequests();
    await noLongerPolled(api, ref, uri, async () => [
      ...(await requests(runPath)).map((r) => `default: ${r.method} ${r.path}`),
      ...second.requests.filter((r) => r.path.includes(runPath)).map((r) => `second: ${r.method} ${r.path}`),
    ]);
  });
});
