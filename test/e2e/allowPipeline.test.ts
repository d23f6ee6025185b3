// Allow Pipeline on Target and Check Pipeline Access as a person does them in the real editor:
// from the Targets view's context menu with admin-token (the view updates from the answer, no
// second request), error 881 with denied-token, a token without TARGET_MANAGE (dev-token: sent
// anyway, the server's 403 explained), and the targets a pipeline may not use. After each, the targets read through the API show
// exactly the expected change.
import * as assert from 'node:assert/strict';
import { DENIED_TOKEN, DEV_TOKEN, PRODUCTION_TARGET_ID } from '../emulator/demo-data';
import { demoTargets, fullTargetLabel, isVendor, listedTargetLabel, listedTargetRows, quotedMissingScope, targetsClosedTo } from '../harness/dialect';
import { closeSignedIn, itInDefaultDialectOnly, openSignedIn, openSignedOutInAcme } from './viewsHelpers';
import { apiGet, contextMenuCommand, dismissInputAndNotifications, pickDescription, pickLabels, resetDemoData, waitPickLabels, waitStep } from './writeHelpers';
import { escapeRegExp, sameList, waitFor, workbench, type Workbench } from './workbench';
import { runWizard, type WizardStep } from './wizard';

interface ApiTarget {
  id: string;
  allowed_pipelines: { id: number; name: string }[];
  [field: string]: unknown;
}

/** Every target of acme in full, by id; a MATCH item (no id) is no target of its own. */
async function allTargets(wb: Workbench): Promise<Map<string, ApiTarget>> {
  const { targets } = await apiGet<{ targets: { id?: string }[] }>(wb, '/workspaces/acme/targets?per_page=100');
  const ids = targets.flatMap((t) => (t.id ? [t.id] : []));
  assert.deepEqual(ids, demoTargets().map((t) => t.id));
  const full = await Promise.all(ids.map((id) => apiGet<ApiTarget>(wb, `/workspaces/acme/targets/${id}`)));
  return new Map(full.map((t) => [t.id, t]));
}

/** Asserts that only the targets named in `added` changed, and only by those pipelines at the end of their lists. */
function onlyAdded(before: Map<string, ApiTarget>, after: Map<string, ApiTarget>, targetId: string, added: number[], more: Record<string, number[]> = {}): void {
  const changes: Record<string, number[]> = { [targetId]: added, ...more };
  for (const [id, target] of after) {
    const previous = before.get(id)!;
    const addedHere = changes[id];
    if (addedHere) {
      assert.deepEqual({ ...target, allowed_pipelines: [] }, { ...previous, allowed_pipelines: [] });
      assert.deepEqual(
        target.allowed_pipelines.map((p) => p.id),
        [...previous.allowed_pipelines.map((p) => p.id), ...addedHere],
      );
    } else {
      assert.deepEqual(target, previous, `target ${id} changed`);
    }
  }
}

const TITLE = 'Allow Pipeline on Target';
const STAGING = 'tg-3a71';
const FTP = 'tg-5d90';
/** Production as the Targets view and the target pick list it (the vendor's list item has no name). */
const PRODUCTION_ROW = listedTargetLabel(PRODUCTION_TARGET_ID);
/** From the palette: production, then Web App's Deploy to staging. */
const ALLOW_STAGING_ON_PRODUCTION: WizardStep[] = [
  { at: [1, 3], pick: PRODUCTION_ROW },
  { at: [2, 3], pick: 'Web App' },
  { at: [3, 3], pick: 'Deploy to staging' },
];

