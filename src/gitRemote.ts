// The open folder's git remote, read from .git/config (no git extension, no process); the
// parsing and comparing of the addresses is repoAddress.ts (vscode-free).
import * as vscode from 'vscode';
import { readBoundedUri } from './ui/userFile';
import { parseRemotes } from './workspace/repoAddress';

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
