// The children of one tree node (or a view's root) fetched a page at a time: the items loaded so far,
// a "Load more" node while more pages may exist, and an error node at the end when a page failed
// (the loaded items stay). A page shorter than the page size is the last one (the API gives no
// total); so is one longer than asked, or one that brings nothing new (a server that does not page
// answers everything each time): an item already shown is never shown twice. An item the server
// sent without what the extension needs is an error row among the others (BadItemNode). Loaded data
// is kept until reset(), so re-rendering a tree never fetches again.
import * as vscode from 'vscode';
import { itemProblems, PageTracker } from '../api';
import { BadItemNode } from './badItemNode';
import { ErrorNode } from './errorNode';
import { LoadMoreNode } from './loadMoreNode';
import { TreeNode } from './treeNode';

export interface PagedListOptions<T> {
  /** Fetches one page (from 1). */
  fetchPage(page: number, perPage: number, signal: AbortSignal): Promise<readonly T[]>;
  /** Items per page, 1..100; read at each page so a settings change applies to the next one. */
  pageSize: number | (() => number);
  /** Builds the node of one item; called once per item, so nodes keep their identity. */
  toNode(item: T): TreeNode;
  /** Called when the list changed after loadMore()/retry; the owner refreshes `parent`'s children. */
  onDidChange(): void;
  /** The node these are the children of; undefined at a view's root. Set as each child's parent. */
  parent?: TreeNode;
  /** Shown when the first page is empty. */
  emptyNode?(): TreeNode;
  /**
   * Offered every failure first; return true when it was handled elsewhere (the view's welcome
   * state, e.g. API disabled), and the list then shows no error node for it.
   */
  onError?(error: unknown, page: number): boolean;
  /** Shows a progress bar on this view while a page requested by the user loads. */
  viewId?: string;
  /** The identity of an item, to drop one shown on an earlier page; default: identityOf. */
  keyOf?(item: T): string;
}

export class PagedList<T> {
  private _items: T[] = [];
  private _nodes: TreeNode[] = [];
  private nextPage = 1;
  private tracker: PageTracker<T>;
  private _done = false;
  private _error: unknown;
  private _started = false;
  private loading: Promise<void> | undefined;
  private abort: AbortController | undefined;
  /** Bumped by reset(); an answer for an older generation is dropped. */
  private generation = 0;

  constructor(private readonly options: PagedListOptions<T>) {
    this.tracker = this.newTracker();
  }

  private newTracker(): PageTracker<T> {
    const keyOf = this.options.keyOf;
    return new PageTracker<T>(keyOf ? (item) => keyOf.call(this.options, item) : undefined);
  }

  get items(): readonly T[] {
    return this._items;
  }
  /** True once the last page arrived (short, longer than asked, or repeating the one before). */
  get done(): boolean {
    return this._done;
  }
  get isLoading(): boolean {
    return this.loading !== undefined;
  }
  /** The last failure, cleared by the next successful page. */
  get error(): unknown {
    return this._error;
  }
  /** True once the first page was asked for (loaded or failed). */
  get started(): boolean {
    return this._started;
  }

  /** The children to show: loads the first page on first call, then answers from memory. */
  async getNodes(): Promise<TreeNode[]> {
    if (!this._started) {
      await this.fetchNext();
    } else if (this.loading) {
      await this.loading;
    }
    return this.currentNodes();
  }

  /** The children as they are now, without any request. */
  currentNodes(): TreeNode[] {
    const nodes = [...this._nodes];
    if (this._error !== undefined) {
      nodes.push(this.adopt(new ErrorNode(this._error, () => this.loadMore())));
    } else if (!this._done && this._started) {
      nodes.push(this.adopt(new LoadMoreNode(() => this.loadMore(), this.loading !== undefined)));
    } else if (this._done && this._nodes.length === 0 && this.options.emptyNode) {
      nodes.push(this.adopt(this.options.emptyNode()));
    }
    return nodes;
  }

  /** Fetches the next page (or retries the failed one) for the user, then tells the owner. */
  loadMore(): Promise<void> {
    if (this.loading) {
      return this.loading;
    }
    if (this._done && this._error === undefined) {
      return Promise.resolve();
    }
    const run = this.fetchNext();
    this.options.onDidChange();
    const withProgress = this.options.viewId
      ? vscode.window.withProgress({ location: { viewId: this.options.viewId } }, () => run)
      : run;
    return Promise.resolve(withProgress).then(() => this.options.onDidChange());
  }

  /** Loads pages until `found` matches a loaded item or the list ends; at most `maxPages` more. */
  async loadUntil(found: (item: T) => boolean, maxPages = 10): Promise<T | undefined> {
    await this.getNodes();
    for (let i = 0; i < maxPages; i++) {
      const hit = this._items.find(found);
      if (hit !== undefined || this._done || this._error !== undefined) {
        return hit;
      }
      await this.fetchNext();
    }
    return this._items.find(found);
  }

  /** Forgets everything (cancelling a page in flight); the next getNodes() fetches page 1 again. */
  reset(): void {
    this.generation++;
    this.abort?.abort();
    this.abort = undefined;
    this.loading = undefined;
    this._items = [];
    this._nodes = [];
    this.nextPage = 1;
    this.tracker = this.newTracker();
    this._done = false;
    this._error = undefined;
    this._started = false;
  }

  /** Same as reset, for disposal. */
  dispose(): void {
    this.reset();
  }

  private fetchNext(): Promise<void> {
    if (this.loading) {
      return this.loading;
    }
    const generation = this.generation;
    const page = this.nextPage;
    const perPage = typeof this.options.pageSize === 'function' ? this.options.pageSize() : this.options.pageSize;
    const abort = new AbortController();
    this.abort = abort;
    this._started = true;
    const run = (async () => {
      try {
        const items = await this.options.fetchPage(page, perPage, abort.signal);
        if (generation !== this.generation) {
          return;
        }
        this._error = undefined;
        const { fresh, last } = this.tracker.take(items, perPage);
        this._items.push(...fresh);
        for (const item of fresh) {
          this._nodes.push(this.adopt(this.options.toNode(item)));
        }
        // Left out of a page seen before too: a repeated page adds no second error row.
        if (fresh.length > 0 || page === 1) {
          for (const problem of itemProblems(items)) {
            this._nodes.push(this.adopt(new BadItemNode(problem)));
          }
        }
        this.nextPage = page + 1;
        this._done = last;
      } catch (error) {
        if (generation !== this.generation) {
          return;
        }
        this._error = this.options.onError?.(error, page) ? undefined : error;
        if (this._error === undefined) {
          // Handled elsewhere: start over on the next getNodes() (e.g. after the welcome's Retry).
          this._started = false;
        }
      } finally {
        if (generation === this.generation) {
          this.loading = undefined;
          this.abort = undefined;
        }
      }
    })();
    this.loading = run;
    return run;
  }

  private adopt(node: TreeNode): TreeNode {
    node.parent = this.options.parent;
    return node;
  }
}
