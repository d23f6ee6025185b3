// The open folder's current branch (or detached commit), read from its `.git` without a git
// process: `.git` a folder, or a file `gitdir: <path>` (a worktree, a submodule) whose folder holds
// that checkout's own HEAD. Only regular files, read with a bound (boundedFile.ts): a folder may
// hold anything. Every failure is an answer with a reason, never an exception.
import * as l10n from '@vscode/l10n';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BoundedFileError, readRegularFile } from '../../ui/boundedFile';
import { oneLine } from './runPresentation';

export type GitHead = { readonly branch: string; readonly sha?: undefined } | { readonly branch?: undefined; readonly sha: string };

export type GitHeadResult = { readonly head: GitHead; readonly reason?: undefined } | { readonly head: undefined; readonly reason: string };

/** Far above any real `.git` pointer or HEAD (a ref name is at most a few hundred bytes). */
export const MAX_GIT_POINTER_BYTES = 4096;
/** A branch name longer than this is not believed. */
const MAX_BRANCH_CHARS = 255;

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
// What `git check-ref-format` refuses, in short: control characters, space, ~ ^ : ? * [ \, "..", "@{",
// a name starting with "-" or ".", ending with "." or "/" or ".lock", or with an empty part.
const BAD_BRANCH = /[\p{Cc}\s~^:?*[\\]|\.\.|@\{|^[-./]|\/\/|\/\.|[./]$|\.lock$|^@$/u;

const failed = (reason: string): GitHeadResult => ({ head: undefined, reason });

/** The first line of a small file, or a reason it cannot be read. */
async function firstLine(file: string): Promise<{ line: string } | { reason: string }> {
  try {
    const bytes = await readRegularFile(file, MAX_GIT_POINTER_BYTES);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { line: text.split(/\r?\n/)[0].trim() };
  } catch (e) {
    if (e instanceof BoundedFileError) {
      return { reason: e.problem === 'tooLarge' ? l10n.t('{0} is larger than {1} bytes.', file, MAX_GIT_POINTER_BYTES) : l10n.t('{0} is not a regular file.', file) };
    }
    if (e instanceof TypeError) {
      return { reason: l10n.t('{0} is not UTF-8 text.', file) };
    }
    return { reason: l10n.t('{0} cannot be read ({1}).', file, errorCode(e)) };
  }
}

/** A Node error's code (`ENOENT`), else the error as text. */
function errorCode(e: unknown): string {
  return String((e as { code?: unknown } | null)?.code ?? e);
}

/** The folder holding the checkout's HEAD: `.git` itself, or where its `gitdir:` line points. */
async function gitDirOf(folder: string): Promise<{ dir: string } | { reason: string }> {
  const dotGit = path.join(folder, '.git');
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(dotGit);
  } catch (e) {
    return { reason: errorCode(e) === 'ENOENT' ? l10n.t('{0} is not a git repository.', folder) : l10n.t('{0} cannot be read ({1}).', dotGit, errorCode(e)) };
  }
  if (stat.isDirectory()) {
    return { dir: dotGit };
  }
  const pointer = await firstLine(dotGit);
  if ('reason' in pointer) {
    return pointer;
  }
  const gitDir = /^gitdir:\s*(.+)$/.exec(pointer.line)?.[1];
  if (gitDir === undefined) {
    return { reason: l10n.t('{0} has no "gitdir:" line.', dotGit) };
  }
  return { dir: path.resolve(folder, gitDir) };
}

/** The branch checked out in `folder` (a path on disk), or the commit of a detached HEAD; a reason when neither can be told. */
export async function readGitHead(folder: string): Promise<GitHeadResult> {
  try {
    const gitDir = await gitDirOf(folder);
    if ('reason' in gitDir) {
      return failed(gitDir.reason);
    }
    const headFile = path.join(gitDir.dir, 'HEAD');
    const head = await firstLine(headFile);
    if ('reason' in head) {
      return failed(head.reason);
    }
    return parseHead(head.line, headFile);
  } catch (e) {
    // Nothing above should throw; a folder is outside input all the same.
    return failed(l10n.t('{0} cannot be read ({1}).', folder, errorCode(e)));
  }
}

/** HEAD's line: `ref: refs/heads/<branch>` or a sha (detached). */
export function parseHead(line: string, file = 'HEAD'): GitHeadResult {
  const ref = /^ref:\s*(.*)$/.exec(line)?.[1];
  if (ref === undefined) {
    return SHA.test(line) ? { head: { sha: line } } : failed(l10n.t('{0} holds neither a branch nor a commit.', file));
  }
  const branch = ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : undefined;
  if (branch === undefined) {
    return failed(l10n.t('{0} points at {1}, not at a branch.', file, oneLine(ref, 100)));
  }
  if (branch.length === 0 || branch.length > MAX_BRANCH_CHARS || BAD_BRANCH.test(branch)) {
    return failed(l10n.t('{0} names no valid branch.', file));
  }
  return { head: { branch } };
}
