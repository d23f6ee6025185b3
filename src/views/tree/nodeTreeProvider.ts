// What the three views' tree providers share: TreeNode items, the TreeView plumbing, and the root's
// states before any list loads (session loading, a bad setting, not ready: the welcome view speaks).
import * as vscode from 'vscode';
import { UnauthorizedError, type ApiClient } from '../../api';
import type { Session } from '../../services';
import { ErrorNode } from './errorNode';
import { resolveNodeTooltip, type TreeNode } from './treeNode';

export abstract class NodeTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  protected readonly emitter = new vscode.EventEmitter<TreeNode | undefined | void>();
  readonly onDidChangeTreeData = this.emitter.event;
  treeView: vscode.TreeView<TreeNode> | undefined;
  /** Disposed in order by dispose(). */
  protected readonly disposables: vscode.Disposable[] = [this.emitter];

  protected constructor(
    protected readonly session: Session,
    private readonly viewId: string,
  ) {}

  createTreeView(): vscode.TreeView<TreeNode> {
    const view = vscode.window.createTreeView(this.viewId, { treeDataProvider: this, showCollapseAll: true });
    this.treeView = view;
    this.disposables.push(view);
    this.updateDescription();
    return view;
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  resolveTreeItem(_item: vscode.TreeItem, node: TreeNode, token: vscode.CancellationToken): Promise<vscode.TreeItem> {
    return resolveNodeTooltip(node, token);
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (node) {
      return node.getChildren();
    }
    await this.session.ready();
    if (this.session.configError && this.session.signedIn) {
      return [new ErrorNode(this.session.configError, () => this.refresh())];
    }
    if (this.session.state !== 'ready') {
      return []; // the welcome view says what to do
    }
    return this.rootNodes();
  }

  /** The root's children while the session is ready. */
  protected abstract rootNodes(): Promise<TreeNode[]>;

  private rootRefreshQueued = false;

  /**
   * Asks the tree to show the root again, once for all the changes of this turn. The editor shows a
   * first change at once and holds later ones for 200 ms, then re-reads the root: meanwhile a click
   * on a row is dropped (its handle is gone), so two changes in one turn must be one.
   */
  protected refreshRoot(): void {
    if (this.rootRefreshQueued) {
      return;
    }
    this.rootRefreshQueued = true;
    queueMicrotask(() => {
      this.rootRefreshQueued = false;
      this.emitter.fire();
    });
  }

  /** Forgets loaded data and shows the view again. */
  abstract refresh(): void;

  /** Sets the view title's description; none by default. */
  protected updateDescription(): void {}

  dispose(): void {
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}

/** The session's client and workspace for a load; a signed-out session fails it as a 401 would. */
export function signedInTarget(session: Session): { client: ApiClient; workspace: string } {
  const client = session.client;
  const workspace = session.workspace;
  if (!client || !workspace) {
    throw new UnauthorizedError(vscode.l10n.t('Not signed in.'));
  }
  return { client, workspace };
}
