// The "Load more" item at the end of a paged list; clicking it fetches the next page.
import * as vscode from 'vscode';
import { ContextValue } from './contextValues';
import { TreeNode } from './treeNode';
import { Command } from '../commandIds';

export class LoadMoreNode extends TreeNode {
  constructor(
    /** Fetches the next page; the list refreshes its parent when done. */
    readonly loadMore: () => Promise<void>,
    loading: boolean,
  ) {
    super(loading ? vscode.l10n.t('Loading…') : vscode.l10n.t('Load more'));
    this.id = undefined;
    this.contextValue = ContextValue.LoadMore;
    this.iconPath = new vscode.ThemeIcon(loading ? 'loading~spin' : 'ellipsis');
    this.tooltip = vscode.l10n.t('Load the next page');
    if (!loading) {
      this.command = { command: Command.LoadMore, title: vscode.l10n.t('Load more'), arguments: [this] };
    }
  }
}
