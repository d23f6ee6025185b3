// Reading runs tolerantly (conventions.md, "Runs"): the emulator's real answers, rewritten on the
// way to the client into the other casing, older shapes, unknown words and missing fields; and
// what never reaches the request log or an error: the values of encrypted run variables.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import {
  AccessDeniedError,
  actionExecutionName,
  inlineLog,
  isForbidden,
  itemProblems,
  personOperation,
  runCreatorName,
  runRefName,
  runState,
  UnexpectedResponseError,
  ValidationError,
  type FetchLike,
} from '../../../src/api';
import { logRequest } from '../../../src/requestLog';
import { RUN_PIPELINE_IDS } from '../../emulator';
import { useEmulator } from '../../harness/useEmulator';
import { editingFetch, makeClient, nodeFetch, rejection } from './helpers';

const { succeeds, failsInTests, asksForVariables } = RUN_PIPELINE_IDS;
const PROJECT = 'api-service';
const SECRET = 'run-Secret-value-42';

type Json = Record<string, unknown>;

/** Renames keys (deeply) as `rename` says; other keys stay. */
function renameKeys(v: unknown, rename: Record<string, string>): unknown {
  if (Array.isArray(v)) {
    return v.map((x) => renameKeys(x, rename));
  }
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v as Json).map(([k, x]) => [rename[k] ?? k, renameKeys(x, rename)]));
  }
  return v;
}

