// One job: sending one request and reading its whole answer; every part below serves that attempt loop.
// The request machinery: the token and headers, a timeout per attempt, retries with backoff (GET
// on network failure and 502/503/504, others only when never connected), one request for identical
// GETs in flight (inflight.ts), cancellation, the rate-limit bookkeeping, and the redirect and
// body-size guards (boundedBody.ts). It hands back the answer's status, headers and text, unread.
import { discardBody, MAX_BODY_BYTES, readBoundedText, redirectError } from './boundedBody';
import { ApiError, CancelledError, NetworkError, RateLimitError, TimeoutError, UnauthorizedError } from './errors';
import { abortRequest, InflightRequests, type Abort } from './inflight';
import type { HeaderSource, RateLimitState } from './rateLimit';
import { redact } from './redact';

/**
 * The subset of fetch the client uses; Node's global fetch and node-fetch both fit. `redirect` is
 * always 'manual': a 3xx comes back as it is and is an error (no body or token is re-sent), and
 * `body` (a stream) is read with a size cap; `text()` only serves doubles that have no stream.
 */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal; redirect: 'manual' },
) => Promise<{ status: number; headers: { get(name: string): string | null }; body?: unknown; text(): Promise<string> }>;

/** One attempt of one request, for the editor's log. `path` holds no secret. */
export interface RequestEvent {
  method: string;
  /** Path relative to the base address, with the query string. */
  path: string;
  /** HTTP status, when an answer came. */
  status?: number;
  durationMs: number;
  /** Redacted description of the failure, when there was no answer or it was unusable. */
  error?: string;
  /** 0 for the first try, 1.. for retries. */
  attempt: number;
}

export interface TransportOptions {
  /** Asked before every request; undefined means signed out (UnauthorizedError, no request). */
  getToken: () => string | undefined | Promise<string | undefined>;
  fetch: FetchLike;
  /** e.g. `workspace-automation/0.1.0 (vscode 1.100.0)`. */
  userAgent: string;
  /** Per attempt, covering the answer's body too. Default 30000. */
  timeoutMs?: number;
  /** Retries of GET on network failure and 502/503/504. Default 2. */
  maxRetries?: number;
  /** Base of the exponential backoff (with jitter). Default 300 ms. */
  retryBaseDelayMs?: number;
  /** Upper bound of one backoff delay. Default 3000 ms. */
  retryMaxDelayMs?: number;
  /** Called after every attempt (not for shared or refused requests). */
  onRequest?: (e: RequestEvent) => void;
  /**
   * After a 401 to `rejected`: a renewed token (OAuth), or undefined. The request is sent once
   * more with a different token; a second 401 is the caller's.
   */
  renewAfterUnauthorized?: (rejected: string) => Promise<string | undefined>;
}

/** The request an error or a log line names: its method and its path with the query string. */
export interface RequestContext {
  method: string;
  path: string;
}

/** What send() is asked to do; `path` is relative to the base address, with the query string. */
export interface OutgoingRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** Sent as JSON when defined. */
  body?: unknown;
  /** Values of the body to redact in errors and logs beyond the token. */
  secrets?: string[];
  signal?: AbortSignal;
}

/** An answer read whole (any status but a redirect). */
export interface RawAnswer {
  status: number;
  headers: HeaderSource;
  text: string;
}

/** A request and its answer, with what to redact from anything said about them (the token first). */
export interface Exchange {
  request: RequestContext;
  secrets: string[];
  answer: RawAnswer;
}

/** One request's fixed parts, for each of its attempts. */
interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  ctx: RequestContext;
  secrets: string[];
  abort: Abort;
}

