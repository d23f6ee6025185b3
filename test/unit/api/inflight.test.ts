// Requests in flight (src/api/inflight.ts) on hand-made runs: identical GETs share one run while
// it is in flight (not after), a caller that leaves is rejected at once, and the run is aborted
// only when its last caller has left.
import * as assert from 'node:assert/strict';
import { CancelledError } from '../../../src/api/errors';
import { InflightRequests, type Abort } from '../../../src/api/inflight';

const ctx = { method: 'GET', path: '/workspaces' };

/** A run that waits until told, counting its starts and keeping each start's abort. */
function controllable() {
  const starts: { abort: Abort; resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const run = (abort: Abort) =>
    new Promise<string>((resolve, reject) => {
      starts.push({ abort, resolve, reject });
    });
  return { run, starts };
}

async function outcome<T>(p: Promise<T>): Promise<T | Error> {
  return p.then(
    (v) => v,
    (e: unknown) => e as Error,
  );
}

describe('api: requests in flight', () => {
  it('callers of one key share one run while it is in flight; after it settles the next caller starts another', async () => {
    const inflight = new InflightRequests<string>();
    const { run, starts } = controllable();
    const a = inflight.join('k', undefined, ctx, run);
    const b = inflight.join('k', new AbortController().signal, ctx, run);
    assert.equal(starts.length, 1);
    starts[0].resolve('one');
    assert.deepEqual(await Promise.all([a, b]), ['one', 'one']);
    const c = inflight.join('k', undefined, ctx, run);
    assert.equal(starts.length, 2, 'a settled run is not shared');
    starts[1].resolve('two');
    assert.equal(await c, 'two');
    const failed = inflight.join('k', undefined, ctx, run);
    starts[2].reject(new Error('down'));
    await assert.rejects(failed, /down/);
    const after = inflight.join('k', undefined, ctx, run);
    assert.equal(starts.length, 4, 'nor a failed one');
    starts[3].resolve('four');
    assert.equal(await after, 'four');
  });

  it('no key: never shared', () => {
    const inflight = new InflightRequests<string>();
    const { run, starts } = controllable();
    void inflight.join(undefined, undefined, ctx, run);
    void inflight.join(undefined, undefined, ctx, run);
    assert.equal(starts.length, 2);
  });

  it('a caller that leaves is rejected at once; the run goes on for the others, and is aborted when the last leaves', async () => {
    const inflight = new InflightRequests<string>();
    const { run, starts } = controllable();
    const first = new AbortController();
    const second = new AbortController();
    const a = outcome(inflight.join('k', first.signal, ctx, run));
    const b = outcome(inflight.join('k', second.signal, ctx, run));
    first.abort();
    const left = await a;
    assert.ok(left instanceof CancelledError);
    assert.equal(left.message, 'The request was cancelled.');
    assert.equal(left.request, 'GET /workspaces');
    assert.equal(starts[0].abort.controller.signal.aborted, false, 'another caller still waits');
    first.abort();
    assert.equal(starts[0].abort.controller.signal.aborted, false, 'a second abort of the same caller counts once');
    second.abort();
    assert.ok((await b) instanceof CancelledError);
    assert.equal(starts[0].abort.controller.signal.aborted, true, 'the last caller left: the run is aborted');
    const again = inflight.join('k', undefined, ctx, run);
    assert.equal(starts.length, 2, 'an abandoned run is not joined');
    starts[1].resolve('fresh');
    assert.equal(await again, 'fresh');
  });

  it('a caller that waits gets the run’s failure; leaving after the run settled aborts nothing', async () => {
    const inflight = new InflightRequests<string>();
    const { run, starts } = controllable();
    const caller = new AbortController();
    const p = outcome(inflight.join('k', caller.signal, ctx, run));
    starts[0].reject(new Error('refused'));
    const e = await p;
    assert.ok(e instanceof Error && e.message === 'refused', String(e));
    caller.abort();
    assert.equal(starts[0].abort.controller.signal.aborted, false);
    const late = new AbortController();
    const q = outcome(inflight.join('j', late.signal, ctx, run));
    starts[1].resolve('done');
    assert.equal(await q, 'done');
    late.abort();
    assert.equal(starts[1].abort.controller.signal.aborted, false, 'the run was over');
  });
});
