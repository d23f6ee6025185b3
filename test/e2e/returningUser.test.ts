// A returning user (signed in before, the window reloaded) as a person meets them: the editor's
// Accounts menu lists the account before the sidebar was ever opened (the extension activates once
// the editor has started), no row is asked for until a view shows it (the rate budget), and the
// Projects view shows every project when opened.
import * as assert from 'node:assert/strict';
import { allDemoProjects as allProjects, closeSignedIn, openSignedIn } from './viewsHelpers';
import { waitFor, workbench } from './workbench';

const PROVIDER = '(Workspace Automation)';

describe('a returning user (UI)', () => {
  // A handed-on window may keep a project an earlier describe chose, restored by the reload: nothing
  // may be asked for it either while no view is shown.
  before(() => openSignedIn(workbench()));

  after(() => closeSignedIn(workbench()));

  it('after a reload with the Explorer shown: the account is in the Accounts menu, nothing is asked until the Projects view opens, then every project shows', async () => {
    const wb = workbench();
    await wb.waitForRows('Projects', allProjects, 'the projects before the reload');
    const before = (await wb.accountsMenuItems()).filter((l) => l.endsWith(PROVIDER));
    assert.equal(before.length, 1, `one account of ours before the reload: ${JSON.stringify(before)}`);
    // The Explorer is what the window restores: our container stays closed after the reload.
    await wb.runCommand('View: Show Explorer');
    await wb.page.locator('.sidebar .composite.title', { hasText: 'Explorer' }).first().waitFor();
    wb.emulator.clearRequests();
    // Reload Window, not a page reload: the workbench saves its state (the Explorer shown) first.
    const reloaded = wb.page.waitForEvent('load', { timeout: 90_000 });
    await wb.runCommand('Developer: Reload Window');
    await reloaded;
    await wb.ready();
    const after = await waitFor('our account in the Accounts menu, the container never opened', async () => {
      const labels = (await wb.accountsMenuItems()).filter((l) => l.endsWith(PROVIDER));
      return labels.length > 0 ? labels : undefined;
    });
    assert.deepEqual(after, before);
    const title = (await wb.page.locator('.sidebar .composite.title').allInnerTexts()).join(' | ');
    assert.match(title, /explorer/i, `the Explorer is still shown (the side bar shows ${title})`);
    const asked = wb.emulator.requests.map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(asked, [], 'no view is shown: nothing is asked');
    await wb.openContainer();
    await wb.waitForRows('Projects', allProjects, 'the projects after the reload');
  });
});
