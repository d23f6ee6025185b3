// OAuth sign-in in the UI tests: an editor set up for the loopback answer with an application
// registered on the emulator, and the consent page it opens in the test browser, at the
// emulator's own address.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Emulator } from '../emulator';
import { freePort } from '../harness/freePort';
import { WORKSPACE_SETTING } from './viewsHelpers';
import type { Workbench } from './workbench';

/** The OAuth settings a test sets (cleared in its after()). */
export const OAUTH_SETTINGS = ['clientId', 'redirect', 'loopbackPort'].map((k) => `workspaceAutomation.oauth.${k}`);

/**
 * Opens a new window (signed out, the emulator back to its demo data) whose OAuth sign-in
 * answers at a loopback listener, with a public application (PKCE, no secret) `clientId`
 * registered on the emulator for it, and opens the container. Resolves the redirect address.
 */
export async function openForLoopbackOAuth(wb: Workbench, clientId: string, clientName: string): Promise<string> {
  const port = await freePort();
  const loopback = `http://127.0.0.1:${port}/callback`;
  wb.setUserSettings({
    [WORKSPACE_SETTING]: 'acme',
    'workspaceAutomation.oauth.clientId': clientId,
    'workspaceAutomation.oauth.redirect': 'loopback',
    'workspaceAutomation.oauth.loopbackPort': port,
  });
  await wb.open();
  wb.emulator.oauth.registerClient({ redirect_uris: [loopback], token_endpoint_auth_method: 'none', client_name: clientName }, { clientId });
  await wb.openContainer();
  return loopback;
}

/**
 * Opens a new window (signed out, the emulator back to its demo data) whose OAuth sign-in
 * answers at the editor's own redirect (the default), as a new user would: the address is read
 * from "Show the OAuth Redirect Address", then a public application `clientId` registered with it
 * on the emulator. Resolves the address shown.
 */
export async function openForEditorOAuth(wb: Workbench, clientId: string, clientName: string): Promise<string> {
  wb.setUserSettings({ [WORKSPACE_SETTING]: 'acme', 'workspaceAutomation.oauth.clientId': clientId });
  await wb.open();
  await wb.openContainer();
  await wb.runCommand('Workspace Automation: Show the OAuth Redirect Address');
  const shown = await wb.waitForNotification(/^Register this redirect address with your OAuth application: /);
  const address = shown.replace(/^Register this redirect address with your OAuth application: /, '');
  wb.emulator.oauth.registerClient({ redirect_uris: [address], token_endpoint_auth_method: 'none', client_name: clientName }, { clientId });
  await wb.clearNotifications();
  return address;
}

/**
 * Waits for the page opened with the authorize address and shows it at the emulator's address.
 * code-server opens a localhost address through its own /proxy/<port>/ path (for a browser on
 * another machine), which the emulator refuses (it answers only at its own address, against DNS
 * rebinding). The browser here is on the emulator's machine: the same address, opened directly.
 */
export async function consentPage(opened: Promise<Page>, emulator: Pick<Emulator, 'url' | 'port'>): Promise<Page> {
  const consent = await opened;
  await consent.waitForLoadState('domcontentloaded');
  const proxied = new RegExp(`/proxy/${emulator.port}(/oauth2/authorize\\?.*)$`).exec(consent.url());
  if (proxied) {
    await consent.goto(`${emulator.url}${proxied[1]}`);
  }
  assert.match(consent.url(), new RegExp(`^${emulator.url}/oauth2/authorize\\?`));
  return consent;
}

/**
 * Runs Sign In with OAuth as a person does with a public application: the client id proposed for
 * this address (the configured `clientId`) confirmed, no secret; resolves the consent page the
 * browser opens (consentPage).
 */
export async function startOAuthSignIn(wb: Workbench, clientId: string): Promise<Page> {
  await wb.runCommand('Workspace Automation: Sign In with OAuth');
  await wb.waitQuickInput({ title: /Sign In with OAuth/ });
  // The configured client id is proposed for this address, to confirm (issue 32); then the secret.
  assert.match(await wb.quickInputMessage(), /client id of the application registered at/);
  assert.equal(await wb.quickInputValue(), clientId);
  await wb.enter();
  await wb.waitQuickInputMessage(/client secret/);
  const opened = wb.page.context().waitForEvent('page');
  await wb.submit(''); // a public application: no secret
  return consentPage(opened, wb.emulator);
}