describe('api client: runs read tolerantly', () => {
  const emu = useEmulator();

  /** A client whose answers from paths matching `match` are rewritten by `edit` (JSON in, JSON out). */
  async function editedClient(match: RegExp, edit: (json: Json) => unknown, sent: { url: string; init: Parameters<FetchLike>[1] }[] = []) {
    const fetch = editingFetch(
      await nodeFetch(),
      (url, status, text) => (match.test(new URL(url).pathname) && status === 200 ? { text: JSON.stringify(edit(JSON.parse(text) as Json)) } : undefined),
      sent,
    );
    return (await makeClient(emu.url, 'admin-token', { fetch })).client;
  }

  it('reads camelCase fields as their snake_case names (triggeredOn, startDate, actionExecutions, actionExecutionId, errorMessage)', async () => {
    const camel = {
      triggered_on: 'triggeredOn',
      start_date: 'startDate',
      finish_date: 'finishDate',
      clear_cache: 'clearCache',
      to_revision: 'toRevision',
      action_executions: 'actionExecutions',
      action_execution_id: 'actionExecutionId',
      error_message: 'errorMessage',
      error_code: 'errorCode',
    };
    const client = await editedClient(/\/executions/, (json) => renameKeys(json, camel));
    const started = await client.runPipeline('acme', PROJECT, failsInTests);
    emu.clock.advance(42_000);
    const run = await client.getExecution('acme', PROJECT, failsInTests, started.id);
    assert.equal(run.triggered_on, 'CLICK');
    assert.match(run.start_date!, /^2026-11-01T09:00:00/);
    assert.match(run.finish_date!, /^2026-11-01T09:00:42/);
    assert.equal(run.clear_cache, false);
    assert.equal(typeof run.to_revision?.revision, 'string');
    assert.equal(run.action_executions.length, 2);
    assert.match(run.action_executions[1].action_execution_id!, /^[0-9a-f]{24}$/);
    assert.equal(run.action_executions[1].error_message, 'Integration tests failed: 2 of 148 tests failed.');
    const listed = await client.listExecutions('acme', PROJECT, failsInTests);
    assert.equal(listed[0].triggered_on, 'CLICK');
  });

  it('keeps unknown statuses as they are (polled like running ones); a missing status is null', async () => {
    const client = await editedClient(/\/executions\/\d+$/, (json) => {
      const actions = json.action_executions as Json[];
      actions[0].status = 'WAITING_FOR_AGENT';
      delete actions[1].status;
      return { ...json, status: 'QUEUED_ON_AGENT' };
    });
    const run = await client.getExecution('acme', PROJECT, succeeds, 4);
    assert.deepEqual([run.status, runState(run.status), personOperation(run.status)], ['QUEUED_ON_AGENT', 'running', undefined]);
    assert.deepEqual(
      run.action_executions.map((a) => a.status),
      ['WAITING_FOR_AGENT', null, 'SUCCESSFUL'],
    );
    assert.equal(runState(null), 'running');
  });

  it('display fields may be missing: the names fall back; an item without its id is left out, the others kept', async () => {
    const client = await editedClient(/\/executions$/, (json) => {
      const items = json.executions as Json[];
      delete items[0].creator;
      delete items[0].branch;
      delete items[1].id;
      return json;
    });
    const listed = await client.listExecutions('acme', PROJECT, failsInTests);
    assert.equal(listed.length, 19);
    assert.deepEqual([runCreatorName(listed[0]), runRefName(listed[0])], [undefined, undefined]);
    assert.deepEqual(
      itemProblems(listed).map((p) => p.message),
      ['executions[1]: no id'],
    );
    const bare = await editedClient(/\/executions\/\d+$/, (json) => {
      const [a, b] = json.action_executions as Json[];
      delete (a.action as Json).name;
      delete b.action;
      return json;
    });
    const run = await bare.getExecution('acme', PROJECT, succeeds, 4);
    assert.deepEqual(run.action_executions.map(actionExecutionName), ['DOCKERFILE', '(unnamed)', 'Notify team']);
    const noId = await editedClient(/\/executions\/\d+$/, (json) => ({ ...json, id: undefined }));
    assert.ok((await rejection(() => noId.getExecution('acme', PROJECT, succeeds, 4))) instanceof UnexpectedResponseError);
  });

  it('older shapes: the log inline in an action execution (`log: [string]`), `mode` for the trigger; any line kept as text', async () => {
    const client = await editedClient(/\/executions\//, (json) => {
      if ('action_execution_id' in json) {
        return { ...json, action_execution_id: undefined, log: ['Pulling image', 42, null, { step: 3 }] };
      }
      return { ...json, triggered_on: undefined, mode: 'MANUAL' };
    });
    const run = await client.getExecution('acme', PROJECT, succeeds, 4);
    assert.equal(run.triggered_on, 'MANUAL');
    const a = await client.getActionExecution('acme', PROJECT, succeeds, 4, run.action_executions[0].action_execution_id!);
    assert.deepEqual(inlineLog(a), ['Pulling image', '42', '', '{"step":3}']);
    assert.equal(a.action_execution_id, undefined);
    assert.equal(inlineLog(run.action_executions[0]), undefined, 'a newer answer has none: getLogs()');
  });

  it('a log page without offset or counts: the offset asked, the lines it has', async () => {
    const client = await editedClient(/\/logs$/, (json) => ({ logs: json.logs }));
    const run = await client.getExecution('acme', PROJECT, succeeds, 4);
    const log = await client.getLogs('acme', PROJECT, succeeds, 4, run.action_executions[0].action_execution_id!, { offset: 1, limit: 2 });
    assert.deepEqual([log.offset, log.element_count, log.total_element_count, log.logs.length], [1, 2, null, 2]);
  });

  it('error 2678004 in a body, as `code` or as `<code>=<message>`, names the target', async () => {
    for (const error of [{ code: 2678004, message: 'Pipeline is not allowed to use target [production]' }, { message: '2678004=Pipeline is not allowed to use target [production]' }]) {
      const fetch = editingFetch(await nodeFetch(), () => ({ status: 400, text: JSON.stringify({ errors: [error] }) }));
      const client = (await makeClient(emu.url, 'admin-token', { fetch })).client;
      const e = await rejection(() => client.runPipeline('acme', PROJECT, succeeds));
      assert.ok(e instanceof AccessDeniedError, String(e));
      assert.deepEqual([e.isPipelineNotAllowed, e.targetIdentifier, isForbidden(e)], [true, 'production', false]);
    }
    const other = new AccessDeniedError('Access denied', { status: 403, code: 881, messages: ['Access denied'] });
    assert.equal(other.targetIdentifier, undefined);
  });
});

