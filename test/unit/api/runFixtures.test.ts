// The vendor's run shapes (test/fixtures/vendor/runs/, composed from its public reference pages as
// conventions.md's "Runs" section describes them, each with its page, date and the section it
// follows in `_source`), served over a loopback HTTP server as written (`_source` stripped) and
// read through the ApiClient. Every fixture file must have its test here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import {
  actionExecutionName,
  actionFailure,
  ApiClient,
  inlineLog,
  isEncryptedValue,
  listTotals,
  parseApiDate,
  personOperation,
  redactValue,
  runCreatorName,
  runRefName,
  runRevision,
  runState,
} from '../../../src/api';
import { nodeFetch, USER_AGENT } from './helpers';

const FIXTURES = path.resolve(__dirname, '../../fixtures/vendor/runs');
const TOKEN = 'vendor-fixture-token';

interface Fixture {
  source: { url: string; retrieved: string; pageDate: string | null; pageDateNote?: string; endpoint: string; status: number; conventions: string };
  method: string;
  path: string;
  body: string;
}

function loadFixtures(): Map<string, Fixture> {
  const out = new Map<string, Fixture>();
  for (const file of fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json'))) {
    const { _source, ...answer } = JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as Record<string, unknown>;
    const source = _source as Fixture['source'];
    const [method, endpoint] = source.endpoint.split(' ');
    out.set(file.replace(/\.json$/, ''), { source, method, path: endpoint.split('?')[0], body: JSON.stringify(answer) });
  }
  return out;
}

