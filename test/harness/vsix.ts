// Makes sure workspace-automation.vsix exists and is newer than what goes into it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { run } from './install';
import { repoRoot, vsixPath } from './paths';

const inputs = ['src', 'media', 'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore', 'esbuild.js'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) {
    return 0;
  }
  const st = fs.statSync(p);
  if (!st.isDirectory()) {
    return st.mtimeMs;
  }
  let newest = st.mtimeMs;
  for (const e of fs.readdirSync(p)) {
    newest = Math.max(newest, newestMtime(path.join(p, e)));
  }
  return newest;
}

/** Returns the packaged extension, running `npm run package` when it is missing or stale. */
export async function ensureVsix(): Promise<string> {
  if (process.env.WA_VSIX) {
    return path.resolve(process.env.WA_VSIX);
  }
  const built = fs.existsSync(vsixPath) ? fs.statSync(vsixPath).mtimeMs : 0;
  const newestInput = Math.max(...inputs.map((i) => newestMtime(path.join(repoRoot, i))));
  if (built < newestInput) {
    console.error('[harness] packaging the extension (npm run package)...');
    await run('npm', ['run', '--silent', 'package'], { cwd: repoRoot, quiet: true });
  }
  return vsixPath;
}
