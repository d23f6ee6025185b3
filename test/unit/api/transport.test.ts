// The transport (src/api/transport.ts) on a hand-made fetch: what a failure without an answer is
// called (the system error code wherever the fetch put it), the token's read, the backoff and
// Retry-After, the timeout's message, redirects and the per-attempt log. Over HTTP against the
// emulator, the same paths are in reliability.test.ts.
import * as assert from 'node:assert/strict';
import { ApiError, CancelledError, NetworkError, TimeoutError, UnauthorizedError } from '../../../src/api/errors';
import { RedirectError } from '../../../src/api/boundedBody';
import { RateLimitState } from '../../../src/api/rateLimit';
import { Transport, type FetchLike, type RequestEvent, type TransportOptions } from '../../../src/api/transport';

const BASE = 'https://api.example.com';
const TOKEN = 'tok-transport-1';

type Answer = Awaited<ReturnType<FetchLike>>;
const ok = (text = '{}', status = 200, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { get: (n: string) => headers[n.toLowerCase()] ?? null },
  text: async () => text,
});

function transport(fetch: FetchLike, opts: Partial<TransportOptions> = {}) {
  const events: RequestEvent[] = [];
  const t = new Transport(BASE, new RateLimitState(), {
    getToken: () => TOKEN,
    fetch,
    userAgent: 'test',
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5000,
    onRequest: (e) => events.push(e),
    ...opts,
  });
  return { t, events };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  assert.ok(e instanceof ApiError, `expected an ApiError, got ${String(e)}`);
  return e;
}

const refused = (e: unknown): FetchLike => () => Promise.reject(e);
const withCode = (message: string, code: unknown, extra: object = {}) => Object.assign(new Error(message), { code }, extra);

