// Reading an answer's body with a size cap: the body is read as a stream with a running count and
// the stream is given up (which closes the connection) as soon as it passes the cap, so an endless
// or huge answer costs at most the cap in memory. Also the check that refuses every redirect.
import { UnexpectedResponseError, type ApiErrorInit } from './errors';
import { excerpt } from './redact';

/** The largest answer the client reads: far above any page of 100 items, far below harm. */
export const MAX_BODY_BYTES = 4 * 2 ** 20;

/** The part of a fetch answer this module reads: node-fetch's Readable or a web ReadableStream. */
export interface BodySource {
  headers: { get(name: string): string | null };
  body?: unknown;
  text(): Promise<string>;
}

/** An answer larger than the client reads; the connection was closed without reading the rest. */
export class ResponseTooLargeError extends UnexpectedResponseError {
  override name = 'ResponseTooLargeError';
  readonly limitBytes: number;
  constructor(message: string, init: ApiErrorInit & { limitBytes: number }) {
    super(message, init);
    this.limitBytes = init.limitBytes;
  }
}

/** A 3xx answer: the client follows no redirect, so nothing was sent to the address it names. */
export class RedirectError extends UnexpectedResponseError {
  override name = 'RedirectError';
  /** The Location the server named (shortened, redacted), when it named one. */
  readonly location: string | undefined;
  constructor(message: string, init: ApiErrorInit & { location?: string }) {
    super(message, init);
    this.location = init.location;
  }
}

/** "4 MiB", "512 KiB", "100 bytes". */
export function formatBytes(n: number): string {
  if (n >= 2 ** 20 && n % 2 ** 20 === 0) {
    return `${n / 2 ** 20} MiB`;
  }
  if (n >= 1024 && n % 1024 === 0) {
    return `${n / 1024} KiB`;
  }
  return `${n} bytes`;
}

function tooLarge(limit: number, init: ApiErrorInit, baseUrl: string): ResponseTooLargeError {
  return new ResponseTooLargeError(
    `The answer from ${baseUrl} is larger than ${formatBytes(limit)}, more than any API answer; the client stopped reading it.`,
    { ...init, limitBytes: limit },
  );
}

/** The redirect error for a 3xx answer; `secrets` are redacted from the address shown. */
export function redirectError(
  status: number,
  location: string | null,
  baseUrl: string,
  init: ApiErrorInit,
  secrets: readonly string[],
): RedirectError {
  const where = location ? excerpt(location, 200, secrets) : undefined;
  return new RedirectError(
    where
      ? `The server at ${baseUrl} answered ${status}, a redirect to ${where}. The client follows no redirect, so the request was not sent there; check the API address in your settings.`
      : `The server at ${baseUrl} answered ${status}, a redirect without an address. The client follows no redirect; check the API address in your settings.`,
    { ...init, status, location: where },
  );
}

type Chunks = AsyncIterator<unknown>;

function chunksOf(body: unknown): Chunks | undefined {
  if (!body || typeof body !== 'object') {
    return undefined;
  }
  const iterable = body as Partial<AsyncIterable<unknown>>;
  if (typeof iterable[Symbol.asyncIterator] === 'function') {
    return iterable[Symbol.asyncIterator]!();
  }
  const stream = body as { getReader?: () => { read(): Promise<{ done: boolean; value?: unknown }>; cancel(): Promise<void> } };
  if (typeof stream.getReader === 'function') {
    const reader = stream.getReader();
    return {
      next: () => reader.read() as Promise<IteratorResult<unknown>>,
      return: async () => {
        await reader.cancel().catch(() => undefined);
        return { done: true, value: undefined };
      },
    };
  }
  return undefined;
}

function bytesOf(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) {
    return chunk;
  }
  if (typeof chunk === 'string') {
    return new TextEncoder().encode(chunk);
  }
  if (chunk instanceof ArrayBuffer) {
    return new Uint8Array(chunk);
  }
  throw new TypeError('The answer body is not bytes.');
}

/** Gives up an answer's body unread (a redirect's), closing its stream. */
export async function discardBody(res: BodySource): Promise<void> {
  try {
    await chunksOf(res.body)?.return?.();
  } catch {
    // Nothing to keep from it.
  }
}

/**
 * Reads the body as UTF-8 text, at most `limit` bytes. Past the limit (or when Content-Length
 * announces more) the stream is given up and ResponseTooLargeError thrown. A body that is not a
 * stream (a test double) is read whole and checked after.
 */
export async function readBoundedText(
  res: BodySource,
  limit: number,
  baseUrl: string,
  init: ApiErrorInit,
): Promise<string> {
  const announced = Number(res.headers.get('content-length'));
  const chunks = chunksOf(res.body);
  if (!chunks) {
    const text = await res.text();
    if (new TextEncoder().encode(text).length > limit) {
      throw tooLarge(limit, init, baseUrl);
    }
    return text;
  }
  const stop = async (): Promise<void> => {
    try {
      await chunks.return?.();
    } catch {
      // Giving the stream up must not hide why.
    }
  };
  if (Number.isFinite(announced) && announced > limit) {
    await stop();
    throw tooLarge(limit, init, baseUrl);
  }
  const decoder = new TextDecoder('utf-8');
  let total = 0;
  let text = '';
  for (;;) {
    const { done, value } = await chunks.next();
    if (done) {
      break;
    }
    const bytes = bytesOf(value);
    total += bytes.length;
    if (total > limit) {
      await stop();
      throw tooLarge(limit, init, baseUrl);
    }
    text += decoder.decode(bytes, { stream: true });
  }
  return text + decoder.decode();
}
