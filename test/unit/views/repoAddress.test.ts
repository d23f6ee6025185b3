// The repository-address comparison behind the Projects view's git-remote match, and the parsing
// of a git config's remotes (vscode-free; the reading of the files is tested in test/host).
import * as assert from 'node:assert/strict';
import { normalizeRepoUrl, parseRemotes, repoName, sameRepository, slug } from '../../../src/views/projects/repoAddress';

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
});
