// Bundles the extension-host suite with esbuild: out/suite/index.js (this folder's index.ts, with
// mocha inside) and one bundle per test/host/**/*.test.ts file, at its path under test/host/.
// `vscode` stays external (the extension host provides it).
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { extensionHostBundle } from '../bundle';
import { repoRoot } from '../paths';
import { testFiles } from '../testFiles';

export const suiteOutDir = path.join(repoRoot, 'out', 'suite');
const hostTestsDir = path.join(repoRoot, 'test', 'host');

export interface BuildOptions {
  /** Output folder (default out/suite); runners use one per run so parallel runs don't collide. */
  outDir?: string;
  /** Only test files whose path (relative to the repo) contains this string. */
  file?: string;
  grep?: string;
  color?: boolean;
}

/** Builds the suite into opts.outDir (default out/suite); returns the compiled test files. */
export async function buildSuite(opts: BuildOptions = {}): Promise<string[]> {
  const outDir = opts.outDir ?? suiteOutDir;
  const tests = testFiles(hostTestsDir, opts.file, ['node_modules']);
  fs.rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    ...extensionHostBundle,
    entryPoints: [
      { in: path.join(__dirname, 'index.ts'), out: 'index' },
      ...tests.map((t) => ({ in: t, out: path.relative(hostTestsDir, t).replace(/\.ts$/, '') })),
    ],
    outdir: outDir,
    // mocha's optional loaders (ESM, parallel mode) are never used inside the extension host.
    logOverride: { 'require-resolve-not-external': 'silent', 'unsupported-dynamic-import': 'silent' },
  });
  fs.writeFileSync(
    path.join(outDir, 'options.json'),
    JSON.stringify({ grep: opts.grep, color: opts.color ?? false }, null, 2),
  );
  return tests.map((t) => path.join(outDir, path.relative(hostTestsDir, t).replace(/\.ts$/, '.js')));
}

if (require.main === module) {
  buildSuite({ file: process.env.FILE, grep: process.env.GREP }).then(
    (files) => console.log(`built ${files.length} test file(s) into ${suiteOutDir}`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
