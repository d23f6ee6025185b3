// Accounts as a person meets them (issue 24): Sign In with OAuth approved on the emulator's consent
// page in the test browser (the answer at a loopback listener), an expired access token renewed
// without asking, a second account (a token, at a second emulator on another port) beside it and
// Switch Account… between the two (each with its workspace and project; the Projects title and the
// status bar name the shown one), then Sign Out of one from the editor's Accounts menu while the
// other keeps working.
import * as assert from 'node:assert/strict';
import { startEmulator, type Emulator } from '../emulator';
import { testDialect } from '../harness/emulator';
import { OAUTH_SETTINGS, openForLoopbackOAuth, startOAuthSignIn } from './oauthConsentPage';
import { demoTokens, waitFor, workbench } from './workbench';
import { API_URL_SETTING, changeSettingsAndReload, WORKSPACE_SETTING } from './viewsHelpers';

const CLIENT_ID = 'wa-ui-test';

/** "GET /user 200" lines of an emulator's log, the query left out. */
const logLines = (emu: Emulator): string[] => emu.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`);

describe('accounts (UI)', () => {
  let second: Emulator;
  let loopback: string;
  let savedApiUrl: unknown;
  /** The run's emulator: Alice's account (OAuth). */
  let firstUrl: string;
  const alice = (): string => `Alice Admin (${firstUrl})`;
  const dave = (): string => `Dave Developer (${second.url})`;

  before(async () => {
    const wb = workbench();
    second = await startEmulator({ dialect: testDialect() });
    savedApiUrl = wb.userSettings()[API_URL_SETTING];
    loopback = await openForLoopbackOAuth(wb, CLIENT_ID, 'Workspace Automation (UI test)');
    firstUrl = wb.emulator.url;
  });

  after(async () => {
    const wb = workbench();
    wb.setUserSettings({ [WORKSPACE_SETTING]: undefined, [API_URL_SETTING]: savedApiUrl, ...Object.fromEntries(OAUTH_SETTINGS.map((k) => [k, undefined])) });
    await wb.close();
    await second.close();
  });

  it('signs in with OAuth: approved on the consent page in the browser, the answer back at the editor', async () => {
    const wb = workbench();
    const consent = await startOAuthSignIn(wb, CLIENT_ID);
    assert.match(await consent.locator('body').innerText(), /Workspace Automation \(UI test\)/);
    await consent.getByRole('button', { name: 'Approve' }).click();
    await consent
      .getByText('Signed in. You can close this tab')
      .waitFor()
      .catch(async (e: Error) => {
        throw new Error(`${e.message}; the browser shows ${consent.url()}: ${(await consent.locator('body').innerText().catch(() => '')).slice(0, 300)}`);
      });
    assert.equal(new URL(consent.url()).origin + new URL(consent.url()).pathname, loopback);
    await consent.close();

    await wb.waitForRows('Projects', (rows) => rows.some((r) => r.label === 'Web App'), 'the projects after the OAuth sign-in');
    assert.match(await wb.waitForNotification(/Signed in to/), /as Alice Admin/);
    assert.equal(logLines(wb.emulator).filter((l) => l.startsWith('POST /oauth2/token')).join(), 'POST /oauth2/token 200', 'one code exchanged');
    await wb.clearNotifications();
  });

  it('renews an expired access token without asking: the refreshed view loads, one renewal for every view', async () => {
    const wb = workbench();
    await wb.clickRow('Projects', 'Web App'); // Alice's project (the Commits view follows it)
    await waitFor('the Commits view to follow Web App', async () => ((await wb.viewDescription('Commits')).startsWith('Web App') ? true : undefined));
    wb.emulator.clock.advance((wb.emulator.oauth.lifetimes.accessTokenS + 5) * 1000);
    wb.emulator.clearRequests();
    await wb.viewAction('Projects', 'Refresh');
    await waitFor('the renewal and the projects again', async () =>
      logLines(wb.emulator).includes('POST /oauth2/token 200') && logLines(wb.emulator).some((l) => /^GET \/workspaces\/acme\/projects 200$/.test(l)) ? true : undefined,
    );
    const log = logLines(wb.emulator);
    assert.ok(log.indexOf('GET /workspaces/acme/projects 401') < log.indexOf('POST /oauth2/token 200'), `refused, then renewed: ${JSON.stringify(log)}`);
    assert.equal(log.filter((l) => l.startsWith('POST /oauth2/token')).length, 1, `one renewal: ${JSON.stringify(log)}`);
    await wb.waitForRows('Projects', (rows) => rows.some((r) => r.label === 'Web App'), 'the projects after the renewal');
    assert.equal(await wb.page.locator('.quick-input-widget').isVisible(), false, 'nothing asked');
    const notices = await wb.notifications();
    assert.deepEqual(notices.filter((n) => /sign in again|has ended|Sign In/i.test(n)), [], JSON.stringify(notices));
    await wb.clearNotifications();
  });

  it('a second account (a token, at another address) beside it; Switch Account… shows each with its workspace and project', async () => {
    const wb = workbench();
    // The second account: its address in the settings (the window signed out there), then Sign In with Dave's token.
    await changeSettingsAndReload(wb, { [API_URL_SETTING]: second.url }, /API URL setting/);
    await wb.runCommand('Workspace Automation: Sign In');
    await wb.waitQuickInput({ title: /Sign In/ });
    await wb.submit(demoTokens.developer);
    await wb.waitQuickInputClosed();
    await wb.waitForRows('Projects', (rows) => rows.some((r) => r.label === 'Docs'), 'Dave\'s projects');
    await wb.clickRow('Projects', 'Docs');
    await waitFor('the Commits view to follow Docs', async () => ((await wb.viewDescription('Commits')).startsWith('Docs') ? true : undefined));
    await waitFor('the title to name Dave', async () => ((await wb.viewDescription('Projects')) === `acme · ${dave()}` ? true : undefined));

    // The status bar names the shown account; its click switches.
    const item = wb.page.locator('.statusbar-item', { hasText: dave() }).first();
    await item.waitFor({ state: 'visible' });
    await wb.parkPointer();
    await item.locator('a, .statusbar-item-label').first().click();
    await wb.waitQuickInput({ title: /Switch Account/ });
    // Each account with how it signed in (the detail lines are listed with the labels), the shown one first.
    assert.deepEqual(await wb.quickPickItems(), [dave(), 'Shown now · Signed in with a personal access token', alice(), 'Signed in with OAuth', 'Sign In to Another Account…']);
    second.clearRequests();
    wb.emulator.clearRequests();
    await wb.pick(alice());
    await wb.waitQuickInputClosed();
    await waitFor('the title to name Alice', async () => ((await wb.viewDescription('Projects')) === `acme · ${alice()}` ? true : undefined));
    await waitFor('Alice\'s project in Commits', async () => ((await wb.viewDescription('Commits')).startsWith('Web App') ? true : undefined));
    await wb.page.locator('.statusbar-item', { hasText: alice() }).first().waitFor({ state: 'visible' });
    await waitFor('Alice\'s projects read at her address', async () => (logLines(wb.emulator).includes('GET /workspaces/acme/projects 200') ? true : undefined));
    assert.deepEqual(logLines(second), [], 'nothing asked at Dave\'s address while Alice is shown');

    // Back to Dave from the palette.
    await wb.runCommand('Workspace Automation: Switch Account…');
    await wb.waitQuickInput({ title: /Switch Account/ });
    await wb.pick(dave());
    await wb.waitQuickInputClosed();
    await waitFor('the title to name Dave again', async () => ((await wb.viewDescription('Projects')) === `acme · ${dave()}` ? true : undefined));
    await waitFor('Dave\'s project in Commits', async () => ((await wb.viewDescription('Commits')).startsWith('Docs') ? true : undefined));
  });

  it('Sign Out of the other account from the editor\'s Accounts menu: exactly that one goes, the shown one keeps working', async () => {
    const wb = workbench();
    const menu = await wb.accountsMenuItems();
    assert.deepEqual(
      menu.filter((l) => l.endsWith('(Workspace Automation)')).sort(),
      [`${alice()} (Workspace Automation)`, `${dave()} (Workspace Automation)`].sort(),
    );
    await wb.accountsMenu(`${alice()} (Workspace Automation)`, 'Sign Out');
    assert.match(await wb.answerDialog('Sign Out'), new RegExp(`Sign out of '${alice().replace(/[()]/g, '\\$&')}'`));

    await waitFor('the title to drop the account\'s name (one left)', async () => ((await wb.viewDescription('Projects')) === 'acme' ? true : undefined));
    assert.equal(await wb.page.locator('.statusbar-item', { hasText: dave() }).count(), 0, 'no account item with one account');
    second.clearRequests();
    await wb.viewAction('Projects', 'Refresh');
    await wb.waitForRows('Projects', (rows) => rows.some((r) => r.label === 'Docs'), 'Dave\'s projects after the sign-out of Alice');
    await waitFor('Dave\'s projects read again', async () => (logLines(second).includes('GET /workspaces/acme/projects 200') ? true : undefined));
    assert.deepEqual((await wb.accountsMenuItems()).filter((l) => l.endsWith('(Workspace Automation)')), [`${dave()} (Workspace Automation)`]);
    await wb.runCommand('Workspace Automation: Switch Account…');
    await wb.waitQuickInput({ title: /Switch Account/ });
    assert.deepEqual(await wb.quickPickItems(), [dave(), 'Shown now · Signed in with a personal access token', 'Sign In to Another Account…']);
    await wb.cancel();
  });
});
