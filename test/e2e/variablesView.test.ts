// The Variables view as a person uses it in the real editor: the current project's variables,
// Change and Delete from a row's context menu (the modal confirmation answered), a .env file
// imported into a pipeline with a conflicting key replaced, and an action's effective variables
// with the scope each comes from and what it shadows. State is checked through the API.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { apiGet, contextMenuCommand, dismissInputAndNotifications, pickLabels, waitPickChecks, waitPickLabels } from './writeHelpers';
import { runWizard } from './wizard';
import { sameList, waitFor, workbench, type TreeRow, type Workbench } from './workbench';

const VIEW = 'Variables';
const vendor = process.env.WA_DIALECT === 'vendor';
const row = (rows: TreeRow[], label: string) => rows.find((r) => r.label === label);

/** Clicks a collapsed row of the Variables view open and waits for it to show as expanded. */
async function expandRow(wb: Workbench, label: string): Promise<void> {
  const r = await wb.row(VIEW, label);
  // A refresh of the view (its data arriving) can redraw the row collapsed right after a click:
  // click again while it shows collapsed, until it shows expanded.
  await waitFor(`${label} to expand`, async () => {
    if ((await r.getAttribute('aria-expanded')) === 'true') {
      return true;
    }
    await r.click();
    // Give this click 2 s to show before the next one (a second click too soon would collapse it).
    for (const until = Date.now() + 2000; Date.now() < until; await wb.page.waitForTimeout(100)) {
      if ((await r.getAttribute('aria-expanded')) === 'true') {
        return true;
      }
    }
    return undefined;
  });
}

async function apiVariables(wb: Workbench, query: string): Promise<{ key: string; value: string }[]> {
  return (await apiGet<{ variables: { key: string; value: string }[] }>(wb, `/workspaces/acme/variables${query}`)).variables;
}

