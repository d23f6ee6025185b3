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
