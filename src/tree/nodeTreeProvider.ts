// What the views' tree providers share: TreeNode items, the TreeView plumbing, the root's states
// before any list loads (session loading, a bad setting, not ready: the welcome view speaks), and
// the way the workspace's data reaches the rows: each list (or node) showing a key of the data is
// told when the data under that key changes (watch).
import * as vscode from 'vscode';
import type { Session } from '../auth/sessionTypes';
import type { PagedData } from '../workspace/pagedData';
import type { WorkspaceData } from '../workspace/workspaceData';
import { ErrorNode } from './errorNode';
import type { ListContext } from './listContext';
import { PagedList, type DataWatcher, type PagedListOptions } from './pagedList';
import { resolveNodeTooltip, type TreeNode } from './treeNode';

export abstract class NodeTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  protected readonly emitter = new vscode.EventEmitter<TreeNode | undefined | void>();
  readonly onDidChangeTreeData = this.emitter.event;
  treeView: vscode.TreeView<TreeNode> | undefined;
  /** Disposed in order by dispose(). */
  protected readonly disposables: vscode.Disposable[] = [this.emitter];
  /** What shows each key of the data in this view (the last one registered for it). */
  private readonly watchers = new Map<string, DataWatcher>();

  protected constructor(
    protected readonly session: Session,
    protected readonly data: WorkspaceData,
    private readonly viewId: string,
  ) {
    this.disposables.push(data.onDidChange((key) => this.dataChanged(key)));
  }

  /** The data under `key` changed (a reader elsewhere, a write's invalidation): what shows it is told. */
  protected dataChanged(key: string): void {
    this.watchers.get(key)?.dataChanged();
  }

  /** `watcher` shows the data under `key` in this view from now on. */
  protected watch(key: string, watcher: DataWatcher): void {
    this.watchers.set(key, watcher);
  }

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

  /** What this view's nodes load their children with: the workspace's data, and this view's tree. */
  protected listContext(): ListContext {
    return {
      data: this.data,
      workspace: () => this.session.workspace ?? '',
      changed: (node) => this.emitter.fire(node),
      reportError: (error, node) => node === undefined && this.session.reportError(error),
      watch: (key, watcher) => this.watch(key, watcher),
      viewId: this.viewId,
    };
  }

  /** The view's root list of `data`; the first page's failure is offered to the session (the welcome states). */
  protected rootList<T>(data: () => PagedData<T>, o: Pick<PagedListOptions<T>, 'toNode' | 'emptyNode'>): PagedList<T> {
    return new PagedList<T>({
      data,
      toNode: o.toNode,
      emptyNode: o.emptyNode,
      onDidChange: () => this.refreshRoot(),
      watch: (key, watcher) => this.watch(key, watcher),
      onError: (error, page) => page === 1 && this.session.reportError(error),
      viewId: this.viewId,
    });
  }

  /** The root's children while the session is ready. */
  protected abstract rootNodes(): Promise<TreeNode[]>;

  private rootRefreshQueued = false;
  /** While above 0, root refreshes wait: the work under way shows the root once when it ends. */
  private rootHolds = 0;

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
      if (this.rootHolds === 0) {
        this.emitter.fire();
      }
    });
  }

  /** Runs `work` with root refreshes held, then shows the root once (e.g. reload, load until found, reveal). */
  protected async holdingRoot<R>(work: () => Promise<R>): Promise<R> {
    this.rootHolds++;
    try {
      return await work();
    } finally {
      this.rootHolds--;
      this.refreshRoot();
    }
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
