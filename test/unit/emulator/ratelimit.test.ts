import * as assert from 'node:assert/strict';
import { startEmulator } from '../../emulator';
import { Answer, assertError, call } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

const remaining = (a: Answer): number => Number(a.headers.get('x-rate-limit-remaining'));

describe('emulator: rate limit', () => {
  const emu = useEmulator({ rateLimit: 3, rateWindowS: 60 });

  it('counts down per request, then answers 403 with remaining 0', async () => {
    const started = Math.floor(Date.now() / 1000);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(await call(emu.url, 'GET', '/user'));
    }
    assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 403, 403]);
    assert.deepEqual(answers.map(remaining), [2, 1, 0, 0, 0]);
    assertError(answers[3], 403, 'Rate limit exceeded.');
    for (const a of answers) {
      assert.equal(a.headers.get('x-rate-limit-limit'), '3');
      assert.equal(a.headers.get('x-rate-limit-reset'), answers[0].headers.get('x-rate-limit-reset'));
    }
    const reset = Number(answers[0].headers.get('x-rate-limit-reset'));
    assert.ok(reset >= started + 59 && reset <= started + 61, String(reset - started));
  });

  it('is per user: another user has their own window', async () => {
    for (let i = 0; i < 3; i++) {
      await call(emu.url, 'GET', '/user');
    }
    assert.equal((await call(emu.url, 'GET', '/user')).status, 403);
    const other = await call(emu.url, 'GET', '/user', { token: 'denied-token' });
    assert.equal(other.status, 200);
    assert.equal(remaining(other), 2);
  });

  it('is per user across tokens', async () => {
    await call(emu.url, 'GET', '/user', { token: 'dev-token' });
    const a = await call(emu.url, 'GET', '/user', { token: 'minimal-token' });
    assert.equal(remaining(a), 1);
  });

  it('errors count too; unauthenticated requests do not and show a full window', async () => {
    await call(emu.url, 'GET', '/nope');
    await call(emu.url, 'GET', '/workspaces/dormant/projects');
    const anon = await call(emu.url, 'GET', '/user', { token: null });
    assert.equal(anon.status, 401);
    assert.equal(remaining(anon), 3);
    assert.equal(remaining(await call(emu.url, 'GET', '/user')), 0);
  });

  it('is checked before the API switch and the URL', async () => {
    for (let i = 0; i < 3; i++) {
      await call(emu.url, 'GET', '/user');
    }
    assertError(await call(emu.url, 'GET', '/workspaces/dormant/projects'), 403, 'Rate limit exceeded.');
    assertError(await call(emu.url, 'GET', '/nope'), 403, 'Rate limit exceeded.');
  });

  it('reset clears the counters', async () => {
    for (let i = 0; i < 4; i++) {
      await call(emu.url, 'GET', '/user');
    }
    emu.reset();
    assert.equal(remaining(await call(emu.url, 'GET', '/user')), 2);
  });

  it('a new window starts after the old one ends', async () => {
    const quick = await startEmulator({ rateLimit: 1, rateWindowS: 1 });
    try {
      assert.equal((await call(quick.url, 'GET', '/user')).status, 200);
      assert.equal((await call(quick.url, 'GET', '/user')).status, 403);
      await new Promise((r) => setTimeout(r, 1050));
      const a = await call(quick.url, 'GET', '/user');
      assert.equal(a.status, 200);
      assert.equal(remaining(a), 0);
    } finally {
      await quick.close();
    }
  });

  it('defaults to 5000 per hour', async () => {
    const def = await startEmulator();
    try {
      const a = await call(def.url, 'GET', '/user');
      assert.equal(a.headers.get('x-rate-limit-limit'), '5000');
      assert.equal(remaining(a), 4999);
      const reset = Number(a.headers.get('x-rate-limit-reset'));
      assert.ok(Math.abs(reset - (Date.now() / 1000 + 3600)) < 5);
    } finally {
      await def.close();
    }
  });
});