describe('Allow Pipeline on Target (UI, admin)', () => {
  let initial: Map<string, ApiTarget>;

  before(async () => {
    const wb = workbench();
    await openSignedIn(wb);
    await wb.expandView('Targets');
  });

  after(() => closeSignedIn(workbench()));

  beforeEach(async () => {
    initial = await resetDemoData(workbench(), allTargets);
  });

  afterEach(() => dismissInputAndNotifications(workbench()));

  it('allows Deploy to staging on production from its context menu; the view shows it without another request', async () => {
    const wb = workbench();
    await wb.waitForRows('Targets', (rows) => sameList(rows.map((r) => r.label), listedTargetRows()), 'the targets');
    await contextMenuCommand(wb, 'Targets', PRODUCTION_ROW, 'Allow Pipeline on Target…');
    await waitStep(wb, TITLE, 1, 2);
    await wb.pick('Web App');
    await waitStep(wb, TITLE, 2, 2);
    await waitPickLabels(wb, ['Build and test', 'Deploy to staging', 'Deploy to production', 'Nightly end-to-end', 'Release notes']);
    assert.equal(await pickDescription(wb, 'Deploy to production'), 'already allowed');
    assert.equal(await pickDescription(wb, 'Deploy to staging'), 'runs on push');
    if (process.env.WA_SCREENSHOTS) {
      // Away from the target row, whose hover would cover the view.
      await wb.page.mouse.move(900, 700);
      await wb.page.waitForTimeout(1500);
      await wb.readmeScreenshot('allow-pipeline');
    }
    await wb.pick('Deploy to staging');
    await wb.waitQuickInputClosed();
    await wb.waitForNotification('Pipeline Deploy to staging of project web-app may now use target Production web servers.');
    // The view takes the answer's target: its name from then on.
    const production = await wb.row('Targets', 'Production web servers');
    if ((await production.getAttribute('aria-expanded')) !== 'true') {
      await production.click();
    }
    const rows = await wb.waitForRows('Targets', (r) => sameList(r.filter((x) => x.level === 2).map((x) => x.label), ['Deploy to production', 'Deploy to staging']), 'the new allowed pipeline');
    assert.deepEqual(
      rows.filter((r) => r.level === 2).map((r) => r.label),
      ['Deploy to production', 'Deploy to staging'],
    );
    const sent = wb.emulator.requests.filter((r) => r.path.includes(PRODUCTION_TARGET_ID)).map((r) => `${r.method} ${r.path}`);
    assert.equal(sent.at(-1), `POST /workspaces/acme/targets/${PRODUCTION_TARGET_ID}/allow-pipeline`, 'no GET of the target after the POST');
    onlyAdded(initial, await allTargets(wb), PRODUCTION_TARGET_ID, [102]);
  });

  it(`from the palette: a target that allows all pipelines ${isVendor ? "(the vendor's list item does not say) marks every pipeline as allowed" : 'is said so'}, and nothing is sent`, async () => {
    const wb = workbench();
    await wb.runCommand('Workspace Automation: Allow Pipeline on Target…');
    await waitStep(wb, TITLE, 1, 3);
    assert.deepEqual(await waitPickLabels(wb, demoTargets().map((t) => listedTargetLabel(t))), demoTargets().map((t) => listedTargetLabel(t)));
    await wb.pick(listedTargetLabel(STAGING));
    if (isVendor) {
      await waitStep(wb, TITLE, 2, 3);
      await wb.pick('Web App');
      await waitStep(wb, TITLE, 3, 3);
      assert.equal(await pickDescription(wb, 'Build and test'), 'already allowed');
      assert.equal(await pickDescription(wb, 'Release notes'), 'already allowed');
      await wb.pick('Release notes');
      await wb.waitQuickInputClosed();
      await wb.waitForNotification('Pipeline Release notes is already allowed on target Staging server; nothing changed.');
    } else {
      await wb.waitQuickInputClosed();
      await wb.waitForNotification('Target Staging server allows all pipelines: there is nothing to add.');
    }
    assert.deepEqual(wb.emulator.requests.filter((r) => r.method === 'POST'), []);
    assert.deepEqual(await allTargets(wb), initial);
  });

  it('Check Pipeline Access lists the targets Build and test may not use; Enter or the ✓ button allows one', async () => {
    const wb = workbench();
    const webApp = await wb.row('Projects', 'Web App');
    if ((await webApp.getAttribute('aria-expanded')) !== 'true') {
      await webApp.click();
    }
    await contextMenuCommand(wb, 'Projects', 'Build and test', 'Check Pipeline Access…');
    await wb.waitQuickInput({ title: 'Check Pipeline Access' });
    await wb.waitQuickInput({ placeholder: /^Targets pipeline Build and test may not use/ });
    const closed = targetsClosedTo(101);
    assert.deepEqual(closed, [PRODUCTION_TARGET_ID, FTP, 'tg-b41e'], 'the demo data this test is about');
    assert.deepEqual(await waitPickLabels(wb, closed.map(fullTargetLabel)), closed.map(fullTargetLabel));
    await wb.enter();
    await wb.waitQuickInput({ placeholder: /^Targets pipeline Build and test may not use/ });
    assert.deepEqual(await waitPickLabels(wb, ['Static assets (FTP)', 'Main Kubernetes cluster']), ['Static assets (FTP)', 'Main Kubernetes cluster']);
    // The ✓ button of an item allows too.
    const assets = wb.quickInput.locator('.quick-input-list .monaco-list-row', { hasText: 'Static assets (FTP)' }).first();
    await assets.hover();
    await assets.locator('.action-label[aria-label^="Allow pipeline Build and test on this target"]').click();
    await waitPickLabels(wb, ['Main Kubernetes cluster']);
    await wb.quickInput.locator('.quick-input-box input').press('Escape');
    await wb.waitQuickInputClosed();
    // Each allow said so. Read once the list is closed: the notification center, the only place
    // notifications show under the smoke-test driver, cannot open beside the list without closing it.
    await wb.waitForNotification('Pipeline Build and test of project web-app may now use target Production web servers.');
    await wb.waitForNotification('Pipeline Build and test of project web-app may now use target Static assets (FTP).');
    onlyAdded(initial, await allTargets(wb), PRODUCTION_TARGET_ID, [101], { 'tg-5d90': [101] });
  });
});

