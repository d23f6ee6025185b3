// The data of one list of the API, fetched a page at a time: the items so far, whether more pages
// may exist, the last failure (the items loaded stay). A page shorter than the page size is the
// last one (the API gives no total); so is one longer than asked, or one that brings nothing new (a
// server that does not page answers everything each time): an item already listed is never listed
// twice (api/paging.ts). An item the server sent without what the extension needs is a row of its
// own (the views show an error row for it). Readers share the page in flight; one that leaves (its
// signal) stops waiting, and the request is aborted when no reader is left (api/inflight.ts). Kept
// until reset(), so showing a list again never fetches again. No editor dependency.
import { CancelledError, itemProblems, PageTracker, type ItemProblem } from '../api';
import { abortRequest, InflightRequests, type Abort } from '../api/inflight';

/** Fetches one page (from 1) of `perPage` items. */
export type PageFetcher<T> = (page: number, perPage: number, signal: AbortSignal) => Promise<readonly T[]>;

/** An item, or one the server sent without what the extension needs (its problem). */
export type Row<T> = { readonly item: T; readonly problem?: undefined } | { readonly item?: undefined; readonly problem: ItemProblem };

/** Loading "every page" with a bound: a list that never ends costs at most `maxPages` pages. */
export interface BoundedList<T> {
  readonly items: readonly T[];
  /** False when more pages may exist than were loaded. */
  readonly complete: boolean;
}

export interface CollectOptions {
  /** Pages loaded at most (those loaded before count). */
  maxPages: number;
  /** Stops waiting (CancelledError); the page in flight is aborted when no other reader waits for it. */
  signal?: AbortSignal;
  /** After each page: the items so far and the pages loaded. */
  onProgress?(loaded: number, pages: number): void;
}

export class PagedData<T> {
  private _rows: Row<T>[] = [];
  private _items: T[] = [];
  private nextPage = 1;
  private tracker: PageTracker<T>;
  private _done = false;
  private _error: unknown;
  private _started = false;
  private pages = new InflightRequests<void>();
  /** The page in flight: its marker and abort. Anything else that settles is dropped. */
  private running: { abort: Abort } | undefined;

  constructor(
    /** The list's key in the store (src/workspace/keyedStore.ts). */
    readonly key: string,
    /** Items per page, 1..100. */
    readonly perPage: number,
    private readonly fetchPage: PageFetcher<T>,
    /** Called after every change of state: a page asked, arrived or failed, a reset. */
    private readonly changed: () => void = () => undefined,
    /** The identity of an item, to drop one listed on an earlier page (default: api's identityOf). */
    private readonly keyOf?: (item: T) => string,
    /** The readings of the same list with other page sizes: one that is complete and fits spares the first request. */
    private readonly siblings: () => Iterable<PagedData<T>> = () => [],
  ) {
    this.tracker = new PageTracker<T>(keyOf);
  }

  get items(): readonly T[] {
    return this._items;
  }
  /** The items and the left-out items, in the order of the answers. */
  get rows(): readonly Row<T>[] {
    return this._rows;
  }
  /** True once the last page arrived (short, longer than asked, or repeating the one before). */
  get done(): boolean {
    return this._done;
  }
  get isLoading(): boolean {
    return this.running !== undefined;
  }
  /** The last failure, cleared by the next successful page. */
  get error(): unknown {
    return this._error;
  }
  /** True once the first page was asked for (loading, loaded or failed). */
  get started(): boolean {
    return this._started;
  }
  /** Pages that arrived. */
  get pagesLoaded(): number {
    return this.nextPage - 1;
  }
  /** Every page arrived, none failed. */
  get complete(): boolean {
    return this._done && this._error === undefined;
  }

  /**
   * Loads the next page (or again the one that failed), or joins the one in flight; resolves when
   * it settled (a failure is kept in `error`, not thrown). With `signal`, rejects with
   * CancelledError when it aborts first.
   */
  load(signal?: AbortSignal): Promise<void> {
    if (!this._started && !this.running) {
      for (const other of this.siblings()) {
        if (other !== this && this.adopt(other)) {
          this.changed();
          break;
        }
      }
    }
    if (this.complete) {
      return Promise.resolve();
    }
    return this.pages.join('next', signal, {}, (abort) => this.fetchNext(abort));
  }

