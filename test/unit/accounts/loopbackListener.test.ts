// The loopback half of an OAuth redirect (src/features/accounts/loopbackListener.ts), over real HTTP
// on 127.0.0.1: the first GET of the redirect's path is the answer; anything else is a 404.
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
    listener = await listenForRedirect(`${base}/callback`, 'Signed in <b>now</b> & "done"');
    const answer = await get('/callback?code=abc&state=xyz');
    assert.deepEqual(answer, {
      status: 200,
      type: 'text/html; charset=utf-8',
      cache: 'no-store',
      text: '<!doctype html><meta charset="utf-8"><title>Workspace Automation</title><p>Signed in bnow/b  done</p>',
    });
    assert.equal(await listener.received, `${base}/callback?code=abc&state=xyz`);
  });

  it('answers 404 to another path, another method, a second request and an address over 8 KiB', async () => {
    listener = await listenForRedirect(`${base}/callback`, 'ok');
    let received: string | undefined;
    void listener.received.then((u) => (received = u));
    assert.deepEqual(await get('/other?code=1'), { status: 404, type: 'text/plain', cache: null, text: 'Not found' });
    assert.equal((await get('/callback/more?code=1')).status, 404);
    assert.equal((await get('/callback?code=1', { method: 'POST' })).status, 404);
    const longest = '/callback?code=';
    assert.equal((await get(`${longest}${'x'.repeat(8192 - longest.length + 1)}`)).status, 404, 'an address of 8193 characters');
    assert.equal(received, undefined, 'none of those is the answer');
    const at8k = `${longest}${'2'.repeat(8192 - longest.length)}`;
    assert.equal((await get(at8k)).status, 200, 'an address of 8192 characters is taken');
    assert.equal((await get('/callback?code=3')).status, 404, 'only the first is taken');
    assert.equal(await listener.received, `${base}${at8k}`);
  });

  it('listens on 127.0.0.1 only, and refuses a port that is taken', async () => {
    listener = await listenForRedirect(`${base}/cb`, 'ok');
    await assert.rejects(listenForRedirect(`${base}/cb`, 'ok'), /EADDRINUSE/);
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
    listener = await listenForRedirect(`${base}/cb`, 'ok');
    listener.close();
    listener = await listenForRedirect(`${base}/cb`, 'again');
    assert.equal((await get('/cb?code=1')).text.endsWith('<p>again</p>'), true);
  });
});
