// The consent page Sign In with OAuth opens in the test browser, at the emulator's own address.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Emulator } from '../emulator';

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
