// Answers into results or typed errors (src/api/responses.ts), on hand-made answers: which error
// each status and error body calls for, what it carries, and the error body's two forms. The same
// over HTTP against the emulator is in endpoints.test.ts and tolerance.test.ts.
import * as assert from 'node:assert/strict';
import {
  AccessDeniedError,
  ApiDisabledError,
  ApiError,
  MissingScopeError,
  NotFoundError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
} from '../../../src/api/errors';
import { RateLimitState } from '../../../src/api/rateLimit';
import { parseErrorBody, ResponseReader } from '../../../src/api/responses';
import { addProblem, type ItemProblem } from '../../../src/api/tolerant';

const BASE = 'https://api.example.com';
const ctx = { method: 'GET', path: '/workspaces/acme/projects' };

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { request: ctx, secrets: ['tok-secret-1'], answer: { status, text, headers: { get: (n: string) => headers[n.toLowerCase()] ?? null } } };
}

function errorOf(status: number, body: unknown, headers: Record<string, string> = {}, reader = new ResponseReader(BASE, new RateLimitState(), undefined)): ApiError {
  try {
    reader.read(answer(status, body, headers), (j) => j);
  } catch (e) {
    assert.ok(e instanceof ApiError, String(e));
    return e;
  }
  assert.fail(`${status} was read as a result`);
}

const errors = (...messages: string[]) => ({ errors: messages.map((message) => ({ message })) });

