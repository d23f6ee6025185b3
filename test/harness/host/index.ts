// Entry point of the extension-host suite (extensionTestsPath): runs inside the real editor's
// extension host, both under code-server (run.ts) and @vscode/test-electron (run-electron.ts).
// Bundled by build.ts into out/suite/index.js, next to one bundle per test/host/ test file
// (out/suite/**/*.test.js), which are all discovered here.
import * as fs from 'node:fs';
import { findSourceMap } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import Mocha from 'mocha';
import { SUITE_FINISHED } from './protocol';

interface SuiteOptions {
  grep?: string;
  timeout?: number;
  color?: boolean;
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

function readOptions(): SuiteOptions {
  const file = path.join(__dirname, 'options.json');
  const fromFile: SuiteOptions = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  return {
    grep: process.env.GREP || fromFile.grep,
    timeout: Number(process.env.WA_TEST_TIMEOUT) || fromFile.timeout || 30_000,
    color: fromFile.color ?? false,
  };
}

/**
 * Stack traces through the suite's bundles point at the TypeScript sources (the bundles carry
 * inline source maps). The extension host installs its own Error.prepareStackTrace, which bypasses
 * Node's source-map support, so frames of our bundles are mapped here; other errors go to the
 * extension host's formatter unchanged.
 */
function mapStackTraces(): void {
  process.setSourceMapsEnabled(true);
  const original = Error.prepareStackTrace;
  const mapFrame = (f: NodeJS.CallSite): string => {
    const file = f.getFileName();
    const line = f.getLineNumber();
    const column = f.getColumnNumber();
    const sm = file && file.startsWith(__dirname) && line !== null && column !== null ? findSourceMap(file) : undefined;
    const entry = sm?.findEntry(line! - 1, column! - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
    if (!entry?.originalSource) {
      return f.toString();
    }
    const src = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(file!), entry.originalSource);
    const where = `${src}:${entry.originalLine! + 1}:${entry.originalColumn! + 1}`;
    const fn = f.getFunctionName() ?? f.getMethodName();
    return fn ? `${fn} (${where})` : where;
  };
  Error.prepareStackTrace = (error, frames) => {
    if (!frames.some((f) => f.getFileName()?.startsWith(__dirname))) {
      return original ? original(error, frames) : `${String(error)}\n${frames.map((f) => `    at ${f.toString()}`).join('\n')}`;
    }
    // Frames in this bundle are mocha's internals: leave them out, as mocha does.
    const shown = frames.filter((f) => f.getFileName() !== __filename);
    return `${String(error)}\n${shown.map((f) => `    at ${mapFrame(f)}`).join('\n')}`;
  };
}

export function run(): Promise<void> {
  mapStackTraces();
  const options = readOptions();
  const mocha = new Mocha({ ui: 'bdd', color: options.color, timeout: options.timeout, reporter: 'spec' });
  if (options.grep) {
    mocha.grep(options.grep);
  }
  const files = walk(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  for (const f of files) {
    mocha.addFile(f);
  }
  console.log(`[suite] ${files.length} test file(s): ${files.map((f) => path.relative(__dirname, f)).join(', ')}`);
  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        if (failures > 0) {
          reject(new Error(`${failures} test(s) failed.`));
        } else if (files.length === 0) {
          reject(new Error('no test files found'));
        } else if (!runner.stats?.passes) {
          reject(new Error('no test ran (FILE or GREP matched none?)'));
        } else {
          console.log(`${SUITE_FINISHED} ${runner.stats.passes} passed`);
          resolve();
        }
      });
      reportTimings(runner);
    } catch (e) {
      reject(e);
    }
  });
}

/**
 * Where the suite's time goes, printed when the run ends (before mocha's callback): the time in
 * hooks overall, and the slowest test files.
 */
function reportTimings(runner: Mocha.Runner): void {
  let hooksMs = 0;
  const byFile = new Map<string, number>();
  const started = new Map<Mocha.Suite, number>();
  runner.on('hook end', (hook) => {
    hooksMs += hook.duration ?? 0;
  });
  runner.on('suite', (suite) => {
    if (suite.file && suite.parent?.root) {
      started.set(suite, Date.now());
    }
  });
  runner.on('suite end', (suite) => {
    const start = started.get(suite);
    if (start !== undefined && suite.file) {
      const name = path.basename(suite.file);
      byFile.set(name, (byFile.get(name) ?? 0) + Date.now() - start);
    }
  });
  runner.once('end', () => {
    const slowest = [...byFile].sort((x, y) => y[1] - x[1]).slice(0, 8);
    console.log(`[figure] time in hooks: ${(hooksMs / 1000).toFixed(1)} s; slowest files: ${slowest.map(([f, ms]) => `${f} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  });
}
