// Activation as VS Code measures it, read where a person reads it: "Developer: Show Running
// Extensions" shows, for each active extension, codeLoadingTime + activateCallTime (the extension
// host's ExtensionActivationTimes: loading the main module, then the synchronous part of
// activate()). Each run is a fresh code-server profile with one extension installed (ours, or a
// hello-world with one tree view that is built here), a fresh browser profile, and the same steps:
// wait for the built-in extensions to settle (the extension host idle), open the extension's
// container, wait for its first content, read the extension host's resident memory, open Running
// Extensions and read the row. Ours and hello-world alternate (ABBA), so drift hits both alike.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startCodeServer, type CodeServer } from '../harness/codeServer';
import { repoRoot } from '../harness/paths';

export interface ActivationRun {
  /** What Running Extensions shows: codeLoadingTime + activateCallTime, in ms. */
  activationMs: number;
  /** The extension host's VmRSS after the activation settled, in MB. */
  rssMB: number;
  /** How long the built-in extensions took to settle before the container was opened. */
  settleMs: number;
  /**
   * From the click on the activity-bar entry (the pointer's event) until the frame that draws the
   * first content, on the page's own clock (see WATCH_FIRST_CONTENT).
   */
  firstContentMs: number;
  /** The same wait as Playwright's polling saw it: from before click() until its wait ended. */
  polledMs: number;
}

export interface Subject {
  /** What the run is called in the bench's output. */
  label: string;
  /** The name Running Extensions and the activity bar show. */
  displayName: string;
  /** User settings and environment of the editor (a signed-in start). */
  settings?: Record<string, unknown>;
  env?: Record<string, string>;
  vsix: string;
  /** The extension's first content in the opened container: the elements, and a text one of them holds. */
  firstContent: FirstContent;
}

