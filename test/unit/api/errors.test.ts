// The client's typed errors (src/api/errors.ts) on their own: the name each one shows in logs and
// messages (`String(e)`), its kind, and the bounds on what a server's text can put in it.
import * as assert from 'node:assert/strict';
import {
  AccessDeniedError,
  ApiDisabledError,
  ApiError,
  CancelledError,
  ConfigurationError,
  MAX_MESSAGE_CHARS,
  MAX_MESSAGES,
  MissingScopeError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
  isApiError,
  shorten,
} from '../../../src/api/errors';

describe('api: typed errors', () => {
  it('each error says its class in String(e), and its kind', () => {
    const all = [
      new ApiError('m'),
      new UnauthorizedError('m'),
      new ApiDisabledError('m'),
      new AccessDeniedError('m'),
      new MissingScopeError('m'),
      new NotFoundError('m'),
      new ValidationError('m'),
      new RateLimitError('m'),
      new ServerError('m'),
      new NetworkError('m'),
      new TimeoutError('m'),
      new CancelledError('m'),
      new UnexpectedResponseError('m'),
      new ConfigurationError('m'),
    ];
    assert.deepEqual(
      all.map((e) => [String(e), e.kind]),
      [
        ['ApiError: m', 'http'],
        ['UnauthorizedError: m', 'unauthorized'],
        ['ApiDisabledError: m', 'api-disabled'],
        ['AccessDeniedError: m', 'access-denied'],
        ['MissingScopeError: m', 'missing-scope'],
        ['NotFoundError: m', 'not-found'],
        ['ValidationError: m', 'validation'],
        ['RateLimitError: m', 'rate-limit'],
        ['ServerError: m', 'server'],
        ['NetworkError: m', 'network'],
        ['TimeoutError: m', 'timeout'],
        ['CancelledError: m', 'cancelled'],
        ['UnexpectedResponseError: m', 'unexpected-response'],
        ['ConfigurationError: m', 'configuration'],
      ],
    );
    assert.ok(all.every((e) => isApiError(e)), 'every one is an ApiError');
    assert.equal(all.length, 14);
    assert.equal(isApiError(new Error('m')), false);
  });

  it('a server text is cut to MAX_MESSAGE_CHARS with an ellipsis; one of exactly that length is kept whole', () => {
    const exact = 'x'.repeat(MAX_MESSAGE_CHARS);
    assert.equal(shorten(exact), exact);
    const cut = shorten(`${exact}y`);
    assert.equal(cut.length, MAX_MESSAGE_CHARS);
    assert.equal(cut, `${'x'.repeat(MAX_MESSAGE_CHARS - 1)}…`);
    assert.equal(shorten('abcdef', 4), 'abc…');
    const e = new ApiError(`${exact}tail`, { messages: [`${exact}tail`] });
    assert.equal(e.message.length, MAX_MESSAGE_CHARS);
    assert.equal(e.messages[0].length, MAX_MESSAGE_CHARS);
  });

  it('keeps the first MAX_MESSAGES messages, the code, the request and the cause', () => {
    const messages = Array.from({ length: MAX_MESSAGES + 3 }, (_, i) => `m${i}`);
    const cause = new Error('socket hang up');
    const e = new ApiError('failed', { status: 400, messages, code: 881, method: 'GET', path: '/workspaces', cause });
    assert.deepEqual(e.messages, messages.slice(0, MAX_MESSAGES));
    assert.equal(e.status, 400);
    assert.equal(e.code, 881);
    assert.equal(e.request, 'GET /workspaces');
    assert.equal(e.cause, cause);
    const bare = new ApiError('failed', { method: 'GET' });
    assert.deepEqual(bare.messages, []);
    assert.equal(bare.request, undefined, 'no request without its path');
    assert.equal(new ApiError('failed', { path: '/x' }).request, undefined, 'nor without its method');
    assert.equal('cause' in bare, false, 'no cause when none was given');
  });

  it('the extra fields of each kind', () => {
    const reset = new Date('2026-01-01T00:00:00Z');
    assert.equal(new MissingScopeError('m', { scope: 'TARGET_MANAGE' }).scope, 'TARGET_MANAGE');
    assert.equal(new NotFoundError('m', { resource: 'Project' }).resource, 'Project');
    assert.equal(new ValidationError('m', { param: 'key' }).param, 'key');
    const limited = new RateLimitError('m', { resetAt: reset, failedFast: true });
    assert.equal(limited.resetAt, reset);
    assert.equal(limited.failedFast, true);
    assert.equal(new RateLimitError('m').failedFast, false);
    assert.equal(new ServerError('m', { excerpt: '<html>' }).excerpt, '<html>');
    assert.equal(new NetworkError('m', { errorCode: 'ECONNREFUSED' }).errorCode, 'ECONNREFUSED');
    assert.equal(new TimeoutError('m', { timeoutMs: 30000 }).timeoutMs, 30000);
    assert.equal(new UnexpectedResponseError('m', { excerpt: 'id: 1' }).excerpt, 'id: 1');
    const denied = new AccessDeniedError('m', { code: 2678004 });
    assert.deepEqual([denied.isPipelineNotAllowed, denied.isTargetPermission], [true, false]);
  });
});
