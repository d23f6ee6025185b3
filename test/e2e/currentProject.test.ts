// The project chosen in the Projects view is kept for the window (per API address and workspace,
// in its workspace state): after a reload the Commits view shows it again, without a new choice.
import * as assert from 'node:assert/strict';
import { demoCommits } from '../emulator/demo-data';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { waitFor, workbench } from './workbench';

const SELECT_A_PROJECT = 'Select a project in the Projects view';
const newestWebAppCommit = demoCommits('web-app')[0].message.split('\n')[0];

describe('the current project after a reload (UI)', () => {
  // A handed-on window may keep a project an earlier describe chose (sign-out keeps it for the next
  // start): this test chooses web-app before it reloads, so the reload restores web-app either way.
  before(() => openSignedIn(workbench()));

  after(() => closeSignedIn(workbench()));

  it('shows the project chosen before the reload in the Commits view', async () => {
    const wb = workbench();
    await wb.collapseView('Runs');
    await wb.collapseView('Targets');
    await wb.collapseView('Variables');
    await wb.expandView('Commits');
    await wb.waitForRows('Commits', (rows) => rows.some((r) => r.label === SELECT_A_PROJECT), 'the empty state');
    await wb.clickRow('Projects', 'Web App');
    await wb.waitForRows('Commits', (rows) => rows.some((r) => r.label === newestWebAppCommit), "web-app's commits");
    // Reloaded by the browser (F5): the window does not wait for its storage, so the choice must be stored first.
    await waitFor('the choice stored in the window\'s workspace state', async () => {
      const state = await wb.storedWorkspaceState();
      const kept = Object.entries(state).find(([key]) => key.startsWith('workspaceAutomation.currentProject:'));
      return (kept?.[1] as { name?: string } | undefined)?.name === 'web-app' ? true : undefined;
    });
    await wb.reload();
    await wb.openContainer();
    const rows = await wb.waitForRows('Commits', (r) => r.some((row) => row.label === newestWebAppCommit), "web-app's commits after the reload");
    assert.ok(!rows.some((r) => r.label === SELECT_A_PROJECT), rows.map((r) => r.label).join(', '));
  });
});