  /** Loads pages until `found` matches a loaded item, the list ends or fails; at most `maxPages` more. */
  async loadUntil(found: (item: T) => boolean, maxPages = 10): Promise<T | undefined> {
    if (!this._started) {
      await this.load();
    } else {
      await this.settled();
    }
    for (let i = 0; i < maxPages; i++) {
      const hit = this._items.find(found);
      if (hit !== undefined || this._done || this._error !== undefined) {
        return hit;
      }
      await this.load();
    }
    return this._items.find(found);
  }

  /**
   * Every page, bounded: loads pages until the list ends or `maxPages` pages are loaded. A failure
   * is thrown (the next call asks for that page again).
   */
  async collect({ maxPages, signal, onProgress }: CollectOptions): Promise<BoundedList<T>> {
    for (;;) {
      if (signal?.aborted) {
        throw new CancelledError('The list was not loaded: cancelled.');
      }
      if (this.complete) {
        return { items: this._items, complete: true };
      }
      if (this._error === undefined && this.pagesLoaded >= maxPages) {
        return { items: this._items, complete: false };
      }
      await this.load(signal);
      if (this._error !== undefined) {
        throw this._error;
      }
      onProgress?.(this._items.length, this.pagesLoaded);
    }
  }

  /** Resolves when no page is in flight (at once when none is). */
  async settled(): Promise<void> {
    while (this.running) {
      await this.load();
    }
  }

  /**
   * Copies a complete list read with another page size, when it fits in one page of this one: what
   * this list's first page would answer. Returns whether it did.
   */
  private adopt(other: PagedData<T>): boolean {
    const sent = other._rows.length;
    if (this._started || !other.complete || sent >= this.perPage) {
      return false;
    }
    this.take(1, [], other._rows);
    return true;
  }

  /** Takes a first page received otherwise (e.g. the answer that checked a token), as if it were loaded. */
  seed(items: readonly T[]): void {
    if (!this._started) {
      this.take(1, items);
      this.changed();
    }
  }

  /** A failure of the first page, handled elsewhere (a welcome view), is forgotten: the next load() asks page 1 again. */
  forgetFailure(): void {
    if (this._error !== undefined && this.nextPage === 1 && !this.running) {
      this._error = undefined;
      this._started = false;
    }
  }

  /** Forgets everything (aborting a page in flight); the next load() fetches page 1 again. */
  reset(): void {
    const running = this.running;
    this.running = undefined;
    this.pages = new InflightRequests<void>();
    if (running) {
      abortRequest(running.abort);
    }
    this._rows = [];
    this._items = [];
    this.nextPage = 1;
    this.tracker = new PageTracker<T>(this.keyOf);
    this._done = false;
    this._error = undefined;
    this._started = false;
    this.changed();
  }

  private async fetchNext(abort: Abort): Promise<void> {
    const run = { abort };
    const page = this.nextPage;
    const wasStarted = this._started;
    this.running = run;
    this._started = true;
    // Every reader left (not a reset): the page was not loaded, as if never asked.
    const left = (): void => {
      if (this.running === run) {
        this.running = undefined;
        this._started = wasStarted;
        this.changed();
      }
    };
    abort.controller.signal.addEventListener('abort', left, { once: true });
    this.changed();
    try {
      const items = await this.fetchPage(page, this.perPage, abort.controller.signal);
      if (this.running === run) {
        this._error = undefined;
        this.take(page, items);
      }
    } catch (error) {
      if (this.running === run) {
        this._error = error;
      }
    } finally {
      abort.controller.signal.removeEventListener('abort', left);
      if (this.running === run) {
        this.running = undefined;
        this.changed();
      }
    }
  }

  /** Adds page `page`'s new items (and its left-out ones), or rows copied from another list. */
  private take(page: number, items: readonly T[], rows?: readonly Row<T>[]): void {
    this._started = true;
    if (rows) {
      for (const row of rows) {
        if (row.problem === undefined) {
          this.tracker.take([row.item], 1);
          this._items.push(row.item);
        }
      }
      this._rows.push(...rows);
      this.nextPage = page + 1;
      this._done = true;
      return;
    }
    const { fresh, last } = this.tracker.take(items, this.perPage);
    this._items.push(...fresh);
    this._rows.push(...fresh.map((item) => ({ item })));
    // Left out of a page seen before too: a repeated page adds no second error row.
    if (fresh.length > 0 || page === 1) {
      this._rows.push(...itemProblems(items).map((problem) => ({ problem })));
    }
    this.nextPage = page + 1;
    this._done = last;
  }
}
