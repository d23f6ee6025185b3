// Browsing the Targets view as a person does, in the real editor: the targets with address and
// type, production expanded to its one allowed pipeline (one request), staging to "All pipelines
// allowed", the Kubernetes target (no host) to its pipeline, and Refresh. In the vendor dialect
// the list items are the vendor's reduced ones (named by identifier), with a target whose name is
// null and a MATCH filter among them: the whole list shows.
import * as assert from 'node:assert/strict';
import { PRODUCTION_TARGET_ID } from '../emulator/demo-data';
import { NAMELESS_TARGET_ID } from '../emulator/demo-vendor';
import { isVendor, listedTargetLabel, listedTargetRows } from '../harness/dialect';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { sameList, waitFor, workbench } from './workbench';

describe('Targets view (UI)', () => {
  before(async () => {
    const wb = workbench();
    await openSignedIn(wb);
    // The tree renders only the rows that fit: give Targets the sidebar's height, so that the
    // vendor list (six targets) shows whole with three of them expanded.
    await wb.collapseView('Projects');
    await wb.collapseView('Commits');
    await wb.collapseView('Variables');
    await wb.expandView('Targets');
  });

  after(() => closeSignedIn(workbench()));

  it(`lists the targets with address and type${isVendor ? ', the nameless target and the MATCH filter among them' : ''}`, async () => {
    const wb = workbench();
    const defaultRows = [
      ['Production web servers', 'prod-1.example.com:22/var/www/web-app · SSH'],
      ['Staging server', '10.0.4.12:2222/srv/staging · SSH'],
      ['Static assets (FTP)', 'ftp.example.com:21/public_html/assets · FTP'],
      ['Main Kubernetes cluster', 'KUBERNETES'],
    ];
    // The vendor's list items carry no name: the identifier stands in (edge-sftp has no name at all).
    const vendorRows = [
      ['production', 'prod-1.example.com:22/var/www/web-app · SSH'],
      ['staging', '10.0.4.12:2222/srv/staging · SSH'],
      ['assets-ftp', 'ftp.example.com:21/public_html/assets · FTP'],
      ['k8s-main', 'KUBERNETES'],
      ['edge-sftp', 'edge.example.com:22/srv/edge · SFTP'],
      ['prod-hosts', 'MATCH · scope WORKSPACE'],
    ];
    const rows = await wb.waitForRows('Targets', (r) => sameList(r.map((x) => [x.label, x.description]), isVendor ? vendorRows : defaultRows), 'the acme targets');
    assert.deepEqual(
      rows.map((r) => [r.label, r.description]),
      isVendor ? vendorRows : defaultRows,
    );
    assert.deepEqual(
      rows.map((r) => r.expanded),
      isVendor ? [false, false, false, false, false, undefined] : [false, false, false, false],
      'every target can be expanded; a MATCH filter cannot',
    );
  });

  it('expands production to its one allowed pipeline with one request', async () => {
    const wb = workbench();
    wb.emulator.clearRequests();
    await wb.clickRow('Targets', listedTargetLabel(PRODUCTION_TARGET_ID));
    const rows = await wb.waitForRows('Targets', (r) => sameList(r.filter((x) => x.level === 2).map((x) => [x.label, x.description]), [['Deploy to production', 'web-app']]), 'production children');
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
    await wb.clickRow('Targets', listedTargetLabel('tg-3a71'));
    await wb.row('Targets', 'All pipelines allowed');
    await wb.clickRow('Targets', listedTargetLabel('tg-b41e'));
    const rows = await wb.waitForRows(
      'Targets',
      (r) => r.some((x) => x.label === 'Deploy' && x.description === 'api-service') && r.some((x) => x.label === 'Deploy to production') && r.some((x) => x.label === 'All pipelines allowed'),
      'the k8s pipeline, production and staging expanded',
    );
    assert.ok(rows.some((r) => r.label === 'Deploy to production'), 'production stays expanded');
  });

  if (isVendor) {
    it('(vendor dialect only: its demo data) expands the nameless target to its pipeline; the MATCH filter has no children', async () => {
      const wb = workbench();
      wb.emulator.clearRequests();
      await wb.clickRow('Targets', listedTargetLabel(NAMELESS_TARGET_ID));
      const rows = await wb.waitForRows('Targets', (r) => r.some((x) => x.label === 'Build and test' && x.description === 'web-app'), 'the pipeline edge-sftp allows');
      assert.deepEqual(
        wb.emulator.requests.filter((r) => r.path.includes('/targets')).map((r) => `${r.method} ${r.path} ${r.status}`),
        [`GET /workspaces/acme/targets/${NAMELESS_TARGET_ID} 200`],
      );
      await wb.clickRow('Targets', 'prod-hosts');
      const after = await wb.treeRows('Targets');
      assert.equal(after.find((r) => r.label === 'prod-hosts')?.expanded, undefined);
      assert.equal(after.length, rows.length, 'clicking the filter adds no row');
      assert.ok(!wb.emulator.requests.some((r) => r.path.includes('prod-hosts') || r.path.includes('undefined')), 'nothing asked for the filter');
    });
  }

  it('Refresh loads the list again', async () => {
    const wb = workbench();
    wb.emulator.clearRequests();
    await wb.viewAction('Targets', 'Refresh Targets');
    const lists = () => wb.emulator.requests.filter((r) => /\/workspaces\/acme\/targets\?/.test(r.path));
    await waitFor('the list to be requested again', async () => (lists().length > 0 ? true : undefined));
    await wb.waitForRows('Targets', (r) => sameList(r.filter((x) => x.level === 1).map((x) => x.label), listedTargetRows()), 'the refreshed list');
    assert.equal(lists().length, 1);
  });
});
