// Create Project as a person does it in the real editor: the Projects view's title action, a
// display name, the proposed name accepted; the new project appears in the view, selected. A taken
// name is answered with Edit, the inputs kept. After each, the project list read through the API
// shows exactly the expected change.
import * as assert from 'node:assert/strict';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { apiGet, dismissInputAndNotifications, resetDemoData, waitStep, waitValue } from './writeHelpers';
import { waitFor, workbench, type Workbench } from './workbench';

const TITLE = 'Create Project';

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
    await waitStep(wb, TITLE, 1, 2);
    await wb.submit('Billing Service');
    await waitStep(wb, TITLE, 2, 2);
    await waitValue(wb, 'billing-service');
    await wb.enter();
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
    await waitStep(wb, TITLE, 1, 2);
    await wb.submit('Web App');
    await waitStep(wb, TITLE, 2, 2);
    await waitValue(wb, 'web-app');
    await wb.type('Web_App');
    await wb.waitQuickInputMessage(/lower-case letters, digits and dashes/);
    await wb.submit('web-app');
    await wb.waitQuickInputClosed();
    await wb.clickNotificationButton('A project named web-app already exists. Choose Edit to give the new project another name.', 'Edit');
    await waitStep(wb, TITLE, 1, 2);
    await waitValue(wb, 'Web App');
    await wb.enter();
    await waitStep(wb, TITLE, 2, 2);
    await waitValue(wb, 'web-app');
    await wb.submit('web-app-2');
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
