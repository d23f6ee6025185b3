// A list read a page at a time (src/workspace/pagedData.ts) and the keyed store's bookkeeping
// (src/workspace/keyedStore.ts), with pages the test hands out itself: when a page arrives, fails or
// is left is the test's choice, so the order of events is exact. (What the pages ask of the API is
// tested against the emulator in keyedStore.test.ts and workspaceData.test.ts.)
import * as assert from 'node:assert/strict';
import { addProblem } from '../../../src/api/tolerant';
import { KeyedStore } from '../../../src/workspace/keyedStore';
import { PagedData } from '../../../src/workspace/pagedData';

interface Item {
  id: number;
  name: string;
}

const item = (id: number): Item => ({ id, name: `item ${id}` });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => item(from + i));

/** Pages the test answers by hand: each asked page waits until answer() or fail(). */
class HandPages {
  readonly asked: { page: number; perPage: number; signal: AbortSignal; resolve(items: Item[]): void; reject(e: unknown): void }[] = [];

  readonly fetch = (page: number, perPage: number, signal: AbortSignal): Promise<Item[]> =>
    new Promise((resolve, reject) => this.asked.push({ page, perPage, signal, resolve, reject }));

  /** Answers the oldest unanswered page and waits for its reader to take it. */
  async answer(items: Item[]): Promise<void> {
    this.asked.shift()!.resolve(items);
    await settle();
  }

  async fail(error: Error): Promise<void> {
    this.asked.shift()!.reject(error);
    await settle();
  }
}

