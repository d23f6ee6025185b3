// The sign-in flow as a person goes through it in the real editor: the welcome's Sign In button,
// the token in a password box (a bad one refused with the server's reason, the box staying open),
// the workspace pick, the projects listed, Sign Out (the account-type steps with Back: withoutApiUrl.test.ts).
import * as assert from 'node:assert/strict';
import { MODERN_TOKEN, NO_TOKEN_INFO_TOKEN, NO_USER_INFO_TOKEN } from '../emulator/demo-data';
import { demoProjects, dialectTag, listedTargetRows, projectLabel } from '../harness/dialect';
import { closeSignedIn, itInDefaultDialectOnly, openSignedOutInAcme, signInWith, useSignedOutEditor, WORKSPACE_SETTING } from './viewsHelpers';
import { demoTokens, sameList, waitFor, workbench } from './workbench';

describe('sign in (UI)', () => {
  // Its tests end signed out after a sign-in to acme (the window wrote the workspace): the window goes on.
  useSignedOutEditor({ handOn: true });

  itInDefaultDialectOnly('shows the signed-out welcome with a Sign In button once, in the Projects view', async () => {
    const wb = workbench();
    const text = await waitFor('the Projects welcome', async () => {
      const t = await wb.welcomeText('Projects');
      return /Sign in with a personal access token/.test(t) ? t : undefined;
    });
    assert.match(text, /Sign in with a personal access token/);
    assert.equal(await wb.page.locator('.sidebar .welcome-view-content').count(), 1);
  });

  it('asks for the token in a password box and refuses a bad one with the server reason, keeping the box open', async () => {
    const wb = workbench();
    await wb.clickWelcome('Projects', 'Sign In');
    await wb.waitQuickInput({ title: /Workspace Automation: Sign In/ });
    // apiUrl is set (the emulator): no account-type step; one step shows no step counter ("1/1").
    assert.equal(await wb.quickInputTitle(), 'Workspace Automation: Sign In');
    assert.match(await wb.quickInputMessage(), /Paste a personal access token for http:\/\/127\.0\.0\.1:\d+/);
    assert.equal(await wb.page.locator('.quick-input-widget .quick-input-box input').getAttribute('type'), 'password');
    await wb.submit('not-a-real-token');
    await wb.waitQuickInputMessage(/The server refused this token: Unauthorized\./);
    assert.ok(await wb.page.locator('.quick-input-widget').isVisible(), 'the box stays open');
    assert.equal(
      wb.emulator.requests.filter((r) => r.path === '/user' && r.status === 401).length,
      1,
      'the token was checked with GET /user',
    );
  });

  it('signs in with admin-token, asks for the workspace, and lists its projects', async () => {
    const wb = workbench();
    await wb.submit(demoTokens.admin);
    await wb.waitQuickInput({ placeholder: /Choose the workspace/ });
    assert.equal(await wb.quickInputTitle(), 'Workspace Automation: Select Workspace', 'one step: no step counter');
    const items = await waitFor('the workspaces', async () => {
      const listed = await wb.quickPickItems();
      return sameList(listed, ['Acme', 'Dormant Labs']) ? listed : undefined;
    });
    assert.deepEqual(items, ['Acme', 'Dormant Labs']);
    await wb.pick('Acme');
    await wb.waitQuickInputClosed();
    const rows = await wb.waitForRows('Projects', (r) => sameList(r.map((x) => x.label), demoProjects().map(projectLabel)), 'the projects');
    assert.deepEqual(
      rows.slice(0, 4).map((r) => [r.label, r.description]),
      [
        ['Web App', 'web-app'],
        ['API Service', 'api-service'],
        ['Mobile App', 'mobile-app'],
        ['Docs', 'docs'],
      ],
    );
    assert.equal(wb.userSettings()[WORKSPACE_SETTING], 'acme');
    // Storing the token and then the workspace are two changes, yet the list is fetched once.
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(
      wb.emulator.requests.filter((r) => r.path.startsWith('/workspaces/acme/projects?')).map((r) => r.path),
      ['/workspaces/acme/projects?page=1&per_page=20'],
    );
    assert.ok(!JSON.stringify(wb.userSettings()).includes(demoTokens.admin), 'no token in settings.json');
    const status = wb.page.locator('.statusbar-item', { hasText: /\d[\d,]*\/5,000/ });
    await status.first().waitFor({ state: 'visible' });
    assert.match(await wb.waitForNotification(/Signed in to/), /as Alice Admin/);
  });

  it('signs out from the view menu: the welcome comes back', async () => {
    const wb = workbench();
    await wb.openContainer();
    await wb.viewMenu('Projects', 'Sign Out');
    const text = await waitFor('the signed-out welcome', async () => {
      const t = await wb.welcomeText('Projects');
      return /Sign in with a personal access token/.test(t) ? t : undefined;
    });
    assert.ok(text);
    assert.match(await wb.waitForNotification(/Signed out/), /Signed out of Workspace Automation/);
  });
});

describe(`sign in (UI) with the real service's token variations ${dialectTag}`, () => {
  before(async () => {
    const wb = workbench();
    await openSignedOutInAcme(wb);
    await wb.openContainer();
  });

  afterEach(async () => {
    const wb = workbench();
    await wb.runCommand('Workspace Automation: Sign Out');
    await waitFor('the signed-out welcome', async () => (/Sign in with a personal access token/.test(await wb.welcomeText('Projects')) ? true : undefined));
    await wb.clearNotifications();
  });

  after(() => closeSignedIn(workbench()));

  const cases = [
    { token: MODERN_TOKEN, what: 'the 2026 scope names only', greeting: / as Alice Admin\.$/, refused: [] as string[] },
    { token: NO_TOKEN_INFO_TOKEN, what: 'no TOKEN_INFO, GET /user/token refused', greeting: / as Alice Admin\.$/, refused: ['/user/token'] },
    { token: NO_USER_INFO_TOKEN, what: 'no USER_INFO, GET /user refused: a greeting without a name', greeting: /^Signed in to http:\/\/127\.0\.0\.1:\d+\.$/, refused: ['/user'] },
  ];
  for (const c of cases) {
    it(`${c.token} (${c.what}): signed in with the Sign In command, the projects and targets listed`, async () => {
      const wb = workbench();
      wb.emulator.clearRequests();
      await signInWith(wb, c.token);
      await wb.expandView('Targets'); // shown once signed in
      const projects = await wb.waitForRows('Projects', (r) => sameList(r.map((x) => x.label), demoProjects().map(projectLabel)), 'the projects');
      assert.deepEqual(projects.map((r) => r.label), demoProjects().map(projectLabel));
      const targets = await wb.waitForRows('Targets', (r) => sameList(r.map((x) => x.label), listedTargetRows()), 'the targets');
      assert.deepEqual(targets.map((r) => r.label), listedTargetRows());
      assert.deepEqual(
        wb.emulator.requests.filter((r) => r.status === 403).map((r) => r.path),
        c.refused,
        'only the token checks its scopes do not cover are refused',
      );
      assert.match(await wb.waitForNotification(/^Signed in to /), c.greeting);
    });
  }
});
