// Launches the system Chromium through playwright-core.
import { Browser, chromium } from 'playwright-core';
import { onCleanup } from './cleanup';
import { chromiumArgs, findChromium, headless } from './chromium';

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: headless(),
    args: chromiumArgs(),
    timeout: 60_000,
  });
  const unregister = onCleanup(
    'chromium',
    async () => {
      await browser.close().catch(() => undefined);
    },
    () => undefined, // playwright kills the browsers it launched when the process exits
  );
  browser.on('disconnected', unregister);
  return browser;
}
