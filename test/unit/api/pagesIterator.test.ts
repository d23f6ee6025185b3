// The paging iterator's own logic, with list functions written here (no HTTP needed for it; the
// HTTP side is in paging.test.ts).
import * as assert from 'node:assert/strict';
import { ApiClient, ValidationError, type PageQuery } from '../../../src/api';

const client = new ApiClient({
  baseUrl: 'http://127.0.0.1:9',
  getToken: () => undefined,
  fetch: () => Promise.reject(new Error('no request expected')),
  userAgent: 'test',
});

function source(total: number) {
  const calls: Required<PageQuery>[] = [];
  const list = async (q: Required<PageQuery>) => {
    calls.push(q);
    const start = (q.page - 1) * q.perPage;
    return Array.from({ length: Math.max(0, Math.min(q.perPage, total - start)) }, (_, i) => start + i);
  };
  return { calls, list };
}

describe('api: paging iterator', () => {
  it('yields every item once and stops at the short page', async () => {
    const { calls, list } = source(23);
    const got: number[] = [];
    for await (const x of client.items(list, 10)) {
      got.push(x);
    }
    assert.deepEqual(got, Array.from({ length: 23 }, (_, i) => i));
    assert.deepEqual(calls, [
      { page: 1, perPage: 10 },
      { page: 2, perPage: 10 },
      { page: 3, perPage: 10 },
    ]);
  });

  it('can start at a later page, and accepts the bounds 1 and 100', async () => {
    const { list } = source(250);
    const pages: number[][] = [];
    for await (const p of client.pages(list, 100, 2)) {
      pages.push(p);
    }
    assert.deepEqual(
      pages.map((p) => p.length),
      [100, 50],
    );
    const one = source(3);
    let n = 0;
    for await (const _ of client.items(one.list, 1)) {
      n++;
    }
    assert.equal(n, 3);
  });

  it('refuses page sizes outside 1..100 and pages below 1', async () => {
    for (const perPage of [0, 101, -1, 1.5, NaN]) {
      await assert.rejects(client.pages(source(5).list, perPage)[Symbol.asyncIterator]().next(), ValidationError, String(perPage));
    }
    await assert.rejects(client.pages(source(5).list, 10, 0)[Symbol.asyncIterator]().next(), ValidationError);
  });

  it('stops when the server ignores the page number', async () => {
    let calls = 0;
    const stuck = async () => {
      calls++;
      return [1, 2, 3];
    };
    const got: number[] = [];
    for await (const x of client.items(stuck, 3)) {
      got.push(x);
    }
    assert.deepEqual(got, [1, 2, 3]);
    assert.equal(calls, 2);
  });
});
