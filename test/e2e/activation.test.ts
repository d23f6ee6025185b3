// The packaged extension installs and activates in the real editor, and its activity-bar
// container shows its Projects view (Commits and Targets join it once signed in).
import * as assert from 'node:assert/strict';
import { closeSignedIn, openSignedOutInAcme } from './viewsHelpers';
import { CONTAINER_TITLE, waitFor, workbench } from './workbench';

describe('activation (UI)', () => {
  // A new window (the extension's activation in it is what is checked), handed on after.
  before(() => openSignedOutInAcme(workbench(), { newWindow: true }));

  after(() => closeSignedIn(workbench()));

  it('shows the Workspace Automation entry in the activity bar', async () => {
    const wb = workbench();
    await wb.activityBarEntry(CONTAINER_TITLE).waitFor({ state: 'visible' });
  });

  it('opens the container with the Projects view; Commits and Targets wait for a sign-in', async () => {
    const wb = workbench();
    await wb.openContainer();
    await wb.page.locator('.sidebar .composite.title', { hasText: CONTAINER_TITLE }).waitFor();
    await wb.view('Projects').waitFor();
    const titles = await wb.viewTitles();
    assert.ok(!titles.includes('Commits') && !titles.includes('Targets'), JSON.stringify(titles));
  });

  it('is active: its views show its own welcome content (signed out), not an empty view', async () => {
    const wb = workbench();
    await wb.openContainer();
    const text = await waitFor('the Projects welcome content', async () => (await wb.welcomeText('Projects')) || undefined);
    assert.doesNotMatch(text, /no data provider/i);
    assert.match(text, /sign in/i);
  });

  it('runs one of its commands from the command palette', async () => {
    const wb = workbench();
    await wb.runCommand('Workspace Automation: Open Settings');
    await waitFor('the Settings editor', async () => ((await wb.activeEditorTitle()) === 'Settings' ? true : undefined));
    await wb.page.locator('.settings-editor .setting-item-contents', { hasText: 'Api Url' }).first().waitFor();
  });

  it('lists the extension as installed (from the .vsix) in the Extensions view', async () => {
    const wb = workbench();
    await wb.runCommand('Extensions: Show Installed Extensions');
    const item = wb.page.locator('.extensions-viewlet .extension-list-item', { hasText: 'Workspace Automation' }).first();
    await item.waitFor({ state: 'visible' });
    await wb.openContainer();
  });
});
