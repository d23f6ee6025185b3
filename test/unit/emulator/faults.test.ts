import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { FaultSpec, PRODUCTION_TARGET_ID, startEmulator } from '../../emulator';
import { call } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

/** A raw GET that reports status, body and how many chunks the body came in. */
function rawGet(url: string): Promise<{ status: number; body: string; chunks: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Authorization: 'Bearer admin-token' } }, (res) => {
      let body = '';
      let chunks = 0;
      res.on('data', (c: Buffer) => {
        chunks++;
        body += c.toString('utf8');
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, chunks, ms: Date.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('emulator: faults, latency, controls, request log', () => {
  const emu = useEmulator();

  describe('fault kinds', () => {
    for (const [kind, message] of [
      ['500', 'Internal server error.'],
      ['502', 'Bad gateway.'],
      ['503', 'Service unavailable.'],
      ['504', 'Gateway timeout.'],
    ] as const) {
      it(`${kind}: answers ${kind} instead, and the request has no effect`, async () => {
        emu.injectFault({ kind });
        const a = await call(emu.url, 'POST', '/workspaces/acme/projects', { body: { display_name: 'Faulted' } });
        assert.equal(a.status, Number(kind));
        assert.deepEqual(a.json, { errors: [{ message }] });
        if (kind === '503') {
          assert.equal(a.headers.get('retry-after'), '1');
        }
        const after = await call(emu.url, 'GET', '/workspaces/acme/projects/faulted');
        assert.equal(after.status, 404);
      });
    }
    it('drop: the connection closes without an answer', async () => {
      emu.injectFault({ kind: 'drop' });
      await assert.rejects(fetch(`${emu.url}/user`, { headers: { Authorization: 'Bearer admin-token' } }));
      assert.equal((await call(emu.url, 'GET', '/user')).status, 200);
    });
    it('truncate: headers promise more than the body sends; the request took effect', async () => {
      emu.injectFault({ kind: 'truncate', path: '/allow-pipeline' });
      const res = await fetch(`${emu.url}/workspaces/acme/targets/${PRODUCTION_TARGET_ID}/allow-pipeline`, {
        method: 'POST',
        headers: { Authorization: 'Bearer admin-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({ project: 'web-app', pipeline: 'Build and test' }),
      });
      assert.equal(res.status, 200);
      assert.ok(Number(res.headers.get('content-length')) > 0);
      await assert.rejects(res.text());
      const target = await call(emu.url, 'GET', `/workspaces/acme/targets/${PRODUCTION_TARGET_ID}`);
      assert.equal(target.json.allowed_pipelines.length, 2);
    });
    it('html: a 502 HTML page', async () => {
      emu.injectFault({ kind: 'html' });
      const a = await call(emu.url, 'GET', '/user');
      assert.equal(a.status, 502);
      assert.match(a.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(a.text, /^<html>/);
      assert.equal(a.json, undefined);
    });
    it('badjson: 200 with a body that is not valid JSON', async () => {
      emu.injectFault({ kind: 'badjson' });
      const a = await call(emu.url, 'GET', '/user');
      assert.equal(a.status, 200);
      assert.match(a.headers.get('content-type') ?? '', /json/);
      assert.ok(a.text.length > 0);
      assert.throws(() => JSON.parse(a.text));
    });
    it('trickle: the valid answer arrives slowly, in many chunks', async function () {
      this.timeout(10_000);
      emu.injectFault({ kind: 'trickle' });
      const a = await rawGet(`${emu.url}/workspaces/acme/projects`);
      assert.equal(a.status, 200);
      assert.ok(a.ms >= 2000, `took ${a.ms} ms`);
      assert.ok(a.chunks >= 5, `${a.chunks} chunks`);
      assert.equal(JSON.parse(a.body).projects[0].name, 'web-app');
    });
  });

  describe('matching and counting', () => {
    it('count: that many matching requests fail, then normal answers', async () => {
      emu.injectFault({ kind: '503', count: 2 });
      assert.equal((await call(emu.url, 'GET', '/user')).status, 503);
      assert.equal((await call(emu.url, 'GET', '/user')).status, 503);
      assert.equal((await call(emu.url, 'GET', '/user')).status, 200);
    });
    it('method and path narrow what a fault matches', async () => {
      emu.injectFault({ kind: '500', method: 'post', path: '/projects' });
      assert.equal((await call(emu.url, 'GET', '/workspaces/acme/projects')).status, 200);
      assert.equal((await call(emu.url, 'GET', '/user')).status, 200);
      assert.equal((await call(emu.url, 'POST', '/workspaces/acme/projects', { body: { display_name: 'P' } })).status, 500);
      assert.equal((await call(emu.url, 'POST', '/workspaces/acme/projects', { body: { display_name: 'P' } })).status, 201);
    });
    it('path matches the query too', async () => {
      emu.injectFault({ kind: '502', path: 'page=2' });
      assert.equal((await call(emu.url, 'GET', '/workspaces/acme/projects?page=1')).status, 200);
      assert.equal((await call(emu.url, 'GET', '/workspaces/acme/projects?page=2')).status, 502);
    });
    it('preflights are not affected unless the fault names OPTIONS', async () => {
      emu.injectFault({ kind: '500' });
      assert.equal((await fetch(`${emu.url}/user`, { method: 'OPTIONS' })).status, 200);
      assert.equal((await call(emu.url, 'GET', '/user')).status, 500);
      emu.injectFault({ kind: '500', method: 'OPTIONS' });
      assert.equal((await fetch(`${emu.url}/user`, { method: 'OPTIONS' })).status, 500);
    });
    it('clearFaults and reset drop queued faults', async () => {
      emu.injectFault({ kind: '500', count: 5 });
      emu.clearFaults();
      assert.equal((await call(emu.url, 'GET', '/user')).status, 200);
      emu.injectFault({ kind: '500', count: 5 });
      emu.reset();
      assert.equal((await call(emu.url, 'GET', '/user')).status, 200);
    });
  });

  describe('latency', () => {
    it('setLatency delays every answer', async () => {
      emu.setLatency(250);
      const started = Date.now();
      await call(emu.url, 'GET', '/user');
      assert.ok(Date.now() - started >= 240);
      emu.setLatency(0);
      const quick = Date.now();
      await call(emu.url, 'GET', '/user');
      assert.ok(Date.now() - quick < 200);
    });
    it('the latencyMs option applies from the start, and reset brings it back', async () => {
      const slow = await startEmulator({ latencyMs: 200 });
      try {
        slow.setLatency(0);
        slow.reset();
        const started = Date.now();
        await call(slow.url, 'GET', '/user');
        assert.ok(Date.now() - started >= 190);
      } finally {
        await slow.close();
      }
    });
  });

  describe('request log', () => {
    it('records method, path with query, status, user, duration and fault; never tokens or bodies', async () => {
      emu.clearRequests();
      await call(emu.url, 'GET', '/workspaces/acme/projects?page=1', { token: 'dev-token' });
      await call(emu.url, 'POST', '/workspaces/acme/projects', { body: { display_name: 'Logged secret body' } });
      emu.injectFault({ kind: 'drop' });
      await fetch(`${emu.url}/user`).catch(() => undefined);
      await call(emu.url, 'GET', '/user', { token: null });
      const log = emu.requests;
      assert.equal(log.length, 4);
      assert.deepEqual(
        log.map(({ method, path, status, user, fault }) => ({ method, path, status, user, fault })),
        [
          { method: 'GET', path: '/workspaces/acme/projects?page=1', status: 200, user: 2, fault: undefined },
          { method: 'POST', path: '/workspaces/acme/projects', status: 201, user: 1, fault: undefined },
          { method: 'GET', path: '/user', status: 0, user: undefined, fault: 'drop' },
          { method: 'GET', path: '/user', status: 401, user: undefined, fault: undefined },
        ],
      );
      for (const e of log) {
        assert.match(e.time, /^\d{4}-\d{2}-\d{2}T/);
        assert.ok(e.durationMs >= 0);
      }
      const text = JSON.stringify(log);
      assert.ok(!text.includes('token') && !text.includes('Logged secret body'));
      emu.clearRequests();
      assert.equal(emu.requests.length, 0);
    });
  });

  describe('controls over HTTP', () => {
    const control = (method: string, path: string, body?: unknown): Promise<Response> =>
      fetch(`${emu.url}/__emulator/${path}`, { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

    it('POST faults queues a fault; DELETE faults clears them', async () => {
      assert.equal((await control('POST', 'faults', { kind: '504', path: '/user', count: 3 } satisfies FaultSpec)).status, 204);
      assert.equal((await call(emu.url, 'GET', '/user')).status, 504);
      assert.equal((await control('DELETE', 'faults')).status, 204);
      assert.equal((await call(emu.url, 'GET', '/user')).status, 200);
    });
    it('POST faults checks the fault', async () => {
      for (const [body, message] of [
        [{ kind: 'teapot' }, "Value of 'kind' is invalid."],
        [{}, "Value of 'kind' cannot be empty."],
        [{ kind: '500', count: 0 }, "Value of 'count' is invalid."],
        [{ kind: '500', path: 5 }, "Value of 'path' is invalid."],
      ] as const) {
        const res = await control('POST', 'faults', body);
        assert.equal(res.status, 400);
        assert.deepEqual(await res.json(), { errors: [{ message }] });
      }
    });
    it('POST latency sets the delay', async () => {
      assert.equal((await control('POST', 'latency', { ms: 200 })).status, 204);
      const started = Date.now();
      await call(emu.url, 'GET', '/user');
      assert.ok(Date.now() - started >= 190);
      assert.equal((await control('POST', 'latency', { ms: -1 })).status, 400);
      assert.equal((await control('POST', 'latency', { ms: 0 })).status, 204);
    });
    it('GET and DELETE requests read and clear the log, without logging themselves', async () => {
      await call(emu.url, 'GET', '/user');
      const res = await control('GET', 'requests');
      assert.equal(res.status, 200);
      const { requests } = (await res.json()) as { requests: { path: string }[] };
      assert.deepEqual(requests.map((r) => r.path), ['/user']);
      assert.equal((await control('DELETE', 'requests')).status, 204);
      assert.equal(emu.requests.length, 0);
    });
    it('POST reset brings the demo data back', async () => {
      await call(emu.url, 'POST', '/workspaces/acme/projects', { body: { display_name: 'Before Reset' } });
      assert.equal((await control('POST', 'reset')).status, 204);
      assert.equal((await call(emu.url, 'GET', '/workspaces/acme/projects/before-reset')).status, 404);
    });
    it('controls need no token and do not count against the rate limit', async () => {
      const first = Number((await call(emu.url, 'GET', '/user')).headers.get('x-rate-limit-remaining'));
      await control('GET', 'requests');
      await control('DELETE', 'faults');
      const second = Number((await call(emu.url, 'GET', '/user')).headers.get('x-rate-limit-remaining'));
      assert.equal(second, first - 1);
    });
    it('an unknown control is 404', async () => {
      assert.equal((await control('GET', 'nothing')).status, 404);
    });
  });
});
