// The rate-limit state from real answers, the server's refusal, and the fail-fast at zero.
import * as assert from 'node:assert/strict';
import { RateLimitError, RateLimitState, type RateLimitSnapshot } from '../../../src/api';
import { ADMIN_TOKEN } from '../../emulator/demo-data';
import { makeClient, rejection } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

describe('api client: rate limit', function () {
  const LIMIT = 4;
  const emu = useEmulator({ rateLimit: LIMIT, rateWindowS: 3600 });

  it('every answer updates the one observable state', async () => {
    const { client } = await makeClient(emu.url, ADMIN_TOKEN);
    const seen: RateLimitSnapshot[] = [];
    client.rateLimit.onDidChange((s) => seen.push(s));
    assert.equal(client.rateLimit.remaining, undefined);
    const before = Date.now();
    await client.getUser();
    assert.equal(client.rateLimit.limit, LIMIT);
    assert.equal(client.rateLimit.remaining, LIMIT - 1);
    const reset = client.rateLimit.resetAt!.getTime();
    assert.ok(reset > before && reset <= before + 3601_000, `reset ${new Date(reset).toISOString()}`);
    await client.getTokenInfo();
    assert.equal(client.rateLimit.remaining, LIMIT - 2);
    assert.deepEqual(
      seen.map((s) => s.remaining),
      [LIMIT - 1, LIMIT - 2],
    );
  });

  it('errors update it too, and at zero calls fail at once without a request', async () => {
    const { client } = await makeClient(emu.url, ADMIN_TOKEN);
    await rejection(() => client.getProject('acme', 'nope'));
    assert.equal(client.rateLimit.remaining, LIMIT - 1);
    for (let i = 0; i < LIMIT - 1; i++) {
      await client.getUser();
    }
    assert.equal(client.rateLimit.remaining, 0);
    const sent = emu.requests.length;
    const e = await rejection(() => client.listProjects('acme'));
    assert.ok(e instanceof RateLimitError, String(e));
    assert.equal(e.failedFast, true);
    assert.equal(e.resetAt?.getTime(), client.rateLimit.resetAt?.getTime());
    assert.equal(e.method, 'GET');
    assert.equal(emu.requests.length, sent, 'no request was sent');
  });

  it('without the local state, the server’s 403 "Rate limit exceeded." is a RateLimitError with the reset', async () => {
    const { client: first } = await makeClient(emu.url, ADMIN_TOKEN);
    for (let i = 0; i < LIMIT; i++) {
      await first.getUser();
    }
    // A client with its own fresh state does not know yet, so it asks the server.
    const { client: fresh } = await makeClient(emu.url, ADMIN_TOKEN, { rateLimit: new RateLimitState() });
    const e = await rejection(() => fresh.getUser());
    assert.ok(e instanceof RateLimitError, String(e));
    assert.equal(e.failedFast, false);
    assert.equal(e.status, 403);
    assert.deepEqual(e.messages, ['Rate limit exceeded.']);
    assert.equal(e.resetAt?.getTime(), first.rateLimit.resetAt?.getTime());
    assert.equal(fresh.rateLimit.remaining, 0);
    // And now it fails fast.
    const sent = emu.requests.length;
    const again = await rejection(() => fresh.getUser());
    assert.ok(again instanceof RateLimitError && again.failedFast);
    assert.equal(emu.requests.length, sent);
  });

  it('once the reset time has passed, requests are sent again', async () => {
    const clockState = new RateLimitState();
    const { client } = await makeClient(emu.url, ADMIN_TOKEN, { rateLimit: clockState });
    clockState.set({ limit: LIMIT, remaining: 0, resetAt: new Date(Date.now() - 1000) });
    const u = await client.getUser();
    assert.equal(u.id, 1);
    assert.equal(client.rateLimit.remaining, LIMIT - 1);
  });
});
