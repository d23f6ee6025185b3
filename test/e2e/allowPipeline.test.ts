// Allow Pipeline on Target and Check Pipeline Access as a person does them in the real editor:
// from the Targets view's context menu with admin-token (the view updates from the answer, no
// second request), error 881 with denied-token, the missing TARGET_MANAGE scope with dev-token,
// and the targets a pipeline may not use. After each, the targets read through the API show
// exactly the expected change.
import * as assert from 'node:assert/strict';
import { DENIED_TOKEN, DEV_TOKEN, PRODUCTION_TARGET_ID } from '../emulator/demo-data';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { apiGet, contextMenuCommand, dismissInputAndNotifications, pickDescription, pickLabels, resetDemoData, waitStep } from './writeHelpers';
import { waitFor, workbench, type Workbench } from './workbench';

interface ApiTarget {
  id: string;
  allowed_pipelines: { id: number; name: string }[];
  [field: string]: unknown;
}

async function allTargets(wb: Workbench): Promise<Map<string, ApiTarget>> {
  const { targets } = await apiGet<{ targets: { id: string }[] }>(wb, '/workspaces/acme/targets?per_page=100');
  const full = await Promise.all(targets.map((t) => apiGet<ApiTarget>(wb, `/workspaces/acme/targets/${t.id}`)));
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
    await wb.waitForRows('Targets', (rows) => rows.some((r) => r.label === 'Production web servers'), 'the targets');
    await contextMenuCommand(wb, 'Targets', 'Production web servers', 'Allow Pipeline on Target…');
    await waitStep(wb, TITLE, 1, 2);
    await wb.pick('Web App');
    await waitStep(wb, TITLE, 2, 2);
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
    const production = await wb.row('Targets', 'Production web servers');
    if ((await production.getAttribute('aria-expanded')) !== 'true') {
      await production.click();
    }
    const rows = await wb.waitForRows('Targets', (r) => r.some((x) => x.label === 'Deploy to staging' && x.level === 2), 'the new allowed pipeline');
    assert.deepEqual(
      rows.filter((r) => r.level === 2).map((r) => r.label),
      ['Deploy to production', 'Deploy to staging'],
    );
    const sent = wb.emulator.requests.filter((r) => r.path.includes(PRODUCTION_TARGET_ID)).map((r) => `${r.method} ${r.path}`);
    assert.equal(sent.at(-1), `POST /workspaces/acme/targets/${PRODUCTION_TARGET_ID}/allow-pipeline`, 'no GET of the target after the POST');
    onlyAdded(initial, await allTargets(wb), PRODUCTION_TARGET_ID, [102]);
  });

  it('from the palette: a target that allows all pipelines is said so, and nothing is sent', async () => {
    const wb = workbench();
    await wb.runCommand('Workspace Automation: Allow Pipeline on Target…');
    await waitStep(wb, TITLE, 1, 3);
    assert.deepEqual(await pickLabels(wb), ['Production web servers', 'Staging server', 'Static assets (FTP)', 'Main Kubernetes cluster']);
    await wb.pick('Staging server');
    await wb.waitQuickInputClosed();
    await wb.waitForNotification('Target Staging server allows all pipelines: there is nothing to add.');
    assert.deepEqual(wb.emulator.requests.filter((r) => r.method === 'POST'), []);
    assert.deepEqual(await allTargets(wb), initial);
  });

  it('Check Pipeline Access lists the targets Build and test may not use; Enter or the ✓ button allows one', async () => {
    const wb = workbench();
    const webApp = await wb.row('Projects', 'Web App');
    if ((await webApp.getAttribute('aria-expanded')) !== 'true') {
      await webApp.click();
    }
    // Open the notification center first: opening it later (through the palette) would close the list.
    await wb.showNotificationCenter();
    await contextMenuCommand(wb, 'Projects', 'Build and test', 'Check Pipeline Access…');
    await wb.waitQuickInput({ title: 'Check Pipeline Access' });
    await wb.waitQuickInput({ placeholder: /^Targets pipeline Build and test may not use/ });
    assert.deepEqual(await pickLabels(wb), ['Production web servers', 'Static assets (FTP)', 'Main Kubernetes cluster']);
    await wb.enter();
    await wb.waitForNotification('Pipeline Build and test of project web-app may now use target Production web servers.');
    await wb.waitQuickInput({ placeholder: /^Targets pipeline Build and test may not use/ });
    assert.deepEqual(await pickLabels(wb), ['Static assets (FTP)', 'Main Kubernetes cluster']);
    // The ✓ button of an item allows too.
    const assets = wb.quickInput.locator('.quick-input-list .monaco-list-row', { hasText: 'Static assets (FTP)' }).first();
    await assets.hover();
    await assets.locator('.action-label[aria-label^="Allow pipeline Build and test on this target"]').click();
    await wb.waitForNotification('Pipeline Build and test of project web-app may now use target Static assets (FTP).');
    await waitFor('the list without Static assets', async () => {
      const labels = await pickLabels(wb).catch(() => []);
      return labels.length === 1 && labels[0] === 'Main Kubernetes cluster' ? true : undefined;
    });
    // The first Escape may go to the open notification center; the list closes on the next.
    await waitFor('the list to close', async () => {
      await wb.quickInput.locator('.quick-input-box input').press('Escape');
      return (await wb.quickInput.isVisible()) ? undefined : true;
    });
    onlyAdded(initial, await allTargets(wb), PRODUCTION_TARGET_ID, [101], { 'tg-5d90': [101] });
  });
});

describe('Allow Pipeline on Target (UI, refused)', () => {
  afterEach(() => closeSignedIn(workbench()));

  it('hides the write commands from the palette while signed out', async () => {
    const wb = workbench();
    await wb.open();
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
    await waitStep(wb, TITLE, 1, 3);
    await wb.pick('Production web servers');
    await waitStep(wb, TITLE, 2, 3);
    await wb.pick('Web App');
    await waitStep(wb, TITLE, 3, 3);
    await wb.pick('Deploy to staging');
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

  it('says the token lacks TARGET_MANAGE, and how to get one (dev-token), without asking anything', async () => {
    const wb = workbench();
    await openSignedIn(wb, DEV_TOKEN);
    const initial = await allTargets(wb);
    wb.emulator.clearRequests();
    await wb.runCommand('Workspace Automation: Allow Pipeline on Target…');
    const message = await wb.waitForNotification(/^Your token lacks the TARGET_MANAGE scope/);
    assert.match(message, /create a token with it in your account's API token settings, then run "Workspace Automation: Sign In" with the new token\./);
    assert.deepEqual(wb.emulator.requests.filter((r) => r.method === 'POST'), []);
    assert.deepEqual(await allTargets(wb), initial);
  });
});
