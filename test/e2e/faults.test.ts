// Faults as a person meets them in the real editor: a list the server keeps failing shows an error
// row with a Retry action, and Retry fills the view; an Allow Pipeline whose POST loses its
// connection shows a notification with Retry and Edit, is not sent again by itself, and Retry
// (the answers kept) allows the pipeline with one more POST.
import * as assert from 'node:assert/strict';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { sameList, waitFor, workbench } from './workbench';
import { runWizard } from './wizard';
import { PRODUCTION_TARGET_ID } from '../emulator/demo-data';
import { fullTargetLabel, listedTargetLabel, listedTargetRows } from '../harness/dialect';

describe('faults (UI)', () => {
  before(async () => {
    const wb = workbench();
    await openSignedIn(wb);
    await wb.expandView('Targets');
    await wb.waitForRows('Targets', (r) => sameList(r.map((x) => x.label), listedTargetRows()), 'the acme targets');
  });

  after(() => closeSignedIn(workbench()));

  it('a failing list: an error row with Retry after three tries, and Retry fills the view', async () => {
    const wb = workbench();
    wb.emulator.injectFault({ kind: '503', count: 10, path: '/workspaces/acme/targets?' });
    wb.emulator.clearRequests();
    await wb.viewAction('Targets', 'Refresh Targets');
    const rows = await wb.waitForRows(
      'Targets',
      (r) => sameList(r.map((x) => [x.label, x.description]), [['The service failed: Service unavailable.', 'Click to retry']]),
      'the error row',
    );
    assert.match(rows[0].label, /^The service failed: Service unavailable\.$/);
    assert.equal(rows[0].description, 'Click to retry');
    const lists = () => wb.emulator.requests.filter((r) => /\/workspaces\/acme\/targets\?/.test(r.path));
    assert.deepEqual(
      lists().map((r) => r.status),
      [503, 503, 503],
      'one try and two retries',
    );
    wb.emulator.clearFaults();
    await wb.rowAction('Targets', /Service unavailable/, 'Retry');
    await wb.waitForRows('Targets', (r) => sameList(r.map((x) => x.label), listedTargetRows()), 'the targets after Retry');
    assert.deepEqual(
      lists().map((r) => r.status),
      [503, 503, 503, 200],
    );
  });

  it('Allow Pipeline whose POST is cut off: Retry and Edit offered, nothing re-sent by itself, Retry allows it', async () => {
    const wb = workbench();
    wb.emulator.injectFault({ kind: 'drop', count: 1, method: 'POST', path: '/allow-pipeline' });
    wb.emulator.clearRequests();
    await wb.runCommand('Workspace Automation: Allow Pipeline on Target…');
    await runWizard(wb, [
      { placeholder: /Choose a deployment target/, pick: listedTargetLabel(PRODUCTION_TARGET_ID) },
      { placeholder: /Choose a project/, pick: 'Web App' },
      { placeholder: /Choose the pipeline of web-app/, pick: 'Deploy to staging' },
    ]);
    await wb.waitQuickInputClosed();
    const posts = () => wb.emulator.requests.filter((r) => r.method === 'POST');
    const failure = new RegExp(`Could not allow pipeline Deploy to staging on target ${fullTargetLabel(PRODUCTION_TARGET_ID)}`);
    await wb.waitForNotification(failure);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(posts().length, 1, 'the POST that may have reached the server is not repeated by itself');
    await wb.clickNotificationButton(failure, 'Retry');
    await waitFor('the second POST', async () => (posts().length === 2 ? true : undefined));
    await wb.waitForNotification(`Pipeline Deploy to staging of project web-app may now use target ${fullTargetLabel(PRODUCTION_TARGET_ID)}.`);
    assert.deepEqual(
      posts().map((r) => r.status),
      [0, 200],
    );
  });
});