describe('api: transport', () => {
  describe('failures without an answer', () => {
    it('the system code is found on the error, its cause, or among an AggregateError’s errors (up to 4 levels)', async () => {
      const cases: [unknown, string | undefined][] = [
        [withCode('connect failed', 'ECONNREFUSED'), 'ECONNREFUSED'],
        [Object.assign(new TypeError('fetch failed'), { cause: withCode('getaddrinfo', 'ENOTFOUND') }), 'ENOTFOUND'],
        [Object.assign(new TypeError('fetch failed'), { cause: new AggregateError([new Error('a'), withCode('b', 'EHOSTUNREACH')], 'all failed') }), 'EHOSTUNREACH'],
        [withCode('node-fetch', 'ERR_NON_2XX_3XX_RESPONSE'), undefined],
        [withCode('lower', 'econnrefused'), undefined],
        [withCode('number', 111), undefined],
        [withCode('prefixed', 'xECONNRESET'), undefined],
        [withCode('suffixed', 'ECONNRESET!'), undefined],
        [{ cause: { cause: { cause: { cause: { code: 'ECONNRESET' } } } } }, 'ECONNRESET'],
        [{ cause: { cause: { cause: { cause: { cause: { code: 'ECONNRESET' } } } } } }, undefined],
        ['just text', undefined],
      ];
      const got: [string, string | undefined][] = [];
      for (const [thrown] of cases) {
        const e = await failure(transport(refused(thrown), { maxRetries: 0 }).t.send({ method: 'GET', path: '/x' }));
        assert.ok(e instanceof NetworkError, String(e));
        got.push([e.message, e.errorCode]);
      }
      assert.deepEqual(
        got.map(([, code]) => code),
        cases.map(([, code]) => code),
      );
      assert.equal(got[0][0], 'Could not reach the server (ECONNREFUSED): connect failed');
      assert.equal(got[1][0], 'Could not reach the server (ENOTFOUND): fetch failed: getaddrinfo');
      assert.equal(got[3][0], 'Could not reach the server: node-fetch');
      assert.equal(got[10][0], 'Could not reach the server: just text');
    });

    it('a cause with the same message, or none, is not repeated; the cause kept is redacted', async () => {
      const same = Object.assign(new Error('reset'), { cause: new Error('reset') });
      assert.equal((await failure(transport(refused(same), { maxRetries: 0 }).t.send({ method: 'GET', path: '/x' }))).message, 'Could not reach the server: reset');
      const leaky = Object.assign(new TypeError(`failed with ${TOKEN}`), { code: 'ECONNRESET' });
      const e = await failure(transport(refused(leaky), { maxRetries: 0 }).t.send({ method: 'GET', path: '/x' }));
      assert.doesNotMatch(`${e.message} ${String((e.cause as Error).message)}`, new RegExp(TOKEN));
      assert.equal((e.cause as Error).name, 'TypeError');
    });

    it('a body cut short names the status; a fetch that throws at once is a network error too', async () => {
      const cut: FetchLike = async () => ({ status: 200, headers: { get: () => null }, text: () => Promise.reject(new Error('premature close')) });
      const e = await failure(transport(cut, { maxRetries: 0 }).t.send({ method: 'GET', path: '/x' }));
      assert.equal(e.message, 'The answer (200) was cut short: premature close');
      assert.equal(e.status, 200);
      const throwing: FetchLike = () => {
        throw new Error('bad init');
      };
      assert.ok((await failure(transport(throwing, { maxRetries: 0 }).t.send({ method: 'GET', path: '/x' }))) instanceof NetworkError);
    });

    it('POST is retried only when the connection was never made', async () => {
      let calls = 0;
      const reset: FetchLike = () => {
        calls++;
        return Promise.reject(withCode('socket hang up', 'ECONNRESET'));
      };
      await failure(transport(reset, { maxRetries: 2 }).t.send({ method: 'POST', path: '/x', body: {} }));
      assert.equal(calls, 1, 'a POST that may have reached the server is not sent again');
      calls = 0;
      const never: FetchLike = () => {
        calls++;
        return calls < 3 ? Promise.reject(withCode('refused', 'ECONNREFUSED')) : Promise.resolve(ok('{"a":1}'));
      };
      const { t, events } = transport(never, { maxRetries: 2 });
      assert.equal((await t.send({ method: 'POST', path: '/x', body: {} })).answer.text, '{"a":1}');
      assert.deepEqual(
        events.map((e) => [e.attempt, e.error !== undefined, 'error' in e]),
        [
          [0, true, true],
          [1, true, true],
          [2, false, false],
        ],
      );
    });
  });

  describe('the token', () => {
    it('a failing read is unauthorized with a redacted cause; none is "not signed in"; a promised one is awaited', async () => {
      const failing = await failure(
        transport(async () => ok(), {
          getToken: () => {
            throw new Error('keychain locked: Authorization: Bearer abc123def');
          },
        }).t.send({ method: 'GET', path: '/x' }),
      );
      assert.ok(failing instanceof UnauthorizedError);
      assert.equal(failing.message, 'Could not read the access token.');
      assert.doesNotMatch(String((failing.cause as Error).message), /abc123def/);
      assert.match(String((failing.cause as Error).message), /keychain locked/);
      const none = await failure(transport(async () => ok(), { getToken: () => '' }).t.send({ method: 'GET', path: '/x' }));
      assert.equal(none.message, 'Not signed in: there is no access token.');
      let auth = '';
      const seen: FetchLike = async (_url, init) => {
        auth = init.headers.Authorization;
        return ok();
      };
      await transport(seen, { getToken: async () => 'tok-later' }).t.send({ method: 'GET', path: '/x' });
      assert.equal(auth, 'Bearer tok-later');
    });

    it('cancelled while a promised token is read: no request', async () => {
      let calls = 0;
      const controller = new AbortController();
      const { t } = transport(
        async () => {
          calls++;
          return ok();
        },
        {
          getToken: async () => {
            controller.abort();
            return TOKEN;
          },
        },
      );
      assert.ok((await failure(t.send({ method: 'GET', path: '/x', signal: controller.signal }))) instanceof CancelledError);
      assert.equal(calls, 0);
    });

    it('the request secrets are redacted along with the token', async () => {
      const e = await failure(transport(refused(new Error('value s3cr3t-value and tok-transport-1')), { maxRetries: 0 }).t.send({ method: 'GET', path: '/x', secrets: ['s3cr3t-value'] }));
      assert.doesNotMatch(e.message, /s3cr3t-value|tok-transport-1/);
    });
  });

  describe('backoff', () => {
    const busyThenOk = (retryAfter?: string): FetchLike => {
      let calls = 0;
      return async () => (++calls === 1 ? ok('busy', 503, retryAfter === undefined ? {} : { 'retry-after': retryAfter }) : ok('{"done":true}'));
    };

    it('waits what Retry-After asks (in seconds), bounded by the longest delay', async () => {
      let started = Date.now();
      await transport(busyThenOk('1'), { retryMaxDelayMs: 300 }).t.send({ method: 'GET', path: '/x' });
      assert.ok(Date.now() - started >= 280, `waited ${Date.now() - started} ms for Retry-After 1 (bounded to 300 ms)`);
      started = Date.now();
      await transport(busyThenOk('10'), { retryMaxDelayMs: 300 }).t.send({ method: 'GET', path: '/x' });
      assert.ok(Date.now() - started < 5000, `waited ${Date.now() - started} ms: Retry-After is bounded by the longest delay`);
    });

    it('without Retry-After (or with none usable) the exponential delay from the base, far below the longest', async () => {
      for (const retryAfter of [undefined, '0', '-5', 'soon']) {
        const started = Date.now();
        const { answer } = await transport(busyThenOk(retryAfter), { retryMaxDelayMs: 5000 }).t.send({ method: 'GET', path: '/x' });
        assert.equal(answer.text, '{"done":true}');
        assert.ok(Date.now() - started < 2000, `Retry-After ${retryAfter}: waited ${Date.now() - started} ms`);
      }
    });
  });

  describe('answers', () => {
    it('the timeout says its length in seconds and carries it', async () => {
      const never: FetchLike = () => new Promise(() => undefined);
      const e = await failure(transport(never, { timeoutMs: 200, maxRetries: 0 }).t.send({ method: 'GET', path: '/x' }));
      assert.ok(e instanceof TimeoutError);
      assert.equal(e.message, 'No complete answer within 0.2 s.');
      assert.equal(e.timeoutMs, 200);
      assert.equal(e.status, undefined);
    });

    it('300 and 399 are redirects, 299 and 400 are answers', async () => {
      for (const status of [300, 399]) {
        assert.ok((await failure(transport(async () => ok('', status)).t.send({ method: 'GET', path: '/x' }))) instanceof RedirectError, String(status));
      }
      for (const status of [299, 400]) {
        assert.equal((await transport(async () => ok('body', status)).t.send({ method: 'GET', path: '/x' })).answer.status, status);
      }
    });

    it('each attempt is logged with its status and a duration; a failing logger breaks nothing', async () => {
      const { t, events } = transport(async () => ok('{}', 404));
      await t.send({ method: 'GET', path: '/x?page=1' });
      assert.equal(events.length, 1);
      assert.deepEqual({ ...events[0], durationMs: 0 }, { method: 'GET', path: '/x?page=1', status: 404, durationMs: 0, attempt: 0 });
      assert.ok(events[0].durationMs >= 0 && events[0].durationMs < 60_000, String(events[0].durationMs));
      const quiet = transport(async () => ok(), {
        onRequest: () => {
          throw new Error('logger down');
        },
      });
      assert.equal((await quiet.t.send({ method: 'GET', path: '/x' })).answer.status, 200);
    });

    it('a JSON body is sent with its content type; a request without one has neither', async () => {
      const seen: { body?: string; type?: string }[] = [];
      const f: FetchLike = async (_url, init) => {
        seen.push({ body: init.body, type: init.headers['Content-Type'] });
        return ok();
      };
      const { t } = transport(f);
      await t.send({ method: 'POST', path: '/x', body: { a: 1 } });
      await t.send({ method: 'GET', path: '/x' });
      assert.deepEqual(seen, [{ body: '{"a":1}', type: 'application/json' }, { body: undefined, type: undefined }]);
    });
  });
});
