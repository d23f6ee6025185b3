// Entry point of the extension-host suite (extensionTestsPath): runs inside the real editor's
// extension host, both under code-server (test/suite/run.ts) and @vscode/test-electron
// (test/suite/run-electron.ts). Bundled by test/suite/build.ts into out/suite/index.js, next to
// one bundle per test file (out/suite/**/*.test.js), which are all discovered here.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

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

export function run(): Promise<void> {
  // Stack traces point at test/suite/*.ts (the bundles carry inline source maps).
  process.setSourceMapsEnabled(true);
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
      mocha.run((failures) => {
        if (failures > 0) {
          reject(new Error(`${failures} test(s) failed.`));
        } else if (files.length === 0) {
          reject(new Error('no test files found'));
        } else {
          resolve();
        }
      });
    } catch (e) {
      reject(e);
    }
  });
}
