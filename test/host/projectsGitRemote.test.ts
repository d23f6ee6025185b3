// The repository-address comparison behind the git-remote match (pure functions, imported from
// src: a copy of the module, which is fine for functions without state), and the reading of a
// folder's git config, which a hostile folder may make a FIFO or a link to /dev/zero.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { normalizeRepoUrl, parseRemotes, readGitRemotes, repoName, sameRepository, slug } from '../../src/views/projects/gitRemote';

describe('projects: git remote addresses', () => {
  it('reduces every spelling of one repository to host/path', () => {
    const same = [
      'https://git.example.com/acme/web-app.git',
      'https://user@git.example.com/acme/web-app',
      'https://GIT.example.com/Acme/Web-App.git/',
      'ssh://git@git.example.com:2222/acme/web-app.git',
      'git@git.example.com:acme/web-app.git',
      'git.example.com:acme/web-app',
      'git://git.example.com/acme/web-app.git',
    ];
    for (const url of same) {
      assert.equal(normalizeRepoUrl(url), 'git.example.com/acme/web-app', url);
    }
    assert.ok(sameRepository(same[0], same[4]));
    assert.ok(!sameRepository('https://git.example.com/acme/web-app.git', 'https://git.example.com/acme/web-app-2.git'));
    assert.ok(!sameRepository('https://github.com/acme/web-app.git', 'https://git.example.com/acme/web-app.git'));
    assert.ok(!sameRepository(null, 'https://git.example.com/acme/web-app.git'));
    assert.equal(normalizeRepoUrl(''), undefined);
  });

  it('takes the repository name and compares names as slugs', () => {
    assert.equal(repoName('git@git.example.com:acme/web-app.git'), 'web-app');
    assert.equal(repoName('https://git.example.com/acme/Web_App/'), 'web_app');
    assert.equal(slug('Web App'), 'web-app');
    assert.equal(slug('web_app'), 'web-app');
    assert.equal(slug('  --API  Service-- '), 'api-service');
  });

  it('reads the remotes of a git config, origin first, ignoring other sections and comments', () => {
    const config = [
      '[core]',
      '\tbare = false',
      '; a comment',
      '[remote "upstream"]',
      '\turl = https://example.org/other/thing.git',
      '[remote "origin"]',
      '\turl = "git@git.example.com:acme/web-app.git"',
      '\tfetch = +refs/heads/*:refs/remotes/origin/*',
      '[branch "main"]',
      '\turl = not-a-remote',
    ].join('\n');
    assert.deepEqual(parseRemotes(config), ['git@git.example.com:acme/web-app.git', 'https://example.org/other/thing.git']);
    assert.deepEqual(parseRemotes('[core]\n\tbare = true\n'), []);
  });

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
