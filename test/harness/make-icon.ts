// Renders media/icon.png (256x256: the Marketplace wants at least 128x128, and shows it sharp on
// high-density screens at twice that) from the activity-bar SVG
// with Chromium. Run once when the artwork changes: `npx tsx test/harness/make-icon.ts`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from './chromium';
import { repoRoot } from './paths';

async function main(): Promise<void> {
  const svg = fs
    .readFileSync(path.join(repoRoot, 'media', 'activity-bar.svg'), 'utf8')
    .replace('stroke="currentColor"', 'stroke="#ffffff"')
    .replace('width="24" height="24"', 'width="88" height="88"');
  const html = `<html><body style="margin:0;background:transparent">
    <div style="width:128px;height:128px;border-radius:24px;background:linear-gradient(135deg,#2f6fd6,#174a9c);
      display:flex;align-items:center;justify-content:center">${svg}</div></body></html>`;
  const browser = await chromium.launch({ executablePath: findChromium(true), args: chromiumArgs(), headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 2 });
    await page.setContent(html);
    const out = path.join(repoRoot, 'media', 'icon.png');
    await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: 128, height: 128 } });
    console.log(`wrote ${out}`);
  } finally {
    await browser.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
