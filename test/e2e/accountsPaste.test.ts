// Sign In with OAuth when the browser cannot come back to the editor (issue 24): the consent
// approved on the emulator, the address it redirected to pasted by hand with "Paste the
// Address…". A pasted address with another state, or at another address, ends in a clear message
// and nothing stored; the right one signs in. Then the renewal refused (the refresh token past its
// lifetime on the emulator's clock): one "sign in again" notification and one token request,
// the account signed out (the extension-host tests count the requests of several views at once).
import * as assert from 'node:assert/strict';
import { freePort } from '../harness/freePort';
import { consentRedirect } from '../harness/oauthConsent';
import { consentPage, OAUTH_SETTINGS, openForLoopbackOAuth } from './oauthConsentPage';
import { waitFor, workbench } from './workbench';
import { WORKSPACE_SETTING } from './viewsHelpers';

const CLIENT_ID = 'wa-ui-paste';
/** The waiting notification, which offers the paste as a link (and goes when the wait ends). */
const WAITING = /^Waiting for the browser to sign in to .*Paste the Address… if the browser cannot come back to the editor$/;

describe('accounts: Paste the Address… (UI)', () => {
  let loopback: string;
  const logLines = (): string[] => workbench().emulator.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`);
  const tokenRequests = (): string[] => logLines().filter((l) => l.startsWith('POST /oauth2/token'));
  const ourAccounts = async (): Promise<string[]> => (await workbench().accountsMenuItems()).filter((l) => l.endsWith('(Workspace Automation)'));

  before(async () => {
    const wb = workbench();
    loopback = await openForLoopbackOAuth(wb, CLIENT_ID, 'Workspace Automation (paste test)');
  });

  after(async () => {
    const wb = workbench();
    wb.setUserSettings({ [WORKSPACE_SETTING]: undefined, ...Object.fromEntries(OAUTH_SETTINGS.map((k) => [k, undefined])) });
    await wb.close();
  });

  /**
   * Runs Sign In with OAuth; the browser shows the consent page, which is approved on the emulator
   * while the browser never reaches the editor; resolves with where the emulator redirected.
   */
  async function approvedElsewhere(): Promise<URL> {
    const wb = workbench();
    await wb.clearNotifications();
    const opened = wb.page.context().waitForEvent('page');
    await wb.runCommand('Workspace Automation: Sign In with OAuth');
    // The application at this address: the configured id confirmed, then its secret (a public
    // application: none), asked until a sign-in succeeds with them.
    await wb.waitQuickInput({ title: /Sign In with OAuth/ });
    assert.match(await wb.quickInputMessage(), /client id of the application registered at/);
    await wb.enter();
    await wb.waitQuickInputMessage(/client secret/);
    await wb.submit('');
    const consent = await consentPage(opened, wb.emulator);
    const redirect = await consentRedirect(consent.url(), 'approve');
    await consent.close();
    assert.equal(`${redirect.origin}${redirect.pathname}`, loopback);
    return redirect;
  }

  async function paste(address: string): Promise<void> {
    const wb = workbench();
    await wb.clickNotificationLink(WAITING, 'Paste the Address…');
    await wb.waitQuickInput({ title: /Sign In with OAuth/ });
    assert.match(await wb.quickInputMessage(), /The address the browser ended on/);
    await wb.submit(address);
    await wb.waitQuickInputClosed();
  }

  async function nothingStored(): Promise<void> {
    const wb = workbench();
    assert.deepEqual(tokenRequests(), [], 'no code exchanged');
    assert.equal(wb.emulator.oauth.stats().accessTokensIssued, 0);
    assert.deepEqual(await ourAccounts(), [], 'no account in the Accounts menu');
    assert.match(await wb.welcomeText('Projects'), /Sign in/i);
  }

  it('a pasted address with another state: refused with a clear message, nothing stored', async () => {
    const wb = workbench();
    const redirect = await approvedElsewhere();
    redirect.searchParams.set('state', 'forged-state');
    await paste(redirect.href);
    assert.match(await wb.waitForNotification(/^The sign-in with OAuth failed/), /state that does not match the request/);
    await nothingStored();
  });

  it('a pasted address at another address than the registered redirect: refused with a clear message, nothing stored', async () => {
    const wb = workbench();
    const redirect = await approvedElsewhere();
    const elsewhere = new URL(redirect.href);
    elsewhere.port = String((await freePort()));
    await paste(elsewhere.href);
    const message = await wb.waitForNotification(/^The sign-in with OAuth failed/);
    assert.match(message, /came back to an address other than the expected one/);
    assert.ok(!message.includes(redirect.searchParams.get('code') ?? '-'), 'the code is not shown');
    await nothingStored();
  });

  it('the address the emulator redirected to, pasted: signed in, the projects listed, one code exchanged', async () => {
    const wb = workbench();
    const redirect = await approvedElsewhere();
    await paste(redirect.href);
    await wb.waitForRows('Projects', (rows) => rows.some((r) => r.label === 'Web App'), 'the projects after the pasted sign-in');
    assert.match(await wb.waitForNotification(/^Signed in to/), /as Alice Admin/);
    assert.deepEqual(tokenRequests(), ['POST /oauth2/token 200']);
    assert.deepEqual(await ourAccounts(), [`Alice Admin (${wb.emulator.url}) (Workspace Automation)`]);
    const notices = await wb.notifications();
    assert.deepEqual(notices.filter((n) => /Waiting for the browser|Paste the Address/.test(n)), [], `the waiting notification went with the wait: ${JSON.stringify(notices)}`);
  });

  it('a renewal refused (the refresh token past its lifetime) while several views load at once: one "sign in again", one token request, the account signed out', async () => {
    const wb = workbench();
    await wb.clickRow('Projects', 'Web App'); // the Commits view follows it: after the reload two views ask at once
    await waitFor('the Commits view to follow Web App', async () => ((await wb.viewDescription('Commits')).startsWith('Web App') ? true : undefined));
    wb.emulator.clock.advance((wb.emulator.oauth.lifetimes.refreshTokenS + 5) * 1000);
    wb.emulator.clearRequests();
    // Slow answers: every shown view has asked before the first refusal comes back, however
    // loaded the machine (the case under test is several requests meeting one refused renewal).
    wb.emulator.setLatency(1500);
    const ended = `The sign-in to Alice Admin (${wb.emulator.url}) has ended: sign in again to go on.`;
    try {
      await wb.reload(); // the window again: every shown view loads, each with the expired token
      await wb.waitForNotification(ended);
    } finally {
      wb.emulator.setLatency(0);
    }
    await waitFor('the signed-out welcome', async () => (/Sign in/i.test(await wb.welcomeText('Projects')) ? true : undefined));
    const refusedRequests = logLines().filter((l) => / 401$/.test(l));
    assert.ok(refusedRequests.length >= 2, `several requests refused: ${JSON.stringify(logLines())}`);
    assert.deepEqual(tokenRequests(), ['POST /oauth2/token 400'], JSON.stringify(logLines()));
    const notices = await wb.notifications();
    assert.deepEqual(notices.filter((n) => /has ended|sign in again/i.test(n)), [ended], JSON.stringify(notices));
    // The Accounts menu is told after the secrets go: read until it shows it (the last rows in the error).
    await waitFor('the account gone from the Accounts menu', async () => {
      const inMenu = await ourAccounts();
      if (inMenu.length > 0) {
        throw new Error(`the menu lists ${JSON.stringify(inMenu)}`);
      }
      return true;
    });
  });
});
