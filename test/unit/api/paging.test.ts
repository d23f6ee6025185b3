// Paging across web-app's commits with since and until, checked against the emulator's demo data.
import * as assert from 'node:assert/strict';
import { formatApiDate, parseApiDate, type CommitSummary } from '../../../src/api';
import { ADMIN_TOKEN, demoCommits } from '../../emulator/demo-data';
import { makeClient } from './helpers';
import { useEmulator } from '../../harness/useEmulator';
import { ValidationError } from '../../../src/api/errors';
import { checkPage, checkPerPage, iteratePages } from '../../../src/api/paging';

describe('api client: paging', function () {
  const emu = useEmulator();
  const COMMITS = '/workspaces/acme/projects/web-app/repository/commits';
  const commitRequests = () => emu.requests.filter((r) => r.method === 'GET' && r.path.split('?')[0] === COMMITS);


  it('iterates every commit of web-app, page by page, stopping at the first short page', async () => {
    const expected = demoCommits('web-app').map((c) => c.revision);
    assert.ok(expected.length >= 45);
    const { client } = await makeClient(emu.url, ADMIN_TOKEN);
    const pageSizes: number[] = [];
    const seen: string[] = [];
    for await (const page of client.pages((q) => client.listCommits('acme', 'web-app', q), 7)) {
      pageSizes.push(page.length);
      seen.push(...page.map((c) => c.revision));
    }
    assert.deepEqual(seen, expected);
    const full = Math.floor(expected.length / 7);
    assert.equal(pageSizes.length, full + (expected.length % 7 ? 1 : 0));
    assert.ok(full >= 6, `${full} full pages`);
    assert.deepEqual(pageSizes.slice(0, full), Array.from({ length: full }, () => 7));
    assert.equal(commitRequests().length, pageSizes.length, 'no request after the short page');
  });

  it('when the count divides evenly, one empty page ends it, and it is not yielded', async () => {
    const total = demoCommits('web-app').length;
    const divisor = [13, 4, 2, 1].find((d) => total % d === 0)!;
    const { client } = await makeClient(emu.url, ADMIN_TOKEN);
    const pages: CommitSummary[][] = [];
    for await (const page of client.pages((q) => client.listCommits('acme', 'web-app', q), divisor)) {
      pages.push(page);
    }
    assert.equal(pages.length, total / divisor);
    assert.equal(commitRequests().length, total / divisor + 1);
  });

  it('since and until are inclusive, sent in UTC as yyyy-MM-ddTHH:mm:ssZ, across pages', async () => {
    const all = demoCommits('web-app');
    const newest = 10;
    const oldest = 33;
    const since = new Date(all[oldest].commitDate);
    const until = new Date(all[newest].commitDate);
    assert.ok(until.getTime() - since.getTime() > 0);
    const { client } = await makeClient(emu.url, ADMIN_TOKEN);
    const got: string[] = [];
    for await (const c of client.items((q) => client.listCommits('acme', 'web-app', { ...q, since, until }), 5)) {
      got.push(c.revision);
      const t = parseApiDate(c.commit_date)!.getTime();
      assert.ok(t >= since.getTime() && t <= until.getTime());
    }
    assert.deepEqual(
      got,
      all.slice(newest, oldest + 1).map((c) => c.revision),
    );
    const requests = commitRequests();
    assert.equal(requests.length, Math.ceil((oldest - newest + 1) / 5) + ((oldest - newest + 1) % 5 === 0 ? 1 : 0));
    const query = new URLSearchParams(requests[0].path.split('?')[1]);
    assert.equal(query.get('since'), formatApiDate(since));
    assert.match(query.get('since') ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.equal(query.get('until'), formatApiDate(until));
    assert.equal(query.get('per_page'), '5');
    assert.deepEqual(
      requests.map((r) => new URLSearchParams(r.path.split('?')[1]).get('page')),
      requests.map((_, i) => String(i + 1)),
    );
  });

  it('a range with no commits gives one empty page', async () => {
    const { client } = await makeClient(emu.url, ADMIN_TOKEN);
    const pages: CommitSummary[][] = [];
    for await (const p of client.pages((q) => client.listCommits('acme', 'web-app', { ...q, since: new Date('2030-01-01T00:00:00Z') }))) {
      pages.push(p);
    }
    assert.deepEqual(pages, [[]]);
  });
});

describe('api: paging, the edges on hand-made pages', () => {
  const numbered = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

  it('page checks say the value and the range, named by parameter', () => {
    assert.throws(() => checkPerPage(0), (e: unknown) => e instanceof ValidationError && e.param === 'per_page' && e.message === "Value of 'per_page' is invalid: 0 (1 to 100).");
    assert.throws(() => checkPage(0), (e: unknown) => e instanceof ValidationError && e.param === 'page' && e.message === "Value of 'page' is invalid: 0 (pages start at 1).");
  });

  it('asks at most maxPages pages, from the start page', async () => {
    const asked: number[] = [];
    const pages: unknown[][] = [];
    for await (const p of iteratePages(
      async ({ page, perPage }) => {
        asked.push(page);
        return numbered(page * 10, perPage);
      },
      2,
      3,
      2,
    )) {
      pages.push(p);
    }
    assert.deepEqual(asked, [3, 4]);
    assert.equal(pages.length, 2);
  });

  it('an empty page after full ones ends the list and is not yielded; an empty first page is', async () => {
    const yielded: unknown[][] = [];
    for await (const p of iteratePages(async ({ page }) => (page === 1 ? numbered(0, 2) : []), 2, 1)) {
      yielded.push(p);
    }
    assert.deepEqual(yielded.map((p) => p.length), [2]);
    const first: unknown[][] = [];
    for await (const p of iteratePages(async () => [], 2, 1)) {
      first.push(p);
    }
    assert.deepEqual(first, [[]]);
  });
});
