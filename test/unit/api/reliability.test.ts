// Retries and no-retries under each injected fault, timeouts, cancellation, and the sharing of
// identical GETs in flight, counted at the emulator's request log.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CancelledError,
  NetworkError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  type ApiClient,
  type RequestEvent,
} from '../../../src/api';
import { ADMIN_TOKEN, DEV_TOKEN } from '../../emulator/demo-data';
import { globalFetch, makeClient, rejection, sleep } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

describe('api client: retries, timeouts, cancellation, sharing', function () {
  const emu = useEmulator();
  let client: ApiClient;
  let events: RequestEvent[];
  /** How long requests a test abandoned may still run on the server; waited for after the test, so that they are not logged during the next one. */
  let lingerMs = 0;

  const count = (method: string, path: string) => emu.requests.filter((r) => r.method === method && r.path.split('?')[0] === path).length;
  const PROJECT = '/workspaces/acme/projects/web-app';
  const PROJECTS = '/workspaces/acme/projects';

  afterEach(async () => {
    await sleep(lingerMs);
    lingerMs = 0;
  });
  beforeEach(async () => {
    ({ client, events } = await makeClient(emu.url, ADMIN_TOKEN, { maxRetries: 2 }));
  });

  describe('GET is retried on network failures and 502/503/504', () => {
    for (const kind of ['502', '503', '504', 'drop', 'truncate', 'html'] as const) {
      it(`${kind}: two failures, then the answer (3 requests)`, async () => {
        emu.injectFault({ kind, count: 2, method: 'GET', path: PROJECT });
        const p = await client.getProject('acme', 'web-app');
        assert.equal(p.name, 'web-app');
        assert.equal(count('GET', PROJECT), 3);
        assert.deepEqual(
          events.map((e) => e.attempt),
          [0, 1, 2],
        );
      });
    }

    it('gives up after maxRetries with the last error (3 requests for maxRetries 2)', async () => {
      emu.injectFault({ kind: '503', count: 5, method: 'GET', path: PROJECT });
      const e = await rejection(() => client.getProject('acme', 'web-app'));
      assert.ok(e instanceof ServerError, String(e));
      assert.equal(e.status, 503);
      assert.equal(count('GET', PROJECT), 3);
    });

    it('a proxy HTML page is a ServerError with a short excerpt', async () => {
      const { client: once } = await makeClient(emu.url, ADMIN_TOKEN, { maxRetries: 0 });
      emu.injectFault({ kind: 'html', count: 1, method: 'GET', path: PROJECT });
      const e = await rejection(() => once.getProject('acme', 'web-app'));
      assert.ok(e instanceof ServerError, String(e));
      assert.equal(e.status, 502);
      assert.match(e.excerpt ?? '', /502 Bad Gateway/);
      assert.ok((e.excerpt ?? '').length <= 200);
    });

    it('a dropped connection after the retries is a NetworkError', async () => {
      emu.injectFault({ kind: 'drop', count: 3, method: 'GET', path: PROJECT });
      const e = await rejection(() => client.getProject('acme', 'web-app'));
      assert.ok(e instanceof NetworkError, String(e));
      assert.equal(e.status, undefined);
      assert.equal(count('GET', PROJECT), 3);
    });
  });

  describe('GET is not retried when retrying cannot help', () => {
    it('500 once', async () => {
      emu.injectFault({ kind: '500', count: 3, method: 'GET', path: PROJECT });
      const e = await rejection(() => client.getProject('acme', 'web-app'));
      assert.ok(e instanceof ServerError);
      assert.equal(count('GET', PROJECT), 1);
    });

    it('bad JSON once, as an UnexpectedResponseError with an excerpt', async () => {
      emu.injectFault({ kind: 'badjson', count: 3, method: 'GET', path: PROJECT });
      const e = await rejection(() => client.getProject('acme', 'web-app'));
      assert.ok(e instanceof UnexpectedResponseError, String(e));
      assert.equal(e.status, 200);
      assert.match(e.excerpt ?? '', /"items"/);
      assert.equal(count('GET', PROJECT), 1);
    });

    it('a 404 once', async () => {
      await rejection(() => client.getProject('acme', 'nope'));
      assert.equal(count('GET', '/workspaces/acme/projects/nope'), 1);
    });
  });

  describe('POST and DELETE are never retried once the request may have reached the server', () => {
    for (const kind of ['500', '502', '503', '504', 'drop', 'truncate', 'html'] as const) {
      it(`POST ${kind}: one request`, async () => {
        emu.injectFault({ kind, count: 3, method: 'POST', path: PROJECTS });
        const e = await rejection(() => client.createProject('acme', { display_name: `Retry ${kind}` }));
        assert.ok(e instanceof ServerError || e instanceof NetworkError, String(e));
        assert.equal(count('POST', PROJECTS), 1);
      });
    }

    it('DELETE 503: one request', async () => {
      const v = await client.createVariable('acme', { scope: 'workspace', key: 'TO_DELETE', type: 'VAR', value: 'x' });
      emu.injectFault({ kind: '503', count: 3, method: 'DELETE' });
      const e = await rejection(() => client.deleteVariable('acme', v.id));
      assert.ok(e instanceof ServerError);
      assert.equal(count('DELETE', `/workspaces/acme/variables/${v.id}`), 1);
    });

    it('a truncated POST answer did create the project (so retrying would have made two)', async () => {
      emu.injectFault({ kind: 'truncate', count: 1, method: 'POST', path: PROJECTS });
      const e = await rejection(() => client.createProject('acme', { display_name: 'Half Answered' }));
      assert.ok(e instanceof NetworkError, String(e));
      assert.equal((await client.getProject('acme', 'half-answered')).display_name, 'Half Answered');
    });

    it('a refused connection (never reached the server) is retried, for POST too', async () => {
      const server = http.createServer();
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as AddressInfo).port;
      await new Promise<void>((r) => server.close(() => r()));
      for (const fetchImpl of [undefined, globalFetch]) {
        const { client: refused, events: ev } = await makeClient(`http://127.0.0.1:${port}`, ADMIN_TOKEN, { maxRetries: 2, fetch: fetchImpl });
        const e = await rejection(() => refused.createProject('acme', { display_name: 'Nowhere' }));
        assert.ok(e instanceof NetworkError, String(e));
        assert.equal(e.errorCode, 'ECONNREFUSED');
        assert.equal(ev.length, 3, 'three attempts');
        assert.doesNotMatch(JSON.stringify(ev) + e.message, /admin-token/);
      }
    });
  });

  describe('timeouts and cancellation', () => {
    it('a slow answer is a TimeoutError (not retried, not a cancel)', async () => {
      emu.setLatency(800);
      const { client: impatient } = await makeClient(emu.url, ADMIN_TOKEN, { timeoutMs: 150 });
      const started = Date.now();
      const e = await rejection(() => impatient.getUser());
      assert.ok(e instanceof TimeoutError, String(e));
      assert.equal(e.timeoutMs, 150);
      assert.ok(Date.now() - started < 700, 'fails at the timeout, not at the answer');
      await sleep(900);
      assert.equal(count('GET', '/user'), 1);
    });

    it('the timeout covers the body: a trickled answer times out', async () => {
      emu.injectFault({ kind: 'trickle', count: 1, method: 'GET', path: PROJECT });
      lingerMs = 2600;
      const { client: impatient } = await makeClient(emu.url, ADMIN_TOKEN, { timeoutMs: 400 });
      const e = await rejection(() => impatient.getProject('acme', 'web-app'));
      assert.ok(e instanceof TimeoutError, String(e));
      assert.equal(e.status, 200, 'the headers had come');
    });

    it('the caller’s abort is a CancelledError, quickly', async () => {
      emu.setLatency(800);
      lingerMs = 850;
      const ac = new AbortController();
      const started = Date.now();
      setTimeout(() => ac.abort(), 50);
      const e = await rejection(() => client.getUser({ signal: ac.signal }));
      assert.ok(e instanceof CancelledError, String(e));
      assert.ok(!(e instanceof TimeoutError));
      assert.ok(Date.now() - started < 500);
    });

    it('an already aborted signal sends nothing', async () => {
      const ac = new AbortController();
      ac.abort();
      const e = await rejection(() => client.getUser({ signal: ac.signal }));
      assert.ok(e instanceof CancelledError);
      assert.equal(emu.requests.length, 0);
    });

    it('an abort during the backoff stops the retries', async () => {
      const ac = new AbortController();
      // Abort 50 ms after the first attempt's answer, inside the 200..400 ms backoff.
      const { client: slowRetry } = await makeClient(emu.url, ADMIN_TOKEN, {
        retryBaseDelayMs: 400,
        retryMaxDelayMs: 400,
        onRequest: () => setTimeout(() => ac.abort(), 50),
      });
      emu.injectFault({ kind: '502', count: 3, method: 'GET', path: PROJECT });
      const e = await rejection(() => slowRetry.getProject('acme', 'web-app', { signal: ac.signal }));
      assert.ok(e instanceof CancelledError, String(e));
      await sleep(500);
      assert.equal(count('GET', PROJECT), 1);
    });
  });

  describe('identical GETs in flight are made once', () => {
    it('three callers, one request, three separate copies', async () => {
      emu.setLatency(150);
      const [a, b, c] = await Promise.all([
        client.getProject('acme', 'web-app'),
        client.getProject('acme', 'web-app'),
        client.getProject('acme', 'web-app'),
      ]);
      assert.equal(count('GET', PROJECT), 1);
      assert.deepEqual(a, b);
      assert.deepEqual(b, c);
      assert.notEqual(a, b, 'each caller gets its own object');
      // Once settled, the next call is a new request.
      await client.getProject('acme', 'web-app');
      assert.equal(count('GET', PROJECT), 2);
    });

    it('different tokens or different queries are not shared', async () => {
      emu.setLatency(100);
      let token = ADMIN_TOKEN;
      const { client: switching } = await makeClient(emu.url, () => token);
      const first = switching.getUser();
      token = DEV_TOKEN;
      const second = switching.getUser();
      const [u1, u2] = await Promise.all([first, second]);
      assert.equal(u1.name, 'Alice Admin');
      assert.equal(u2.name, 'Dave Developer');
      await Promise.all([client.listProjects('acme', { perPage: 1 }), client.listProjects('acme', { perPage: 2 })]);
      assert.equal(count('GET', PROJECTS), 2);
    });

    it('POSTs are never shared', async () => {
      emu.setLatency(100);
      const results = await Promise.allSettled([
        client.createProject('acme', { display_name: 'Twice' }),
        client.createProject('acme', { display_name: 'Twice' }),
      ]);
      assert.equal(count('POST', PROJECTS), 2);
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1, 'the second is refused by the server: the name is taken');
    });

    it('one caller’s abort cancels only that caller; the others get the answer from the one request', async () => {
      emu.setLatency(300);
      const ac = new AbortController();
      const aborted = client.getProject('acme', 'web-app', { signal: ac.signal });
      const other = client.getProject('acme', 'web-app');
      const third = client.getProject('acme', 'web-app', { signal: new AbortController().signal });
      setTimeout(() => ac.abort(), 50);
      const e = await rejection(() => aborted);
      assert.ok(e instanceof CancelledError);
      assert.equal((await other).name, 'web-app');
      assert.equal((await third).name, 'web-app');
      assert.equal(count('GET', PROJECT), 1);
    });

    it('when every caller has aborted, the request itself is aborted, and a new caller starts afresh', async () => {
      emu.setLatency(300);
      lingerMs = 350;
      const a1 = new AbortController();
      const a2 = new AbortController();
      const p1 = client.getProject('acme', 'web-app', { signal: a1.signal });
      const p2 = client.getProject('acme', 'web-app', { signal: a2.signal });
      await sleep(30);
      a1.abort();
      a2.abort();
      assert.ok((await rejection(() => p1)) instanceof CancelledError);
      assert.ok((await rejection(() => p2)) instanceof CancelledError);
      await sleep(20);
      assert.equal(events.length, 1);
      assert.match(events[0].error ?? '', /cancelled/i, 'the shared request was aborted');
      emu.setLatency(0);
      assert.equal((await client.getProject('acme', 'web-app')).name, 'web-app');
      assert.equal(events.length, 2);
    });
  });
});
