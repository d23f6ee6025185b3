// What the service said, by key: lists (a page at a time, src/workspace/pagedData.ts) and single
// objects. Readers of the same key share one request in flight; `invalidate(key)` forgets a key
// (a write changed it) and `onDidChange(key)` tells whoever shows it. A list may be read with
// several page sizes (a view's pages of 20, a picker's of 100): each is a reading of its own under
// the same key, and one that has every page serves a reader that wants every item. No editor
// dependency: unit-tested in plain Node against the emulator.
import { InflightRequests } from '../api/inflight';
import { Emitter, type Disposable, type Event } from './events';
import { PagedData, type BoundedList, type CollectOptions, type PageFetcher } from './pagedData';

export interface KeyedStoreOptions {
  /** Objects kept at most per key prefix (the oldest fetched goes first), e.g. `{ 'commit:': 100 }`. */
  readonly limits?: Readonly<Record<string, number>>;
}

export class KeyedStore implements Disposable {
  private readonly lists = new Map<string, Map<number, PagedData<unknown>>>();
  private readonly values = new Map<string, { readonly value: unknown }>();
  private readonly inflight = new InflightRequests<unknown>();
  /** Bumped per key by invalidate() and clear(): an answer for an older version is not kept. */
  private readonly versions = new Map<string, number>();
  private generation = 0;
  /** While true (clear, invalidate), the lists' own change calls are not passed on. */
  private quiet = false;
  private readonly emitter = new Emitter<string>();
  /** Fires with the key of what changed: a page asked, arrived or failed, an object set, a key invalidated. */
  readonly onDidChange: Event<string> = this.emitter.event;
  private readonly invalidated = new Emitter<string>();
  /** Fires (after onDidChange) with the key of what a write changed: set or invalidated, not loaded. */
  readonly onDidInvalidate: Event<string> = this.invalidated.event;

  constructor(private readonly options: KeyedStoreOptions = {}) {}

  /** The list under `key` read `perPage` items a page, made on first use (its first load takes a complete reading of another size that fits). */
  list<T>(key: string, perPage: number, fetchPage: PageFetcher<T>, keyOf?: (item: T) => string): PagedData<T> {
    let readings = this.lists.get(key);
    if (!readings) {
      readings = new Map();
      this.lists.set(key, readings);
    }
    let data = readings.get(perPage) as PagedData<T> | undefined;
    if (!data) {
      const siblings = readings as Map<number, PagedData<T>>;
      data = new PagedData<T>(key, perPage, fetchPage, () => this.changed(key), keyOf, () => siblings.values());
      readings.set(perPage, data as PagedData<unknown>);
    }
    return data;
  }

  /** The items under `key` when one reading of it has every page (no request); else undefined. */
  complete<T>(key: string): readonly T[] | undefined {
    for (const data of this.lists.get(key)?.values() ?? []) {
      if (data.complete) {
        return data.items as readonly T[];
      }
    }
    return undefined;
  }

  /** Every item of `list`, bounded; a complete reading of another page size is taken as it is. */
  every<T>(list: PagedData<T>, options: CollectOptions): Promise<BoundedList<T>> {
    const known = this.complete<T>(list.key);
    return known ? Promise.resolve({ items: known, complete: true }) : list.collect(options);
  }

  /**
   * The object under `key`: kept, or loaded once (readers in the meantime share the request). A
   * failure is not kept. With `signal`, the reader leaves on abort (CancelledError); the request is
   * aborted when no reader is left.
   */
  object<T>(key: string, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const kept = this.values.get(key);
    if (kept) {
      return Promise.resolve(kept.value as T);
    }
    const version = this.versionOf(key);
    const generation = this.generation;
    return this.inflight.join(`${generation}:${version}:${key}`, signal, {}, async (abort) => {
      const value = await load(abort.controller.signal);
      if (this.generation === generation && this.versionOf(key) === version) {
        this.keep(key, value);
      }
      return value;
    }) as Promise<T>;
  }

  /** The object under `key` when it is kept (no request). */
  peek<T>(key: string): T | undefined {
    return this.values.get(key)?.value as T | undefined;
  }

  /** Puts what a write answered under `key` (replacing what was there) and tells whoever shows it. */
  set<T>(key: string, value: T): void {
    this.bump(key);
    this.keep(key, value);
    this.emitter.fire(key);
    this.invalidated.fire(key);
  }

  /** Keeps an object received otherwise (no request saved it) unless one is kept; nothing to tell. */
  seed<T>(key: string, value: T): void {
    if (!this.values.has(key)) {
      this.keep(key, value);
    }
  }

  /**
   * Forgets what is under `key` (each reading of a list, an object), so the next reader asks again;
   * tells whoever shows it. With `perPage`, only the list's reading of that page size (what one view
   * shows: its Refresh), the others and the object kept.
   */
  invalidate(key: string, perPage?: number): void {
    if (perPage === undefined) {
      this.bump(key);
      this.values.delete(key);
    }
    this.quietly(() => {
      for (const data of this.lists.get(key)?.values() ?? []) {
        if (perPage === undefined || data.perPage === perPage) {
          data.reset();
        }
      }
    });
    this.emitter.fire(key);
    this.invalidated.fire(key);
  }

  /** Every key whose name passes `matches`, invalidated as invalidate() does (each told once). */
  invalidateWhere(matches: (key: string) => boolean, perPage?: number): void {
    const keys = new Set([...this.lists.keys(), ...(perPage === undefined ? this.values.keys() : [])].filter(matches));
    for (const key of keys) {
      this.invalidate(key, perPage);
    }
  }

  /** Forgets everything, aborting what is in flight, and tells no one (another session: its owner says so). */
  clear(): void {
    this.generation++;
    this.versions.clear();
    this.values.clear();
    this.quietly(() => {
      for (const readings of this.lists.values()) {
        for (const data of readings.values()) {
          data.reset();
        }
      }
    });
    this.lists.clear();
  }

  dispose(): void {
    this.clear();
    this.emitter.dispose();
    this.invalidated.dispose();
  }

  private changed(key: string): void {
    if (!this.quiet) {
      this.emitter.fire(key);
    }
  }

  private quietly(run: () => void): void {
    const before = this.quiet;
    this.quiet = true;
    try {
      run();
    } finally {
      this.quiet = before;
    }
  }

  private versionOf(key: string): number {
    return this.versions.get(key) ?? 0;
  }

  private bump(key: string): void {
    this.versions.set(key, this.versionOf(key) + 1);
  }

  private keep(key: string, value: unknown): void {
    this.values.delete(key);
    this.values.set(key, { value });
    const prefix = Object.keys(this.options.limits ?? {}).find((p) => key.startsWith(p));
    if (prefix === undefined) {
      return;
    }
    const max = this.options.limits![prefix];
    const same = [...this.values.keys()].filter((k) => k.startsWith(prefix));
    for (const old of same.slice(0, Math.max(0, same.length - max))) {
      this.values.delete(old);
    }
  }
}
