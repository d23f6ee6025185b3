// A commit in the Commits view: the message's first line, author and relative date; clicking opens
// the commit document; expanding lists the commit's files (one request, shared with the document).
import * as vscode from 'vscode';
import { itemProblems, parseApiDate, personName, type CommitSummary, type Member } from '../../api';
import { BadItemNode } from '../../tree/badItemNode';
import { CommitFileNode } from './commitFileNode';
import { relativeTime } from './commitDates';
import { commitNodeId, type CommitRef } from './commitRef';
import type { WorkspaceData } from '../../workspace/workspaceData';
import { ContextValue, HAS_URL } from '../../tree/contextValues';
import { ErrorNode } from '../../tree/errorNode';
import { MessageNode } from '../../tree/messageNode';
import { TreeNode } from '../../tree/treeNode';
import { codeBlock, escapeMarkdown, inlineCode } from '../../ui/markdown';
import { Command } from '../../commandIds';

export class CommitNode extends TreeNode {
  readonly ref: CommitRef;

  constructor(
    readonly commit: CommitSummary,
    workspace: string,
    project: string,
    readonly data: WorkspaceData,
    /** Tells the view this node's children changed (after a Retry). */
    private readonly changed: (node: TreeNode) => void,
  ) {
    super(firstLine(commit.message) || commit.revision.slice(0, 7), vscode.TreeItemCollapsibleState.Collapsed);
    this.ref = { workspace, project, revision: commit.revision };
    this.id = commitNodeId(this.ref);
    const date = parseApiDate(commit.commit_date) ?? parseApiDate(commit.author_date);
    this.description = [personName(commit.author), date ? relativeTime(date, vscode.env.language) : undefined].filter(Boolean).join(' · ');
    this.iconPath = new vscode.ThemeIcon('git-commit');
    this.htmlUrl = commit.html_url || undefined;
    this.contextValue = ContextValue.Commit + (this.htmlUrl ? HAS_URL : '');
    this.command = { command: Command.OpenCommit, title: vscode.l10n.t('Open Commit'), arguments: [this] };
    this.accessibilityInformation = {
      label: vscode.l10n.t('Commit {0} by {1}, {2}', String(this.label), personName(commit.author) ?? '?', this.description),
    };
  }

  override async getChildren(): Promise<TreeNode[]> {
    try {
      const commit = await this.data.commit(this.ref);
      const files = Array.isArray(commit.files) ? commit.files : [];
      // A file entry without a name cannot be opened: an error row names it, the others are listed.
      const bad = itemProblems(files).map((p) => this.adopt(new BadItemNode(p)));
      if (files.length === 0 && bad.length === 0) {
        return [this.adopt(new MessageNode(vscode.l10n.t('No files changed')))];
      }
      return [...files.map((file) => this.adopt(new CommitFileNode(this.ref, this.data, file))), ...bad];
    } catch (error) {
      return [this.adopt(new ErrorNode(error, () => this.changed(this)))];
    }
  }

  override resolveTooltip(): vscode.MarkdownString {
    const c = this.commit;
    const md = new vscode.MarkdownString();
    md.appendMarkdown(codeBlock((c.message ?? '').replace(/\s+$/, ''), 'text'));
    md.appendMarkdown(`\n\n${escapeMarkdown(vscode.l10n.t('Author'))}: ${escapeMarkdown(memberText(c.author))}, ${escapeMarkdown(dateText(c.author_date))}\n\n`);
    md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Committer'))}: ${escapeMarkdown(memberText(c.committer))}, ${escapeMarkdown(dateText(c.commit_date))}\n\n`);
    md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Revision'))}: ${inlineCode(c.revision)}`);
    return md;
  }

  private adopt(node: TreeNode): TreeNode {
    node.parent = this;
    return node;
  }
}

/** The commit a command was run on: a commit row, or a file row under one (both carry `ref` and `data`). */
export function commitOfNode(node: unknown): CommitNode | CommitFileNode | undefined {
  return node instanceof CommitNode || node instanceof CommitFileNode ? node : undefined;
}

/** The first non-empty line of a commit message. */
export function firstLine(message: string | null | undefined): string {
  return (message ?? '').split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
}

function memberText(m: Member | null | undefined): string {
  if (!m) {
    return vscode.l10n.t('unknown');
  }
  // A non-member author may come with a name and an e-mail only, or with one of them.
  const name = personName(m) ?? vscode.l10n.t('unknown');
  return m.email && name !== m.email ? `${name} <${m.email}>` : name;
}

function dateText(text: string | null | undefined): string {
  const d = parseApiDate(text);
  return d ? d.toLocaleString(vscode.env.language || undefined, { timeZoneName: 'short' }) : String(text ?? '');
}