describe('api client: the vendor’s run shapes (test/fixtures/vendor/runs)', () => {
  const fixtures = loadFixtures();
  let server: http.Server;
  let origin: string;

  before(async () => {
    // Each fixture under its own base path: http://127.0.0.1:<port>/<fixture>/<endpoint path>.
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const [, name, ...rest] = url.pathname.split('/');
      const fixture = fixtures.get(name);
      if (!fixture || fixture.method !== req.method || fixture.path !== `/${rest.join('/')}` || req.headers.authorization !== `Bearer ${TOKEN}`) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'Not found.' }] }));
        return;
      }
      res.writeHead(fixture.source.status, { 'Content-Type': 'application/json' }).end(fixture.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function clientFor(name: string): Promise<ApiClient> {
    assert.ok(fixtures.has(name), `no fixture ${name}`);
    return new ApiClient({ baseUrl: `${origin}/${name}`, getToken: () => TOKEN, fetch: await nodeFetch(), userAgent: USER_AGENT, maxRetries: 0 });
  }

  const tested = new Set<string>();
  function fixtureIt(name: string, title: string, fn: () => Promise<void>): void {
    tested.add(name);
    it(`${name}: ${title}`, fn);
  }

  it('every fixture says which page and which part of conventions.md it follows, and has its test below', () => {
    assert.ok(fixtures.size >= 6, `fixtures: ${fixtures.size}`);
    for (const [name, f] of fixtures) {
      assert.match(f.source.url, /^https:\/\/buddy\.works\/docs\/api\//, name);
      assert.match(f.source.retrieved, /^\d{4}-\d{2}-\d{2}$/, name);
      assert.ok((f.source.pageDate !== null && /^\d{4}-\d{2}-\d{2}$/.test(f.source.pageDate)) || !!f.source.pageDateNote, `${name}: a page date or a note`);
      assert.match(f.source.conventions, /^shared\/spec\/conventions\.md, "Runs \(pipeline executions\)"/, name);
      assert.match(f.source.endpoint, /^(GET|POST|PATCH) \/workspaces\/[^/]+\/projects\/[^/]+\/pipelines\/\d+\/executions/, name);
    }
    assert.deepEqual([...fixtures.keys()].filter((n) => !tested.has(n)), [], 'fixtures without a test');
  });

  fixtureIt('executions.2026-01', 'the 2026 list: counts, triggeredOn, a run in progress, a creator outside the workspace', async () => {
    const list = await (await clientFor('executions.2026-01')).listExecutions('my-workspace', 'my-project', 2);
    assert.deepEqual(listTotals(list), { page: 1, page_size: 20, total_page_count: 1, element_count: 2, total_element_count: 2 });
    const [running, failed] = list;
    assert.deepEqual([running.id, running.status, runState(running.status), running.finish_date, running.triggered_on], [2, 'INPROGRESS', 'running', null, 'CLICK']);
    assert.equal(parseApiDate(running.start_date)?.getTime(), Date.UTC(2026, 0, 20, 10, 15, 2, 118));
    assert.deepEqual([runRefName(running), runCreatorName(running), runRevision(running)], ['main', 'John Doe', 'a089d82fe56335c8abd8790859bba925ad10f9d1']);
    assert.deepEqual([failed.triggered_on, failed.priority, failed.refresh, runState(failed.status), runCreatorName(failed)], ['SCHEDULE', 'HIGH', true, 'finished', 'Jane Outside']);
    assert.equal(parseApiDate(failed.start_date)?.getTime(), Date.UTC(2026, 0, 19, 8, 0, 0, 500), 'one fraction digit');
  });

  fixtureIt('execution.run.2024-09', 'the answer to a run: in progress, action executions without their own ids', async () => {
    const run = await (await clientFor('execution.run.2024-09')).runPipeline('buddy', 'company-website', 2, { comment: 'hotfix', priority: 'HIGH', clear_cache: true });
    assert.deepEqual([run.id, run.status, run.finish_date, run.triggered_on, run.comment], [3, 'INPROGRESS', null, 'CLICK', 'hotfix']);
    assert.equal(run.from_revision?.revision, '506a3963507943d6908154f4bc9646e829128a08');
    assert.deepEqual(
      run.action_executions.map((a) => [actionExecutionName(a), a.status, a.action_execution_id]),
      [
        ['Build application', 'INPROGRESS', undefined],
        ['Upload files to dev', 'ENQUEUED', undefined],
      ],
    );
    assert.equal(runCreatorName(run), 'Mike Benson');
  });

  fixtureIt('execution.apply-variables.older', 'the older answer: `mode` for the trigger, no action executions', async () => {
    const run = await (await clientFor('execution.apply-variables.older')).patchExecution('buddy', 'company-website', 2, 4, 'APPLY_VARIABLES', [{ key: 'myVar1', value: 'someValue' }]);
    assert.deepEqual([run.id, run.status, run.triggered_on, run.action_executions], [4, 'INPROGRESS', 'MANUAL', []]);
    assert.equal(runRevision(run), undefined, 'only from_revision');
    assert.equal(runRefName(run), 'master');
  });

  fixtureIt('action-execution.inline-log.2025-05', 'a gate of 2025 with its log inline, its approver and the values passed', async () => {
    const a = await (await clientFor('action-execution.inline-log.2025-05')).getActionExecution('buddy', 'company-website', 2, 1, '6836dca490f5896b4bb8e6a7');
    assert.deepEqual(inlineLog(a), ['Done']);
    assert.equal(a.action_execution_id, undefined);
    assert.deepEqual([a.status, a.progress, a.approver_id, actionExecutionName(a)], ['SUCCESSFUL', 100, 1, 'Pass arguments']);
    assert.deepEqual(a.action?.variables?.map((v) => [v.key, v.defaults]), [['var', '123']]);
    assert.deepEqual(a.passed_variables, [{ key: 'var', value: '123' }]);
    assert.equal(personOperation(a.status), undefined);
    assert.equal(actionFailure(a), undefined);
  });

  fixtureIt('action-execution.2678004.2026', 'a 2026 action execution failed with 2678004: the target it names; an encrypted value passed stays hidden', async () => {
    const a = await (await clientFor('action-execution.2678004.2026')).getActionExecution('my-company', 'my-project', 123, 123456, '68e49e0e0875a8847e0980da');
    assert.equal(a.action_execution_id, '68e49e0e0875a8847e0980da');
    assert.deepEqual(actionFailure(a), { code: 2678004, message: 'Pipeline is not allowed to use target [BE2810035]', target: 'BE2810035' });
    assert.equal(isEncryptedValue(a.passed_variables?.[0].value), true);
    assert.doesNotMatch(JSON.stringify(redactValue(a)), /Ym9ndXMtZGVwbG95LXRva2Vu/);
  });

  fixtureIt('action-execution-logs.2026-04', 'a page of a log: offset, counts, lines with ANSI colour codes as sent', async () => {
    const log = await (await clientFor('action-execution-logs.2026-04')).getLogs('my-company', 'my-project', 123, 123456, '68e49e0e0875a8847e0980da', { offset: 100, limit: 3 });
    assert.deepEqual([log.offset, log.element_count, log.total_element_count], [100, 3, 412]);
    assert.deepEqual(log.logs, ['$ npm test', '\u001b[32m✔\u001b[0m 211 passing', '\u001b[31m✘\u001b[0m 1 failing']);
  });
});
