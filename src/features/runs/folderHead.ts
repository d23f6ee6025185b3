// The open folder's checkout (branch or detached commit), when the folder is the project's
// repository: one of its git remotes is the project's address (src/workspace/repoAddress.ts).
// Anything that cannot be told (no folder, not a file system path, no remote, another repository)
// is no proposal, never an error.
import * as vscode from 'vscode';
import type { Project } from '../../api';
import { readGitRemotes } from '../../gitRemote';
import { sameRepository } from '../../workspace/repoAddress';
import { readGitHead, type GitHead } from './gitHead';

export async function folderHeadFor(project: Pick<Project, 'http_repository' | 'ssh_repository'>, log: vscode.LogOutputChannel): Promise<GitHead | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  // The extension host runs beside the folder (a workspace extension): a remote folder is on its disk too.
  if (!folder || (folder.uri.scheme !== 'file' && folder.uri.scheme !== 'vscode-remote')) {
    return undefined;
  }
  const remotes = await readGitRemotes(folder.uri);
  if (!remotes.some((r) => sameRepository(r, project.http_repository) || sameRepository(r, project.ssh_repository))) {
    return undefined;
  }
  const read = await readGitHead(folder.uri.fsPath);
  if (read.head === undefined) {
    log.info(`Run Pipeline: the folder's checkout is not known: ${read.reason}`);
  }
  return read.head;
}