/** Pages of a list of `total` items, answered at once. */
function listOf(total: number) {
  const asked: string[] = [];
  const fetch = async (page: number, perPage: number): Promise<Item[]> => {
    asked.push(`${page}/${perPage}`);
    const from = (page - 1) * perPage + 1;
    return range(from, Math.min(total, from + perPage - 1));
  };
  return { asked, fetch };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('workspace: a list read a page at a time', () => {
  it('loadUntil() loads pages until an item matches, and no more', async () => {
    const { asked, fetch } = listOf(50);
    const list = new PagedData<Item>('k', 5, fetch);
    assert.equal((await list.loadUntil((i) => i.id === 12))?.id, 12);
    assert.deepEqual(asked, ['1/5', '2/5', '3/5']);
    assert.equal((await list.loadUntil((i) => i.id === 3))?.id, 3, 'already loaded: no request');
    assert.equal(asked.length, 3);
  });

  it('loadUntil() stops after the pages it may load, at the end of the list, and at a failure', async () => {
    const bounded = listOf(100);
    const list = new PagedData<Item>('k', 5, bounded.fetch);
    assert.equal(await list.loadUntil((i) => i.id === 99, 2), undefined);
    assert.deepEqual(bounded.asked, ['1/5', '2/5', '3/5'], 'the first page, then two more');

    const short = listOf(7);
    const ending = new PagedData<Item>('k', 5, short.fetch);
    assert.equal(await ending.loadUntil((i) => i.id === 99, 10), undefined);
    assert.deepEqual(short.asked, ['1/5', '2/5'], 'the short page ends it');

    let calls = 0;
    const failing = new PagedData<Item>('k', 5, async (page) => {
      calls++;
      if (page === 2) {
        throw new Error('page 2 failed');
      }
      return range(1, 5);
    });
    assert.equal(await failing.loadUntil((i) => i.id === 99, 10), undefined);
    assert.equal(calls, 2, 'the failed page is not asked again and again');
    assert.equal((failing.error as Error).message, 'page 2 failed');
  });

  it('loadUntil() on a list loading waits for its page before looking', async () => {
    const pages = new HandPages();
    const list = new PagedData<Item>('k', 5, pages.fetch);
    void list.load();
    const found = list.loadUntil((i) => i.id === 2);
    await pages.answer(range(1, 5));
    assert.equal((await found)?.id, 2);
    assert.equal(pages.asked.length, 0, 'no second page asked');
  });

  it('settled() resolves once the page in flight arrived, at once when none is', async () => {
    const pages = new HandPages();
    const list = new PagedData<Item>('k', 5, pages.fetch);
    await list.settled();
    void list.load();
    let settled = false;
    const waiting = list.settled().then(() => (settled = true));
    await settle();
    assert.equal(settled, false);
    await pages.answer(range(1, 5));
    await waiting;
    assert.deepEqual([settled, list.items.length], [true, 5]);
  });

  it('collect() with a failed page asks it again even past the page bound, and throws when it fails again', async () => {
    let fail = true;
    const list = new PagedData<Item>('k', 2, async (page) => {
      if (page === 2 && fail) {
        throw new Error('page 2 failed');
      }
      return range(page * 2 - 1, page * 2);
    });
    await list.load();
    await list.load();
    assert.equal(list.pagesLoaded, 1);
    await assert.rejects(list.collect({ maxPages: 1 }), /page 2 failed/);
    fail = false;
    const got = await list.collect({ maxPages: 2 });
    assert.deepEqual([got.items.length, got.complete], [4, false]);
  });

  it('forgetFailure() forgets a failed first page only: the next load asks it again', async () => {
    const pages = new HandPages();
    const list = new PagedData<Item>('k', 5, pages.fetch);
    void list.load();
    await pages.fail(new Error('down'));
    assert.deepEqual([list.started, (list.error as Error).message], [true, 'down']);
    list.forgetFailure();
    assert.deepEqual([list.started, list.error], [false, undefined]);

    void list.load();
    await pages.answer(range(1, 5));
    list.forgetFailure();
    assert.deepEqual([list.started, list.items.length], [true, 5], 'nothing failed: nothing to forget');
    void list.load();
    await pages.fail(new Error('page 2 down'));
    list.forgetFailure();
    assert.deepEqual([list.started, (list.error as Error).message, list.items.length], [true, 'page 2 down', 5], 'a later page’s failure is kept');
  });

  it('forgetFailure() while the first page is asked again keeps the failure until it settles', async () => {
    const pages = new HandPages();
    const list = new PagedData<Item>('k', 5, pages.fetch);
    void list.load();
    await pages.fail(new Error('down'));
    void list.load();
    list.forgetFailure();
    assert.deepEqual([list.started, list.isLoading, (list.error as Error).message], [true, true, 'down']);
    await pages.answer(range(1, 3));
    assert.deepEqual([list.error, list.items.length, list.done], [undefined, 3, true]);
  });

  it('reset() aborts the page in flight and tells; the old page’s answer or failure is dropped', async () => {
    const pages = new HandPages();
    let changes = 0;
    const list = new PagedData<Item>('k', 5, pages.fetch, () => changes++);
    void list.load();
    assert.deepEqual([list.started, list.isLoading, changes], [true, true, 1], 'asked: started, loading, told');
    const first = pages.asked[0];
    list.reset();
    assert.equal(first.signal.aborted, true, 'the request is aborted');
    assert.deepEqual([list.started, list.isLoading, changes], [false, false, 2]);

    void list.load();
    assert.equal(list.isLoading, true);
    await pages.answer(range(1, 5)); // the old page answers late
    assert.deepEqual([list.items.length, list.isLoading], [0, true], 'dropped; the new page is still loading');
    await pages.answer(range(6, 7));
    assert.deepEqual(list.items.map((i) => i.id), [6, 7]);

    void list.reset();
    void list.load();
    const late = pages.asked.shift()!;
    list.reset();
    void list.load();
    late.reject(new Error('late failure'));
    await settle();
    assert.deepEqual([list.error, list.isLoading], [undefined, true], 'the old failure is no error of the new reading');
  });

  it('a page every reader left is as if never asked, and says so; its answer coming anyway is dropped', async () => {
    const pages = new HandPages();
    let changes = 0;
    const list = new PagedData<Item>('k', 5, pages.fetch, () => changes++);
    const first = list.load();
    await pages.answer(range(1, 5));
    await first;
    const leaving = new AbortController();
    const second = list.load(leaving.signal);
    changes = 0;
    leaving.abort();
    await assert.rejects(second, (e: Error) => e.name === 'CancelledError');
    assert.deepEqual([list.started, list.isLoading, changes], [true, false, 1]);
    await pages.answer(range(6, 10));
    assert.deepEqual([list.items.length, changes], [5, 1]);
  });

  it('seed() takes a first page received otherwise, once, and tells', () => {
    let changes = 0;
    const list = new PagedData<Item>('k', 5, listOf(50).fetch, () => changes++);
    list.seed(range(1, 3));
    assert.deepEqual([list.started, list.done, list.items.length, changes], [true, true, 3, 1]);
    list.seed(range(4, 9));
    assert.deepEqual([list.items.length, changes], [3, 1], 'a list already started keeps its items');
  });

  it('a page’s items the server sent unreadable are rows of their own, once even when the page repeats', async () => {
    const page = (): Item[] => {
      const items = range(1, 2);
      addProblem(items, 2, 'no id', { name: 'broken' });
      return items;
    };
    const list = new PagedData<Item>('k', 3, async () => page());
    await list.load();
    assert.deepEqual(list.rows.map((r) => (r.problem ? 'problem' : `item ${r.item.id}`)), ['item 1', 'item 2', 'problem']);
    assert.match(list.rows[2].problem?.message ?? '', /no id/);
    assert.equal(list.done, false, 'three sent for three asked: more may come');
    await list.load();
    assert.equal(list.done, true, 'a page that brings nothing new ends the list');
    assert.equal(list.rows.length, 3, 'no second problem row');
  });

  it('a first page of unreadable items only is a row each; so is one on a later page with new items', async () => {
    const pages = new HandPages();
    const list = new PagedData<Item>('k', 2, pages.fetch);
    const broken = (items: Item[], at: number) => {
      addProblem(items, at, 'no id', { name: 'broken' });
      return items;
    };
    void list.load();
    await pages.answer(broken(broken([], 0), 1));
    assert.deepEqual(list.rows.map((r) => (r.problem ? 'problem' : r.item.id)), ['problem', 'problem']);
    assert.equal(list.done, false, 'two sent for two asked');
    void list.load();
    await pages.answer(broken([item(3)], 1));
    assert.deepEqual(list.rows.map((r) => (r.problem ? 'problem' : r.item.id)), ['problem', 'problem', 3, 'problem']);
  });
});

describe('workspace: readings of one list at several page sizes', () => {
  it('a complete reading that fits in one page of another spares its first request, told once; one that fills a page does not', async () => {
    const store = new KeyedStore();
    const { asked, fetch } = listOf(4);
    const told: string[] = [];
    store.onDidChange((key) => told.push(key));
    const every = store.list<Item>('k', 100, fetch);
    await every.load();
    told.length = 0;
    const five = store.list<Item>('k', 5, fetch);
    await five.load();
    assert.deepEqual([five.complete, five.items.length, five.pagesLoaded, asked], [true, 4, 1, ['1/100']]);
    assert.deepEqual(told, ['k'], 'told once');
    told.length = 0;
    const four = store.list<Item>('k', 4, fetch);
    await four.load();
    assert.deepEqual(asked, ['1/100', '1/4'], 'four items fill a page of four: more may exist, so it asks');
    assert.deepEqual(told, ['k', 'k'], 'asked, then arrived: nothing adopted');
  });

  it('complete() finds any complete reading of the key', async () => {
    const store = new KeyedStore();
    const { fetch } = listOf(30);
    await store.list<Item>('k', 10, fetch).load();
    assert.equal(store.complete('k'), undefined, 'one page of three');
    const every = store.list<Item>('k', 100, fetch);
    await every.load();
    assert.equal(store.complete<Item>('k')?.length, 30);
  });

  it('invalidate(key, perPage) forgets that reading only; the other and the key’s object stay', async () => {
    const store = new KeyedStore();
    const { fetch } = listOf(30);
    const ten = store.list<Item>('k', 10, fetch);
    const all = store.list<Item>('k', 100, fetch);
    await Promise.all([ten.load(), all.load()]);
    await store.object('k', async () => 'kept');
    store.invalidate('k', 10);
    assert.deepEqual([ten.started, all.started, store.peek('k')], [false, true, 'kept']);
    store.invalidateWhere((key) => key === 'k', 100);
    assert.deepEqual([all.started, store.peek('k')], [false, 'kept'], 'with a page size, objects are not forgotten');
    store.invalidateWhere((key) => key === 'k');
    assert.equal(store.peek('k'), undefined);
  });

  it('invalidateWhere() with a page size tells only the lists matched, not the objects', async () => {
    const store = new KeyedStore();
    await store.list<Item>('list', 10, listOf(3).fetch).load();
    await store.object('object', async () => 1);
    const told: string[] = [];
    store.onDidChange((key) => told.push(key));
    store.invalidateWhere(() => true, 10);
    assert.deepEqual(told, ['list']);
    assert.equal(store.peek('object'), 1);
  });
});

describe('workspace: the keyed store’s objects', () => {
  it('set() wins over an answer asked before it, and tells', async () => {
    const store = new KeyedStore();
    const told: string[] = [];
    store.onDidChange((key) => told.push(key));
    let answer!: (v: string) => void;
    const loading = store.object('x', () => new Promise<string>((r) => (answer = r)));
    store.set('x', 'written');
    answer('older');
    assert.equal(await loading, 'older');
    assert.deepEqual([store.peek('x'), told], ['written', ['x']]);
  });

  it('a kept object read again becomes the newest: the limit drops the oldest read', async () => {
    const store = new KeyedStore({ limits: { 'c:': 2 } });
    store.seed('c:a', 'a');
    store.seed('c:b', 'b');
    store.set('c:a', 'a2');
    store.seed('c:c', 'c');
    assert.deepEqual(['c:a', 'c:b', 'c:c'].map((k) => store.peek(k)), ['a2', undefined, 'c']);
  });

  it('clear() forgets everything without telling: a list asked again is a new reading, a page or object in flight is dropped', async () => {
    const store = new KeyedStore();
    const told: string[] = [];
    store.onDidChange((key) => told.push(key));
    const pages = new HandPages();
    const list = store.list<Item>('k', 5, pages.fetch);
    void list.load();
    let answer!: (v: string) => void;
    const loading = store.object('x', () => new Promise<string>((r) => (answer = r)));
    told.length = 0;
    const inFlight = pages.asked[0];
    store.clear();
    assert.equal(inFlight.signal.aborted, true);
    assert.deepEqual([list.started, list.isLoading], [false, false]);
    assert.notEqual(store.list<Item>('k', 5, pages.fetch), list, 'a new reading');
    answer('old session');
    await loading;
    assert.equal(store.peek('x'), undefined);
    assert.deepEqual(told, []);
  });

  it('disposed, it tells no one', async () => {
    const store = new KeyedStore();
    const told: string[] = [];
    store.onDidChange((key) => told.push(`change ${key}`));
    store.onDidInvalidate((key) => told.push(`invalidate ${key}`));
    store.set('x', 1);
    store.dispose();
    assert.equal(store.peek('x'), undefined, 'what it kept is forgotten');
    store.set('y', 2);
    store.invalidate('x');
    assert.deepEqual(told, ['change x', 'invalidate x']);
  });
});
