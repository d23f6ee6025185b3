// Hostile answers (issue 22): a page of unreadable items costs neither a row and a log line per
// item nor the time to read them all, and cannot overflow the stack; an error body of a million
// messages is read no further than the ten an error keeps. Each bound pinned at its edge.
import * as assert from 'node:assert/strict';
import { ShapeError, TooManyLeftOutError, envelope, int, items, obj } from '../../../src/api/checks';
import { ApiError, MAX_MESSAGES, UnexpectedResponseError } from '../../../src/api/errors';
import { RateLimitState } from '../../../src/api/rateLimit';
import { parseErrorBody, ResponseReader } from '../../../src/api/responses';
import { addProblem, finishProblems, itemProblems, MAX_LEFT_OUT, type ItemProblem } from '../../../src/api/tolerant';
import { ADMIN_TOKEN } from '../../emulator/demo-data';
import { useEmulator } from '../../harness/useEmulator';
import { editingFetch, makeClient, nodeFetch, rejection } from './helpers';

/** `bad` items without an id, then `good` with one, in the order given. */
const page = (bad: number, good: number): unknown[] => [...Array.from({ length: bad }, (_, i) => ({ name: `bad-${i}` })), ...Array.from({ length: good }, (_, i) => ({ id: i + 1 }))];

