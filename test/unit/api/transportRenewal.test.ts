// The transport's resend after a 401 (`renewAfterUnauthorized`, OAuth): exactly one resend with the
// renewed token, none on other statuses or when the renewal gives nothing, and the renewed token
// redacted like the first.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { RateLimitState } from '../../../src/api/rateLimit';
import { Transport, type FetchLike, type TransportOptions } from '../../../src/api/transport';

const OLD = 'tok-old-renewal-1';
const NEW = 'tok-new-renewal-2';

type Answer = Awaited<ReturnType<FetchLike>>;
const answer = (status: number, text = '{}'): Answer => ({ status, headers: { get: () => null }, text: async () => text });

/** A fetch answering `statuses` in turn (the last one repeated), recording each Authorization header. */
function recording(statuses: number[]) {
  const sent: string[] = [];
  const fetch: FetchLike = async (_url, init) => {
    sent.push(init.headers.Authorization);
    return answer(statuses[Math.min(sent.length - 1, statuses.length - 1)]);
  };
  return { fetch, sent };
}

function transport(fetch: FetchLike, renew: TransportOptions['renewAfterUnauthorized']) {
  return new Transport('https://api.example.com', new RateLimitState(), {
    getToken: () => OLD,
    fetch,
    userAgent: 'test',
    maxRetries: 0,
    retryBaseDelayMs: 1,
    renewAfterUnauthorized: renew,
  });
}

describe('api: transport, renewal after a 401', () => {
  it('a 401: the renewal is asked with the rejected token, then exactly one resend with the new token', async () => {
    const { fetch, sent } = recording([401, 200]);
    const asked: string[] = [];
    const exchange = await transport(fetch, async (rejected) => {
      asked.push(rejected);
      return NEW;
    }).send({ method: 'GET', path: '/user' });
    assert.deepEqual(asked, [OLD]);
    assert.deepEqual(sent, [`Bearer ${OLD}`, `Bearer ${NEW}`]);
    assert.equal(exchange.answer.status, 200);
  });

  it('a second 401 after the resend is the caller’s: no third request, no second renewal', async () => {
    const { fetch, sent } = recording([401, 401, 200]);
    let renewals = 0;
    const exchange = await transport(fetch, async () => {
      renewals++;
      return NEW;
    }).send({ method: 'POST', path: '/x', body: {} });
    assert.equal(renewals, 1);
    assert.deepEqual(sent, [`Bearer ${OLD}`, `Bearer ${NEW}`]);
    assert.equal(exchange.answer.status, 401);
  });

  for (const status of [200, 400, 403, 404, 500]) {
    it(`a ${status}: no renewal, no resend`, async () => {
      const { fetch, sent } = recording([status, 200]);
      let renewals = 0;
      const exchange = await transport(fetch, async () => {
        renewals++;
        return NEW;
      }).send({ method: 'GET', path: '/x' });
      assert.equal(renewals, 0);
      assert.deepEqual(sent, [`Bearer ${OLD}`]);
      assert.equal(exchange.answer.status, status);
    });
  }

  const nothing: [string, TransportOptions['renewAfterUnauthorized']][] = [
    ['undefined', async () => undefined],
    ['an empty token', async () => ''],
    ['the same token', async () => OLD],
    ['a failure', async () => Promise.reject(new Error(`refused ${OLD}`))],
  ];
  for (const [what, renew] of nothing) {
    it(`a renewal giving ${what}: the first 401 is returned, no resend`, async () => {
      const { fetch, sent } = recording([401, 200]);
      const exchange = await transport(fetch, renew).send({ method: 'GET', path: '/x' });
      assert.deepEqual(sent, [`Bearer ${OLD}`]);
      assert.equal(exchange.answer.status, 401);
      assert.ok(exchange.secrets.includes(OLD));
    });
  }

  it('without a renewal: a 401 is returned as it is, one request', async () => {
    const { fetch, sent } = recording([401, 200]);
    const exchange = await transport(fetch, undefined).send({ method: 'GET', path: '/x' });
    assert.deepEqual(sent, [`Bearer ${OLD}`]);
    assert.equal(exchange.answer.status, 401);
  });

  it('the renewed token (and the request’s secrets) are the resend’s secrets, redacted from its failures', async () => {
    const { fetch, sent } = recording([401, 200]);
    const exchange = await transport(fetch, async () => NEW).send({ method: 'GET', path: '/x', secrets: ['s3cr3t-value'] });
    assert.equal(sent.length, 2);
    assert.ok(exchange.secrets.includes(NEW), 'the renewed token is among the secrets to redact');
    assert.ok(exchange.secrets.includes('s3cr3t-value'));

    let calls = 0;
    const failingResend: FetchLike = async () => {
      if (++calls === 1) {
        return answer(401);
      }
      throw new Error(`connection reset while sending ${NEW} and s3cr3t-value`);
    };
    const e = await transport(failingResend, async () => NEW)
      .send({ method: 'GET', path: '/x', secrets: ['s3cr3t-value'] })
      .then(
        () => undefined,
        (x: unknown) => x,
      );
    assert.ok(e instanceof ApiError, `expected an ApiError, got ${String(e)}`);
    assert.equal(calls, 2);
    assert.doesNotMatch(`${e.message} ${String((e.cause as Error | undefined)?.message)}`, new RegExp(`${NEW}|s3cr3t-value`));
    assert.match(e.message + String((e.cause as Error | undefined)?.message), /connection reset/);
  });
});