describe('api: answers into results and typed errors', () => {
  it('2xx (and only 2xx) is a result: 200 and 299 read, 199 and 300 are errors; no parser, no result', () => {
    const reader = new ResponseReader(BASE, new RateLimitState(), undefined);
    assert.deepEqual(reader.read(answer(200, { a: 1 }), (j) => j), { a: 1 });
    assert.deepEqual(reader.read(answer(299, { a: 2 }), (j) => j), { a: 2 });
    assert.equal(reader.read(answer(204, ''), undefined), undefined);
    assert.ok(errorOf(300, errors('Moved')) instanceof ApiError);
    assert.equal(errorOf(300, errors('Moved')).constructor, ApiError, 'a 3xx with an error body is a plain ApiError');
    assert.equal(errorOf(199, errors('Early')).constructor, ApiError);
  });

  it('a 2xx that is not JSON names the server and shows the body, or says it was empty', () => {
    const html = errorOf(200, '<html>login tok-secret-1</html>');
    assert.ok(html instanceof UnexpectedResponseError);
    assert.match(html.message, /^The server at https:\/\/api\.example\.com answered 200 with something that is not the API's JSON: <html>login \[REDACTED\]<\/html>$/);
    assert.match(errorOf(200, '').message, /not the API's JSON: \(empty body\)$/);
  });

  it('a body that is not an error body: 500 and up a server error, 401 unauthorized, else unexpected (excerpt or empty)', () => {
    assert.ok(errorOf(500, '<html>oops</html>') instanceof ServerError);
    assert.equal(errorOf(500, '<html>oops</html>').message, 'The server failed (500).');
    assert.equal((errorOf(503, 'busy') as ServerError).excerpt, 'busy');
    assert.ok(!(errorOf(499, 'gateway') instanceof ServerError));
    const unauth = errorOf(401, 'no');
    assert.ok(unauth instanceof UnauthorizedError);
    assert.equal(unauth.message, 'The access token was refused (401).');
    const other = errorOf(418, 'teapot tok-secret-1');
    assert.ok(other instanceof UnexpectedResponseError);
    assert.equal(other.message, `The server at ${BASE} answered 418 with something that is not the API: teapot [REDACTED]`);
    assert.match(errorOf(418, '').message, /not the API: \(empty body\)$/);
  });

  it('the message: every server message joined, or the status when the body names none', () => {
    assert.equal(errorOf(400, errors('First.', 'Second.')).message, 'First. Second.');
    assert.deepEqual(errorOf(400, errors('First.', 'Second.')).messages, ['First.', 'Second.']);
    assert.equal(errorOf(400, { errors: [] }).message, 'HTTP 400');
    assert.equal(errorOf(400, { errors: [{ code: 5 }] }).message, 'HTTP 400');
  });

  it('by wording: API disabled and rate limit in any message, not only the first', () => {
    assert.ok(errorOf(400, errors('Something.', 'API is disabled in this workspace.')) instanceof ApiDisabledError);
    assert.ok(errorOf(403, errors('Something.', 'Rate limit exceeded.')) instanceof RateLimitError);
    assert.ok(errorOf(429, errors('Slow down.')) instanceof RateLimitError);
    assert.ok(!(errorOf(403, errors('Access denied')) instanceof RateLimitError));
  });

  it("a rate limit's reset, when the state has none: the answer's header (seconds), else none", () => {
    assert.equal((errorOf(429, errors('Slow down.'), { 'x-rate-limit-reset': '1800000000' }) as RateLimitError).resetAt?.getTime(), 1800000000 * 1000);
    assert.equal((errorOf(429, errors('Slow down.'), { 'x-rate-limit-reset': '0' }) as RateLimitError).resetAt, undefined);
    assert.equal((errorOf(429, errors('Slow down.'), { 'x-rate-limit-reset': 'soon' }) as RateLimitError).resetAt, undefined);
    assert.equal((errorOf(429, errors('Slow down.')) as RateLimitError).resetAt, undefined);
  });

  it('404 names what was not found, from a message that is only that', () => {
    assert.equal((errorOf(404, errors('Project not found.')) as NotFoundError).resource, 'Project');
    assert.equal((errorOf(404, errors('Target not found')) as NotFoundError).resource, 'Target');
    assert.equal((errorOf(404, errors('Sorry: Project not found.')) as NotFoundError).resource, 'Sorry: Project');
    assert.equal((errorOf(404, errors('Project not found. Try again')) as NotFoundError).resource, undefined);
  });

  it('by status after the wording: 403 access denied, 5xx server, other 4xx validation (param named), 3xx plain', () => {
    assert.ok(errorOf(403, errors('Access denied')) instanceof AccessDeniedError);
    assert.ok(errorOf(502, errors('Bad gateway')) instanceof ServerError);
    assert.ok(errorOf(500, errors('Internal')) instanceof ServerError);
    const v = errorOf(400, errors("Value of 'key' cannot be empty.")) as ValidationError;
    assert.ok(v instanceof ValidationError);
    assert.equal(v.param, 'key');
    assert.equal((errorOf(422, errors('x'.repeat(3), "Variable with key 'A' already exists.")) as ValidationError).param, 'key');
    assert.equal((errorOf(400, errors('Nothing named.')) as ValidationError).param, undefined);
    assert.ok(errorOf(403, errors('Token has no scope TARGET_MANAGE.')) instanceof MissingScopeError);
  });

  it('left-out list items are told to the listener (redacted), and a failing listener breaks nothing', () => {
    const told: [ItemProblem, typeof ctx][] = [];
    const parse = (j: unknown) => {
      const list = [...(j as unknown[])];
      addProblem(list, 0, 'no id', { name: 'broken tok-secret-1' });
      return list;
    };
    const listening = new ResponseReader(BASE, new RateLimitState(), (p, c) => told.push([p, c as typeof ctx]));
    assert.deepEqual(listening.read(answer(200, [1]), parse), [1]);
    assert.equal(told.length, 1);
    assert.equal(told[0][0].message, '[0]: no id');
    assert.doesNotMatch(told[0][0].excerpt, /tok-secret-1/);
    assert.deepEqual(told[0][1], ctx);
    const failing = new ResponseReader(BASE, new RateLimitState(), () => {
      throw new Error('logger down');
    });
    assert.deepEqual(failing.read(answer(200, [1]), parse), [1]);
    const silent = new ResponseReader(BASE, new RateLimitState(), undefined);
    assert.deepEqual(silent.read(answer(200, [1]), parse), [1]);
  });

  describe('error bodies', () => {
    it('errors[] of objects or strings; a lone message with its code; anything else is no error body', () => {
      assert.deepEqual(parseErrorBody(JSON.stringify({ errors: [{ message: 'a' }, 'b', null, 7, { message: 5 }] })), { messages: ['a', 'b'], code: undefined });
      assert.deepEqual(parseErrorBody(JSON.stringify({ message: 'alone', code: 881 })), { messages: ['alone'], code: 881 });
      for (const text of ['not json', 'null', '"text"', '42', JSON.stringify({ other: 1 }), JSON.stringify({ message: 5 })]) {
        assert.equal(parseErrorBody(text), undefined, text);
      }
    });

    it('the code: `<code>=` in front of a message (spaces allowed), else a numeric code field; the first one wins', () => {
      assert.deepEqual(parseErrorBody(JSON.stringify({ errors: [{ message: ' 881 = Access denied' }] })), { messages: ['Access denied'], code: 881 });
      assert.deepEqual(parseErrorBody(JSON.stringify({ errors: [{ message: 'x881=Access denied' }] })), { messages: ['x881=Access denied'], code: undefined });
      assert.deepEqual(parseErrorBody(JSON.stringify({ errors: [{ message: '881 x=y' }] })), { messages: ['881 x=y'], code: undefined });
      assert.deepEqual(parseErrorBody(JSON.stringify({ errors: [{ message: '881=' }] })), { messages: [], code: 881 }, 'a coded message with no words');
      assert.deepEqual(parseErrorBody(JSON.stringify({ errors: [{ message: 'line\n881=b' }] })), { messages: ['line\n881=b'], code: undefined });
      assert.deepEqual(parseErrorBody(JSON.stringify({ errors: [{ message: 'a', code: '2678004' }] })), { messages: ['a'], code: 2678004 });
      for (const code of [null, 'E12', '12x', 'x12', true]) {
        assert.deepEqual(parseErrorBody(JSON.stringify({ errors: [{ message: 'a', code }] })), { messages: ['a'], code: undefined }, String(code));
      }
      assert.deepEqual(parseErrorBody(JSON.stringify({ errors: [{ message: '1=a', code: 2 }, { message: '3=b', code: 4 }] })), { messages: ['a', 'b'], code: 1 });
      assert.deepEqual(parseErrorBody(JSON.stringify({ errors: [{ message: 'a', code: 2 }, { message: 'b', code: 4 }] })), { messages: ['a', 'b'], code: 2 });
    });
  });
});
