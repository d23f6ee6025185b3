// The repository-address comparison behind the Projects view's git-remote match, and the parsing
// of a git config's remotes (vscode-free; the reading of the files is tested in test/host).
import * as assert from 'node:assert/strict';
import { normalizeRepoUrl, parseRemotes, repoName, sameRepository, slug } from '../../../src/workspace/repoAddress';

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

  it('trims the address, keeps ".git" inside a name, and takes one or more trailing slashes', () => {
    assert.equal(normalizeRepoUrl('  git@git.example.com:acme/web-app.git  '), 'git.example.com/acme/web-app');
    assert.equal(normalizeRepoUrl('https://github.com/acme/acme.github.io.git'), 'github.com/acme/acme.github.io');
    assert.equal(normalizeRepoUrl('https://git.example.com/acme/web-app.git//'), 'git.example.com/acme/web-app');
    assert.equal(normalizeRepoUrl('https://git.example.com/acme/web-app//.git'), 'git.example.com/acme/web-app');
  });

  it('reads no repository from what is not an address, and finds no match between two such', () => {
    assert.equal(normalizeRepoUrl('not an address'), undefined);
    assert.equal(normalizeRepoUrl('my laptop:acme/web-app'), undefined);
    assert.ok(!sameRepository('not an address', 'nor this'));
    assert.equal(repoName('not an address'), undefined);
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

  it('keeps the order of the other remotes after origin, and reads spaced or unspaced lines', () => {
    const config = [
      '[remote "upstream"]',
      'url=https://example.org/up.git',
      '[ remote  "fork" ]',
      '\tpushurl = https://example.org/push-only.git',
      '\turl = git@example.org:me/fork.git',
      '[remote "origin"]',
      '\tURL = "https://example.org/origin.git"',
      '[remote "odd"]',
      '\turl = ends"quoted"',
      'url = "quoted"-then-not',
    ].join('\r\n');
    assert.deepEqual(parseRemotes(config), [
      'https://example.org/origin.git',
      'https://example.org/up.git',
      'git@example.org:me/fork.git',
      'ends"quoted"',
      '"quoted"-then-not',
    ]);
    assert.deepEqual(parseRemotes('url = https://example.org/before-any-section.git\n'), []);
  });
});
