// Page iteration for every list of the API. The real service does not page some lists (workspaces,
// targets): it ignores `page` and `per_page` and answers everything each time. So a page ends the
// list when it is shorter than asked, longer than asked (the server answered everything), or brings
// no item not seen before (the server repeats itself); items seen before are never yielded twice.
import { ValidationError } from './errors';
import { identityOf, sentCount } from './tolerant';

/** The largest page the API serves (`per_page`). */
export const MAX_PER_PAGE = 100;

/** Refuses (ValidationError) a page size the API does not serve, before any request. */
export function checkPerPage(perPage: number): void {
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    throw new ValidationError(`Value of 'per_page' is invalid: ${perPage} (1 to ${MAX_PER_PAGE}).`, { param: 'per_page' });
  }
}

/** Refuses (ValidationError) a page number below 1, before any request. */
export function checkPage(page: number): void {
  if (!Number.isInteger(page) || page < 1) {
    throw new ValidationError(`Value of 'page' is invalid: ${page} (pages start at 1).`, { param: 'page' });
  }
}

/** The counts a paged envelope sent beside its items (the run list's `total_element_count`, …). */
export interface ListTotals {
  page?: number;
  page_size?: number;
  total_page_count?: number;
  element_count?: number;
  total_element_count?: number;
}

const TOTAL_FIELDS = ['page', 'page_size', 'total_page_count', 'element_count', 'total_element_count'] as const;
const totals = new WeakMap<readonly unknown[], ListTotals>();

/** Keeps the numeric counts of `envelope` for listTotals(list); returns the list. */
export function recordTotals<T extends readonly unknown[]>(list: T, envelope: unknown): T {
  const o = envelope as Record<string, unknown>;
  const found: ListTotals = {};
  for (const f of TOTAL_FIELDS) {
    const v = o[f];
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) {
      found[f] = v;
    }
  }
  totals.set(list, found);
  return list;
}

/** The counts the server sent with this list (the run list's envelope), or undefined. */
export function listTotals(list: readonly unknown[]): ListTotals | undefined {
  return totals.get(list);
}

/** What a page fetcher gets: the page (from 1) and its size. */
export interface PageRequest {
  page: number;
  perPage: number;
}

/** Tells whether a page ends the list, and keeps only the items not seen before. */
export class PageTracker<T> {
  private readonly seen = new Set<string>();

  constructor(private readonly keyOf: (item: T) => string = identityOf) {}

  /**
   * The new items of a page (`perPage` asked) and whether the list ends with it. The left-out
   * (unreadable) items of the page count as sent, so one bad item does not end the list early.
   */
  take(items: readonly T[], perPage: number): { fresh: T[]; last: boolean } {
    const fresh: T[] = [];
    for (const item of items) {
      const key = this.keyOf(item);
      if (!this.seen.has(key)) {
        this.seen.add(key);
        fresh.push(item);
      }
    }
    const sent = sentCount(items);
    const repeated = items.length > 0 && fresh.length === 0;
    const last = sent < perPage || sent > perPage || repeated;
    return { fresh, last };
  }
}

/**
 * Every page of a list from `startPage`, each with only the items not seen on an earlier page; an
 * empty page is yielded only when it is the first. At most `maxPages` pages are asked for.
 */
export async function* iteratePages<T>(
  list: (q: PageRequest) => Promise<T[]>,
  perPage: number,
  startPage: number,
  maxPages = 100_000,
): AsyncIterable<T[]> {
  const tracker = new PageTracker<T>();
  for (let page = startPage; page < startPage + maxPages; page++) {
    const items = await list({ page, perPage });
    const { fresh, last } = tracker.take(items, perPage);
    if (fresh.length > 0 || page === startPage) {
      // The page itself when nothing was dropped (it keeps its record of left-out items).
      yield fresh.length === items.length ? items : fresh;
    }
    if (last) {
      return;
    }
  }
}

/** iteratePages with its arguments checked (ValidationError on the first step): ApiClient.pages(). */
export async function* listPages<T>(list: (q: PageRequest) => Promise<T[]>, perPage: number, startPage: number): AsyncIterable<T[]> {
  checkPerPage(perPage);
  checkPage(startPage);
  yield* iteratePages(list, perPage, startPage);
}

/** The items of every page of listPages(): ApiClient.items(). */
export async function* listItems<T>(list: (q: PageRequest) => Promise<T[]>, perPage: number, startPage: number): AsyncIterable<T> {
  for await (const page of listPages(list, perPage, startPage)) {
    yield* page;
  }
}
