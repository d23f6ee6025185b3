// The client's run endpoints against the real emulator, in both dialects, over real HTTP; the
// emulator's clock moves only when a test advances it.
import * as assert from 'node:assert/strict';
import {
  AccessDeniedError,
  actionExecutionName,
  actionFailure,
  isForbidden,
  listTotals,
  MissingScopeError,
  NotFoundError,
  personOperation,
  runCreatorName,
  runFailure,
  runRefName,
  runRevision,
  runState,
  ValidationError,
  type ApiClient,
  type ExecutionSummary,
} from '../../../src/api';
import { demoCommits, DIALECTS, RUN_PIPELINE_IDS } from '../../emulator';
import { useEmulator } from '../../harness/useEmulator';
import { makeClient, rejection, type TestClient } from './helpers';

const { failsInTests, succeeds, notAllowedOnProduction, waitsForApproval, asksForVariables, hugeLog } = RUN_PIPELINE_IDS;
const PROJECT = 'api-service';
const HEAD = demoCommits(PROJECT)[0].revision;
const SECOND = 1000;

for (const dialect of DIALECTS) {
  describe(`api client: runs (${dialect} dialect)`, () => {
    const emu = useEmulator({ dialect });
    let admin: TestClient;
    let client: ApiClient;
    beforeEach(async () => {
      admin = await makeClient(emu.url, 'admin-token');
      client = admin.client;
    });

    it('lists runs page by page, newest first, with the envelope’s counts', async () => {
      const first = await client.listExecutions('acme', PROJECT, failsInTests);
      assert.equal(first.length, 20);
      assert.deepEqual(listTotals(first), { page: 1, page_size: 20, total_page_count: 2, element_count: 20, total_element_count: 25 });
      const all: ExecutionSummary[] = [];
      for await (const page of client.pages((q) => client.listExecutions('acme', PROJECT, failsInTests, q), 10)) {
        all.push(...page);
      }
      assert.deepEqual(
        all.map((e) => e.id),
        Array.from({ length: 25 }, (_, i) => 25 - i),
      );
      assert.equal(admin.events.length, 1 + 3, 'one request per page: 10, 10, then 5 ends the list');
      assert.deepEqual([...new Set(all.map((e) => runState(e.status)))], ['finished']);
      assert.equal(all[0].triggered_on, 'EVENT', 'triggeredOn (vendor) and triggered_on (default) read alike');
      assert.equal(runCreatorName(all[0]), 'Alice Admin');
      assert.equal(runRefName(all[0]), 'main');
      assert.equal(await rejection(() => client.listExecutions('acme', PROJECT, failsInTests, { perPage: 101 })).then((e) => e instanceof ValidationError), true);
    });

    it('starts a run and follows it to the end: states, action executions, a growing log', async () => {
      const run = await client.runPipeline('acme', PROJECT, succeeds, { comment: 'from the client', variables: [{ key: 'IMAGE_TAG', value: 'v3' }] });
      assert.deepEqual([run.status, runState(run.status), run.finish_date, run.comment, runRevision(run)], ['ENQUEUED', 'running', null, 'from the client', HEAD]);
      assert.equal(run.triggered_on, 'CLICK');
      assert.deepEqual(run.action_executions.map(actionExecutionName), ['Build image', 'Push to registry', 'Notify team']);
      emu.clock.advance(30 * SECOND);
      const midway = await client.getExecution('acme', PROJECT, succeeds, run.id);
      const push = midway.action_executions[1];
      assert.equal(push.status, 'INPROGRESS');
      const early = await client.getLogs('acme', PROJECT, succeeds, run.id, push.action_execution_id!);
      assert.ok(early.logs.length > 0 && early.logs.length < 5, `${early.logs.length} lines so far`);
      assert.deepEqual([early.offset, early.element_count, early.total_element_count], [0, early.logs.length, early.logs.length]);
      emu.clock.advance(30 * SECOND);
      const done = await client.getExecution('acme', PROJECT, succeeds, run.id);
      assert.deepEqual([done.status, runState(done.status), runFailure(done)], ['SUCCESSFUL', 'finished', undefined]);
      const tail = await client.getLogs('acme', PROJECT, succeeds, run.id, push.action_execution_id!, { offset: 2, limit: 1 });
      assert.deepEqual([tail.offset, tail.element_count, tail.total_element_count, tail.logs], [2, 1, 5, ['Pushing registry.example.com/api-service:v3']]);
      const one = await client.getActionExecution('acme', PROJECT, succeeds, run.id, push.action_execution_id!);
      assert.deepEqual([one.status, one.progress, actionExecutionName(one)], ['SUCCESSFUL', 100, 'Push to registry']);
    });

    it('a deployment the target does not allow: the failure names target production (2678004); allowed, RETRY succeeds', async () => {
      const run = await client.runPipeline('acme', PROJECT, notAllowedOnProduction);
      emu.clock.advance(12 * SECOND);
      const failed = await client.getExecution('acme', PROJECT, notAllowedOnProduction, run.id);
      assert.equal(runState(failed.status), 'finished');
      const found = runFailure(failed);
      assert.deepEqual(found?.failure, { code: 2678004, message: 'Pipeline is not allowed to use target [production]', target: 'production' });
      assert.equal(actionExecutionName(found!.actionExecution), 'Upload to production');
      await client.allowPipeline('acme', 'tg-8f2c', { project: PROJECT, pipeline: 'Release to production' });
      const retried = await client.patchExecution('acme', PROJECT, notAllowedOnProduction, run.id, 'RETRY');
      assert.equal(retried.status, 'ENQUEUED');
      emu.clock.advance(18 * SECOND);
      assert.equal((await client.getExecution('acme', PROJECT, notAllowedOnProduction, run.id)).status, 'SUCCESSFUL');
    });

    it('a failed test action reports its own failure (no code, no target)', async () => {
      const run = await client.runPipeline('acme', PROJECT, failsInTests);
      emu.clock.advance(42 * SECOND);
      const found = runFailure(await client.getExecution('acme', PROJECT, failsInTests, run.id));
      assert.deepEqual(found?.failure, { code: undefined, message: 'Integration tests failed: 2 of 148 tests failed.', target: undefined });
    });

    it('gates need a person: APPLY, then APPLY_VARIABLES with values; CANCEL ends a run', async () => {
      const approval = await client.runPipeline('acme', PROJECT, waitsForApproval);
      emu.clock.advance(10 * SECOND);
      const waiting = await client.getExecution('acme', PROJECT, waitsForApproval, approval.id);
      assert.deepEqual([runState(waiting.status), personOperation(waiting.status)], ['needs-person', 'APPLY']);
      assert.equal(waiting.action_executions[1].action?.question, 'Deploy api-service to staging?');
      assert.equal((await client.patchExecution('acme', PROJECT, waitsForApproval, approval.id, 'APPLY')).status, 'INPROGRESS');

      const asking = await client.runPipeline('acme', PROJECT, asksForVariables);
      emu.clock.advance(2 * SECOND);
      const ask = await client.getExecution('acme', PROJECT, asksForVariables, asking.id);
      assert.equal(personOperation(ask.status), 'APPLY_VARIABLES');
      assert.deepEqual(ask.action_executions[0].action?.variables?.map((v) => `${v.key}=${v.defaults}`), ['RELEASE_VERSION=1.0.0', 'SIGNING_TOKEN=']);
      await client.patchExecution('acme', PROJECT, asksForVariables, asking.id, 'APPLY_VARIABLES', [{ key: 'RELEASE_VERSION', value: '4.0.0' }]);
      emu.clock.advance(5 * SECOND);
      const tagged = await client.getExecution('acme', PROJECT, asksForVariables, asking.id);
      const log = await client.getLogs('acme', PROJECT, asksForVariables, asking.id, tagged.action_executions[1].action_execution_id!);
      assert.ok(log.logs.includes('Tagging release v4.0.0'), log.logs.join('\n'));

      const long = await client.runPipeline('acme', PROJECT, hugeLog);
      emu.clock.advance(10 * SECOND);
      const cancelling = await client.patchExecution('acme', PROJECT, hugeLog, long.id, 'CANCEL');
      assert.deepEqual([cancelling.status, runState(cancelling.status)], ['TERMINATING', 'running']);
      emu.clock.advance(3 * SECOND);
      assert.equal((await client.getExecution('acme', PROJECT, hugeLog, long.id)).status, 'TERMINATED');
    });

    it('errors: unknown run (404), an operation the state refuses (400), a token without the scope (403)', async () => {
      const missing = await rejection(() => client.getExecution('acme', PROJECT, succeeds, 999));
      assert.ok(missing instanceof NotFoundError, String(missing));
      assert.equal(missing.resource, 'Execution');
      const refused = await rejection(() => client.patchExecution('acme', PROJECT, succeeds, 4, 'APPLY'));
      assert.ok(refused instanceof ValidationError, String(refused));
      assert.match(refused.message, /^Operation APPLY is not allowed: the execution is not waiting for approval/);
      const minimal = (await makeClient(emu.url, 'minimal-token')).client;
      const forbidden = await rejection(() => minimal.listExecutions('acme', PROJECT, succeeds));
      assert.equal(isForbidden(forbidden), true);
      if (dialect === 'vendor') {
        assert.ok(forbidden instanceof AccessDeniedError, String(forbidden));
      } else {
        assert.ok(forbidden instanceof MissingScopeError, String(forbidden));
        assert.equal(forbidden.scope, 'EXECUTION_INFO');
      }
      const modern = (await makeClient(emu.url, 'modern-token')).client;
      assert.equal((await modern.runPipeline('acme', PROJECT, succeeds)).status, 'ENQUEUED', 'PIPELINE_RUN is enough');
    });

    it('bad arguments are refused before any request', async () => {
      const cases: [string, () => Promise<unknown>][] = [
        ['limit', () => client.getLogs('acme', PROJECT, succeeds, 1, 'abc', { limit: 1001 })],
        ['limit', () => client.getLogs('acme', PROJECT, succeeds, 1, 'abc', { limit: 0 })],
        ['offset', () => client.getLogs('acme', PROJECT, succeeds, 1, 'abc', { offset: -1 })],
        ['tag', () => client.runPipeline('acme', PROJECT, succeeds, { branch: 'main', tag: 'v1' })],
        ['variables[1].key', () => client.runPipeline('acme', PROJECT, succeeds, { variables: [{ key: 'A', value: '1' }, { key: 'A', value: '2' }] })],
        ['variables[0].key', () => client.runPipeline('acme', PROJECT, succeeds, { variables: [{ key: '', value: '1' }] })],
        ['actions_to_run', () => client.runPipeline('acme', PROJECT, succeeds, { actions_to_run: [] })],
        ['delay_until', () => client.runPipeline('acme', PROJECT, succeeds, { delay_until: new Date('nope') })],
        ['variables', () => client.patchExecution('acme', PROJECT, succeeds, 1, 'APPLY', [{ key: 'A', value: '1' }])],
        ['operation', () => client.patchExecution('acme', PROJECT, succeeds, 1, '')],
        ['executionId', () => client.getExecution('acme', PROJECT, succeeds, 1.5)],
      ];
      for (const [param, call] of cases) {
        const e = await rejection(call);
        assert.ok(e instanceof ValidationError, `${param}: ${String(e)}`);
        assert.equal(e.param, param);
      }
      assert.deepEqual(admin.events, [], 'nothing was sent');
    });

    it('a delayed run: delay_until is sent in UTC; RUN_DELAYED starts it', async () => {
      const run = await client.runPipeline('acme', PROJECT, succeeds, { delay_until: new Date(emu.clock.now() + 3600 * SECOND), actions_to_run: [2031] });
      assert.equal(run.status, 'INITIAL');
      // Sent without milliseconds; the vendor dialect writes a fraction back within the same second.
      assert.equal(Math.floor(Date.parse(run.delay_until!) / 1000), Math.floor(emu.clock.now() / 1000) + 3600);
      const started = await client.patchExecution('acme', PROJECT, succeeds, run.id, 'RUN_DELAYED');
      assert.equal(started.status, 'ENQUEUED');
      emu.clock.advance(25 * SECOND);
      const done = await client.getExecution('acme', PROJECT, succeeds, run.id);
      assert.deepEqual(
        done.action_executions.map((a) => a.status),
        ['SUCCESSFUL', 'SKIPPED', 'SKIPPED'],
      );
      assert.equal(actionFailure(done.action_executions[1]), undefined);
    });
  });
}