export interface FirstContent {
  selector: string;
  text?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The bench's hello-world: one activity-bar container, one tree view with one row; packaged with vsce. */
/** Our manifest's startup activation events (the hello-world's are the same, for a fair floor). */
function startupEvents(): string[] {
  const ours = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { activationEvents?: string[] };
  return (ours.activationEvents ?? []).filter((e) => e === 'onStartupFinished' || e === '*');
}

export function buildHelloWorld(outDir: string, viewCount = 1): string {
  const dir = path.join(outDir, viewCount === 1 ? 'hello-world' : `hello-world-${viewCount}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'media'), { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'media', 'activity-bar.svg'), path.join(dir, 'media', 'activity-bar.svg'));
  const manifest = {
    name: 'hello-tree',
    displayName: 'Hello Tree',
    description: viewCount === 1 ? 'The benchmark baseline: one tree view.' : `The benchmark baseline: ${viewCount} tree views, each with a row.`,
    version: '0.0.1',
    publisher: 'wa-bench',
    engines: { vscode: '^1.100.0' },
    main: './extension.js',
    // Activated when ours is (onStartupFinished: with the other extensions that start after the
    // window; what Running Extensions reports then includes waiting for them), else on its view.
    activationEvents: startupEvents(),
    contributes: {
      viewsContainers: { activitybar: [{ id: 'helloTree', title: 'Hello Tree', icon: 'media/activity-bar.svg' }] },
      views: { helloTree: Array.from({ length: viewCount }, (_, i) => ({ id: `helloTree.items${i || ''}`, name: i ? `Items ${i + 1}` : 'Items' })) },
    },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(
    path.join(dir, 'extension.js'),
    [
      "const vscode = require('vscode');",
      'exports.activate = (context) => {',
      "  const provider = { getChildren: (e) => (e ? [] : ['Hello, world']), getTreeItem: (label) => new vscode.TreeItem(label) };",
      `  for (const id of ${JSON.stringify(Array.from({ length: viewCount }, (_, i) => `helloTree.items${i || ''}`))}) context.subscriptions.push(vscode.window.createTreeView(id, { treeDataProvider: provider }));`,
      '};',
      'exports.deactivate = () => {};',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'README.md'), '# Hello Tree\n\nThe benchmark baseline: one tree view.\n');
  const vsix = path.join(outDir, viewCount === 1 ? 'hello-tree.vsix' : `hello-tree-${viewCount}.vsix`);
  execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], {
    cwd: dir,
    stdio: 'pipe',
  });
  return vsix;
}

/**
 * Our .vsix without the lazy split: dist/extension.js built with `esbuild.js --single` (src/lazy.ts
 * inside it, read and compiled at activation) in place of dist/extension.js + dist/lazy.js; the
 * rest of the package as it is. Rezipped with Python's zipfile (no zip tool is assumed).
 */
export function buildOneBundleVsix(vsix: string, outDir: string): string {
  const dist = path.join(outDir, 'one-bundle-dist');
  fs.rmSync(dist, { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(repoRoot, 'esbuild.js'), '--production', '--single', `--outdir=${dist}`], { cwd: repoRoot, stdio: 'ignore' });
  const out = path.join(outDir, 'one-bundle.vsix');
  const script = [
    'import sys, zipfile',
    'src, out, bundle = sys.argv[1:4]',
    "with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as zout:",
    '    for item in zin.infolist():',
    "        if item.filename == 'extension/dist/lazy.js':",
    '            continue',
    "        data = open(bundle, 'rb').read() if item.filename == 'extension/dist/extension.js' else zin.read(item.filename)",
    '        zout.writestr(item, data)',
  ].join('\n');
  execFileSync('python3', ['-c', script, vsix, out, path.join(dist, 'extension.js')]);
  return out;
}

/** The signed-out welcome view (its Sign In button). */
const WELCOME: FirstContent = { selector: '.sidebar .welcome-view-content' };

export const oursOneBundle = (vsix: string): Subject => ({
  label: 'Workspace Automation (signed out, one bundle: no lazy split)',
  displayName: 'Workspace Automation',
  vsix,
  firstContent: WELCOME,
});

export const helloWorld = (vsix: string, viewCount = 1): Subject => ({
  label: viewCount === 1 ? 'Hello Tree' : `Hello Tree (${viewCount} views)`,
  displayName: 'Hello Tree',
  vsix,
  firstContent: { selector: '.sidebar .monaco-list-row', text: 'Hello, world' },
});

export const ours = (vsix: string): Subject => ({
  label: 'Workspace Automation (signed out)',
  displayName: 'Workspace Automation',
  vsix,
  // Signed out in a fresh profile: the welcome view with its Sign In button.
  firstContent: WELCOME,
});

/**
 * A returning user: the token (the environment's, for the address the user settings choose) and
 * the workspace are known at start, so opening the container shows the first projects, loading
 * the views' code and making the first requests after activation.
 */
export const oursSignedIn = (vsix: string, apiUrl: string, token: string, workspace: string, firstRow: string): Subject => ({
  label: 'Workspace Automation (signed in)',
  displayName: 'Workspace Automation',
  vsix,
  settings: { 'workspaceAutomation.apiUrl': apiUrl, 'workspaceAutomation.workspace': workspace },
  env: { WORKSPACE_AUTOMATION_TOKEN: token },
  firstContent: { selector: '.sidebar .monaco-list-row', text: firstRow },
});

// ------------------------------------------------------------------------------------------------
// The extension host process, from /proc

interface ProcStat {
  pgrp: number;
  /** utime + stime, in clock ticks (1/100 s). */
  cpuTicks: number;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pgrp: Number(rest[2]), cpuTicks: Number(rest[11]) + Number(rest[12]) };
  } catch {
    return undefined;
  }
}

/** The extension host of the code-server whose process group is `pgid`. */
export async function findExtensionHost(pgid: number, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || procStat(Number(entry))?.pgrp !== pgid) {
        continue;
      }
      let cmdline = '';
      try {
        cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      if (cmdline.includes('--type=extensionHost')) {
        return Number(entry);
      }
    }
    await sleep(200);
  }
  throw new Error(`no extension host in process group ${pgid} after ${timeoutMs / 1000} s`);
}

/** Resident memory of a process (VmRSS), in MB. */
export function rssMB(pid: number): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) {
    throw new Error(`no VmRSS for process ${pid}`);
  }
  return Number(m[1]) / 1024;
}

/**
 * Waits until the process has used at most `maxTicks` clock ticks of CPU (10 ms each) over the
 * last `windowMs`, and at least `minMs` have passed; returns the time waited.
 */
export async function settle(pid: number, opts: { minMs?: number; windowMs?: number; maxTicks?: number; timeoutMs?: number } = {}): Promise<number> {
  const { minMs = 0, windowMs = 1000, maxTicks = 2, timeoutMs = 30_000 } = opts;
  const started = Date.now();
  const step = 100;
  const history: number[] = [];
  for (;;) {
    const stat = procStat(pid);
    if (!stat) {
      throw new Error(`process ${pid} is gone`);
    }
    history.push(stat.cpuTicks);
    const span = windowMs / step;
    const waited = Date.now() - started;
    if (history.length > span && waited >= minMs && stat.cpuTicks - history[history.length - 1 - span] <= maxTicks) {
      return waited;
    }
    if (waited > timeoutMs) {
      return waited;
    }
    await sleep(step);
  }
}

// ------------------------------------------------------------------------------------------------
// One run

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** Reads "Activation: N ms" of the extension's row in Running Extensions. */
async function readRunningExtensions(page: Page, displayName: string): Promise<number> {
  await runCommand(page, 'Developer: Show Running Extensions');
  const row = page.locator('.runtime-extensions-editor .monaco-list-row').filter({ has: page.locator('.name', { hasText: displayName }) });
  const list = page.locator('.runtime-extensions-editor .monaco-list').first();
  await list.waitFor({ timeout: 30_000 });
  const deadline = Date.now() + 30_000;
  let last = '';
  while (Date.now() < deadline) {
    if (await row.count()) {
      last = (await row.first().locator('.activation-time').innerText()).trim();
      const m = /(\d+)\s*ms/.exec(last);
      if (m) {
        return Number(m[1]);
      }
    } else {
      // The list is virtualized and sorted by time: a fast extension is at the bottom.
      await list.hover();
      await page.mouse.wheel(0, 300);
    }
    await sleep(100);
  }
  const shot = path.join(repoRoot, 'test-results', 'bench', `running-extensions-${Date.now()}.png`);
  fs.mkdirSync(path.dirname(shot), { recursive: true });
  await page.screenshot({ path: shot }).catch(() => undefined);
  throw new Error(`Running Extensions shows no activation time for ${displayName} (last: "${last}"; screenshot ${path.relative(repoRoot, shot)})`);
}

async function activityBarEntry(page: Page, title: string) {
  const entry = page.locator('.activitybar li.action-item').filter({ has: page.locator(`a.action-label[aria-label^="${title}"]`) });
  await entry.waitFor({ state: 'visible', timeout: 60_000 });
  return entry;
}

/**
 * Installed in the page before the click: the time from the pointer's event on the entry to the frame
 * that draws the first content, on the page's clock. Playwright's wait polls at growing intervals
 * (0, 20, 50, 100 ms…), so its end lags the content by up to 100 ms, more for content that comes
 * later: a skew between subjects, not only noise. A string, so that no bundler helper leaks in.
 */
const WATCH_FIRST_CONTENT = `({ selector, text }) => {
  let down;
  addEventListener('pointerdown', (e) => { down ??= e.timeStamp; }, { capture: true });
  // Drawn: laid out with a size, holding the text (or any text: an empty welcome holder is not the welcome).
  const shown = () =>
    [...document.querySelectorAll(selector)].some((el) => {
      const held = (el.textContent || '').trim();
      if (text ? !held.includes(text) : held.length === 0) return false;
      // Layout is read only for an element that holds the text: reading it costs the page a layout.
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
  const observer = new MutationObserver(() => {
    if (down === undefined || !shown()) return;
    observer.disconnect();
    // The next frame paints it: the end of its animation-frame turn, then the task after it.
    requestAnimationFrame(() => setTimeout(() => { window.__benchFirstContentMs = performance.now() - down; }));
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}`;

export async function measureOnce(browser: Browser, subject: Subject): Promise<ActivationRun> {
  let editor: CodeServer | undefined;
  const context = await browser.newContext({ viewport: { width: 1400, height: 1600 } });
  try {
    editor = await startCodeServer({ vsix: subject.vsix, settings: subject.settings, env: subject.env });
    const page = await context.newPage();
    await page.goto(editor.url, { waitUntil: 'domcontentloaded', timeout: 90_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
    const entry = await activityBarEntry(page, subject.displayName);
    const host = await findExtensionHost(editor.pid);
    // The built-in extensions that start with the window (and after "startup finished") settle.
    const settleMs = await settle(host, { minMs: 3000, windowMs: 1500, maxTicks: 2 });
    await page.evaluate(`(${WATCH_FIRST_CONTENT})(${JSON.stringify(subject.firstContent)})`);
    const clicked = performance.now();
    await entry.click();
    const { selector, text } = subject.firstContent;
    await page.locator(selector, text ? { hasText: text } : {}).first().waitFor({ timeout: 30_000 });
    const polledMs = performance.now() - clicked;
    const firstContentMs = Number(await (await page.waitForFunction('window.__benchFirstContentMs', undefined, { timeout: 30_000 })).jsonValue());
    await settle(host, { minMs: 500, windowMs: 1000, maxTicks: 2, timeoutMs: 10_000 });
    const rss = rssMB(host);
    const activationMs = await readRunningExtensions(page, subject.displayName);
    return { activationMs, rssMB: rss, settleMs, firstContentMs, polledMs };
  } finally {
    await context.close().catch(() => undefined);
    await editor?.stop();
  }
}

/** `runs` runs of each subject, alternating A B C C B A A B C …; `progress` is told after each run. */
export async function measureActivation(
  browser: Browser,
  subjects: Subject[],
  runs: number,
  progress: (subject: Subject, i: number, r: ActivationRun) => void,
): Promise<ActivationRun[][]> {
  const results: ActivationRun[][] = subjects.map(() => []);
  for (let i = 0; i < runs; i++) {
    const order = subjects.map((_, k) => k);
    if (i % 2 === 1) {
      order.reverse();
    }
    for (const k of order) {
      const r = await measureOnce(browser, subjects[k]);
      results[k].push(r);
      progress(subjects[k], i, r);
    }
  }
  return results;
}
