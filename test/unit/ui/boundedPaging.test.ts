// "Every page" is a few pages at most: against a server that always answers a full page (new
// items each time, so the client's repeated-page check never stops it), loading stops after the
// bound and says the list is incomplete; it stops at once when cancelled; a short list is complete.
import * as assert from 'node:assert/strict';
import { CancelledError, type ApiClient } from '../../../src/api';
import { collectPages, MAX_PICKER_PAGES, PICKER_PAGE_SIZE } from '../../../src/ui/boundedPaging';
import { json, startHostileServer, type HostileServer } from '../../harness/hostileServer';
import { makeClient, rejection } from '../api/helpers';

/** Always a full page of new workspaces, whatever `page` asks. */
function alwaysFull(server: () => HostileServer) {
  let served = 0;
  return (req: { path: string }, res: import('node:http').ServerResponse): boolean => {
    const perPage = Number(new URL(req.path, 'http://x').searchParams.get('per_page') ?? 20);
    const workspaces = Array.from({ length: perPage }, () => {
      served++;
      return { url: `${server().url}/workspaces/w${served}`, html_url: `https://app.example/w${served}`, id: served, name: `Workspace ${served}`, domain: `w${served}` };
    });
    json(res, 200, { url: `${server().url}/workspaces`, html_url: 'https://app.example', workspaces });
    return true;
  };
}

describe('ui: bounded paging', () => {
  let server: HostileServer;
  let client: ApiClient;

  beforeEach(async () => {
    server = await startHostileServer();
    server.handle(alwaysFull(() => server));
    ({ client } = await makeClient(server.url, 'token'));
  });
  afterEach(() => server.close());

  it(`stops an always-full list after ${MAX_PICKER_PAGES} pages and says it is incomplete`, async () => {
    const seen: number[] = [];
    const list = await collectPages(client.pages((q) => client.listWorkspaces(q), PICKER_PAGE_SIZE), {
      perPage: PICKER_PAGE_SIZE,
      onProgress: (loaded) => seen.push(loaded),
    });
    assert.equal(list.complete, false);
    assert.equal(list.items.length, MAX_PICKER_PAGES * PICKER_PAGE_SIZE);
    assert.deepEqual(seen, [100, 200, 300, 400, 500], 'progress after every page');
    assert.deepEqual(
      server.received.map((r) => r.path),
      [1, 2, 3, 4, 5].map((p) => `/workspaces?page=${p}&per_page=100`),
      'five requests, no sixth',
    );
  });

  it('a list that ends within the bound is complete', async () => {
    server.handle((_req, res) => (json(res, 200, { url: 'x', html_url: 'x', workspaces: [{ url: 'x', html_url: 'x', id: 1, name: 'A', domain: 'a' }] }), true));
    const list = await collectPages(client.pages((q) => client.listWorkspaces(q), PICKER_PAGE_SIZE), { perPage: PICKER_PAGE_SIZE });
    assert.deepEqual(list, { items: [{ url: 'x', html_url: 'x', id: 1, name: 'A', domain: 'a' }], complete: true });
    assert.equal(server.received.length, 1);
  });

  it('stops when cancelled between pages, with no further request', async () => {
    const aborter = new AbortController();
    const e = await rejection(() =>
      collectPages(client.pages((q) => client.listWorkspaces(q, { signal: aborter.signal }), PICKER_PAGE_SIZE), {
        perPage: PICKER_PAGE_SIZE,
        maxPages: 1000,
        signal: aborter.signal,
        onProgress: (_loaded, pages) => pages === 2 && aborter.abort(),
      }),
    );
    assert.ok(e instanceof CancelledError, String(e));
    assert.equal(server.received.length, 2);
  });

  it('stops when cancelled during a page (the request is aborted)', async () => {
    server.handle(() => true); // never answers
    const aborter = new AbortController();
    const loading = collectPages(client.pages((q) => client.listWorkspaces(q, { signal: aborter.signal }), PICKER_PAGE_SIZE), {
      perPage: PICKER_PAGE_SIZE,
      signal: aborter.signal,
    });
    setTimeout(() => aborter.abort(), 100);
    const e = await rejection(() => loading);
    assert.ok(e instanceof CancelledError, String(e));
    assert.equal(server.received.length, 1);
  });
});

describe('ui: bounded paging on a hand-made page source', () => {
  /** Pages of `perPage` numbers from `sizes`, recording how many were asked and whether it was ended. */
  function source(sizes: number[]) {
    const seen = { asked: 0, ended: false };
    async function* pages(): AsyncGenerator<number[]> {
      try {
        for (const n of sizes) {
          seen.asked++;
          yield Array.from({ length: n }, (_, i) => i);
        }
      } finally {
        seen.ended = true;
      }
    }
    return { pages: pages(), seen };
  }

  it('a short page ends the list without asking the next; the source is ended', async () => {
    const { pages, seen } = source([3, 2, 3]);
    const progress: [number, number][] = [];
    const list = await collectPages(pages, { perPage: 3, onProgress: (loaded, p) => progress.push([loaded, p]) });
    assert.deepEqual({ count: list.items.length, complete: list.complete }, { count: 5, complete: true });
    assert.deepEqual(progress, [
      [3, 1],
      [5, 2],
    ]);
    assert.equal(seen.asked, 2);
    assert.equal(seen.ended, true);
  });

  it('full pages up to the bound: incomplete, and the source ended; a source that ends on a full page is complete', async () => {
    const bounded = source([2, 2, 2, 2]);
    const list = await collectPages(bounded.pages, { perPage: 2, maxPages: 2 });
    assert.deepEqual({ count: list.items.length, complete: list.complete }, { count: 4, complete: false });
    assert.equal(bounded.seen.asked, 2);
    assert.equal(bounded.seen.ended, true, 'no further page is asked for');
    const exact = await collectPages(source([2, 2]).pages, { perPage: 2, maxPages: 5 });
    assert.deepEqual({ count: exact.items.length, complete: exact.complete }, { count: 4, complete: true });
  });

  it('cancelled before a page: CancelledError, nothing asked; a signal not aborted changes nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const { pages, seen } = source([2]);
    await assert.rejects(collectPages(pages, { perPage: 2, signal: controller.signal }), (e: unknown) => e instanceof CancelledError && e.message === 'The list was not loaded: cancelled.');
    assert.equal(seen.asked, 0);
    const list = await collectPages(source([1]).pages, { perPage: 2, signal: new AbortController().signal });
    assert.equal(list.complete, true);
  });
});
