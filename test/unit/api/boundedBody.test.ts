// Reading an answer's body with a size cap (src/api/boundedBody.ts), on hand-made bodies: a web
// stream, an async iterable (node-fetch's Readable) and a plain text() double. The cap in bytes,
// the announced length, where the stream is given up, the decoding across chunks, the redirect error.
import * as assert from 'node:assert/strict';
import { discardBody, formatBytes, readBoundedText, redirectError, ResponseTooLargeError, RedirectError, type BodySource } from '../../../src/api/boundedBody';

const BASE = 'https://api.example.com';
const bytes = (s: string) => new TextEncoder().encode(s);

/** A web ReadableStream of `chunks` that records how far it was read and whether it was cancelled. */
function webBody(chunks: unknown[], contentLength?: number) {
  const seen = { reads: 0, cancelled: false };
  let i = 0;
  const body = {
    getReader: () => ({
      read: async () => {
        seen.reads++;
        return i < chunks.length ? { done: false, value: chunks[i++] } : { done: true, value: undefined };
      },
      cancel: async () => {
        seen.cancelled = true;
      },
    }),
  };
  const res: BodySource = {
    headers: { get: (n: string) => (n === 'content-length' && contentLength !== undefined ? String(contentLength) : null) },
    body,
    text: () => Promise.reject(new Error('a stream is not read whole')),
  };
  return { res, seen };
}

/** An async iterable body (node-fetch's Readable), recording whether it was given up. */
function iterableBody(chunks: unknown[]) {
  const seen = { returned: false };
  const body = {
    [Symbol.asyncIterator]() {
      let i = 0;
      return {
        next: async () => (i < chunks.length ? { done: false, value: chunks[i++] } : { done: true, value: undefined }),
        return: async () => {
          seen.returned = true;
          return { done: true, value: undefined };
        },
      };
    },
  };
  const res: BodySource = { headers: { get: () => null }, body, text: () => Promise.reject(new Error('unused')) };
  return { res, seen };
}

const textBody = (text: string): BodySource => ({ headers: { get: () => null }, body: undefined, text: async () => text });

async function tooLarge(p: Promise<unknown>): Promise<ResponseTooLargeError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  assert.ok(e instanceof ResponseTooLargeError, `expected ResponseTooLargeError, got ${String(e)}`);
  return e;
}

describe('api: bounded answer bodies', () => {
  it('sizes are written in MiB or KiB when whole, else in bytes', () => {
    assert.deepEqual(
      [4 * 2 ** 20, 2 ** 20, 512 * 1024, 3 * 2 ** 20 + 1024, 1536, 1024, 100, 0].map(formatBytes),
      ['4 MiB', '1 MiB', '512 KiB', '3073 KiB', '1536 bytes', '1 KiB', '100 bytes', '0 bytes'],
    );
  });

  it('a body that is no stream: read whole, up to the cap in bytes (not characters)', async () => {
    assert.equal(await readBoundedText(textBody('abcd'), 4, BASE, {}), 'abcd');
    const e = await tooLarge(readBoundedText(textBody('abcde'), 4, BASE, { method: 'GET', path: '/x' }));
    assert.equal(e.limitBytes, 4);
    assert.equal(e.name, 'ResponseTooLargeError');
    assert.equal(e.request, 'GET /x');
    assert.match(e.message, /from https:\/\/api\.example\.com is larger than 4 bytes/);
    await tooLarge(readBoundedText(textBody('éé'), 3, BASE, {}));
  });

  it('a web stream: chunks of bytes, text and ArrayBuffer decoded as UTF-8, a character split across chunks too', async () => {
    const e = bytes('é');
    const { res, seen } = webBody([bytes('caf'), e.slice(0, 1), e.slice(1), 'ok', new Uint8Array([33]).buffer]);
    assert.equal(await readBoundedText(res, 100, BASE, {}), 'caféok!');
    assert.equal(seen.cancelled, false);
  });

  it('a stream is given up as soon as it passes the cap; exactly the cap is read', async () => {
    const exact = webBody([bytes('ab'), bytes('cd')]);
    assert.equal(await readBoundedText(exact.res, 4, BASE, {}), 'abcd');
    const over = webBody([bytes('ab'), bytes('cde'), bytes('never read')]);
    await tooLarge(readBoundedText(over.res, 4, BASE, {}));
    assert.equal(over.seen.cancelled, true, 'the stream is cancelled');
    assert.equal(over.seen.reads, 2, 'nothing read after the chunk that passed the cap');
    const iter = iterableBody([bytes('abcde')]);
    await tooLarge(readBoundedText(iter.res, 4, BASE, {}));
    assert.equal(iter.seen.returned, true, 'an async iterable is given up too');
  });

  it('an announced length over the cap is refused before reading; the cap itself, or no number, is read', async () => {
    const announced = webBody([bytes('ab')], 5);
    await tooLarge(readBoundedText(announced.res, 4, BASE, {}));
    assert.deepEqual(announced.seen, { reads: 0, cancelled: true });
    assert.equal(await readBoundedText(webBody([bytes('ab')], 4).res, 4, BASE, {}), 'ab');
  });

  it('a chunk that is no bytes is an error, not text', async () => {
    await assert.rejects(readBoundedText(webBody([42]).res, 100, BASE, {}), (e: unknown) => e instanceof TypeError && /not bytes/.test(e.message));
  });

  it('a body given up unread is closed; a failure to close is not an error', async () => {
    const { res, seen } = webBody([bytes('moved')]);
    await discardBody(res);
    assert.equal(seen.cancelled, true);
    const failing: BodySource = {
      headers: { get: () => null },
      body: {
        [Symbol.asyncIterator]: () => ({
          next: async () => ({ done: true, value: undefined }),
          return: () => Promise.reject(new Error('already closed')),
        }),
      },
      text: async () => '',
    };
    await discardBody(failing);
    await discardBody(textBody('no stream'));
  });

  it('a redirect names where it pointed (secrets removed), or says it named nowhere', () => {
    const to = redirectError(302, 'https://evil.example/?token=tok-abcdef', BASE, { method: 'GET', path: '/workspaces' }, ['tok-abcdef']);
    assert.ok(to instanceof RedirectError);
    assert.equal(to.name, 'RedirectError');
    assert.equal(to.status, 302);
    assert.equal(to.request, 'GET /workspaces');
    assert.match(to.message, /answered 302, a redirect to https:\/\/evil\.example/);
    assert.doesNotMatch(`${to.message} ${to.location}`, /tok-abcdef/);
    assert.match(to.location ?? '', /^https:\/\/evil\.example/);
    const nowhere = redirectError(301, null, BASE, {}, []);
    assert.equal(nowhere.location, undefined);
    assert.match(nowhere.message, /a redirect without an address/);
  });
});
