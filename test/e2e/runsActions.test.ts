// Acting on runs as a person does in the real editor, on the emulator's clock (no sleeps): approve
// the gate of a 205 run from its row in the Runs view (the gate's question shown, confirmed), then
// it goes on to success; a 204 run started with Run Pipeline… fails because target production
// refuses it (2678004), its failed action names the target, the notice offers Allow <pipeline> on
// <target>… (both prefilled, confirmed), then Retry Run, and it succeeds; a running 203 run
// cancelled from its row (confirmed) shows cancelled. Every wait names the whole state it needs:
// every row of the Runs view (by run number), the exact message.
import * as assert from 'node:assert/strict';
import { formatDuration } from '../../src/ui/localeFormat';
import { PRODUCTION_TARGET_ID } from '../emulator/demo-data';
import { listedTargetLabel } from '../harness/dialect';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { apiGet, dismissInputAndNotifications } from './writeHelpers';
import { demoTokens, exact, waitFor, workbench, type TreeRow, type Workbench } from './workbench';
import { runWizard } from './wizard';

const PROJECT_ROW = 'API Service';
const PIPELINES = '/workspaces/acme/projects/api-service/pipelines';

interface ApiRun {
  id: number;
  status: string;
  start_date?: string | null;
  finish_date?: string | null;
  action_executions: { status: string; action: { name: string } }[];
}

