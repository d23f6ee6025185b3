// "Every page" is a few pages at most (the pickers, the effective variables): against a server that
// always answers a full page of new items (so the repeated-page check never stops it), reading
// stops after the bound and says the list is incomplete; it stops at once when cancelled; a short
// list is complete. The workspace's data (src/workspace/) on a hand-written loopback server.
import * as assert from 'node:assert/strict';
import { CancelledError, type ApiClient } from '../../../src/api';
import type { Session } from '../../../src/services';
import { Emitter } from '../../../src/workspace/events';
import { MAX_PICKER_PAGES, PICKER_PAGE_SIZE, WorkspaceData } from '../../../src/workspace/workspaceData';
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

describe('workspace: every page of a list, bounded', () => {
  let server: HostileServer;
  let client: ApiClient;
  let data: WorkspaceData;

  beforeEach(async () => {
    server = await startHostileServer();
    server.handle(alwaysFull(() => server));
    ({ client } = await makeClient(server.url, 'token'));
    data = new WorkspaceData({ client, workspace: 'w', onDidChange: new Emitter<void>().event } as unknown as Session);
  });
  afterEach(() => server.close());

  it(`stops an always-full list after ${MAX_PICKER_PAGES} pages and says it is incomplete`, async () => {
    const seen: number[] = [];
    const list = await data.every(data.workspaces(), { maxPages: MAX_PICKER_PAGES, onProgress: (loaded) => seen.push(loaded) });
    assert.equal(list.complete, false);
    assert.equal(list.items.length, MAX_PICKER_PAGES * PICKER_PAGE_SIZE);
    assert.deepEqual(seen, [100, 200, 300, 400, 500], 'progress after every page');
    assert.deepEqual(
      server.received.map((r) => r.path),
      [1, 2, 3, 4, 5].map((p) => `/workspaces?page=${p}&per_page=100`),
      'five requests, no sixth',
    );
    const again = await data.every(data.workspaces(), { maxPages: MAX_PICKER_PAGES });
    assert.deepEqual([again.items.length, again.complete, server.received.length], [500, false, 5], 'asked again: what was read, no request');
  });

  it('a list that ends within the bound is complete', async () => {
    server.handle((_req, res) => (json(res, 200, { url: 'x', html_url: 'x', workspaces: [{ url: 'x', html_url: 'x', id: 1, name: 'A', domain: 'a' }] }), true));
    const list = await data.every(data.workspaces(), { maxPages: MAX_PICKER_PAGES });
    assert.deepEqual(list, { items: [{ url: 'x', html_url: 'x', id: 1, name: 'A', domain: 'a' }], complete: true });
    assert.equal(server.received.length, 1);
  });

  it('stops when cancelled between pages, with no further request', async () => {
    const aborter = new AbortController();
    const e = await rejection(() =>
      data.every(data.workspaces(), { maxPages: 1000, signal: aborter.signal, onProgress: (_loaded, pages) => pages === 2 && aborter.abort() }),
    );
    assert.ok(e instanceof CancelledError && e.message === 'The list was not loaded: cancelled.', String(e));
    assert.equal(server.received.length, 2);
  });

  it('stops when cancelled during a page (the request is aborted, the page not kept)', async () => {
    server.handle(() => true); // never answers
    const aborter = new AbortController();
    const list = data.workspaces();
    const loading = data.every(list, { maxPages: MAX_PICKER_PAGES, signal: aborter.signal });
    setTimeout(() => aborter.abort(), 100);
    const e = await rejection(() => loading);
    assert.ok(e instanceof CancelledError, String(e));
    assert.equal(server.received.length, 1);
    assert.deepEqual([list.started, list.isLoading, list.error], [false, false, undefined]);
  });

  it('cancelled before a page: CancelledError, nothing asked', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(data.every(data.workspaces(), { maxPages: 5, signal: controller.signal }), (e: unknown) => e instanceof CancelledError);
    assert.equal(server.received.length, 0);
  });
});
