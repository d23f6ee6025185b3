// Runs the UI tests (test/e2e/**/*.test.ts) with mocha against one editor session: the API
// emulator, code-server with the packaged extension installed and pointed at the emulator, and
// Chromium driven by playwright-core. A failed test (or hook) saves a screenshot and the editor's
// logs under test-results/e2e/<test title>/.
//
//   npm run test:e2e                         all UI tests
//   FILE=activation npm run test:e2e         only files whose path contains "activation"
//   GREP="Targets" npm run test:e2e          only tests whose full title matches
//   HEADED=1 npm run test:e2e                show the browser (needs a display)
//   npm run test:e2e:vendor                  the journeys against the emulator's vendor dialect
//                                            (--dialect vendor; or WA_DIALECT=vendor; FILE= still narrows)
//   npm run screenshots                      same run, README screenshots into media/screenshots/
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { isInterrupted, onCleanup, runToExit } from '../harness/cleanup';
import { applyDialectArgument, testDialect } from '../harness/emulator';
import { repoRoot } from '../harness/paths';
import { figure, startFigures, startSession } from '../harness/session';
import { testFiles } from '../harness/testFiles';
import { Workbench, setWorkbench } from './workbench';

/**
 * Whether a UI file runs in the vendor dialect too: when what it checks depends on the shapes the
 * server answers in, which the file says by reading the dialect (test/harness/dialect.ts, or the
 * emulator's testDialect / WA_DIALECT). The others (the editor's activation surface, faults, the
 * security checks, forms and flows whose answers the client reads the same way in both dialects)
 * run in the default dialect only, keeping CI within its time, as do the tests of a dialect file
 * declared with itInDefaultDialectOnly; the extension-host suite runs every command in both
 * dialects (the vendor's on the oldest editor).
 */
export function readsDialect(file: string): boolean {
  return /from '\.\.\/harness\/dialect'|\btestDialect\(|\bWA_DIALECT\b/.test(fs.readFileSync(file, 'utf8'));
}

async function main(): Promise<number> {
  const t0 = Date.now();
  applyDialectArgument();
  if (process.argv.includes('--screenshots')) {
    process.env.WA_SCREENSHOTS = '1';
  }
  const files = testFiles(__dirname, process.env.FILE).filter((f) => testDialect() === 'default' || readsDialect(f));
  // WA_REVERSE=1: the files in reverse order, so each describe meets another's handed-on window.
  if (process.env.WA_REVERSE) {
    files.reverse();
  }

  const session = await startSession();
  startFigures(session);
  const wb = new Workbench(session);
  setWorkbench(wb);
  const evidence: Promise<unknown>[] = [];
  let firstReady = 0;
  try {
    const mocha = new Mocha({
      ui: 'bdd',
      reporter: 'spec',
      // A test waits several times, each up to UI_TIMEOUT on a loaded machine.
      timeout: Number(process.env.WA_TEST_TIMEOUT) || 120_000,
      color: process.stdout.isTTY && !process.env.NO_COLOR,
      grep: process.env.GREP,
      rootHooks: {
        afterEach: [
          async function (this: Mocha.Context) {
            firstReady ||= wb.lastReadyMs;
            const t = this.currentTest;
            if (t?.state === 'failed' && !isInterrupted()) {
              const dir = await wb.saveFailure(t.fullTitle());
              console.log(`      evidence: ${path.relative(repoRoot, dir)}/`);
            }
          },
        ],
      },
    });
    for (const f of files) {
      mocha.addFile(f);
    }
    const failures = await new Promise<number>((resolve) => {
      const runner = mocha.run(resolve);
      // Ctrl+C: stop after the current test instead of running the rest against a closed editor.
      onCleanup('mocha', async () => void runner.abort(), () => undefined);
      runner.on('fail', (r: Mocha.Runnable) => {
        if ((r as Mocha.Runnable & { type?: string }).type === 'hook' && !isInterrupted()) {
          evidence.push(wb.saveFailure(r.fullTitle()).then((dir) => console.log(`      evidence: ${path.relative(repoRoot, dir)}/`)));
        }
      });
    });
    await Promise.allSettled(evidence);
    if (firstReady || wb.lastReadyMs) {
      figure('editor page load to workbench ready (first open)', firstReady || wb.lastReadyMs);
      figure('editor start to workbench ready (server start + first page load)', session.editor.startMs + (firstReady || wb.lastReadyMs));
    }
    const cost = wb.openCost;
    figure(`${cost.restarts} editor restarts of ${cost.opens} opens (stop, start to /healthz)`, cost.restartMs);
    figure(`${cost.opens} page loads to a restored workbench`, cost.loadMs);
    figure(`${cost.handedOn} windows handed on to the next describe (signed out, cleaned)`, cost.handOnMs);
    figure(`${cost.reloads} reloads to a restored workbench`, cost.reloadMs);
    figure('whole UI run', Date.now() - t0);
    return failures > 0 ? 1 : 0;
  } finally {
    setWorkbench(undefined);
    await session.stop();
  }
}

runToExit(main);