const RETRY_STATUSES = new Set([502, 503, 504]);
/** Error codes meaning the connection was never made, so the request never reached the server. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export class Transport {
  private readonly opts: Required<Omit<TransportOptions, 'onRequest' | 'renewAfterUnauthorized'>> & Pick<TransportOptions, 'onRequest' | 'renewAfterUnauthorized'>;
  private readonly inflight = new InflightRequests<RawAnswer>();

  /** `baseUrl` already checked (resolveBaseUrl); `rateLimit` is updated from every answer. */
  constructor(
    private readonly baseUrl: string,
    private readonly rateLimit: RateLimitState,
    opts: TransportOptions,
  ) {
    this.opts = {
      getToken: opts.getToken,
      fetch: opts.fetch,
      userAgent: opts.userAgent,
      timeoutMs: opts.timeoutMs ?? 30_000,
      maxRetries: Math.max(0, Math.min(opts.maxRetries ?? 2, 5)),
      retryBaseDelayMs: opts.retryBaseDelayMs ?? 300,
      retryMaxDelayMs: opts.retryMaxDelayMs ?? 3000,
      onRequest: opts.onRequest,
      renewAfterUnauthorized: opts.renewAfterUnauthorized,
    };
  }

  /** Sends one request (shared with identical GETs in flight) and reads its whole answer. */
  async send(req: OutgoingRequest): Promise<Exchange> {
    const ctx: RequestContext = { method: req.method, path: req.path };
    if (req.signal?.aborted) {
      throw new CancelledError('The request was cancelled.', ctx);
    }
    let token: string | undefined;
    let awaited = false;
    try {
      const got = this.opts.getToken();
      // Awaited only when it is a promise: a token at hand costs no extra turn.
      if (typeof got === 'string' || got === undefined) {
        token = got;
      } else {
        awaited = true;
        token = await got;
      }
    } catch (e) {
      throw new UnauthorizedError('Could not read the access token.', { ...ctx, cause: redactError(e) });
    }
    // Aborted while the token was read: no request (an abort listener added later would never fire).
    if (awaited && req.signal?.aborted) {
      throw new CancelledError('The request was cancelled.', ctx);
    }
    if (!token) {
      throw new UnauthorizedError('Not signed in: there is no access token.', ctx);
    }
    const first = await this.sendWith(token, req, ctx);
    const renew = this.opts.renewAfterUnauthorized;
    if (first.answer.status !== 401 || !renew) {
      return first;
    }
    let renewed: string | undefined;
    try {
      renewed = await renew(token);
    } catch {
      // Could not be renewed (refused, signed out): the 401 stands; the renewal reported why.
      return first;
    }
    return renewed && renewed !== token ? this.sendWith(renewed, req, ctx) : first;
  }

  private async sendWith(token: string, req: OutgoingRequest, ctx: RequestContext): Promise<Exchange> {
    const secrets = req.secrets && req.secrets.length > 0 ? [token, ...req.secrets] : [token];
    this.failIfRateLimited(ctx);

    const url = this.baseUrl + req.path;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      'User-Agent': this.opts.userAgent,
    };
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['Content-Type'] = 'application/json';
    }

    const method = req.method;
    const answer = await this.inflight.join(method === 'GET' ? `${url}\n${token}` : undefined, req.signal, ctx, (abort) =>
      this.once({ method, url, headers, body, ctx, secrets, abort }, 0),
    );
    return { request: ctx, secrets, answer };
  }

  /** Throws RateLimitError without a request while the known remaining count is 0 before the reset. */
  private failIfRateLimited(ctx: RequestContext): void {
    if (this.rateLimit.isExhausted()) {
      const resetAt = this.rateLimit.resetAt;
      throw new RateLimitError(`Rate limit reached; it resets at ${resetAt?.toISOString()}. The request was not sent.`, {
        ...ctx,
        resetAt,
        failedFast: true,
      });
    }
  }

  /** After a failed attempt (`headers` of its answer, if any): the backoff, then the next attempt. */
  private async retry(call: Call, attempt: number, headers: HeaderSource | undefined): Promise<RawAnswer> {
    await this.backoff(attempt, headers, call.abort.controller.signal, call.ctx);
    this.failIfRateLimited(call.ctx);
    return this.once(call, attempt + 1);
  }

  private async backoff(attempt: number, headers: HeaderSource | undefined, signal: AbortSignal, ctx: RequestContext): Promise<void> {
    const { retryBaseDelayMs: base, retryMaxDelayMs: max } = this.opts;
    let delay = Math.min(max, base * 2 ** attempt);
    delay = delay / 2 + Math.random() * (delay / 2);
    const retryAfter = Number(headers?.get('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter > 0) {
      delay = Math.max(delay, Math.min(max, retryAfter * 1000));
    }
    await new Promise<void>((resolve, reject) => {
      if (signal.aborted) {
        reject(new CancelledError('The request was cancelled.', ctx));
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(new CancelledError('The request was cancelled.', ctx));
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, delay);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * One attempt: fetch and read the whole body, under the timeout and the request's abort. Settles
   * at once on timeout or abort, even with a fetch that ignores the signal (for the answer or its
   * body): the abort calls this attempt's hook directly, so no race and no listener per attempt.
   * Retries (with their backoff) are chained from here: GET on network failure and 502/503/504,
   * others only when never connected.
   */
  private once(call: Call, attempt: number): Promise<RawAnswer> {
    const { method, url, headers, body, ctx, secrets, abort } = call;
    const started = Date.now();
    const timeoutMs = this.opts.timeoutMs;
    const signal = abort.controller.signal;
    return new Promise<RawAnswer>((resolve, reject) => {
      let status: number | undefined;
      let timedOut = false;
      let done = false;
      /** Ends this attempt (timer and abort hook released); false when it had already ended. */
      const settle = (): boolean => {
        if (done) {
          return false;
        }
        done = true;
        clearTimeout(timer);
        if (abort.onAbort === onAbort) {
          abort.onAbort = undefined;
        }
        return true;
      };
      const fail = (e: unknown): void => {
        if (!settle()) {
          return;
        }
        let err: ApiError;
        if (e instanceof ApiError && !timedOut && !signal.aborted) {
          // Refused by the transport itself (a redirect, a body past the cap): final, never retried.
          this.emit(ctx, status, started, attempt, e.message);
          reject(e);
          return;
        }
        if (timedOut) {
          err = new TimeoutError(`No complete answer within ${Math.round(timeoutMs / 100) / 10} s.`, { ...ctx, status, timeoutMs });
        } else if (signal.aborted) {
          err = new CancelledError('The request was cancelled.', { ...ctx, status });
        } else {
          const code = systemErrorCode(e);
          const what = status !== undefined ? `The answer (${status}) was cut short` : 'Could not reach the server';
          err = new NetworkError(`${what}${code ? ` (${code})` : ''}: ${redact(messageOf(e), secrets)}`, {
            ...ctx,
            status,
            errorCode: code,
            cause: redactError(e, secrets),
          });
        }
        this.emit(ctx, status, started, attempt, err.message);
        const retryable =
          err instanceof NetworkError && (method === 'GET' || (err.errorCode !== undefined && NEVER_CONNECTED.has(err.errorCode)));
        if (retryable && attempt < this.opts.maxRetries) {
          resolve(this.retry(call, attempt, undefined));
        } else {
          reject(err);
        }
      };
      const onAbort = (): void => fail(new Error('aborted'));
      const timer = setTimeout(() => {
        timedOut = true;
        abortRequest(abort);
      }, timeoutMs);
      if (signal.aborted) {
        fail(new Error('aborted'));
        return;
      }
      abort.onAbort = onAbort;
      let answer: ReturnType<FetchLike>;
      try {
        answer = this.opts.fetch(url, { method, headers, body, signal, redirect: 'manual' });
      } catch (e) {
        fail(e);
        return;
      }
      answer.then((res) => {
        if (done) {
          return;
        }
        status = res.status;
        let text: Promise<string>;
        try {
          this.rateLimit.updateFromHeaders(res.headers);
          if (res.status >= 300 && res.status < 400) {
            void discardBody(res);
            fail(redirectError(res.status, res.headers.get('location'), this.baseUrl, { ...ctx, status }, secrets));
            return;
          }
          text = readBoundedText(res, MAX_BODY_BYTES, this.baseUrl, { ...ctx, status });
        } catch (e) {
          fail(e);
          return;
        }
        text.then((t) => {
          if (!settle()) {
            return;
          }
          this.emit(ctx, status, started, attempt, undefined);
          if (method === 'GET' && attempt < this.opts.maxRetries && RETRY_STATUSES.has(res.status)) {
            resolve(this.retry(call, attempt, res.headers));
          } else {
            resolve({ status: res.status, headers: res.headers, text: t });
          }
        }, fail);
      }, fail);
    });
  }

  private emit(ctx: RequestContext, status: number | undefined, started: number, attempt: number, error: string | undefined): void {
    const onRequest = this.opts.onRequest;
    if (!onRequest) {
      return;
    }
    const e: RequestEvent = { method: ctx.method, path: ctx.path, status, durationMs: Date.now() - started, attempt };
    if (error !== undefined) {
      e.error = error;
    }
    try {
      onRequest(e);
    } catch {
      // A logger's failure must not break a request.
    }
  }
}

function messageOf(e: unknown): string {
  if (e instanceof Error) {
    const cause = (e as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message && cause.message !== e.message ? `${e.message}: ${cause.message}` : e.message;
  }
  return String(e);
}

/** ECONNREFUSED and the like, from node-fetch (`code`) or undici (`cause.code`, AggregateError). */
function systemErrorCode(e: unknown, depth = 0): string | undefined {
  if (!e || typeof e !== 'object' || depth > 4) {
    return undefined;
  }
  const o = e as { code?: unknown; cause?: unknown; errors?: unknown; type?: unknown };
  if (typeof o.code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(o.code) && o.code !== 'ERR_NON_2XX_3XX_RESPONSE') {
    return o.code;
  }
  const fromCause = systemErrorCode(o.cause, depth + 1);
  if (fromCause) {
    return fromCause;
  }
  if (Array.isArray(o.errors)) {
    for (const x of o.errors) {
      const c = systemErrorCode(x, depth + 1);
      if (c) {
        return c;
      }
    }
  }
  return undefined;
}

/** A plain Error with a redacted message, to keep as `cause` without leaking secrets. */
function redactError(e: unknown, secrets: string[] = []): Error {
  const err = new Error(redact(messageOf(e), secrets));
  err.name = e instanceof Error ? e.name : 'Error';
  return err;
}
