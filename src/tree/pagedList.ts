// The children of one tree node (or a view's root) drawn from a paged list of the workspace's data
// (src/workspace/pagedData.ts): a node per item loaded so far, an error row per item the server sent
// without what the extension needs, then a "Load more" row while more pages may exist, or an error
// row when a page failed (the loaded items stay). The data is kept in the store, so drawing a tree
// again never fetches again; a change made elsewhere (another reader's pages, an invalidation) is
// drawn when it reaches the view (dataChanged), one this list makes itself is drawn by it.
import * as vscode from 'vscode';
import type { PagedData, Row } from '../workspace/pagedData';
import { BadItemNode } from './badItemNode';
import { ErrorNode } from './errorNode';
import { LoadMoreNode } from './loadMoreNode';
import type { TreeNode } from './treeNode';

/** What a view tells of a change of the data under a key it shows (src/tree/nodeTreeProvider.ts). */
export interface DataWatcher {
  dataChanged(): void;
}

export interface PagedListOptions<T> {
  /** The list's data, read at each use (a view's root list follows the session and its choices). */
  data(): PagedData<T>;
  /** Builds the node of one item; called once per item, so nodes keep their identity. */
  toNode(item: T): TreeNode;
  /** Called when the list changed after loadMore() or elsewhere; the owner refreshes `parent`'s children. */
  onDidChange(): void;
  /** Registers the list for the changes of the data under `key` (the view's watchers). */
  watch?(key: string, watcher: DataWatcher): void;
  /** The node these are the children of; undefined at a view's root. Set as each child's parent. */
  parent?: TreeNode;
  /** Shown when the list is empty. */
  emptyNode?(): TreeNode;
  /**
   * Offered every failure once (with the page that failed); return true when it was handled
   * elsewhere (the view's welcome state, e.g. API disabled): the list then shows no error row for
   * it and asks that page again when next shown.
   */
  onError?(error: unknown, page: number): boolean;
  /** Shows a progress bar on this view while a page requested by the user loads. */
  viewId?: string;
}

export class PagedList<T> implements DataWatcher {
  private readonly nodes = new WeakMap<Row<T>, TreeNode>();
  /** Loads this list itself started: it draws their outcome, so their changes are not drawn twice. */
  private busy = 0;
  /** The state last drawn (currentNodes), to tell a change worth drawing from an echo. */
  private drawn: string | undefined;
  private offered: unknown;
  private watched: string | undefined;

  constructor(private readonly options: PagedListOptions<T>) {}

  private get data(): PagedData<T> {
    const data = this.options.data();
    if (this.watched !== data.key) {
      this.watched = data.key;
      this.drawn = undefined;
      this.options.watch?.(data.key, this);
    }
    return data;
  }

  get items(): readonly T[] {
    return this.data.items;
  }
  get done(): boolean {
    return this.data.done;
  }
  get isLoading(): boolean {
    return this.data.isLoading;
  }
  get error(): unknown {
    return this.data.error;
  }
  get started(): boolean {
    return this.data.started;
  }

  /** The children to show: loads the first page on first call, then answers from memory. */
  async getNodes(): Promise<TreeNode[]> {
    await this.holding(async (data) => {
      if (!data.started) {
        await data.load();
      } else {
        await data.settled();
      }
    });
    return this.currentNodes();
  }

  /** The children as they are now, without any request. */
  currentNodes(): TreeNode[] {
    const data = this.data;
    const nodes = data.rows.map((row) => this.nodeOf(row));
    if (data.error !== undefined) {
      nodes.push(this.adopt(new ErrorNode(data.error, () => this.loadMore())));
    } else if (!data.done && data.started) {
      nodes.push(this.adopt(new LoadMoreNode(() => this.loadMore(), data.isLoading)));
    } else if (data.done && data.rows.length === 0 && this.options.emptyNode) {
      nodes.push(this.adopt(this.options.emptyNode()));
    }
    this.drawn = stateOf(data);
    return nodes;
  }

  /** Fetches the next page (or retries the failed one) for the user, then tells the owner. */
  loadMore(): Promise<void> {
    const data = this.data;
    if (data.isLoading) {
      return data.settled();
    }
    if (data.complete) {
      return Promise.resolve();
    }
    const run = this.holding((d) => d.load());
    this.options.onDidChange();
    const withProgress = this.options.viewId ? vscode.window.withProgress({ location: { viewId: this.options.viewId } }, () => run) : run;
    return Promise.resolve(withProgress).then(() => this.options.onDidChange());
  }

  /** Loads pages until `found` matches a loaded item or the list ends; at most `maxPages` more (drawn by the caller). */
  loadUntil(found: (item: T) => boolean, maxPages = 10): Promise<T | undefined> {
    let hit: T | undefined;
    return this.holding(async (data) => {
      hit = await data.loadUntil(found, maxPages);
    }).then(() => hit);
  }

  /** Runs `work` as this list's own (its changes are drawn by the caller), then offers a failure. */
  async holding(work: (data: PagedData<T>) => Promise<void>): Promise<void> {
    const data = this.data;
    this.busy++;
    try {
      await work(data);
    } finally {
      this.busy--;
    }
    this.offerError(this.data);
  }

  /** The data under this list's key changed elsewhere: the owner draws it again when it differs from what was drawn. */
  dataChanged(): void {
    if (this.busy === 0 && this.drawn !== undefined && stateOf(this.data) !== this.drawn) {
      this.options.onDidChange();
    }
  }

  private offerError(data: PagedData<T>): void {
    const error = data.error;
    if (error === undefined || error === this.offered || !this.options.onError) {
      return;
    }
    this.offered = error;
    if (this.options.onError(error, data.pagesLoaded + 1)) {
      data.forgetFailure();
    }
  }

  private nodeOf(row: Row<T>): TreeNode {
    let node = this.nodes.get(row);
    if (!node) {
      node = this.adopt(row.problem === undefined ? this.options.toNode(row.item) : new BadItemNode(row.problem));
      this.nodes.set(row, node);
    }
    return node;
  }

  private adopt(node: TreeNode): TreeNode {
    node.parent = this.options.parent;
    return node;
  }
}

/** What a drawing of the list depends on. */
function stateOf<T>(data: PagedData<T>): string {
  return `${data.rows.length}:${data.started}:${data.done}:${data.isLoading}:${data.error === undefined}`;
}
