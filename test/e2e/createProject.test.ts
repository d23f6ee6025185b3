// Create Project as a person does it in the real editor: the Projects view's title action, a
// display name, the proposed name accepted; the new project appears in the view, selected. A taken
// name is answered with Edit, the inputs kept. After each, the project list read through the API
// shows exactly the expected change.
import * as assert from 'node:assert/strict';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { apiGet, dismissInputAndNotifications, resetDemoData } from './writeHelpers';
import { runWizard } from './wizard';
import { waitFor, workbench, type Workbench } from './workbench';

const WIZARD = { title: 'Create Project' };

async function projectNames(wb: Workbench): Promise<string[]> {
  return (await apiGet<{ projects: { name: string }[] }>(wb, '/workspaces/acme/projects?per_page=100')).projects.map((p) => p.name);
}

describe('Create Project (UI)', () => {
  let initial: string[];

  before(() => openSignedIn(workbench()));

  after(() => closeSignedIn(workbench()));

  beforeEach(async () => {
    initial = await resetDemoData(workbench(), projectNames);
  });

  afterEach(() => dismissInputAndNotifications(workbench()));

  it('creates a project from the Projects view title; it appears in the view, selected', async () => {
    const wb = workbench();
    await wb.viewAction('Projects', 'Create Project…');
    await runWizard(wb, [
      { at: [1, 2], submit: 'Billing Service' },
      { at: [2, 2], value: 'billing-service', enter: true },
    ], WIZARD);
    await wb.waitQuickInputClosed();
    await wb.waitForNotification('Created project Billing Service (billing-service) in workspace acme.');
    const row = await wb.row('Projects', 'Billing Service');
    await waitFor('the new project to be selected', async () => ((await row.getAttribute('aria-selected')) === 'true' ? true : undefined));
    assert.deepEqual(
      (await projectNames(wb)).filter((n) => !initial.includes(n)),
      ['billing-service'],
    );
    assert.equal((await projectNames(wb)).length, initial.length + 1);
  });

  it('answers a taken name with Edit: the display name and name are kept, a new name is accepted', async () => {
    const wb = workbench();
    await wb.runCommand('Workspace Automation: Create Project…');
    await runWizard(wb, [
      { at: [1, 2], submit: 'Web App' },
      { at: [2, 2], value: 'web-app', type: 'Web_App', refused: /lower-case letters, digits and dashes/, submit: 'web-app' },
    ], WIZARD);
    await wb.waitQuickInputClosed();
    await wb.clickNotificationButton('A project named web-app already exists. Choose Edit to give the new project another name.', 'Edit');
    await runWizard(wb, [
      { at: [1, 2], value: 'Web App', enter: true },
      { at: [2, 2], value: 'web-app', submit: 'web-app-2' },
    ], WIZARD);
    await wb.waitQuickInputClosed();
    await wb.waitForNotification('Created project Web App (web-app-2) in workspace acme.');
    assert.deepEqual(
      wb.emulator.requests.filter((r) => r.method === 'POST').map((r) => r.status),
      [400, 201],
    );
    assert.deepEqual(
      (await projectNames(wb)).filter((n) => !initial.includes(n)),
      ['web-app-2'],
    );
  });
});