describe('Allow Pipeline on Target (UI, refused)', () => {
  afterEach(() => closeSignedIn(workbench()));

  itInDefaultDialectOnly('hides the write commands from the palette while signed out', async () => {
    const wb = workbench();
    await openSignedOutInAcme(wb);
    await wb.openContainer();
    await wb.page.keyboard.press('F1');
    await wb.type('>Workspace Automation:');
    const labels = await waitFor('the palette to list Sign In', async () => {
      const items = await pickLabels(wb);
      return items.some((l) => /Sign In/.test(l)) ? items : undefined;
    });
    for (const title of ['Create Variable…', 'Allow Pipeline on Target…', 'Check Pipeline Access…', 'Create Project…']) {
      assert.ok(!labels.some((l) => l.includes(title)), `${title} is listed while signed out: ${labels.join(', ')}`);
    }
    await wb.cancel();
  });

  it('explains error 881 to a user whose permission on production is DENIED (denied-token)', async () => {
    const wb = workbench();
    await openSignedIn(wb, DENIED_TOKEN);
    // Signed in: the palette offers the write commands.
    await wb.page.keyboard.press('F1');
    await wb.type('>Workspace Automation: Allow Pipeline');
    await wb.waitQuickInput();
    await waitFor('Allow Pipeline on Target… in the palette', async () =>
      (await pickLabels(wb)).some((l) => l.includes('Allow Pipeline on Target…')) ? true : undefined,
    );
    await wb.cancel();
    const initial = await allTargets(wb);
    await wb.runCommand('Workspace Automation: Allow Pipeline on Target…');
    await runWizard(wb, ALLOW_STAGING_ON_PRODUCTION, { title: TITLE });
    await wb.waitQuickInputClosed();
    await wb.waitForNotification(
      'Your permission on target Production web servers does not allow changing its pipelines (access level DENIED); ask a workspace administrator.',
    );
    assert.deepEqual(
      wb.emulator.requests.filter((r) => r.method === 'POST').map((r) => r.status),
      [403],
    );
    assert.deepEqual(await allTargets(wb), initial);
  });

  it('sends for a token without TARGET_MANAGE (dev-token) and explains the 403: the scopes in both naming schemes, and what to do', async () => {
    const wb = workbench();
    await openSignedIn(wb, DEV_TOKEN);
    const initial = await allTargets(wb);
    wb.emulator.clearRequests();
    await wb.runCommand('Workspace Automation: Allow Pipeline on Target…');
    await runWizard(wb, ALLOW_STAGING_ON_PRODUCTION, { title: TITLE });
    await wb.waitQuickInputClosed();
    const message = await wb.waitForNotification(new RegExp(`^${escapeRegExp(`The server refused this (403: ${quotedMissingScope('TARGET_MANAGE')})`)}`));
    assert.match(message, /TARGET_MANAGE \(older scope names\) or TARGET_MANAGE \(2026 scope names\)/);
    assert.match(message, /Create a token with those scopes in your account's API token settings, then run "Workspace Automation: Sign In" with it/);
    assert.deepEqual(
      wb.emulator.requests.filter((r) => r.method === 'POST').map((r) => r.status),
      [403],
    );
    assert.deepEqual(await allTargets(wb), initial);
  });
});
