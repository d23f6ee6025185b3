// Runs the extension-host suite inside code-server through the payload method:
// the workbench is opened with extensionDevelopmentPath = test/harness/host/runner (a tiny extension
// that only carries the suite) and extensionTestsPath = out/suite/index; the extension under test is
// the installed .vsix. Console output and the exit code come back through codeAutomationLog /
// codeAutomationExit (enabled by --vscode-option enable-smoke-test-driver).
//
//   npm run test:suite                      all test/host/**/*.test.ts
//   FILE=views npm run test:suite           only files whose path contains "views"
//   GREP="Targets" npm run test:suite       only tests whose full title matches
//   npm run test:suite:vendor               the same against the emulator's vendor dialect
//                                           (--dialect vendor; or WA_DIALECT=vendor)
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import { editorPageHeaders } from '../browser';
import { onCleanup, runToExit } from '../cleanup';
import { applyDialectArgument } from '../emulator';
import { repoRoot, resultsDir } from '../paths';
import { failureDir, figure, startFigures, startSession } from '../session';
import { buildSuite, suiteOutDir } from './build';
import { SUITE_FINISHED } from './protocol';

// A bound for a hung run, not a goal: the whole suite takes 4–5 min on a quiet 2-core machine and
// 9–11 min beside CI's other stream (one run beside other work took 10.2 min, past the earlier 10).
const timeoutMs = Number(process.env.WA_SUITE_TIMEOUT) || 20 * 60_000;

async function main(): Promise<number> {
  const t0 = Date.now();
  applyDialectArgument();
  fs.rmSync(path.join(resultsDir, 'suite'), { recursive: true, force: true });
  // One output folder per run: engineers sharing a working tree may run suites at the same time.
  const outDir = `${suiteOutDir}-run-${process.pid}`;
  onCleanup('suite bundle', async () => fs.rmSync(outDir, { recursive: true, force: true }), () => fs.rmSync(outDir, { recursive: true, force: true }));
  await buildSuite({ outDir, file: process.env.FILE, grep: process.env.GREP, color: process.stdout.isTTY && !process.env.NO_COLOR });
  const session = await startSession({ env: process.env.GREP ? { GREP: process.env.GREP } : {} });
  const { editor, browser } = session;
  try {
    startFigures(session);
    const remote = (p: string) => `vscode-remote://127.0.0.1:${editor.port}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(path.join(__dirname, 'runner'))],
      ['extensionTestsPath', remote(path.join(outDir, 'index'))],
    ];
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, extraHTTPHeaders: editorPageHeaders });
    let logs: { relativePath: string; contents: string }[] = [];
    const exit = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationExit', (code: number, editorLogs?: typeof logs) => {
        logs = editorLogs ?? [];
        resolve(code);
      });
    });
    // Everything the workbench logs arrives here, the suite's console output included. Until the
    // suite starts, only keep it (printed when the run fails, or with WA_VERBOSE=1).
    const early: string[] = [];
    let suiteStarted = false;
    let suiteFinished = false;
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown) => {
      const text = Array.isArray(args) ? util.format(...(args as unknown[])) : String(args);
      suiteStarted ||= text.startsWith('[suite] ');
      suiteFinished ||= text.startsWith(SUITE_FINISHED);
      const noise = /ENOTFOUND|open-vsx\.org|marketplace|^Canceled/.test(text);
      if (process.env.WA_VERBOSE || (suiteStarted && !noise)) {
        (type === 'error' ? process.stderr : process.stdout).write(`${text}\n`);
      } else {
        early.push(`[${type}] ${text}`);
      }
    });
    page.on('pageerror', (e) => console.error(`[browser] ${e.message}`));
    const started = Date.now();
    await page.goto(`${editor.url}&payload=${encodeURIComponent(JSON.stringify(payload))}`, { waitUntil: 'domcontentloaded', timeout: 90_000 });
    let timer: NodeJS.Timeout | undefined;
    let finished = false;
    let code = await Promise.race([
      exit,
      editor.exited.then((how) => {
        if (!finished) {
          console.error(`[suite] code-server exited during the run (${how}); see its log in test-results/suite/`);
        }
        return 1;
      }),
      new Promise<number>((resolve) =>
        page.once('crash', () => {
          console.error('[suite] the workbench page crashed');
          resolve(1);
        }),
      ),
      new Promise<number>((resolve) => {
        timer = setTimeout(() => {
          console.error(`[suite] no exit code after ${timeoutMs / 1000} s: giving up`);
          resolve(124);
        }, timeoutMs);
      }),
    ]);
    finished = true;
    clearTimeout(timer);
    if (code === 0 && !suiteFinished) {
      console.error('[suite] the run ended with exit code 0, but the suite never said it finished (the extension host died?)');
      code = 1;
    }
    figure('suite run in the editor (workbench load included)', Date.now() - started);
    if (code !== 0) {
      const dir = failureDir('suite');
      fs.writeFileSync(path.join(dir, 'workbench-console.log'), early.join('\n'));
      if (!suiteStarted) {
        console.error(`[suite] the suite never started; workbench output:\n${early.slice(-60).join('\n')}`);
      }
      await page.screenshot({ path: path.join(dir, 'workbench.png') }).catch(() => undefined);
      editor.collectLogs(dir);
      for (const l of logs) {
        const dest = path.join(dir, 'vscode-logs-browser', l.relativePath);
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        fs.writeFileSync(dest, l.contents);
      }
      console.error(`[suite] failed (exit code ${code}); screenshot and editor logs in ${path.relative(repoRoot, dir)}/`);
    }
    figure('whole extension-host run', Date.now() - t0);
    return code;
  } finally {
    await session.stop();
  }
}

runToExit(main);
