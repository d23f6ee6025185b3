// Trust boundaries of the client, against hostile loopback servers over real HTTP(S): no redirect
// is followed (a 3xx is an error naming where it pointed, and the other server receives nothing),
// no answer is read past the size cap (an endless body costs at most the cap, and its connection
// is closed), and a server's long error text is cut short.
import * as assert from 'node:assert/strict';
import * as https from 'node:https';
import {
  ApiError,
  MAX_BODY_BYTES,
  MAX_MESSAGE_CHARS,
  RedirectError,
  ResponseTooLargeError,
  ServerError,
  ValidationError,
  type FetchLike,
} from '../../../src/api';
import { endlessBody, json, loopbackCertificate, redirect, startHostileServer, type HostileServer } from '../../harness/hostileServer';
import { globalFetch, makeClient, nodeFetch, rejection, sleep } from './helpers';

const TOKEN = 'hostile-test-token-0123456789';
const SECRET_VALUE = 'correct horse battery staple';

const secretVariable = { key: 'DB_PASSWORD', type: 'VAR', value: SECRET_VALUE, encrypted: true, scope: 'workspace' } as const;

/** node-fetch that trusts the tests' self-signed certificate (and nothing else changes). */
async function nodeFetchTrustingLoopback(): Promise<FetchLike> {
  const inner = (await import('node-fetch')).default;
  const agent = new https.Agent({ rejectUnauthorized: false });
  return (url, init) => inner(url, { ...init, agent: url.startsWith('https:') ? agent : undefined }) as unknown as ReturnType<FetchLike>;
}

