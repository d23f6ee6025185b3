// The folder's current branch, from .git on disk: a folder, a worktree's or submodule's `gitdir:`
// file; a FIFO, a link to /dev/zero or a huge file give a reason at once, never a hang or a throw.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAX_GIT_POINTER_BYTES, parseHead, readGitHead, type GitHeadResult } from '../../../src/features/runs/gitHead';

const SHA = '0123456789abcdef0123456789abcdef01234567';

/** Rejects when `p` takes longer than `ms`: an endless read must fail the test, not hang it. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`still reading after ${ms} ms`)), ms).unref())]);
}

function reasonOf(result: GitHeadResult): string {
  assert.equal(result.head, undefined, `expected no head, got ${JSON.stringify(result.head)}`);
  assert.equal(typeof result.reason, 'string');
  return result.reason ?? '';
}

describe('runs: the folder’s git HEAD', () => {
  let root: string;
  let count = 0;
  /** A new folder under the test's temporary root. */
  const folder = (): string => {
    const dir = path.join(root, `f${count++}`);
    fs.mkdirSync(dir);
    return dir;
  };
  /** A folder with a `.git` folder whose HEAD is `head`. */
  const repo = (head: string): string => {
    const dir = folder();
    fs.mkdirSync(path.join(dir, '.git'));
    fs.writeFileSync(path.join(dir, '.git', 'HEAD'), head);
    return dir;
  };

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-githead-'));
  });
  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('reads the branch of a .git folder', async () => {
    assert.deepEqual(await readGitHead(repo('ref: refs/heads/main\n')), { head: { branch: 'main' } });
    assert.deepEqual(await readGitHead(repo('ref: refs/heads/feature/runs-2\r\n')), { head: { branch: 'feature/runs-2' } });
    assert.deepEqual(await readGitHead(repo('ref:refs/heads/main')), { head: { branch: 'main' } });
    assert.deepEqual(await readGitHead(repo('  ref: refs/heads/dev  \nsecond line')), { head: { branch: 'dev' } });
  });

  it('reads a detached HEAD as its commit', async () => {
    assert.deepEqual(await readGitHead(repo(`${SHA}\n`)), { head: { sha: SHA } });
  });

  it('follows a worktree’s gitdir (absolute) and a submodule’s (relative)', async () => {
    const main = repo('ref: refs/heads/main\n');
    const worktreeGitDir = path.join(main, '.git', 'worktrees', 'wt');
    fs.mkdirSync(worktreeGitDir, { recursive: true });
    fs.writeFileSync(path.join(worktreeGitDir, 'HEAD'), 'ref: refs/heads/runs-logic\n');
    const worktree = folder();
    fs.writeFileSync(path.join(worktree, '.git'), `gitdir: ${worktreeGitDir}\n`);
    assert.deepEqual(await readGitHead(worktree), { head: { branch: 'runs-logic' } });

    const moduleGitDir = path.join(main, '.git', 'modules', 'sub');
    fs.mkdirSync(moduleGitDir, { recursive: true });
    fs.writeFileSync(path.join(moduleGitDir, 'HEAD'), `${SHA}\n`);
    const submodule = path.join(main, 'sub');
    fs.mkdirSync(submodule);
    fs.writeFileSync(path.join(submodule, '.git'), 'gitdir: ../.git/modules/sub\r\n');
    assert.deepEqual(await readGitHead(submodule), { head: { sha: SHA } });
  });

  it('gives a reason for a folder without .git, or with a .git file that points nowhere', async () => {
    const plain = folder();
    assert.equal(reasonOf(await readGitHead(plain)), `${plain} is not a git repository.`);
    const noPointer = folder();
    fs.writeFileSync(path.join(noPointer, '.git'), 'not a pointer\n');
    assert.equal(reasonOf(await readGitHead(noPointer)), `${path.join(noPointer, '.git')} has no "gitdir:" line.`);
    const empty = folder();
    fs.writeFileSync(path.join(empty, '.git'), 'gitdir:\n');
    assert.match(reasonOf(await readGitHead(empty)), /has no "gitdir:" line/);
    const dangling = folder();
    fs.writeFileSync(path.join(dangling, '.git'), 'gitdir: missing/dir\n');
    assert.equal(reasonOf(await readGitHead(dangling)), `${path.join(dangling, 'missing', 'dir', 'HEAD')} cannot be read (ENOENT).`);
  });

  it('gives a reason for a .git it cannot look at (a file for a folder, a circle of links)', async () => {
    const file = path.join(folder(), 'file');
    fs.writeFileSync(file, '');
    assert.equal(reasonOf(await readGitHead(file)), `${path.join(file, '.git')} cannot be read (ENOTDIR).`);
    const loop = folder();
    fs.symlinkSync(path.join(loop, '.git'), path.join(loop, '.git'));
    assert.equal(reasonOf(await readGitHead(loop)), `${path.join(loop, '.git')} cannot be read (ELOOP).`);
  });

  it('refuses a FIFO, a link to /dev/zero and a huge file at once, as HEAD or as .git', async () => {
    const fifoHead = repo('');
    fs.rmSync(path.join(fifoHead, '.git', 'HEAD'));
    execFileSync('mkfifo', [path.join(fifoHead, '.git', 'HEAD')]);
    assert.equal(reasonOf(await within(readGitHead(fifoHead), 2000)), `${path.join(fifoHead, '.git', 'HEAD')} is not a regular file.`);

    const zeroHead = repo('');
    fs.rmSync(path.join(zeroHead, '.git', 'HEAD'));
    fs.symlinkSync('/dev/zero', path.join(zeroHead, '.git', 'HEAD'));
    assert.match(reasonOf(await within(readGitHead(zeroHead), 2000)), /is not a regular file\.$/);

    const hugeHead = repo(`ref: refs/heads/${'a'.repeat(MAX_GIT_POINTER_BYTES)}`);
    assert.equal(reasonOf(await within(readGitHead(hugeHead), 2000)), `${path.join(hugeHead, '.git', 'HEAD')} is larger than 4096 bytes.`);
    assert.equal(MAX_GIT_POINTER_BYTES, 4096);

    const fifoGit = folder();
    execFileSync('mkfifo', [path.join(fifoGit, '.git')]);
    assert.match(reasonOf(await within(readGitHead(fifoGit), 2000)), /\.git is not a regular file\.$/);

    const zeroGit = folder();
    fs.symlinkSync('/dev/zero', path.join(zeroGit, '.git'));
    assert.match(reasonOf(await within(readGitHead(zeroGit), 2000)), /\.git is not a regular file\.$/);
  });

  it('reads a HEAD of exactly the limit', async () => {
    const line = `ref: refs/heads/${'b'.repeat(200)}`;
    const exact = repo(line.padEnd(MAX_GIT_POINTER_BYTES, '\n'));
    assert.deepEqual(await readGitHead(exact), { head: { branch: 'b'.repeat(200) } });
  });

  it('gives a reason for a HEAD that is not UTF-8', async () => {
    const dir = repo('');
    fs.writeFileSync(path.join(dir, '.git', 'HEAD'), Buffer.from([0x72, 0x65, 0x66, 0x3a, 0x20, 0xff, 0xfe]));
    assert.equal(reasonOf(await readGitHead(dir)), `${path.join(dir, '.git', 'HEAD')} is not UTF-8 text.`);
  });

  it('never throws, whatever it is given', async () => {
    assert.match(reasonOf(await readGitHead(undefined as unknown as string)), /cannot be read/);
    assert.match(reasonOf(await readGitHead('\0bad')), /cannot be read/);
  });
});