describe('Variables view (UI)', () => {
  let dir: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-ui-env-'));
    const wb = workbench();
    await openSignedIn(wb);
    // Web App becomes the current project; the Variables view follows it.
    await wb.clickRow('Projects', 'Web App');
    await wb.collapseView('Projects');
    await wb.collapseView('Commits');
    await wb.collapseView('Runs');
    await wb.collapseView('Targets');
    await wb.expandView(VIEW);
  });

  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await closeSignedIn(workbench());
  });

  beforeEach(async () => {
    const wb = workbench();
    wb.emulator.reset();
    wb.emulator.clearRequests();
    await wb.viewAction(VIEW, 'Refresh Variables');
    // Read again (the request), then shown: no click lands on a row about to be replaced.
    await waitFor('the project\'s variables read again', async () => (wb.emulator.requests.some((r) => r.path.includes('project_name=web-app')) ? true : undefined));
    await wb.waitForRows(VIEW, (rows) => row(rows, 'NODE_VERSION')?.description === '20', 'the demo variables again');
    wb.emulator.clearRequests();
  });

  afterEach(() => dismissInputAndNotifications(workbench()));

  it('lists the project\'s variables, changes one from its context menu, and deletes it after a modal confirmation', async () => {
    const wb = workbench();
    const shownAtFirst = [
      ['Web App', 'project variables', 1],
      ['NODE_VERSION', '20', 2],
      ['Build and test', 'pipeline', 2],
      ['Deploy to staging', 'pipeline', 2],
      ['Deploy to production', 'pipeline', 2],
      ['Nightly end-to-end', 'pipeline', 2],
      ['Release notes', 'pipeline', 2],
    ];
    const rows = await wb.waitForRows(VIEW, (r) => sameList(r.map((x) => [x.label, x.description, x.level]), shownAtFirst), 'the project and its pipelines');
    assert.deepEqual(
      rows.map((r) => [r.label, r.description, r.level]),
      shownAtFirst,
    );
    await contextMenuCommand(wb, VIEW, 'NODE_VERSION', 'Change Variable…');
    await runWizard(wb, [
      { at: [1, 4], value: '20', submit: '22' },
      { at: [2, 4], pick: 'Keep it readable' },
      { at: [3, 4], submit: 'Node.js major version' },
      { at: [4, 4], enter: true },
    ], { title: 'Change Variable NODE_VERSION' });
    await wb.waitQuickInputClosed();
    await wb.waitForRows(VIEW, (r) => row(r, 'NODE_VERSION')?.description === '22', 'the changed value');
    const changed = (await apiVariables(wb, '?project_name=web-app')).find((v) => v.key === 'NODE_VERSION') as unknown as { value: string; description: string; settable: boolean };
    assert.deepEqual([changed.value, changed.description, changed.settable], ['22', 'Node.js major version', true]);
    assert.deepEqual(
      wb.emulator.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path} ${r.status}`),
      ['PATCH /workspaces/acme/variables/3 200'],
    );

    await (await wb.row(VIEW, 'NODE_VERSION')).click({ button: 'right' });
    await wb.clickMenuItem(wb.page.locator('.monaco-menu .action-item .action-label', { hasText: /^\s*Delete Variable…\s*$/ }).first());
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible' });
    assert.match(await dialog.innerText(), /Delete variable NODE_VERSION from project Web App\?/);
    await dialog.locator('.monaco-button', { hasText: /^Delete$/ }).click();
    await wb.waitForRows(VIEW, (r) => !row(r, 'NODE_VERSION') && !!row(r, 'No variables in project Web App'), 'the variable gone');
    assert.deepEqual(await apiVariables(wb, '?project_name=web-app'), []);
  });

  it('imports a .env file into a pipeline: the conflicting key shown, replaced when checked, bad lines listed by number', async () => {
    const wb = workbench();
    const file = path.join(dir, 'deploy.env');
    fs.writeFileSync(file, ['DEPLOY_DIR=/srv/web-app', 'HEALTH_URL="https://example.com/health"', 'not an assignment', 'DB_PASSWORD=s3cr3t', ''].join('\n'));
    await expandRow(wb, 'Deploy to production');
    await wb.waitForRows(VIEW, (r) => row(r, 'DEPLOY_DIR')?.description === '/var/www/web-app', 'the pipeline\'s variable');
    await contextMenuCommand(wb, VIEW, 'Deploy to production', 'Import Variables from .env File…');
    await runWizard(wb, [
      { title: /^Import Variables from \.env/, pick: 'Choose a .env file…', file },
      {
        placeholder: /Check the variables to import into pipeline Deploy to production/,
        check: async () => assert.deepEqual(await waitPickLabels(wb, ['DEPLOY_DIR', 'HEALTH_URL', 'DB_PASSWORD']), ['DEPLOY_DIR', 'HEALTH_URL', 'DB_PASSWORD']),
        pick: 'DEPLOY_DIR',
        enter: true,
      },
      { placeholder: /Check the secrets/, enter: true },
      {
        placeholder: /^Import 3 variable/,
        check: async () => {
          const items = await waitFor('the bad line listed', async () => {
            const listed = await pickLabels(wb);
            return listed.includes('line 3') ? listed : undefined;
          });
          assert.ok(items.includes('line 3'), JSON.stringify(items));
        },
        pick: /^Import 3 variable\(s\) into pipeline Deploy to production/,
      },
    ]);
    await wb.waitQuickInputClosed();
    await wb.waitForRows(
      VIEW,
      (r) => row(r, 'DEPLOY_DIR')?.description === '/srv/web-app' && row(r, 'DB_PASSWORD')?.description === 'encrypted' && !!row(r, 'HEALTH_URL'),
      'the imported variables',
    );
    await wb.waitForNotification(/^Imported 3 of 3 variable\(s\) into pipeline Deploy to production of project Web App\. Created: HEALTH_URL, DB_PASSWORD\. Replaced: DEPLOY_DIR\./);
    const after = await apiVariables(wb, '?pipeline_id=103');
    assert.deepEqual(after.map((v) => v.key), ['DEPLOY_DIR', 'HEALTH_URL', 'DB_PASSWORD']);
    assert.equal(after[0].value, '/srv/web-app');
    assert.match(after[2].value, /^(secure!|!encrypted )/, 'the password is stored encrypted');
  });

  it('imports what the preview shows checked when every step is accepted as shown, also when the editor took an accept before it showed the keys', async () => {
    const wb = workbench();
    const file = path.join(dir, 'release.env');
    fs.writeFileSync(file, ['NOTES_DIR=/srv/other', 'HEALTH_URL=https://example.com/health', 'DB_PASSWORD=s3cr3t', ''].join('\n'));
    // A key already in the pipeline (not checked at first); the view has not read this pipeline.
    const res = await fetch(`${wb.emulator.url}/workspaces/acme/variables`, {
      method: 'POST',
      headers: { Authorization: 'Bearer admin-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ pipeline: { id: 105 }, key: 'NOTES_DIR', type: 'VAR', value: '/srv/notes' }),
    });
    assert.equal(res.status, 201);
    // The keys step reads the pipeline's variables: slowly, so that it shows busy a while.
    wb.emulator.setLatency(600);
    try {
      await contextMenuCommand(wb, VIEW, 'Release notes', 'Import Variables from .env File…');
      await runWizard(wb, [
        { title: /^Import Variables from \.env/, pick: 'Choose a .env file…', file },
        { placeholder: /^Reading the variables already in pipeline Release notes/ },
      ]);
      // The editor's page is busy while the keys arrive (as on a loaded machine), then takes an accept
      // (the OK button, as Enter does) before it shows them: that accept must not answer for the keys.
      await wb.page.evaluate((busyMs) => {
        const end = Date.now() + busyMs;
        while (Date.now() < end) {
          // busy
        }
        (document.querySelector('.quick-input-widget .quick-input-action .monaco-button') as HTMLElement | null)?.click();
      }, 4000);
      await wb.waitQuickInput({ placeholder: /^Check the variables to import into pipeline Release notes/ });
    } finally {
      wb.emulator.setLatency(0);
    }
    await runWizard(wb, [
      { check: () => waitPickChecks(wb, [['NOTES_DIR', false], ['HEALTH_URL', true], ['DB_PASSWORD', true]]), enter: true },
      {
        placeholder: /^Check the secrets/,
        check: () => waitPickChecks(wb, [['HEALTH_URL', false], ['DB_PASSWORD', true]]),
        enter: true,
      },
      { placeholder: /^Import 2 variable/, pick: /^Import 2 variable\(s\) into pipeline Release notes/ },
    ]);
    await wb.waitQuickInputClosed();
    assert.equal(
      await wb.waitForNotification(/^Imported 2 of 2 variable/),
      'Imported 2 of 2 variable(s) into pipeline Release notes of project Web App. Created: HEALTH_URL, DB_PASSWORD.',
    );
    const after = await apiVariables(wb, '?pipeline_id=105');
    assert.deepEqual(after.map((v) => [v.key, v.key === 'DB_PASSWORD' ? 'encrypted' : v.value]), [
      ['NOTES_DIR', '/srv/notes'],
      ['HEALTH_URL', 'https://example.com/health'],
      ['DB_PASSWORD', 'encrypted'],
    ]);
    assert.match(after[2].value, /^(secure!|!encrypted )/, 'the password is stored encrypted');
  });

  it('shows an action\'s effective variables: where each comes from, and what it shadows', async () => {
    const wb = workbench();
    const res = await fetch(`${wb.emulator.url}/workspaces/acme/variables`, {
      method: 'POST',
      headers: { Authorization: 'Bearer admin-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ project: { name: 'web-app' }, key: 'REGION', type: 'VAR', value: 'us-east-1' }),
    });
    assert.equal(res.status, 201);
    await wb.viewAction(VIEW, 'Refresh Variables');
    // The refreshed tree (new rows) before any click: a click on a row about to be replaced is lost.
    await wb.waitForRows(VIEW, (r) => row(r, 'REGION')?.description === 'us-east-1', 'the project\'s new variable');
    await expandRow(wb, 'Build and test');
    await expandRow(wb, 'Unit tests');
    // The action's rows: its effective variables first, then its own RETRIES. (A Refresh keeps
    // what earlier tests expanded: other scopes may show their effective variables too.)
    const actionRows = await wb.waitForRows(
      VIEW,
      (r) => {
        const at = r.findIndex((x) => x.label === 'Unit tests');
        return at >= 0 && r[at + 1]?.label === 'Effective variables' && r[at + 2]?.label === 'RETRIES';
      },
      'the action\'s rows',
    );
    // Expand the action's by its position among the rows of that name.
    const unitTests = actionRows.findIndex((x) => x.label === 'Unit tests');
    const before = actionRows.slice(0, unitTests).filter((x) => x.label === 'Effective variables').length;
    const rows = wb.view(VIEW).locator('.pane-body .monaco-list-row').filter({ has: wb.page.locator('.label-name', { hasText: /^Effective variables$/ }) });
    await rows.nth(before).click();
    const effective = [
      ['NODE_VERSION', '20 · from project'],
      // The vendor dialect's workspace also has a FILE and a GPG key.
      ...(vendor ? [['NPM_RC', '~/.npmrc · from workspace']] : []),
      ['REGION', 'us-east-1 · from project · shadows workspace'],
      ...(vendor ? [['RELEASE_SIGNING_KEY', 'encrypted · from workspace']] : []),
      ['RETRIES', '3 · from action'],
      ['SENTRY_DSN', 'encrypted · from workspace'],
    ];
    /** The rows at the level of the row that shadows: the action's effective variables. */
    const effectiveRows = (r: TreeRow[]) => {
      const level = r.find((x) => x.label === 'REGION' && x.description.includes('shadows'))?.level;
      return r.filter((x) => x.level === level).map((x) => [x.label, x.description]);
    };
    const shown = await wb.waitForRows(VIEW, (r) => sameList(effectiveRows(r), effective), 'the effective variables');
    assert.deepEqual(effectiveRows(shown), effective);
    if (process.env.WA_SCREENSHOTS) {
      // A wider side bar for the picture, so that the descriptions are read whole: drag its edge.
      const box = await wb.page.locator('.sidebar').boundingBox();
      assert.ok(box);
      await wb.page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
      await wb.page.mouse.down();
      await wb.page.mouse.move(box.x + box.width + 260, box.y + box.height / 2, { steps: 8 });
      await wb.page.mouse.up();
      await waitFor('the wider side bar', async () => (((await wb.page.locator('.sidebar').boundingBox())?.width ?? 0) > box.width + 100 ? true : undefined));
    }
    await wb.readmeScreenshot('variables', { clip: wb.page.locator('.sidebar') });
  });
});
