// The reading of a folder's git config (imported from src: a copy of the module, which is fine for
// functions without state), which a hostile folder may make a FIFO or a link to /dev/zero. The
// parsing and comparing of the addresses is tested in test/unit/workspace/repoAddress.test.ts.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { readGitRemotes } from '../../src/gitRemote';

describe('projects: git remote addresses', () => {
  describe("a folder's git files are read only when regular and small", () => {
    let dir: string;
    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-git-'));
    });
    after(() => {
      fs.rmSync(dir, { recursive: true, force: true });
    });

    /** A folder whose .git/config is made by `make`; its remotes, or a failure after 3 s (an endless read). */
    async function remotesOf(name: string, make: (config: string) => void): Promise<string[]> {
      const folder = path.join(dir, name);
      fs.mkdirSync(path.join(folder, '.git'), { recursive: true });
      make(path.join(folder, '.git', 'config'));
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${name}: still reading after 3 s`)), 3000));
      return Promise.race([readGitRemotes(vscode.Uri.file(folder)), timeout]);
    }

    it('a regular config is read (a control)', async () => {
      assert.deepEqual(
        await remotesOf('regular', (f) => fs.writeFileSync(f, '[remote "origin"]\n\turl = git@git.example.com:acme/web-app.git\n')),
        ['git@git.example.com:acme/web-app.git'],
      );
    });

    it('a FIFO, a link to /dev/zero and a huge file give no remote, at once', async () => {
      assert.deepEqual(await remotesOf('fifo', (f) => execFileSync('mkfifo', [f])), []);
      assert.deepEqual(await remotesOf('zero', (f) => fs.symlinkSync('/dev/zero', f)), []);
      assert.deepEqual(
        await remotesOf('huge', (f) => fs.writeFileSync(f, `[remote "origin"]\n\turl = https://git.example.com/a/b.git\n${'#'.repeat(2 * 1024 * 1024)}\n`)),
        [],
      );
    });
  });
});
