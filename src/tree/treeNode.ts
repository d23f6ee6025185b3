// The base of every item in the sidebar's trees: a TreeItem that knows its children and parent.
import * as vscode from 'vscode';

export abstract class TreeNode extends vscode.TreeItem {
  /** The node this one was listed under; undefined at the root. TreeView.reveal needs it. */
  parent: TreeNode | undefined;
  /** The item's page in the web application; set together with the `.hasUrl` contextValue facet. */
  htmlUrl: string | undefined;

  constructor(label: string | vscode.TreeItemLabel, collapsibleState = vscode.TreeItemCollapsibleState.None) {
    super(label, collapsibleState);
  }

  /** Leaves have none; containers load theirs lazily. */
  getChildren(): Promise<TreeNode[]> | TreeNode[] {
    return [];
  }

  /**
   * Builds the tooltip when the user hovers the item (TreeDataProvider.resolveTreeItem), so lists
   * render without formatting every tooltip up front. Leave `tooltip` undefined for it to be asked.
   */
  resolveTooltip?(token: vscode.CancellationToken): Promise<string | vscode.MarkdownString | undefined> | string | vscode.MarkdownString | undefined;
}

/** For TreeDataProvider.resolveTreeItem: fills the tooltip of nodes that build it lazily. */
export async function resolveNodeTooltip(node: TreeNode, token: vscode.CancellationToken): Promise<vscode.TreeItem> {
  if (node.tooltip === undefined && node.resolveTooltip) {
    try {
      node.tooltip = (await node.resolveTooltip(token)) ?? undefined;
    } catch {
      // A tooltip is a nicety: a failure leaves the item as it was.
    }
  }
  return node;
}
