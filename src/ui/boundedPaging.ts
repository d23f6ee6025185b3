// Loading "every page" of a list, with a bound: at most a few pages, cancellable between and
// during pages, with a progress callback. A server that always answers a full page (or ignores
// `page`) costs at most `maxPages` requests; the caller learns the list is incomplete and offers
// another way (typing a name). No editor dependency (unit-tested in plain Node).
import { CancelledError } from '../api/errors';

/** Pages a picker loads before it offers to type a name instead (pages of 100: 500 items). */
export const MAX_PICKER_PAGES = 5;
/** Items per page for the pickers' lists (the API's maximum). */
export const PICKER_PAGE_SIZE = 100;

export interface BoundedList<T> {
  readonly items: readonly T[];
  /** False when more pages may exist than were loaded. */
  readonly complete: boolean;
}

export interface BoundedPagingOptions {
  /** Items per page the pages were asked with: a shorter page is the last. */
  perPage: number;
  maxPages?: number;
  /** Stops the loading (CancelledError); the request in flight is aborted by its own signal. */
  signal?: AbortSignal;
  /** Called after each page with the number of items so far and the pages loaded. */
  onProgress?(loaded: number, pages: number): void;
}

/** Collects up to `maxPages` pages of `pages`; `complete` tells whether the list ended within them. */
export async function collectPages<T>(pages: AsyncIterable<readonly T[]>, options: BoundedPagingOptions): Promise<BoundedList<T>> {
  const maxPages = options.maxPages ?? MAX_PICKER_PAGES;
  const items: T[] = [];
  const iterator = pages[Symbol.asyncIterator]();
  let count = 0;
  const cancelled = (): boolean => options.signal?.aborted === true;
  try {
    for (;;) {
      if (cancelled()) {
        throw new CancelledError('The list was not loaded: cancelled.');
      }
      const next = await iterator.next();
      if (next.done) {
        return { items, complete: true };
      }
      count++;
      items.push(...next.value);
      options.onProgress?.(items.length, count);
      if (next.value.length < options.perPage) {
        return { items, complete: true };
      }
      if (count >= maxPages) {
        return { items, complete: false };
      }
    }
  } finally {
    // Ends the page iteration (no further request) whether it finished, stopped or failed.
    await iterator.return?.();
  }
}
