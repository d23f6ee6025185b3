// The loopback half of an OAuth redirect (src/features/accounts/loopbackListener.ts), over real HTTP
// on 127.0.0.1: the first GET of the redirect's path with the request's state is the answer;
// anything else (another path, method or state, none) is a 400, logged without its query, and the
// listener goes on waiting.
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { listenForRedirect, type LoopbackListener } from '../../../src/features/accounts/loopbackListener';
import { freePort } from '../../harness/freePort';

describe('accounts: the loopback redirect listener', () => {
  let listener: LoopbackListener | undefined;
  let base = '';

  beforeEach(async () => {
    base = `http://127.0.0.1:${await freePort()}`;
  });

  afterEach(() => {
    listener?.close();
    listener = undefined;
  });

  const get = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
    return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), text: await res.text() };
  };

  it('gives the first GET of the redirect path, whole, and answers it with the page (markup taken out of the text)', async () => {
    listener = await listenForRedirect(`${base}/callback`, 'Signed in <b>now</b> & "done"', 'xyz');
    const answer = await get('/callback?code=abc&state=xyz');
    assert.deepEqual(answer, {
      status: 200,
      type: 'text/html; charset=utf-8',
      cache: 'no-store',
      text: '<!doctype html><meta charset="utf-8"><title>Workspace Automation</title><p>Signed in bnow/b  done</p>',
    });
    assert.equal(await listener.received, `${base}/callback?code=abc&state=xyz`);
  });

  it('answers 400 to another path, another method, a second request and an address over 8 KiB, and goes on waiting', async () => {
    listener = await listenForRedirect(`${base}/callback`, 'ok', 'S');
    let received: string | undefined;
    void listener.received.then((u) => (received = u));
    assert.deepEqual(await get('/other?code=1&state=S'), { status: 400, type: 'text/plain', cache: 'no-store', text: 'Not the answer to the sign-in under way.' });
    assert.equal((await get('/callback/more?code=1&state=S')).status, 400);
    assert.equal((await get('/callback?code=1&state=S', { method: 'POST' })).status, 400);
    const longest = '/callback?state=S&code=';
    assert.equal((await get(`${longest}${'x'.repeat(8192 - longest.length + 1)}`)).status, 400, 'an address of 8193 characters');
    assert.equal(received, undefined, 'none of those is the answer');
    const at8k = `${longest}${'2'.repeat(8192 - longest.length)}`;
    assert.equal((await get(at8k)).status, 200, 'an address of 8192 characters is taken');
    assert.equal((await get('/callback?code=3&state=S')).status, 400, 'only the first is taken');
    assert.equal(await listener.received, `${base}${at8k}`);
  });

  it('a forged answer (another state, none, the state twice, another path): 400, still waiting; then the right one is taken', async () => {
    const lines: string[] = [];
    const state = 'the-state_of-this-request';
    listener = await listenForRedirect(`${base}/callback`, 'ok', state, (l) => lines.push(l));
    let received: string | undefined;
    void listener.received.then((u) => (received = u));
    const forged = [
      `/callback?code=FORGED1&state=another`,
      `/callback?code=FORGED2`,
      `/callback?code=FORGED3&state=${state}&state=${state}`,
      `/callback?code=FORGED4&state=${state.slice(0, -1)}`,
      `/elsewhere?code=FORGED5&state=${state}`,
    ];
    for (const path of forged) {
      assert.equal((await get(path)).status, 400, path);
    }
    assert.equal(received, undefined, 'none of the forged answers ends the wait');
    const right = `/callback?code=REAL&state=${state}`;
    assert.equal((await get(right)).status, 200);
    assert.equal(await listener.received, `${base}${right}`);
    assert.deepEqual(lines, [
      'OAuth sign-in: ignored a request to the loopback listener (another state): GET /callback',
      'OAuth sign-in: ignored a request to the loopback listener (no state): GET /callback',
      'OAuth sign-in: ignored a request to the loopback listener (another state): GET /callback',
      'OAuth sign-in: ignored a request to the loopback listener (another state): GET /callback',
      'OAuth sign-in: ignored a request to the loopback listener (another path): GET /elsewhere',
    ]);
    // The query (a code, a state) never reaches the log.
    assert.deepEqual(lines.filter((l) => /FORGED|state=|code=|\?/.test(l)), []);
  });

  it('listens on 127.0.0.1 only, and refuses a port that is taken', async () => {
    listener = await listenForRedirect(`${base}/cb`, 'ok', 'S');
    await assert.rejects(listenForRedirect(`${base}/cb`, 'ok', 'S'), /EADDRINUSE/);
    const port = Number(new URL(base).port);
    const other = net.createServer();
    // The same port on another loopback address is free: the listener holds 127.0.0.1 alone.
    await new Promise<void>((resolve, reject) => {
      other.once('error', reject);
      other.listen(port, '127.0.0.2', () => resolve());
    }).then(
      () => new Promise<void>((r) => other.close(() => r())),
      (e: NodeJS.ErrnoException) => assert.notEqual(e.code, 'EADDRINUSE', 'the listener holds more than 127.0.0.1'),
    );
  });

  it('closes: the port is free again', async () => {
    listener = await listenForRedirect(`${base}/cb`, 'ok', 'S');
    listener.close();
    listener = await listenForRedirect(`${base}/cb`, 'again', 'S');
    assert.equal((await get('/cb?code=1&state=S')).text.endsWith('<p>again</p>'), true);
  });
});