/** The error `fn` throws. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  assert.fail('expected a throw');
}

describe('api: a list may leave out at most 100 unreadable items', () => {
  const targets = obj({ targets: items(obj({ id: int })) });

  it('is 100', () => {
    assert.equal(MAX_LEFT_OUT, 100);
  });

  it('exactly 100 unreadable items: the list is read, the 100 recorded, the good items kept', () => {
    const out = targets({ targets: page(100, 3) }) as { targets: unknown[] };
    assert.deepEqual(out.targets, [{ id: 1 }, { id: 2 }, { id: 3 }]);
    const problems = itemProblems(out.targets);
    assert.equal(problems.length, 100);
    assert.equal(problems[0].message, 'targets[0]: no id');
    assert.equal(problems[99].message, 'targets[99]: no id');
  });

  it('101: the whole answer is refused with one error naming the count, the list’s place and the limit', () => {
    const e = thrown(() => targets({ targets: page(101, 3) }));
    assert.ok(e instanceof TooManyLeftOutError);
    assert.ok(e instanceof ShapeError, 'a shape error: the client turns it into an unexpected answer');
    assert.equal(e.name, 'TooManyLeftOutError');
    assert.equal(e.at, 'targets');
    assert.equal(e.got, 104);
    assert.equal(e.message, 'targets: more than 100 of its 104 items could not be read (expected at most 100)');
  });

  it('reading stops at the first item past the limit: the items after it are never checked', () => {
    let checked = 0;
    const counting = items((v) => {
      checked++;
      return obj({ id: int })(v);
    });
    assert.throws(() => counting.check(page(1000, 1000)), TooManyLeftOutError);
    assert.equal(checked, 101);
  });

  it('a list that is the answer itself is named "answer"', () => {
    const e = thrown(() => items(obj({ id: int })).check(page(101, 0)));
    assert.ok(e instanceof TooManyLeftOutError);
    assert.equal(e.message, 'answer: more than 100 of its 101 items could not be read (expected at most 100)');
    const viaEnvelope = thrown(() => envelope('pipelines', obj({ id: int }))({ pipelines: page(150, 0) }));
    assert.equal((viaEnvelope as Error).message, 'pipelines: more than 100 of its 150 items could not be read (expected at most 100)');
  });

  it('a list inside an item refuses the whole answer (not only its item), named by its full place', () => {
    const full = obj({ targets: items(obj({ id: int, allowed_pipelines: items(obj({ id: int })) })) });
    const e = thrown(() => full({ targets: [{ id: 1, allowed_pipelines: [] }, { id: 2, allowed_pipelines: page(101, 1) }] }));
    assert.ok(e instanceof TooManyLeftOutError);
    assert.equal(e.message, 'targets[1].allowed_pipelines: more than 100 of its 102 items could not be read (expected at most 100)');
    // At the limit, the inner list is read and the outer item kept.
    const read = full({ targets: [{ id: 2, allowed_pipelines: page(100, 1) }] }) as { targets: { allowed_pipelines: unknown[] }[] };
    assert.equal(read.targets.length, 1);
    assert.equal(itemProblems(read.targets[0].allowed_pipelines).length, 100);
  });

  it('finishing a long record of problems does not overflow the stack (no spread of the whole list)', () => {
    const list: unknown[] = [];
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      addProblem(list, i, 'no id', i);
    }
    const done = finishProblems(list);
    assert.equal(done.length, n);
    assert.equal(done[n - 1].message, `[${n - 1}]: no id`);
  });
});

describe('api: an error body keeps 10 messages, cut while it is read', () => {
  const errors = (n: number) => JSON.stringify({ errors: Array.from({ length: n }, (_, i) => ({ message: `m${i}` })) });

  it('is 10', () => {
    assert.equal(MAX_MESSAGES, 10);
  });

  it('10 messages: all kept; 11: the first 10', () => {
    assert.deepEqual(parseErrorBody(errors(10))?.messages, ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
    assert.deepEqual(parseErrorBody(errors(11))?.messages, ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
  });

  it('entries without a message do not count; a code among the first ten messages is read', () => {
    const body = JSON.stringify({ errors: [{}, null, 7, { message: '' }, ...Array.from({ length: 12 }, (_, i) => ({ message: i === 3 ? '881=denied' : `m${i}` }))] });
    const parsed = parseErrorBody(body);
    assert.deepEqual(parsed?.messages, ['m0', 'm1', 'm2', 'denied', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
    assert.equal(parsed?.code, 881);
  });

  it('200,000 messages (3 MiB, under the cap): ten read, and the error made from them carries ten', () => {
    const body = errors(200_000);
    // The process's own CPU time, not the clock's: other work on a shared machine does not count.
    const started = process.cpuUsage();
    assert.equal(parseErrorBody(body)?.messages.length, 10);
    const reader = new ResponseReader('https://api.example.com', new RateLimitState(), undefined);
    let error: unknown;
    try {
      reader.read({ request: { method: 'GET', path: '/user' }, secrets: [], answer: { status: 400, text: body, headers: { get: () => null } } }, (j) => j);
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof ApiError);
    assert.equal(error.messages.length, 10);
    assert.equal(error.message, 'm0 m1 m2 m3 m4 m5 m6 m7 m8 m9');
    const used = process.cpuUsage(started);
    assert.ok(used.user + used.system < 5_000_000, 'read in linear time');
  });
});

describe('api client: a hostile page of unreadable items (over HTTP)', function () {
  this.timeout(30_000);
  const emu = useEmulator();

  /** A client whose GET /workspaces/acme/targets answers `targets`, with every left-out item it is told of. */
  async function answering(targets: unknown[]) {
    const told: ItemProblem[] = [];
    const fetch = editingFetch(await nodeFetch(), (url, status) => (url.includes('/targets') && status === 200 ? { text: JSON.stringify({ targets }) } : undefined));
    const { client } = await makeClient(emu.url, ADMIN_TOKEN, { fetch, onItemProblem: (p) => told.push(p) });
    return { client, told };
  }

  it('a million unreadable items (the size of a page under the cap): refused at once with one error, nothing told item by item', async () => {
    const { client, told } = await answering(Array.from({ length: 1_000_000 }, () => ({})));
    const e = await rejection(() => client.listTargets('acme'));
    assert.ok(e instanceof UnexpectedResponseError, String(e));
    assert.equal(e.message, "The answer does not have the API's shape: targets: more than 100 of its 1000000 items could not be read (expected at most 100).");
    assert.deepEqual(told, []);
  });

  it('100 unreadable items beside good ones: the good ones read, the 100 told once each', async () => {
    const good = (await (await makeClient(emu.url, ADMIN_TOKEN)).client.listTargets('acme')) as unknown[];
    assert.ok(good.length > 0);
    const { client, told } = await answering([...good, ...Array.from({ length: 100 }, () => ({ name: 'no id' }))]);
    const read = await client.listTargets('acme');
    assert.equal(read.length, good.length);
    assert.equal(told.length, 100);
    assert.equal(told[99].message, `targets[${good.length + 99}]: no id`);
  });
});
