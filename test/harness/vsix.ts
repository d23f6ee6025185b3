// Makes sure workspace-automation.vsix exists and is newer than what goes into it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { run } from './install';
import { repoRoot, vsixPath } from './paths';

const inputs = ['src', 'media', 'package.json', 'package.nls.json', 'l10n', 'README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore', 'esbuild.js'];

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

/** A lock folder shared by the runs in this working tree (mkdir is atomic); stale after 5 min. */
async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = path.join(repoRoot, '.vscode-test', 'package.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (fs.existsSync(lock) ? fs.statSync(lock).mtimeMs : Date.now());
      if (age > 5 * 60_000 || Date.now() > deadline) {
        fs.rmSync(lock, { recursive: true, force: true });
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function isStale(): boolean {
  const built = fs.existsSync(vsixPath) ? fs.statSync(vsixPath).mtimeMs : 0;
  const newestInput = Math.max(...inputs.map((i) => newestMtime(path.join(repoRoot, i))));
  return built < newestInput;
}

/** Returns the packaged extension, packaging it when it is missing or older than its inputs. */
export async function ensureVsix(): Promise<string> {
  if (process.env.WA_VSIX) {
    return path.resolve(process.env.WA_VSIX);
  }
  if (isStale()) {
    await withLock(async () => {
      // Another run may have packaged it while this one waited for the lock.
      if (isStale()) {
        // package:vsix = production bundle + vsce, without the type check (`npm test` and
        // `npm run package` type-check first): a type error in a test file doesn't block a run.
        console.error('[harness] packaging the extension (npm run package:vsix)...');
        await run('npm', ['run', '--silent', 'package:vsix'], { cwd: repoRoot, quiet: true });
      }
    });
  }
  return vsixPath;
}
