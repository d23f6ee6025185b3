// Which test files a run takes: every *.test.ts under a folder, narrowed by FILE.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './paths';

/**
 * The *.test.ts files under `dir`, sorted, skipping folders named in `skipFolders`. With `file`,
 * only those whose path relative to the repository contains it (or that are it); several, comma-separated,
 * take the files of each; none is an error.
 */
export function testFiles(dir: string, file?: string, skipFolders: readonly string[] = []): string[] {
  const find = (d: string): string[] =>
    fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        return skipFolders.includes(e.name) ? [] : find(p);
      }
      return e.name.endsWith('.test.ts') ? [p] : [];
    });
  const all = find(dir).sort();
  if (!file) {
    return all;
  }
  const parts = file.split(',').filter(Boolean);
  const chosen = all.filter((t) => parts.some((f) => path.relative(repoRoot, t).includes(f) || t === path.resolve(f)));
  if (chosen.length === 0) {
    throw new Error(`FILE=${file} matches no ${path.relative(repoRoot, dir)}/**/*.test.ts file`);
  }
  return chosen;
}