/** POST on the emulator's API as the admin (a run started elsewhere than this editor). */
async function apiPost<T>(wb: Workbench, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${wb.emulator.url}${path}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer admin-token', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `POST ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The numbers of the runs of a pipeline, newest first, as the service lists them (page 1). */
async function listedRuns(wb: Workbench, pipelineId: number): Promise<number[]> {
  const { executions } = await apiGet<{ executions: { id: number }[] }>(wb, `${PIPELINES}/${pipelineId}/executions?per_page=20`);
  return executions.map((e) => e.id);
}

function runNumber(row: TreeRow): number | undefined {
  const m = /^#(\d+)\b/.exec(row.label);
  return m ? Number(m[1]) : undefined;
}

/**
 * Waits until the Runs view shows exactly the runs `numbers` (newest first, top-level rows, with
 * the children of an expanded run between them) and its first run's row satisfies `first`.
 */
async function waitRunRows(wb: Workbench, numbers: number[], what: string, first: (row: TreeRow) => boolean): Promise<TreeRow[]> {
  return wb.waitForRows(
    'Runs',
    (rows) => {
      const runs = rows.filter((r) => r.level === 1);
      return JSON.stringify(runs.map(runNumber)) === JSON.stringify(numbers) && first(runs[0]);
    },
    `runs ${numbers.map((n) => `#${n}`).join(', ')}, ${what},`,
  );
}

/** Selects a pipeline of API Service in the Projects view (expanding the project when needed): the Runs view shows its runs. */
async function selectPipeline(wb: Workbench, pipeline: string, pipelineId: number): Promise<TreeRow[]> {
  const rows = await wb.waitForRows('Projects', (r) => r.some((x) => x.label === PROJECT_ROW), 'the projects');
  if (!rows.some((r) => r.label === pipeline && r.level === 2)) {
    await wb.clickRow('Projects', PROJECT_ROW);
  }
  await wb.waitForRows('Projects', (r) => r.some((x) => x.label === pipeline && x.level === 2), `${PROJECT_ROW}'s pipelines`);
  await wb.clickRow('Projects', pipeline);
  const past = await listedRuns(wb, pipelineId);
  assert.ok(past.length > 0, `pipeline ${pipelineId} has past runs`);
  return waitRunRows(wb, past, `the past runs of ${pipeline}`, () => true);
}

/** The run's row label (`#5 main`) as the Runs view shows it. */
async function rowLabelOf(wb: Workbench, executionId: number): Promise<string> {
  const rows = await wb.treeRows('Runs');
  const row = rows.find((r) => runNumber(r) === executionId);
  assert.ok(row, `run #${executionId} is listed: ${JSON.stringify(rows.map((r) => r.label))}`);
  return row.label;
}

async function waitRunStatus(wb: Workbench, pipelineId: number, executionId: number, statuses: string[]): Promise<ApiRun> {
  return waitFor(`run #${executionId} of pipeline ${pipelineId} ${statuses.join(' or ')} on the service`, async () => {
    const run = await apiGet<ApiRun>(wb, `${PIPELINES}/${pipelineId}/executions/${executionId}`);
    return statuses.includes(run.status) ? run : undefined;
  });
}

/** "succeeded in 21 sec" as the notice says it, from the run's own dates. */
function lengthOf(run: ApiRun): string {
  assert.ok(run.start_date && run.finish_date, `run #${run.id} has its dates`);
  return formatDuration(Date.parse(run.finish_date) - Date.parse(run.start_date), 'en');
}

const notWaitingNorRunning = (row: TreeRow) => !/so far$|Waiting for/.test(row.description);

describe('Acting on runs (UI)', () => {
  before(async () => {
    const wb = workbench();
    // Tall enough that API Service's seven pipelines and a run's actions are drawn (rows are virtualized).
    await openSignedIn(wb, demoTokens.admin, { viewport: { width: 1400, height: 1300 } });
    // Room for the Projects and Runs views.
    await wb.collapseView('Commits');
    await wb.collapseView('Variables');
    await wb.collapseView('Targets');
    await wb.expandView('Runs');
  });
  after(() => closeSignedIn(workbench()));
  afterEach(() => dismissInputAndNotifications(workbench()));

  it('approves the gate of a 205 run from its row: the question is shown, confirmed, and the run goes on to success', async () => {
    const wb = workbench();
    const past = await selectPipeline(wb, 'Deploy with approval', 205);
    const { id } = await apiPost<{ id: number }>(wb, `${PIPELINES}/205/executions`, {});
    const runs = [id, ...past.map(runNumber).filter((n): n is number => n !== undefined)];
    await wb.viewAction('Runs', 'Refresh Runs');
    await waitRunRows(wb, runs, `#${id} queued first`, (r) => runNumber(r) === id);

    // Queue 2 s, Build bundle 8 s: then the gate waits.
    wb.emulator.clock.advance(11_000);
    await waitRunRows(wb, runs, `#${id} waiting for approval`, (r) => runNumber(r) === id && r.icon === 'debug-pause' && r.description.endsWith('Waiting for approval'));
    await wb.rowAction('Runs', exact(await rowLabelOf(wb, id)), 'Approve…');
    const question = `Run #${id} of Deploy with approval asks: Deploy api-service to staging?`;
    await wb.clickNotificationButton(exact(question), 'Approve');
    await waitRunStatus(wb, 205, id, ['INPROGRESS']);
    await waitRunRows(wb, runs, `#${id} running again`, (r) => runNumber(r) === id && r.icon === 'sync' && r.description.endsWith('so far'));

    // Upload to staging 10 s.
    wb.emulator.clock.advance(11_000);
    const done = await waitRunStatus(wb, 205, id, ['SUCCESSFUL']);
    await waitRunRows(wb, runs, `#${id} succeeded`, (r) => runNumber(r) === id && r.icon === 'pass' && notWaitingNorRunning(r));
    await wb.waitForNotification(exact(`Run #${id} of Deploy with approval succeeded in ${lengthOf(done)}`));
  });

  it('a 204 run refused by target production names it; Allow (prefilled, confirmed) from the notice, then Retry Run, and it succeeds', async function () {
    this.timeout(240_000);
    const wb = workbench();
    const past = await selectPipeline(wb, 'Release to production', 204);
    await wb.rowAction('Projects', 'Release to production', 'Run Pipeline…');
    await runWizard(
      wb,
      [
        { at: [1, 4], focused: 'main', enter: true },
        { at: [2, 4], enter: true },
        { at: [3, 4], enter: true },
        { at: [4, 4], pick: 'Run with these values' },
      ],
      { title: 'Run Pipeline' },
    );
    await wb.waitQuickInputClosed();
    const [id] = await listedRuns(wb, 204);
    const runs = [id, ...past.map(runNumber).filter((n): n is number => n !== undefined)];
    assert.equal(runs.length, new Set(runs).size, 'a new run');
    await waitRunRows(wb, runs, `the new run #${id} first, selected`, (r) => runNumber(r) === id && r.selected);

    // Queue 2 s, Build bundle 8 s, Upload to production refused after 2 s.
    wb.emulator.clock.advance(13_000);
    await waitRunStatus(wb, 204, id, ['FAILED']);
    // The row first: once it shows the failure, the notice is out (the notification center, opened
    // before, hides when a notification it listed goes, and a new one then stays a hidden toast).
    await waitRunRows(wb, runs, `#${id} failed`, (r) => runNumber(r) === id && r.icon === 'error');
    const failed = `Run #${id} of Release to production failed in action Upload to production: the pipeline may not use target production`;
    // A followed run is read every few seconds while the window has focus, and at least once a
    // minute when it has not (a loaded machine's test browser can lose it): bound 75 s.
    await wb.waitForNotification(exact(failed), 75_000);
    const label = await rowLabelOf(wb, id);
    await wb.clickRow('Runs', exact(label));
    const actions = await wb.waitForRows(
      'Runs',
      (rows) => JSON.stringify(rows.filter((r) => r.level === 2).map((r) => r.label)) === JSON.stringify(['Build bundle', 'Upload to production', 'Restart service']),
      `the actions of #${id}`,
    );
    assert.deepEqual(
      actions.filter((r) => r.level === 2).map((r) => [r.label, r.icon, r.description.replace(/ · \d+ sec/, '')]),
      [
        ['Build bundle', 'pass', 'Succeeded'],
        ['Upload to production', 'error', 'Failed · not allowed to use target production'],
        ['Restart service', 'circle-outline', 'Not run'],
      ],
    );
    await wb.readmeScreenshot('runs');

    await wb.clickNotificationButton(exact(failed), 'Allow Release to production on production…');
    await wb.clickNotificationButton(exact(`Allow pipeline Release to production (project api-service) to use target ${listedTargetLabel(PRODUCTION_TARGET_ID)}?`), 'Allow');
    const retry = `Release to production may now use target production. Retry run #${id}?`;
    await wb.clickNotificationButton(exact(retry), 'Retry Run');
    await waitRunStatus(wb, 204, id, ['ENQUEUED', 'INPROGRESS']);
    const production = await apiGet<{ allowed_pipelines: { id: number }[] }>(wb, `/workspaces/acme/targets/${PRODUCTION_TARGET_ID}`);
    assert.ok(production.allowed_pipelines.some((p) => p.id === 204), 'production allows 204 now');

    wb.emulator.clock.advance(60_000);
    const done = await waitRunStatus(wb, 204, id, ['SUCCESSFUL']);
    await waitRunRows(wb, runs, `#${id} succeeded`, (r) => runNumber(r) === id && r.icon === 'pass' && notWaitingNorRunning(r));
    await wb.waitForNotification(exact(`Run #${id} of Release to production succeeded in ${lengthOf(done)}`));
  });

  it('cancels a running 203 run from its row after confirming; the row shows it cancelled', async () => {
    const wb = workbench();
    const past = await selectPipeline(wb, 'Publish image', 203);
    const { id } = await apiPost<{ id: number }>(wb, `${PIPELINES}/203/executions`, {});
    const runs = [id, ...past.map(runNumber).filter((n): n is number => n !== undefined)];
    await wb.viewAction('Runs', 'Refresh Runs');
    wb.emulator.clock.advance(5_000);
    await waitRunStatus(wb, 203, id, ['INPROGRESS']);
    await waitRunRows(wb, runs, `#${id} running`, (r) => runNumber(r) === id && r.icon === 'sync' && r.description.endsWith('so far'));

    await wb.rowAction('Runs', exact(await rowLabelOf(wb, id)), 'Cancel Run…');
    await wb.clickNotificationButton(exact(`Cancel run #${id} of Publish image?`), 'Cancel Run');
    await waitRunStatus(wb, 203, id, ['TERMINATING']);
    wb.emulator.clock.advance(3_000);
    await waitRunStatus(wb, 203, id, ['TERMINATED']);
    await waitRunRows(wb, runs, `#${id} cancelled`, (r) => runNumber(r) === id && r.icon === 'circle-slash' && notWaitingNorRunning(r));
    await wb.waitForNotification(exact(`Run #${id} of Publish image was cancelled`));
  });
});
