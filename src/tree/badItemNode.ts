// An item of a list answer that was left out because it lacks what the extension needs (an id, a
// key, a revision…): an error row that names what was wrong (`targets[1]: no id`), among the good
// items, which are shown as usual. The log has the same line with an excerpt of the item.
import * as vscode from 'vscode';
import type { ItemProblem } from '../api';
import { ContextValue } from './contextValues';
import { TreeNode } from './treeNode';

export class BadItemNode extends TreeNode {
  constructor(readonly problem: ItemProblem) {
    super(problem.message);
    this.contextValue = ContextValue.BadItem;
    this.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    this.description = problem.label ? vscode.l10n.t('{0}: left out', problem.label) : vscode.l10n.t('left out');
    const md = new vscode.MarkdownString();
    md.appendMarkdown(
      `${escapeMarkdown(vscode.l10n.t('The server sent this item without what the extension needs ({0}), so it is left out; the other items are shown.', problem.message))}\n\n`,
    );
    md.appendCodeblock(problem.excerpt, 'json');
    this.tooltip = md;
    this.accessibilityInformation = { label: vscode.l10n.t('Item left out: {0}', problem.message) };
  }
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
