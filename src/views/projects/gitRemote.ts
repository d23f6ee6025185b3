// The open folder's git remote, read from .git/config (no git extension, no process), and the
// comparison of repository addresses in their many spellings (https, ssh, scp-like, with or
// without user, port, `.git`, case).
import * as vscode from 'vscode';
import { readBoundedUri } from '../../readBounded';

/** Remote URLs of the folder's repository, `origin` first; [] when there is none. */
export async function readGitRemotes(folder: vscode.Uri): Promise<string[]> {
  const configText = await readGitConfig(folder);
  return configText === undefined ? [] : parseRemotes(configText);
}

async function readGitConfig(folder: vscode.Uri): Promise<string | undefined> {
  const dotGit = vscode.Uri.joinPath(folder, '.git');
  try {
    const stat = await vscode.workspace.fs.stat(dotGit);
    if (stat.type & vscode.FileType.Directory) {
      return await readText(vscode.Uri.joinPath(dotGit, 'config'));
    }
    // A worktree or submodule: `.git` is a file `gitdir: <path>`; the config is in the common dir.
    const pointer = /^gitdir:\s*(.+)$/m.exec(await readText(dotGit));
    if (!pointer) {
      return undefined;
    }
    const gitDir = pointer[1].trim();
    const gitDirUri = /^([a-zA-Z]:)?[\\/]/.test(gitDir) ? folder.with({ path: gitDir.replace(/\\/g, '/') }) : vscode.Uri.joinPath(folder, gitDir);
    const common = await readText(vscode.Uri.joinPath(gitDirUri, 'commondir')).catch(() => undefined);
    const configDir = common ? vscode.Uri.joinPath(gitDirUri, common.trim()) : gitDirUri;
    return await readText(vscode.Uri.joinPath(configDir, 'config'));
  } catch {
    return undefined;
  }
}

/** Far above any real git config; a folder's files are read only when regular and this small. */
const MAX_GIT_FILE_BYTES = 1024 * 1024;

/** A file of the folder's repository: a folder may hold anything (a FIFO, a link to /dev/zero). */
async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await readBoundedUri(uri, MAX_GIT_FILE_BYTES));
}

/** Parses the `[remote "<name>"] url = ...` entries of a git config file; `origin` first. */
export function parseRemotes(configText: string): string[] {
  const remotes: { name: string; url: string }[] = [];
  let current: string | undefined;
  for (const rawLine of configText.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) {
      continue;
    }
    const section = /^\[\s*remote\s+"([^"]*)"\s*\]$/i.exec(line);
    if (section) {
      current = section[1];
      continue;
    }
    if (line.startsWith('[')) {
      current = undefined;
      continue;
    }
    const entry = /^url\s*=\s*(.*)$/i.exec(line);
    if (current !== undefined && entry) {
      remotes.push({ name: current, url: entry[1].trim().replace(/^"(.*)"$/, '$1') });
    }
  }
  remotes.sort((a, b) => Number(b.name === 'origin') - Number(a.name === 'origin'));
  return remotes.map((r) => r.url);
}

/**
 * A repository address reduced to `host/path` in lower case: no scheme, user, port, `.git` or
 * trailing slash; scp-like `git@host:owner/repo` becomes `host/owner/repo`.
 */
export function normalizeRepoUrl(url: string): string | undefined {
  let text = url.trim();
  if (!text) {
    return undefined;
  }
  const scpLike = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(text);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && scpLike) {
    text = `${scpLike[1]}/${scpLike[2]}`;
  } else {
    try {
      const u = new URL(text);
      text = `${u.hostname}${u.pathname}`;
    } catch {
      return undefined;
    }
  }
  return text
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** The repository's own name: the last segment of its path (`web-app` for `…/acme/web-app.git`). */
export function repoName(url: string): string | undefined {
  const normalized = normalizeRepoUrl(url);
  const last = normalized?.split('/').pop();
  return last || undefined;
}

/** Lower-case letters and digits separated by single dashes: `Web App` and `web_app` both give `web-app`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function sameRepository(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) {
    return false;
  }
  const na = normalizeRepoUrl(a);
  return na !== undefined && na === normalizeRepoUrl(b);
}
