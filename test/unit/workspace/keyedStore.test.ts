// The workspace's data home (src/workspace/): lists read a page at a time, readers sharing one
// request, invalidation and change events, against the real emulator over HTTP.
import * as assert from 'node:assert/strict';
import { CancelledError, type ApiClient, type ProjectRef } from '../../../src/api';
import type { Session } from '../../../src/services';
import { Emitter } from '../../../src/workspace/events';
import { KeyedStore } from '../../../src/workspace/keyedStore';
import { DataKey, WorkspaceData } from '../../../src/workspace/workspaceData';
import { useEmulator } from '../../harness/useEmulator';
import { makeClient, rejection } from '../api/helpers';

/** A session of the tests: signed in with `client`, in `workspace`; change() is another session. */
function fakeSession(client: ApiClient, workspace = 'acme') {
  const changed = new Emitter<void>();
  const session = { client, workspace, onDidChange: changed.event } as unknown as Session;
  return { session, change: () => changed.fire() };
}

describe('workspace: the data home', () => {
  const emu = useEmulator();
  let client: ApiClient;
  let all: ProjectRef[];

  const listed = (fragment: string) => emu.requests.filter((r) => r.path.includes(fragment)).map((r) => r.path);

  beforeEach(async () => {
    ({ client } = await makeClient(emu.url, 'admin-token'));
    all = await client.listProjects('acme', { page: 1, perPage: 100 });
    assert.ok(all.length >= 4, 'the demo data has projects to page through');
    emu.clearRequests();
  });

  it('reads a list a page at a time, knows its end from a short page, and never asks twice for what it has', async () => {
    const data = new WorkspaceData(fakeSession(client).session);
    const projects = data.projects(2);
    await projects.load();
    assert.deepEqual(projects.items.map((p) => p.name), all.slice(0, 2).map((p) => p.name));
    assert.equal(projects.done, false);
    while (!projects.done) {
      await projects.load();
    }
    assert.deepEqual(projects.items.map((p) => p.name), all.map((p) => p.name));
    const pages = Math.floor(all.length / 2) + 1;
    assert.deepEqual(listed('/projects?'), Array.from({ length: pages }, (_, i) => `/workspaces/acme/projects?page=${i + 1}&per_page=2`));
    await projects.load();
    assert.equal(data.projects(2), projects, 'one reading per key and page size');
    assert.equal(listed('/projects?').length, pages, 'a complete list asks nothing more');
  });

  it('shares one request among the readers of a page, and of an object', async () => {
    const data = new WorkspaceData(fakeSession(client).session);
    await Promise.all([data.projects(20).load(), data.projects(20).load(), data.projects(20).load()]);
    assert.equal(listed('/projects?').length, 1);
    const [a, b] = await Promise.all([data.target('tg-8f2c'), data.target('tg-8f2c')]);
    assert.equal(a, b);
    await data.target('tg-8f2c');
    assert.deepEqual(listed('/targets/'), ['/workspaces/acme/targets/tg-8f2c'], 'one request, then kept');
  });

  it('a reader that leaves stops waiting; the request goes on for the others, and is aborted when no one is left', async () => {
    emu.setLatency(300);
    const data = new WorkspaceData(fakeSession(client).session);
    const projects = data.projects(20);
    const leaving = new AbortController();
    const staying = projects.load();
    const left = projects.load(leaving.signal);
    leaving.abort();
    assert.ok((await rejection(() => left)) instanceof CancelledError);
    await staying;
    assert.equal(projects.items.length, all.length, 'the page arrived for the reader that stayed');

    const alone = data.targets(20);
    const aborter = new AbortController();
    const loading = alone.load(aborter.signal);
    assert.equal(alone.isLoading, true);
    aborter.abort();
    assert.ok((await rejection(() => loading)) instanceof CancelledError);
    assert.equal(alone.isLoading, false);
    assert.equal(alone.started, false, 'as if never asked: the next reader asks again');
    assert.equal(alone.error, undefined);
  });

  it('invalidate(key) forgets the key and tells whoever shows it; the next reader asks again', async () => {
    const data = new WorkspaceData(fakeSession(client).session);
    const changes: string[] = [];
    const invalidations: string[] = [];
    data.onDidChange((key) => changes.push(key));
    data.onDidInvalidate((key) => invalidations.push(key));
    await data.projects(20).load();
    assert.deepEqual(changes, [DataKey.projects, DataKey.projects], 'the page asked, then arrived');
    assert.deepEqual(invalidations, [], 'a load is no invalidation');
    changes.length = 0;
    data.invalidate(DataKey.projects);
    assert.deepEqual(changes, [DataKey.projects]);
    assert.deepEqual(invalidations, [DataKey.projects]);
    assert.equal(data.projects(20).started, false);
    await data.projects(20).load();
    assert.equal(listed('/projects?').length, 2);

    await data.target('tg-8f2c');
    data.invalidate(DataKey.target('tg-8f2c'));
    assert.equal(data.knownTarget('tg-8f2c'), undefined);
    await data.target('tg-8f2c');
    assert.equal(listed('/targets/').length, 2);
  });

  it('an answer that arrives after its key was invalidated is not kept', async () => {
    emu.setLatency(200);
    const data = new WorkspaceData(fakeSession(client).session);
    const loading = data.target('tg-8f2c');
    data.invalidate(DataKey.target('tg-8f2c'));
    await loading;
    assert.equal(data.knownTarget('tg-8f2c'), undefined, 'the old answer may say what the write changed');
    const projects = data.projects(20);
    const page = projects.load();
    data.invalidate(DataKey.projects);
    await page;
    assert.deepEqual([projects.started, projects.items.length], [false, 0], 'the page in flight is dropped');
  });

  it('set() puts a write’s answer in and tells; rememberTarget() keeps one received otherwise and tells no one', async () => {
    const data = new WorkspaceData(fakeSession(client).session);
    const told: string[] = [];
    data.onDidInvalidate((key) => told.push(key));
    const target = await client.getTarget('acme', 'tg-8f2c');
    emu.clearRequests();
    data.rememberTarget(target);
    assert.deepEqual(told, []);
    assert.equal(await data.target('tg-8f2c'), target);
    const changed = { ...target, name: 'Changed' };
    data.setTarget(changed);
    assert.deepEqual(told, [DataKey.target('tg-8f2c')]);
    assert.equal(data.knownTarget('tg-8f2c'), changed);
    data.rememberTarget(target);
    assert.equal(data.knownTarget('tg-8f2c'), changed, 'what is kept is not replaced by what was received otherwise');
    assert.deepEqual(emu.requests, []);
  });

  it('a list complete at one page size serves a reader of every item at another, and one of a larger page size, without a request', async () => {
    const data = new WorkspaceData(fakeSession(client).session);
    const view = data.projects(20);
    await view.load();
    assert.equal(view.complete, true);
    emu.clearRequests();
    const every = await data.every(data.projects(100), { maxPages: 5 });
    assert.deepEqual({ count: every.items.length, complete: every.complete }, { count: all.length, complete: true });
    const wider = data.projects(50);
    await wider.load();
    assert.deepEqual([wider.complete, wider.items.length], [true, all.length]);
    assert.deepEqual(emu.requests, []);
    const narrower = data.projects(2);
    await narrower.load();
    assert.equal(narrower.items.length, 2, 'a smaller page size reads its own pages');
    assert.equal(emu.requests.length, 1);
  });

  it('a first page received otherwise (the token check) spares the picker its request', async () => {
    const data = new WorkspaceData(fakeSession(client).session);
    data.seedWorkspaces(await client.listWorkspaces());
    emu.clearRequests();
    const workspaces = await data.every(data.workspaces(), { maxPages: 5 });
    assert.ok(workspaces.complete && workspaces.items.some((w) => w.domain === 'acme'));
    assert.deepEqual(emu.requests, []);
  });

  it('another session forgets everything, what is in flight included, without telling', async () => {
    const { session, change } = fakeSession(client);
    const data = new WorkspaceData(session);
    await data.projects(20).load();
    await data.target('tg-8f2c');
    const told: string[] = [];
    data.onDidChange((key) => told.push(key));
    change();
    assert.deepEqual(told, []);
    assert.equal(data.projects(20).started, false);
    assert.equal(data.knownTarget('tg-8f2c'), undefined);
  });

  it('a failed page is kept as the error, with the items before it; the next load asks that page again', async () => {
    const data = new WorkspaceData(fakeSession(client).session);
    const projects = data.projects(2);
    await projects.load();
    emu.injectFault({ kind: '500', count: 100, method: 'GET', path: '/projects' });
    await projects.load();
    assert.equal((projects.error as Error | undefined)?.name, 'ServerError');
    assert.equal(projects.items.length, 2);
    const thrown = await rejection(() => data.every(projects, { maxPages: 5 }));
    assert.equal((thrown as Error).name, 'ServerError', 'every page: the failure is thrown');
    emu.clearFaults();
    emu.clearRequests();
    await projects.load();
    assert.equal(projects.error, undefined);
    assert.equal(projects.items.length, Math.min(4, all.length));
    assert.deepEqual(listed('/projects?'), ['/workspaces/acme/projects?page=2&per_page=2'], 'the failed page again');
  });

  it('signed out, a reader fails as a 401 would, without a request', async () => {
    const data = new WorkspaceData({ client: undefined, workspace: undefined, onDidChange: new Emitter<void>().event } as unknown as Session);
    const projects = data.projects(20);
    await projects.load();
    assert.equal((projects.error as Error).name, 'UnauthorizedError');
    assert.deepEqual(emu.requests, []);
  });
});

describe('workspace: the keyed store', () => {
  it('keeps at most the limit of objects of a prefix, the oldest going first', async () => {
    const store = new KeyedStore({ limits: { 'commit:': 2 } });
    for (const key of ['commit:a', 'commit:b', 'other', 'commit:c']) {
      await store.object(key, async () => key);
    }
    assert.deepEqual(['commit:a', 'commit:b', 'commit:c', 'other'].map((k) => store.peek(k)), [undefined, 'commit:b', 'commit:c', 'other']);
  });

  it('a failed object is not kept: the next reader asks again', async () => {
    const store = new KeyedStore();
    let calls = 0;
    const load = async () => {
      calls++;
      if (calls === 1) {
        throw new Error('first');
      }
      return calls;
    };
    await assert.rejects(store.object('x', load), /first/);
    assert.equal(await store.object('x', load), 2);
    assert.equal(await store.object('x', load), 2);
    assert.equal(calls, 2);
  });
});