describe('runs: a HEAD line', () => {
  it('is a branch, a commit, or a reason', () => {
    assert.deepEqual(parseHead('ref: refs/heads/main'), { head: { branch: 'main' } });
    assert.deepEqual(parseHead('ref: refs/heads/release/2.0'), { head: { branch: 'release/2.0' } });
    assert.deepEqual(parseHead(SHA), { head: { sha: SHA } });
    assert.deepEqual(parseHead(`${SHA}${SHA}`.slice(0, 64)), { head: { sha: `${SHA}${SHA}`.slice(0, 64) } }, 'a SHA-256 repository');
    assert.equal(parseHead(SHA.slice(0, 39)).reason, 'HEAD holds neither a branch nor a commit.');
    assert.equal(parseHead(`${SHA}0`).reason, 'HEAD holds neither a branch nor a commit.');
    assert.equal(parseHead(SHA.toUpperCase()).reason, 'HEAD holds neither a branch nor a commit.', 'git writes lower case');
    assert.equal(parseHead('').reason, 'HEAD holds neither a branch nor a commit.');
    assert.equal(parseHead('ref: refs/remotes/origin/main', '/r/.git/HEAD').reason, '/r/.git/HEAD points at refs/remotes/origin/main, not at a branch.');
    assert.equal(parseHead(`ref: refs/tags/${'t'.repeat(200)}`).reason, `HEAD points at refs/tags/${'t'.repeat(89)}…, not at a branch.`);
    assert.equal(parseHead('ref: refs/x\x1b[2J').reason, 'HEAD points at refs/x [2J, not at a branch.');
    assert.equal(parseHead('xref: refs/heads/main').reason, 'HEAD holds neither a branch nor a commit.');
  });

  it('refuses a branch name git would refuse', () => {
    const bad = ['', ' ', 'a b', 'a\tb', 'a\x01b', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[b', 'a\\b', 'a..b', 'a@{1}', '-a', '.a', '/a', 'a//b', 'a/.b', 'a.', 'a/', 'a.lock', '@', 'x'.repeat(256)];
    for (const name of bad) {
      assert.equal(parseHead(`ref: refs/heads/${name}`).reason, 'HEAD names no valid branch.', JSON.stringify(name));
    }
    const good = ['a', 'a-b', 'a.b', 'a/b', 'a@b', 'feature/a.b-c_d', 'x'.repeat(255), 'ünïcode', 'a.lockb'];
    for (const name of good) {
      assert.deepEqual(parseHead(`ref: refs/heads/${name}`), { head: { branch: name } }, name);
    }
  });
});
