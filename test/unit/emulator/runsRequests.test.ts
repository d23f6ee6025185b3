// The emulator's run endpoints as requests: the demo history and its pages, log pages (the huge
// log included), the errors of conventions.md's table, the scopes of both generations and the
// shapes of both dialects.
import * as assert from 'node:assert/strict';
import { CLOCK_START_MS, demoCommits, DIALECTS, PROJECTS, RUN_PIPELINE_IDS, startEmulator, type Emulator } from '../../emulator';
import { EmulatorServer } from '../../emulator/server';
import { useEmulator } from '../../harness/useEmulator';
import { assertError, call, DATE } from './helpers';
import { HEX24, PIPELINES, runsPath, runSteps } from './runsHelpers';

const { failsInTests, succeeds, hugeLog } = RUN_PIPELINE_IDS;
const FINISHED = ['SUCCESSFUL', 'FAILED', 'TERMINATED'];
const HEAD = demoCommits('api-service')[0].revision;

for (const dialect of DIALECTS) {
  describe(`emulator (${dialect} dialect): run requests`, () => {
    const emu = useEmulator({ dialect });
    const steps = runSteps(emu);

    it('the demo history: 25 runs of CI in pages, newest first, with the envelope’s counts', async () => {
      const first = await call(emu.url, 'GET', runsPath(failsInTests));
      assert.equal(first.status, 200);
      const { executions, ...envelope } = first.json;
      assert.deepEqual(envelope, {
        url: `${emu.url}${runsPath(failsInTests)}`,
        html_url: 'https://app.example.com/acme/api-service/pipelines/pipeline/201/executions',
        page: 1,
        page_size: 20,
        total_page_count: 2,
        element_count: 20,
        total_element_count: 25,
      });
      const second = await call(emu.url, 'GET', `${runsPath(failsInTests)}?page=2`);
      const ids = [...executions, ...second.json.executions].map((e: { id: number }) => e.id);
      assert.deepEqual(ids, Array.from({ length: 25 }, (_, i) => 25 - i));
      assert.equal(second.json.element_count, 5);
      const starts = [...executions, ...second.json.executions].map((e: { start_date: string }) => Date.parse(e.start_date));
      assert.deepEqual([...starts].sort((a, b) => b - a), starts, 'newest first');
      assert.deepEqual(
        [...new Set([...executions, ...second.json.executions].map((e: { status: string }) => e.status))].sort(),
        ['FAILED', 'SUCCESSFUL', 'TERMINATED'],
      );
      assert.equal((await call(emu.url, 'GET', `${runsPath(failsInTests)}?page=3`)).json.element_count, 0);
      assertError(await call(emu.url, 'GET', `${runsPath(failsInTests)}?per_page=101`), 400, "Value of 'per_page' is invalid.");
    });

    it('every demo pipeline that has run has finished runs; its newest run is what the pipeline list shows', async () => {
      let pipelinesWithRuns = 0;
      for (const project of PROJECTS.filter((p) => p.workspace === 'acme')) {
        const { json } = await call(emu.url, 'GET', `/workspaces/acme/projects/${project.name}/pipelines?per_page=100`);
        for (const p of json.pipelines) {
          const runs = (await call(emu.url, 'GET', `/workspaces/acme/projects/${project.name}/pipelines/${p.id}/executions`)).json.executions;
          const newest = runs[0];
          assert.deepEqual([p.last_execution_status, p.last_execution_revision], newest ? [newest.status, newest.to_revision.revision] : [null, null], `pipeline ${p.id}`);
          if (runs.length > 0) {
            pipelinesWithRuns++;
            assert.deepEqual(runs.slice(1).filter((r: { status: string }) => !FINISHED.includes(r.status)), [], `pipeline ${p.id}: older runs have finished`);
          }
        }
      }
      assert.ok(pipelinesWithRuns >= 12, `${pipelinesWithRuns} pipelines with runs`);
    });

    it('the nightly run is in progress at the clock’s start and finishes about ten minutes later', async () => {
      const path = '/workspaces/acme/projects/web-app/pipelines/104/executions';
      const [live] = (await call(emu.url, 'GET', path)).json.executions;
      assert.equal(live.status, 'INPROGRESS');
      assert.equal(live.finish_date, null);
      emu.clock.advance(562_000);
      assert.equal((await call(emu.url, 'GET', `${path}/${live.id}`)).json.status, 'INPROGRESS');
      emu.clock.advance(2_000);
      const done = (await call(emu.url, 'GET', `${path}/${live.id}`)).json;
      assert.deepEqual([done.status, done.action_executions.length], ['SUCCESSFUL', 2]);
    });

    it('a log is read in pages: offset and limit (default 100, at most 1000); 10,000 lines in the huge log', async () => {
      const [last] = (await call(emu.url, 'GET', runsPath(hugeLog))).json.executions;
      const run = await steps.get(hugeLog, last.id);
      const logs = `${runsPath(hugeLog)}/${last.id}/action_executions/${run.action_executions[0].action_execution_id}/logs`;
      const byDefault = await call(emu.url, 'GET', logs);
      assert.equal(byDefault.status, 200);
      assert.deepEqual([byDefault.json.offset, byDefault.json.element_count, byDefault.json.total_element_count, byDefault.json.logs.length], [0, 100, 10_000, 100]);
      assert.equal(byDefault.json.url, `${emu.url}${logs}`);
      const page = await call(emu.url, 'GET', `${logs}?offset=9500&limit=1000`);
      assert.deepEqual([page.json.offset, page.json.element_count], [9500, 500]);
      assert.equal(page.json.logs[0], '\u001b[36m── suite 96 ──\u001b[0m');
      assert.match(page.json.logs.at(-1), /case 009999 passed/);
      assert.deepEqual((await call(emu.url, 'GET', `${logs}?offset=20000`)).json.logs, []);
      assert.equal((await steps.log(hugeLog, last.id, run.action_executions[0].action_execution_id)).length, 10_000);
      for (const bad of ['limit=0', 'limit=1001', 'limit=-1', 'limit=ten']) {
        assertError(await call(emu.url, 'GET', `${logs}?${bad}`), 400, "Value of 'limit' is invalid.");
      }
      assertError(await call(emu.url, 'GET', `${logs}?offset=-3`), 400, "Value of 'offset' is invalid.");
    });

    it('404s: execution, action execution, pipeline (the run numbers are per pipeline)', async () => {
      assertError(await call(emu.url, 'GET', `${runsPath(succeeds)}/25`), 404, 'Execution not found.');
      assertError(await call(emu.url, 'PATCH', `${runsPath(succeeds)}/99`, { body: { operation: 'CANCEL' } }), 404, 'Execution not found.');
      assertError(await call(emu.url, 'GET', `${runsPath(failsInTests)}/1/action_executions/000000000000000000000000`), 404, 'Action execution not found.');
      assertError(await call(emu.url, 'GET', `${runsPath(failsInTests)}/1/action_executions/nope/logs`), 404, 'Action execution not found.');
      assertError(await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines/201/executions'), 404, 'Pipeline not found.');
      assertError(await call(emu.url, 'POST', `${PIPELINES}/999/executions`, { body: {} }), 404, 'Pipeline not found.');
      assertError(await call(emu.url, 'GET', `${runsPath(failsInTests)}/abc`), 400, `Invalid url: ${runsPath(failsInTests)}/abc`);
    });

    it('POST: every field optional; 2025’s required to_revision accepted; bad values are 400, unknown things 404', async () => {
      const empty = await steps.start(succeeds);
      assert.deepEqual([empty.to_revision.revision, empty.branch.name, empty.priority, empty.refresh, empty.clear_cache], [HEAD, 'main', 'NORMAL', false, false]);
      const older = demoCommits('api-service')[3].revision;
      const full = await steps.start(succeeds, {
        to_revision: { revision: older },
        from_revision: { revision: HEAD },
        tag: { name: 'v1.2.0' },
        comment: 'hotfix',
        refresh: true,
        clear_cache: true,
        priority: 'HIGH',
      });
      assert.deepEqual(
        [full.to_revision.revision, full.from_revision.revision, full.tag, full.branch, full.comment, full.refresh, full.clear_cache, full.priority],
        [older, HEAD, { name: 'v1.2.0' }, null, 'hotfix', true, true, 'HIGH'],
      );
      assert.equal((await steps.start(succeeds, { to_revision: { revision: 'HEAD' } })).to_revision.revision, HEAD);
      const bad: [unknown, number, string][] = [
        [{ to_revision: 'HEAD' }, 400, "Value of 'to_revision' is invalid."],
        [{ to_revision: {} }, 400, "Value of 'to_revision.revision' cannot be empty."],
        [{ to_revision: { revision: 'abc123' } }, 400, "Value of 'to_revision.revision' is invalid."],
        [{ to_revision: { revision: 'f'.repeat(40) } }, 404, 'Commit not found.'],
        [{ branch: { name: 'main' }, tag: { name: 'v1' } }, 400, "Value of 'tag' is invalid."],
        [{ branch: { name: '' } }, 400, "Value of 'branch.name' cannot be empty."],
        [{ priority: 'URGENT' }, 400, "Value of 'priority' is invalid."],
        [{ refresh: 'yes' }, 400, "Value of 'refresh' is invalid."],
        [{ variables: { IMAGE_TAG: 'x' } }, 400, "Value of 'variables' is invalid."],
        [{ variables: [{ key: '9LIVES', value: 'x' }] }, 400, "Value of 'variables[0].key' is invalid."],
        [{ variables: [{ key: 'A', value: 'x' }, { key: 'A', value: 'y' }] }, 400, "Value of 'variables[1].key' is invalid."],
        [{ variables: [{ key: 'A' }] }, 400, "Value of 'variables[0].value' cannot be empty."],
        [{ variables: [{ key: 'A', value: 'x', encrypted: 'yes' }] }, 400, "Value of 'variables[0].encrypted' is invalid."],
        [{ actions_to_run: [] }, 400, "Value of 'actions_to_run' is invalid."],
        [{ actions_to_run: [1011] }, 404, 'Action not found.'],
        [{ delay_until: 'tomorrow' }, 400, "Value of 'delay_until' is invalid."],
      ];
      for (const [body, status, message] of bad) {
        assertError(await call(emu.url, 'POST', runsPath(succeeds), { body }), status, message);
      }
      assert.equal((await call(emu.url, 'GET', runsPath(succeeds))).json.total_element_count, 7, 'the four of the past and the three accepted');
    });

    it('PATCH: the operation is required and known; variables only with APPLY_VARIABLES; the state decides', async () => {
      const run = await steps.start(succeeds);
      assertError(await steps.patch(succeeds, run.id, {}), 400, "Value of 'operation' cannot be empty.");
      assertError(await steps.patch(succeeds, run.id, { operation: 'PAUSE' }), 400, "Value of 'operation' is invalid.");
      assertError(await steps.patch(succeeds, run.id, { operation: 'CANCEL', variables: [] }), 400, "Value of 'variables' is invalid.");
      assertError(await steps.patch(succeeds, run.id, { operation: 'APPLY_VARIABLES', variables: [] }), 400, 'Operation APPLY_VARIABLES is not allowed: the execution is not waiting for variables (status ENQUEUED).');
      const past = (await call(emu.url, 'GET', runsPath(succeeds))).json.executions.find((e: { status: string }) => e.status === 'SUCCESSFUL');
      assertError(await steps.patch(succeeds, past.id, { operation: 'RETRY' }), 400, 'Operation RETRY is not allowed: only a FAILED or TERMINATED execution can be retried (status SUCCESSFUL).');
      assertError(await call(emu.url, 'PATCH', runsPath(succeeds), { body: { operation: 'CANCEL' } }), 400, `Invalid url: ${runsPath(succeeds)}`);
    });

    it('scopes: the older names and the 2026 ones; logs need EXECUTION_INFO', async () => {
      const run = await steps.start(succeeds);
      const one = `${runsPath(succeeds)}/${run.id}`;
      const logs = `${one}/action_executions/${run.action_executions[0].action_execution_id}/logs`;
      const missing = (scope: string): string => (dialect === 'vendor' ? 'Cannot receive data: the token has no access to this resource. Check the scopes assigned to the token.' : `Token has no scope ${scope}.`);
      for (const [method, path, scope] of [
        ['GET', runsPath(succeeds), 'EXECUTION_INFO'],
        ['GET', one, 'EXECUTION_INFO'],
        ['POST', runsPath(succeeds), 'EXECUTION_RUN'],
        ['PATCH', one, 'EXECUTION_RUN'],
        ['GET', logs, 'EXECUTION_INFO'],
      ]) {
        assertError(await call(emu.url, method, path, { token: 'minimal-token', body: method === 'GET' ? undefined : {} }), 403, missing(scope));
      }
      // modern-token has PIPELINE_RUN, not EXECUTION_RUN.
      const started = await steps.start(succeeds, {}, 'modern-token');
      assert.equal((await steps.patch(succeeds, started.id, { operation: 'CANCEL' }, 'modern-token')).status, 200);
      assert.equal((await call(emu.url, 'GET', logs, { token: 'modern-token' })).status, 200);
    });

    it('shapes: triggered_on or triggeredOn, dates, html_url, 24-hex action execution ids', async () => {
      const run = await steps.start(succeeds, { comment: 'shape' });
      const listed = (await call(emu.url, 'GET', runsPath(succeeds))).json.executions[0];
      const { action_executions: actions, ...summary } = run;
      assert.deepEqual(listed, summary, 'a list item is the run without its action executions');
      const vendor = dialect === 'vendor';
      assert.deepEqual(
        Object.keys(summary).sort(),
        ['branch', 'clear_cache', 'comment', 'creator', 'finish_date', 'html_url', 'id', 'priority', 'refresh', 'start_date', 'status', 'to_revision', vendor ? 'triggeredOn' : 'triggered_on', 'url'].sort(),
      );
      assert.equal(run[vendor ? 'triggeredOn' : 'triggered_on'], 'CLICK');
      assert.match(run.start_date, vendor ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/ : DATE);
      assert.match(run.html_url, vendor ? /\/pipelines\/pipeline\/203\/execution\/[0-9a-f]{24}$/ : new RegExp(`/pipelines/pipeline/203/execution/${run.id}$`));
      assert.equal(run.url, `${emu.url}${runsPath(succeeds)}/${run.id}`);
      assert.equal(run.creator.name, 'Alice Admin');
      for (const a of actions) {
        assert.match(a.action_execution_id, HEX24);
        assert.equal(a.url, `${run.url}/action_executions/${a.action_execution_id}`);
        const one = await call(emu.url, 'GET', new URL(a.url).pathname);
        assert.deepEqual({ ...one.json, approver_id: undefined, approval_date: undefined, passed_variables: undefined }, { ...a, approver_id: undefined, approval_date: undefined, passed_variables: undefined });
      }
      assert.equal(Date.parse(run.start_date) - CLOCK_START_MS < 1000, true);
    });
  });
}

describe('emulator: runs with a token of one 2026 scope, and the huge log at scale', () => {
  it('PIPELINE_READ alone reads runs but not their logs, and starts none', async () => {
    const server = new EmulatorServer();
    await server.listen(0);
    try {
      server.store.tokens.set('pipeline-read-token', { token: 'pipeline-read-token', id: 'tok-x', name: 'x', userId: 1, expires_at: null, scopes: ['PIPELINE_READ'], description: 'test' });
      const read = (path: string, method = 'GET') => call(server.base, method, path, { token: 'pipeline-read-token', body: method === 'GET' ? undefined : {} });
      const [newest] = (await read(runsPath(failsInTests))).json.executions;
      assert.equal(newest.id, 25);
      const run = await read(`${runsPath(failsInTests)}/25`);
      assert.equal(run.status, 200);
      const ae = `${runsPath(failsInTests)}/25/action_executions/${run.json.action_executions[1].action_execution_id}`;
      assert.equal((await read(ae)).status, 200);
      assertError(await read(`${ae}/logs`), 403, 'Token has no scope EXECUTION_INFO.');
      assertError(await read(runsPath(failsInTests), 'POST'), 403, 'Token has no scope EXECUTION_RUN.');
    } finally {
      await server.close();
    }
  });

  it('scale.logLines makes the huge log 100,000 lines', async () => {
    let emu: Emulator | undefined;
    try {
      emu = await startEmulator({ scale: { logLines: 100_000 } });
      const [last] = (await call(emu.url, 'GET', runsPath(hugeLog))).json.executions;
      const run = (await call(emu.url, 'GET', `${runsPath(hugeLog)}/${last.id}`)).json;
      const page = await call(emu.url, 'GET', `${runsPath(hugeLog)}/${last.id}/action_executions/${run.action_executions[0].action_execution_id}/logs?offset=99999&limit=1000`);
      assert.deepEqual([page.json.total_element_count, page.json.element_count], [100_000, 1]);
      assert.match(page.json.logs[0], /case 099999 passed/);
    } finally {
      await emu?.close();
    }
  });
});
