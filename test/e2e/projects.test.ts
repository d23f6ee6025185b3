// Browsing the Projects view as a person does in the real editor: projects with their names,
// a project expanded into pipelines and a pipeline into actions, clicking a project (it becomes
// the Commits view's project), Open in Browser on the row, an error row with Retry, the API-disabled
// workspace's welcome, the unreachable service's welcome, and Refresh costing one request.
import * as assert from 'node:assert/strict';
import { startEmulator } from '../emulator';
import { demoProjects, dialect, projectLabel } from '../harness/dialect';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { demoTokens, waitFor, workbench } from './workbench';

/** acme's projects in the run's dialect (the vendor's demo data adds one without a display name). */
const PROJECT_COUNT = demoProjects().length;

describe('Projects view (UI)', () => {
  before(() => openSignedIn(workbench()));

  after(() => closeSignedIn(workbench()));

  it('lists the projects with display name and name, and the workspace in the title', async () => {
    const wb = workbench();
    const rows = await wb.waitForRows('Projects', (r) => r.length === PROJECT_COUNT, 'the projects');
    assert.deepEqual(
      rows.map((r) => [r.label, r.description, r.level, r.expanded]),
      demoProjects().map((p) => [projectLabel(p), p.name, 1, false]),
    );
    assert.deepEqual(rows.slice(0, 4).map((r) => r.label), ['Web App', 'API Service', 'Mobile App', 'Docs']);
    const description = await wb.view('Projects').locator('.pane-header .description').innerText();
    assert.equal(description.trim(), 'acme');
  });

  it('expands a project into its pipelines and a pipeline into its actions', async () => {
    const wb = workbench();
    await wb.clickRow('Projects', 'Web App');
    const withPipelines = await wb.waitForRows('Projects', (r) => r.some((x) => x.label === 'Deploy to production'), 'the pipelines');
    assert.deepEqual(
      withPipelines.filter((r) => r.level === 2).map((r) => r.label),
      ['Build and test', 'Deploy to staging', 'Deploy to production', 'Nightly end-to-end', 'Release notes'],
    );
    assert.match(withPipelines.find((r) => r.label === 'Deploy to production')!.description, /manual · failed/);
    await wb.clickRow('Projects', 'Build and test');
    const withActions = await wb.waitForRows('Projects', (r) => r.some((x) => x.label === 'Unit tests'), 'the actions');
    assert.deepEqual(
      withActions.filter((r) => r.level === 3).map((r) => [r.label, r.description]),
      [
        ['Install dependencies', 'BUILD'],
        ['Unit tests', 'BUILD'],
        ['Lint', 'BUILD'],
      ],
    );
    await wb.readmeScreenshot('projects', { clip: wb.page.locator('.sidebar') });
  });

  it('makes the clicked project the Commits view project', async () => {
    const wb = workbench();
    // Web App was clicked above; the Commits view loads its commits.
    await wb.expandView('Commits');
    await waitFor('the Commits view to ask for the commits of web-app', async () =>
      wb.emulator.requests.some((r) => r.path.startsWith('/workspaces/acme/projects/web-app/repository/commits')) ? true : undefined,
    );
    const description = wb.view('Commits').locator('.pane-header .description');
    await waitFor('the Commits view to name Web App', async () => (/Web App/.test(await description.innerText()) ? true : undefined));
    await wb.waitForRows('Commits', (r) => r.length > 1, 'the commits of Web App');
  });

  it('offers Open in Browser on a row (inline) and Refresh in the title', async () => {
    const wb = workbench();
    const row = await wb.row('Projects', 'Web App');
    await row.hover();
    await row.locator('.actions .action-label[aria-label^="Open in Browser"]').waitFor({ state: 'visible' });
    await wb.clickRow('Projects', 'Web App'); // collapses it
    await wb.waitForRows('Projects', (r) => r.length === PROJECT_COUNT, 'the projects, collapsed');
    wb.emulator.clearRequests();
    await wb.viewAction('Projects', 'Refresh Projects');
    await wb.waitForRows('Projects', (r) => r.length === PROJECT_COUNT, 'the projects again');
    await waitFor('the refresh request', async () => (wb.emulator.requests.some((r) => r.path.startsWith('/workspaces/acme/projects?')) ? true : undefined));
    assert.equal(wb.emulator.requests.filter((r) => r.path.startsWith('/workspaces/acme/projects?')).length, 1, 'Refresh costs one request');
  });

  it('shows a failed load as an error row with Retry, and Retry recovers', async () => {
    const wb = workbench();
    wb.emulator.injectFault({ kind: '500', path: '/workspaces/acme/projects?' });
    await wb.viewAction('Projects', 'Refresh Projects');
    const rows = await wb.waitForRows('Projects', (r) => r.length === 1 && /failed/i.test(r[0].label), 'the error row');
    assert.match(rows[0].description, /Click to retry/);
    await wb.clickRow('Projects', /failed/i);
    await wb.waitForRows('Projects', (r) => r.length === PROJECT_COUNT, 'the projects after Retry');
  });

  it('shows the API-disabled welcome for the dormant workspace, and comes back with Select Workspace', async () => {
    const wb = workbench();
    await wb.runCommand('Workspace Automation: Select Workspace…');
    await wb.waitQuickInput({ placeholder: /Choose the workspace/ });
    await wb.pick('Dormant Labs');
    const text = await waitFor('the API-disabled welcome', async () => {
      const t = await wb.welcomeText('Projects');
      return /developer API is disabled/.test(t) ? t : undefined;
    });
    assert.match(text, /Developer API section, check "Enable developer API"/);
    await wb.readmeScreenshot('api-disabled', { clip: wb.page.locator('.sidebar') });
    await wb.clickWelcome('Projects', 'Select Workspace');
    await wb.waitQuickInput({ placeholder: /Choose the workspace/ });
    await wb.pick('Acme');
    await wb.waitForRows('Projects', (r) => r.length === PROJECT_COUNT, 'the projects of acme');
  });

  it('shows the unreachable welcome, with the address in the title, when the service stops answering', async () => {
    const wb = workbench();
    const apiUrl = wb.userSettings()['workspaceAutomation.apiUrl'];
    // A second emulator of our own, signed in to, then stopped.
    const other = await startEmulator({ port: 0, dialect });
    let stopped = false;
    try {
      wb.setUserSettings({ 'workspaceAutomation.apiUrl': other.url });
      await wb.reload();
      await wb.openContainer();
      await wb.runCommand('Workspace Automation: Sign In');
      await wb.waitQuickInput({ title: /Sign In/ });
      assert.match(await wb.quickInputMessage(), new RegExp(`token for ${other.url.replace(/[.]/g, '\\.')}`));
      await wb.submit(demoTokens.admin);
      await wb.waitQuickInputClosed();
      await wb.waitForRows('Projects', (r) => r.length === PROJECT_COUNT, 'the projects of the second emulator');
      await other.close();
      stopped = true;
      await wb.reload(); // a new window: the stored token, no answer
      await wb.openContainer();
      const text = await waitFor('the unreachable welcome', async () => {
        const t = await wb.welcomeText('Projects');
        return /could not be reached/.test(t) ? t : undefined;
      });
      assert.match(text, /Retry/);
      assert.match(text, /Open Settings/);
      const description = await wb.view('Projects').locator('.pane-header .description').innerText();
      assert.equal(description.trim(), other.url);
    } finally {
      if (!stopped) {
        await other.close();
      }
      wb.setUserSettings({ 'workspaceAutomation.apiUrl': apiUrl });
      await wb.reload();
    }
  });
});
