// Browsing the Targets view as a person does, in the real editor: the targets with address and
// type, production expanded to its one allowed pipeline (one request), staging to "All pipelines
// allowed", the Kubernetes target (no host) to its pipeline, and Refresh.
import * as assert from 'node:assert/strict';
import { PRODUCTION_TARGET_ID } from '../emulator/demo-data';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { waitFor, workbench } from './workbench';

describe('Targets view (UI)', () => {
  before(async () => {
    const wb = workbench();
    await openSignedIn(wb);
    await wb.expandView('Targets');
  });

  after(() => closeSignedIn(workbench()));

  it('lists the targets with address and type', async () => {
    const wb = workbench();
    const rows = await wb.waitForRows('Targets', (r) => r.length === 4, 'the four acme targets');
    assert.deepEqual(
      rows.map((r) => [r.label, r.description]),
      [
        ['Production web servers', 'prod-1.example.com:22/var/www/web-app · SSH'],
        ['Staging server', '10.0.4.12:2222/srv/staging · SSH'],
        ['Static assets (FTP)', 'ftp.example.com:21/public_html/assets · FTP'],
        ['Main Kubernetes cluster', 'KUBERNETES'],
      ],
    );
    assert.ok(rows.every((r) => r.expanded === false), 'every target can be expanded');
  });

  it('expands production to its one allowed pipeline with one request', async () => {
    const wb = workbench();
    wb.emulator.clearRequests();
    await wb.clickRow('Targets', 'Production web servers');
    const rows = await wb.waitForRows('Targets', (r) => r.some((x) => x.level === 2), 'production children');
    assert.deepEqual(
      rows.filter((r) => r.level === 2).map((r) => [r.label, r.description]),
      [['Deploy to production', 'web-app']],
    );
    const sent = wb.emulator.requests.filter((r) => r.path.includes('/targets'));
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path}`),
      [`GET /workspaces/acme/targets/${PRODUCTION_TARGET_ID}`],
    );
    await wb.readmeScreenshot('targets');
    await wb.screenshot('targets-production');
  });

  it('expands staging to "All pipelines allowed" and the Kubernetes target to its pipeline', async () => {
    const wb = workbench();
    await wb.clickRow('Targets', 'Staging server');
    await wb.row('Targets', 'All pipelines allowed');
    await wb.clickRow('Targets', 'Main Kubernetes cluster');
    const rows = await wb.waitForRows('Targets', (r) => r.some((x) => x.label === 'Deploy' && x.description === 'api-service'), 'the k8s pipeline');
    assert.ok(rows.some((r) => r.label === 'Deploy to production'), 'production stays expanded');
  });

  it('Refresh loads the list again', async () => {
    const wb = workbench();
    wb.emulator.clearRequests();
    await wb.viewAction('Targets', 'Refresh Targets');
    const lists = () => wb.emulator.requests.filter((r) => /\/workspaces\/acme\/targets\?/.test(r.path));
    await waitFor('the list to be requested again', async () => (lists().length > 0 ? true : undefined));
    await wb.waitForRows('Targets', (r) => r.some((x) => x.label === 'Production web servers'), 'the refreshed list');
    assert.equal(lists().length, 1);
  });
});
