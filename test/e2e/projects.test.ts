// Browsing the Projects view as a person does in the real editor: projects with their names,
// a project expanded into pipelines and a pipeline into actions, clicking a project (it becomes
// the Commits view's project), Open in Browser on the row, an error row with Retry, the API-disabled
// workspace's welcome, the unreachable service's welcome, and Refresh costing one request.
import * as assert from 'node:assert/strict';
import { demoProjects, projectLabel } from '../harness/dialect';
import { allDemoProjects, closeSignedIn, itInDefaultDialectOnly, openSignedIn } from './viewsHelpers';
import { demoCommits } from '../emulator/demo-data';
import { sameList, waitFor, workbench } from './workbench';

/** The Projects view lists exactly acme's projects, every one collapsed at the top level. */
const allProjects = allDemoProjects;

describe('Projects view (UI)', () => {
  // A handed-on window may keep a project an earlier describe chose. The switch back to acme and the
  // reload restore the project kept last (Web App, clicked here), and no check reads which is current.
  before(() => openSignedIn(workbench()));

  after(() => closeSignedIn(workbench()));

  it('lists the projects with display name and name, and the workspace in the title', async () => {
    const wb = workbench();
    const expected = demoProjects().map((p) => [projectLabel(p), p.name, 1, false]);
    const rows = await wb.waitForRows('Projects', (r) => sameList(r.map((x) => [x.label, x.description, x.level, x.expanded]), expected), 'the projects');
    assert.deepEqual(
      rows.map((r) => [r.label, r.description, r.level, r.expanded]),
      demoProjects().map((p) => [projectLabel(p), p.name, 1, false]),
    );
    assert.deepEqual(rows.slice(0, 4).map((r) => r.label), ['Web App', 'API Service', 'Mobile App', 'Docs']);
    const description = await waitFor('the workspace in the title', async () => {
      const text = (await wb.view('Projects').locator('.pane-header .description').innerText()).trim();
      return text === 'acme' ? text : undefined;
    });
    assert.equal(description.trim(), 'acme');
  });

  it('expands a project into its pipelines and a pipeline into its actions', async () => {
    const wb = workbench();
    await wb.clickRow('Projects', 'Web App');
    const pipelines = ['Build and test', 'Deploy to staging', 'Deploy to production', 'Nightly end-to-end', 'Release notes'];
    const withPipelines = await wb.waitForRows('Projects', (r) => sameList(r.filter((x) => x.level === 2).map((x) => x.label), pipelines), 'the pipelines');
    assert.deepEqual(
      withPipelines.filter((r) => r.level === 2).map((r) => r.label),
      ['Build and test', 'Deploy to staging', 'Deploy to production', 'Nightly end-to-end', 'Release notes'],
    );
    assert.match(withPipelines.find((r) => r.label === 'Deploy to production')!.description, /manual · failed/);
    await wb.clickRow('Projects', 'Build and test');
    const actions = [['Install dependencies', 'BUILD'], ['Unit tests', 'BUILD'], ['Lint', 'BUILD']];
    const withActions = await wb.waitForRows('Projects', (r) => sameList(r.filter((x) => x.level === 3).map((x) => [x.label, x.description]), actions), 'the actions');
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
    const newest = demoCommits('web-app')[0].message.split('\n')[0];
    await wb.waitForRows('Commits', (r) => r.length > 1 && r[0].label === newest, 'the commits of Web App, newest first');
  });

  it('offers Open in Browser on a row (inline) and Refresh in the title', async () => {
    const wb = workbench();
    const row = await wb.row('Projects', 'Web App');
    await row.hover();
    await row.locator('.actions .action-label[aria-label^="Open in Browser"]').waitFor({ state: 'visible' });
    await wb.clickRow('Projects', 'Web App'); // collapses it
    await wb.waitForRows('Projects', allProjects, 'the projects, collapsed');
    wb.emulator.clearRequests();
    await wb.viewAction('Projects', 'Refresh Projects');
    await wb.waitForRows('Projects', allProjects, 'the projects again');
    await waitFor('the refresh request', async () => (wb.emulator.requests.some((r) => r.path.startsWith('/workspaces/acme/projects?')) ? true : undefined));
    assert.equal(wb.emulator.requests.filter((r) => r.path.startsWith('/workspaces/acme/projects?')).length, 1, 'Refresh costs one request');
  });

  it('shows a failed load as an error row with Retry, and Retry recovers', async () => {
    const wb = workbench();
    wb.emulator.injectFault({ kind: '500', path: '/workspaces/acme/projects?' });
    await wb.viewAction('Projects', 'Refresh Projects');
    const rows = await wb.waitForRows('Projects', (r) => r.length === 1 && /failed/i.test(r[0].label) && /Click to retry/.test(r[0].description), 'the error row');
    assert.match(rows[0].description, /Click to retry/);
    await wb.clickRow('Projects', /failed/i);
    await wb.waitForRows('Projects', allProjects, 'the projects after Retry');
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
    await wb.waitForRows('Projects', allProjects, 'the projects of acme');
  });

  itInDefaultDialectOnly('shows the unreachable welcome, with the address in the title, when the service stops answering', async () => {
    const wb = workbench();
    const apiUrl = String(wb.userSettings()['workspaceAutomation.apiUrl']);
    // Signed in (the describe's window); from here the service cuts every connection before it
    // answers, as one that stopped would: no reload to another address and back is needed.
    wb.emulator.injectFault({ kind: 'drop', count: 100_000 });
    try {
      await wb.reload(); // a new window: the stored token, no answer
      await wb.openContainer();
      const text = await waitFor('the unreachable welcome', async () => {
        const t = await wb.welcomeText('Projects');
        return /could not be reached/.test(t) ? t : undefined;
      });
      assert.match(text, /Retry/);
      assert.match(text, /Open Settings/);
      const description = await waitFor('the address in the title', async () => {
        const shown = (await wb.view('Projects').locator('.pane-header .description').innerText()).trim();
        return shown === apiUrl ? shown : undefined;
      });
      assert.equal(description.trim(), apiUrl);
    } finally {
      wb.emulator.clearFaults();
    }
  });
});