describe('api client: run variables never reach the request log or an error', () => {
  const emu = useEmulator();

  /** A log that keeps each line (src/requestLog.ts writes the client's events to it). */
  function recordingLog(): { log: vscode.LogOutputChannel; lines: string[] } {
    const lines: string[] = [];
    const log = { info: (t: string) => lines.push(t), warn: (t: string) => lines.push(t) } as unknown as vscode.LogOutputChannel;
    return { log, lines };
  }

  it('an encrypted value is sent, but the request log holds only method, path and status', async () => {
    const { log, lines } = recordingLog();
    const sent: { url: string; init: Parameters<FetchLike>[1] }[] = [];
    const fetch = editingFetch(await nodeFetch(), () => undefined, sent);
    const { client, events } = await makeClient(emu.url, 'admin-token', { fetch, onRequest: (e) => logRequest(log, e, ['admin-token']) });
    const run = await client.runPipeline('acme', PROJECT, succeeds, { variables: [{ key: 'REGISTRY_PASSWORD', value: SECRET, encrypted: true }, { key: 'IMAGE_TAG', value: 'v5' }] });
    emu.clock.advance(2_000);
    const asking = await client.runPipeline('acme', PROJECT, asksForVariables);
    emu.clock.advance(2_000);
    await client.patchExecution('acme', PROJECT, asksForVariables, asking.id, 'APPLY_VARIABLES', [{ key: 'RELEASE_VERSION', value: SECRET, encrypted: true }]);
    assert.ok(sent.some((s) => s.init.body?.includes(SECRET)), 'the values were sent');
    assert.deepEqual(lines, [
      `POST /workspaces/acme/projects/${PROJECT}/pipelines/${succeeds}/executions 200 ${Math.round(events[0].durationMs)} ms`,
      `POST /workspaces/acme/projects/${PROJECT}/pipelines/${asksForVariables}/executions 200 ${Math.round(events[1].durationMs)} ms`,
      `PATCH /workspaces/acme/projects/${PROJECT}/pipelines/${asksForVariables}/executions/${asking.id} 200 ${Math.round(events[2].durationMs)} ms`,
    ]);
    assert.doesNotMatch(JSON.stringify(events), new RegExp(SECRET));
    assert.equal(run.status, 'ENQUEUED');
  });

  it('a server error echoing the body: the encrypted value and the encrypted markers are redacted from the error', async () => {
    const echo = `Value of 'variables' is invalid: ${SECRET} secure!c2VjcmV0 !encrypted b3RoZXI=`;
    const fetch = editingFetch(await nodeFetch(), () => ({ status: 400, text: JSON.stringify({ errors: [{ message: echo }] }) }));
    const { client, events } = await makeClient(emu.url, 'admin-token', { fetch });
    for (const send of [
      () => client.runPipeline('acme', PROJECT, succeeds, { variables: [{ key: 'REGISTRY_PASSWORD', value: SECRET, encrypted: true }] }),
      () => client.patchExecution('acme', PROJECT, asksForVariables, 1, 'APPLY_VARIABLES', [{ key: 'RELEASE_VERSION', value: SECRET, encrypted: true }]),
    ]) {
      const e = await rejection(send);
      assert.ok(e instanceof ValidationError, String(e));
      const said = `${e.message} ${e.messages.join(' ')}`;
      assert.doesNotMatch(said, new RegExp(`${SECRET}|c2VjcmV0|b3RoZXI`));
      assert.match(said, /Value of 'variables' is invalid: \[REDACTED\]/);
    }
    assert.doesNotMatch(JSON.stringify(events), /run-Secret|c2VjcmV0/);
  });
});
