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

/**
 * What every editor page is opened with: no compressed answers. code-server compresses the
 * workbench's 19 MB script again for each new browser profile (about 1.5 CPU-s of a window's cost,
 * measured here); over loopback the plain bytes cost nothing.
 */
export const editorPageHeaders: Record<string, string> = { 'Accept-Encoding': 'identity' };
