// A file changed by a commit, under the commit: its path, status and `+a −d`; clicking opens the
// commit document at that file's diff. It carries the commit's reference and the workspace's data, not the commit
// node (no import of commitNode.ts: the parent imports the child, never the other way).
import * as vscode from 'vscode';
import type { CommitFile } from '../../api';
import { commitNodeId, type CommitRef } from './commitRef';
import type { WorkspaceData } from '../../workspace/workspaceData';
import { ContextValue } from '../../tree/contextValues';
import { TreeNode } from '../../tree/treeNode';
import { Command } from '../../commandIds';

const STATUS_ICONS: Record<string, [string, string]> = {
  ADDED: ['diff-added', 'gitDecoration.addedResourceForeground'],
  MODIFIED: ['diff-modified', 'gitDecoration.modifiedResourceForeground'],
  DELETED: ['diff-removed', 'gitDecoration.deletedResourceForeground'],
  REPLACED: ['diff-renamed', 'gitDecoration.renamedResourceForeground'],
};

export class CommitFileNode extends TreeNode {
  constructor(
    /** The commit's `{workspace, project, revision}`. */
    readonly ref: CommitRef,
    /** Where the commit's details are (shared with the commit node and the document). */
    readonly data: WorkspaceData,
    readonly file: CommitFile,
  ) {
    super(String(file.file_name ?? '?'));
    this.id = `${commitNodeId(ref)}/file:${file.file_name}`;
    const status = String(file.status ?? '');
    this.description = `${statusText(status)} +${file.additions ?? 0} −${file.deletions ?? 0}`;
    const [icon, color] = STATUS_ICONS[status] ?? ['diff', 'foreground'];
    this.iconPath = new vscode.ThemeIcon(icon, new vscode.ThemeColor(color));
    this.contextValue = ContextValue.CommitFile;
    this.tooltip = vscode.l10n.t(
      '{0}: {1}, {2} additions, {3} deletions',
      String(file.file_name ?? '?'),
      statusText(status),
      file.additions ?? 0,
      file.deletions ?? 0,
    );
    this.command = {
      command: Command.OpenCommit,
      title: vscode.l10n.t('Open Commit'),
      arguments: [this],
    };
  }
}

function statusText(status: string): string {
  switch (status) {
    case 'ADDED':
      return vscode.l10n.t('added');
    case 'MODIFIED':
      return vscode.l10n.t('modified');
    case 'DELETED':
      return vscode.l10n.t('deleted');
    case 'REPLACED':
      return vscode.l10n.t('replaced');
    default:
      return status.toLowerCase() || vscode.l10n.t('changed');
  }
}
