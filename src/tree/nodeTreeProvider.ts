// What the three views' tree providers share: TreeNode items, the TreeView plumbing, and the root's
// states before any list loads (session loading, a bad setting, not ready: the welcome view speaks).
import * as vscode from 'vscode';
import { UnauthorizedError, type ApiClient } from '../api';
import type { Session } from '../services';
import { ErrorNode } from './errorNode';
import type { ListContext } from './listContext';
import { PagedList, type PagedListOptions } from './pagedList';
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

  /** What this view's nodes load their children with: the session's client and workspace, and this view's tree. */
  protected listContext(): ListContext {
    return {
      target: () => signedInTarget(this.session),
      changed: (node) => this.emitter.fire(node),
      reportError: (error, node) => node === undefined && this.session.reportError(error),
      viewId: this.viewId,
    };
  }

  /**
   * The view's root list: each page requested with the session's client and workspace of the
   * moment; the first page's failure is offered to the session (the welcome states).
   */
  protected rootList<T>(
    ctx: ListContext,
    o: Pick<PagedListOptions<T>, 'pageSize' | 'toNode' | 'emptyNode'> & {
      fetchPage(client: ApiClient, workspace: string, page: { page: number; perPage: number }, signal: AbortSignal): Promise<readonly T[]>;
    },
  ): PagedList<T> {
    return new PagedList<T>({
      fetchPage: (page, perPage, signal) => {
        const { client, workspace } = ctx.target();
        return o.fetchPage(client, workspace, { page, perPage }, signal);
      },
      pageSize: o.pageSize,
      toNode: o.toNode,
      emptyNode: o.emptyNode,
      onDidChange: () => this.refreshRoot(),
      onError: (error, page) => page === 1 && ctx.reportError(error, undefined),
      viewId: this.viewId,
    });
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

  /** After a change of what the view shows (a filter, a mode): sets the context key the title's buttons follow, then shows the view again. */
  protected showChanged(contextKey: string, value: unknown): void {
    void vscode.commands.executeCommand('setContext', contextKey, value);
    this.updateDescription();
    this.refreshRoot();
  }

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