describe('api client: trust boundaries (hostile servers)', function () {
  this.timeout(20_000);
  /** Where the redirects point: it must receive nothing. */
  let elsewhere: HostileServer;
  let hostile: HostileServer;
  const started: HostileServer[] = [];
  const serve = async (options: Parameters<typeof startHostileServer>[0] = {}): Promise<HostileServer> => {
    const server = await startHostileServer(options);
    started.push(server);
    return server;
  };

  beforeEach(async () => {
    elsewhere = await serve({ handler: (_req, res) => (json(res, 201, { id: 1 }), true) });
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.close()));
  });

  describe('redirects are not followed', () => {
    for (const fetchName of ['node-fetch', 'global fetch'] as const) {
      for (const status of [307, 308] as const) {
        it(`${fetchName}: a ${status} on POST …/variables to another port is an error naming it; nothing is re-sent`, async () => {
          hostile = await serve({
            handler: (req, res) => (redirect(res, status, `${elsewhere.url}${req.path}`), true),
          });
          const fetch = fetchName === 'node-fetch' ? await nodeFetch() : globalFetch;
          const { client } = await makeClient(hostile.url, TOKEN, { fetch });
          const e = await rejection(() => client.createVariable('acme', secretVariable));
          assert.ok(e instanceof RedirectError, String(e));
          assert.equal(e.status, status);
          assert.equal(e.location, `${elsewhere.url}/workspaces/acme/variables`);
          assert.match(e.message, new RegExp(`answered ${status}, a redirect to ${elsewhere.url.replace(/[.]/g, '\\.')}/workspaces/acme/variables`));
          assert.match(e.message, /follows no redirect/);
          assert.deepEqual(elsewhere.received, [], 'the other server received nothing');
          assert.deepEqual(
            hostile.received.map((r) => `${r.method} ${r.path}`),
            ['POST /workspaces/acme/variables'],
            'sent once, not retried',
          );
        });
      }
    }

    it('a 307 on POST …/variables to another host (127.0.0.2): nothing is re-sent, no token goes there', async () => {
      const otherHost = await serve({ host: '127.0.0.2', handler: (_req, res) => (json(res, 201, { id: 1 }), true) });
      hostile = await serve({ handler: (req, res) => (redirect(res, 307, `${otherHost.url}${req.path}`), true) });
      const { client } = await makeClient(hostile.url, TOKEN, { fetch: await nodeFetch() });
      const e = await rejection(() => client.createVariable('acme', secretVariable));
      assert.ok(e instanceof RedirectError, String(e));
      assert.equal(e.location, `http://127.0.0.2:${otherHost.port}/workspaces/acme/variables`);
      assert.deepEqual(otherHost.received, [], 'the other host received nothing');
    });

    it('https → http: a 308 to a plain http address re-sends no secret in clear text', async () => {
      hostile = await serve({
        tls: loopbackCertificate(),
        handler: (req, res) => (redirect(res, 308, `${elsewhere.url}${req.path}`), true),
      });
      assert.match(hostile.url, /^https:/);
      const { client } = await makeClient(hostile.url, TOKEN, { fetch: await nodeFetchTrustingLoopback() });
      const e = await rejection(() => client.createVariable('acme', secretVariable));
      assert.ok(e instanceof RedirectError, String(e));
      assert.equal(e.location, `${elsewhere.url}/workspaces/acme/variables`);
      assert.deepEqual(elsewhere.received, [], 'nothing reached the http server');
      // The https server did receive the request (a control: the TLS set-up works).
      assert.equal(hostile.received.length, 1);
      assert.equal(JSON.parse(hostile.received[0].body).value, SECRET_VALUE);
    });

    it('a GET answered 302 is not retried and not followed, and the message holds no token', async () => {
      hostile = await serve({
        handler: (_req, res) => (redirect(res, 302, `${elsewhere.url}/login?token=${TOKEN}`), true),
      });
      const { client, events } = await makeClient(hostile.url, TOKEN, { maxRetries: 2 });
      const e = await rejection(() => client.getUser());
      assert.ok(e instanceof RedirectError, String(e));
      assert.equal(e.status, 302);
      assert.ok(!e.message.includes(TOKEN), e.message);
      assert.match(e.message, /redirect to http:\/\/127\.0\.0\.1:\d+\/login/);
      assert.equal(hostile.received.length, 1);
      assert.deepEqual(elsewhere.received, []);
      assert.deepEqual(
        events.map((ev) => ev.status),
        [302],
      );
    });

    it('a redirect without Location is an error too', async () => {
      hostile = await serve({
        handler: (_req, res) => (res.writeHead(301).end(), true),
      });
      const { client } = await makeClient(hostile.url, TOKEN);
      const e = await rejection(() => client.getUser());
      assert.ok(e instanceof RedirectError, String(e));
      assert.equal(e.location, undefined);
      assert.match(e.message, /answered 301, a redirect without an address/);
    });
  });

  describe('answers are read up to a size cap', () => {
    for (const fetchName of ['node-fetch', 'global fetch'] as const) {
      it(`${fetchName}: an endless body stops at ${MAX_BODY_BYTES / 2 ** 20} MiB with an error naming the limit, and the connection is closed`, async () => {
        hostile = await serve();
        hostile.handle((_req, res) => (endlessBody(res, hostile.endless), true));
        const fetch = fetchName === 'node-fetch' ? await nodeFetch() : globalFetch;
        const { client } = await makeClient(hostile.url, TOKEN, { fetch, timeoutMs: 15_000 });
        const started = Date.now();
        const heapBefore = process.memoryUsage().heapUsed;
        const e = await rejection(() => client.listProjects('acme'));
        assert.ok(e instanceof ResponseTooLargeError, String(e));
        assert.equal(e.limitBytes, 4 * 2 ** 20);
        assert.match(e.message, /larger than 4 MiB/);
        assert.ok(Date.now() - started < 10_000, `stopped in ${Date.now() - started} ms`);
        assert.ok(process.memoryUsage().heapUsed - heapBefore < 256 * 2 ** 20, 'memory stayed bounded');
        // The client gave the stream up: the server sees its connection close.
        for (let i = 0; i < 100 && hostile.endless.closed === 0; i++) {
          await sleep(20);
        }
        assert.equal(hostile.endless.closed, 1, 'the connection was closed');
        const written = hostile.endless.bytes;
        await sleep(200);
        assert.equal(hostile.endless.bytes, written, 'nothing more is written after the close');
        assert.ok(written < 64 * 2 ** 20, `${written} bytes written in all`);
        assert.equal(hostile.received.length, 1, 'not retried');
      });
    }

    it('a Content-Length above the cap is refused before the body is read', async () => {
      hostile = await serve();
      hostile.handle((_req, res) => (endlessBody(res, hostile.endless, 100 * 2 ** 20), true));
      const { client } = await makeClient(hostile.url, TOKEN);
      const e = await rejection(() => client.getUser());
      assert.ok(e instanceof ResponseTooLargeError, String(e));
      assert.match(e.message, /larger than 4 MiB/);
    });

    it('an answer just under the cap is read whole', async () => {
      const projects = Array.from({ length: 100 }, (_, i) => ({
        url: `https://x/${i}`,
        html_url: `https://x/${i}`,
        name: `p${i}`,
        display_name: `P${i} ${'x'.repeat(38_000)}`,
        status: 'ACTIVE',
      }));
      const body = JSON.stringify({ url: 'https://x', html_url: 'https://x', projects });
      assert.ok(body.length > 3.5 * 2 ** 20 && body.length < MAX_BODY_BYTES, `${body.length} bytes`);
      hostile = await serve({ handler: (_req, res) => (json(res, 200, JSON.parse(body)), true) });
      const { client } = await makeClient(hostile.url, TOKEN);
      const list = await client.listProjects('acme', { perPage: 100 });
      assert.deepEqual(
        list.map((p) => p.name),
        projects.map((p) => p.name),
      );
    });
  });

  describe("a server's long texts are cut short", () => {
    it('error messages of megabytes become a few lines, redacted before they are cut', async () => {
      const huge = `Value of 'value' is invalid: ${'a'.repeat(100_000)} ${TOKEN}`;
      hostile = await serve({
        handler: (_req, res) => (json(res, 400, { errors: Array.from({ length: 30 }, () => ({ message: huge })) }), true),
      });
      const { client } = await makeClient(hostile.url, TOKEN);
      const e = await rejection(() => client.createVariable('acme', secretVariable));
      assert.ok(e instanceof ValidationError, String(e));
      assert.ok(e.message.length <= MAX_MESSAGE_CHARS, `${e.message.length} characters`);
      assert.match(e.message, /^Value of 'value' is invalid: a+…$/);
      assert.equal(e.param, 'value');
      assert.equal(e.messages.length, 10, 'ten of the thirty messages are kept');
      assert.ok(!JSON.stringify(e).includes(TOKEN) && !e.messages.some((m) => m.includes(TOKEN)));
      assert.deepEqual(
        e.messages.filter((m) => m.length > MAX_MESSAGE_CHARS),
        [],
      );
    });

    it('a proxy page of a megabyte gives a short excerpt', async () => {
      hostile = await serve({
        handler: (_req, res) => {
          const page = `<html>${'<p>busy</p>'.repeat(100_000)}</html>`;
          res.writeHead(502, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(page) });
          res.end(page);
          return true;
        },
      });
      const { client } = await makeClient(hostile.url, TOKEN, { maxRetries: 0 });
      const e = await rejection(() => client.getUser());
      assert.ok(e instanceof ServerError, String(e));
      assert.ok((e.excerpt ?? '').length > 0 && (e.excerpt ?? '').length <= 200);
      assert.ok(e.message.length <= MAX_MESSAGE_CHARS);
    });

    it('every ApiError is bounded, whoever builds it', () => {
      const e = new ApiError('x'.repeat(10_000), { messages: Array.from({ length: 100 }, () => 'y'.repeat(10_000)) });
      assert.equal(e.message.length, MAX_MESSAGE_CHARS);
      assert.equal(e.messages.length, 10);
      assert.deepEqual([...new Set(e.messages.map((m) => m.length))], [MAX_MESSAGE_CHARS]);
    });
  });
});
