// Turning an answer into what the endpoint promises: its JSON checked against the model
// (validate.ts; left-out list items reported), or the typed error that its status and error body
// call for (errors.ts).
import { ShapeError } from './checks';
import {
  AccessDeniedError,
  ApiDisabledError,
  ApiError,
  ErrorCode,
  MAX_MESSAGES,
  MissingScopeError,
  NotFoundError,
  parseCodedMessage,
  RateLimitError,
  ServerError,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
} from './errors';
import type { RateLimitState } from './rateLimit';
import { excerpt, redact, valueExcerpt } from './redact';
import { finishProblems, type ItemProblem } from './tolerant';
import type { Exchange, RawAnswer, RequestContext } from './transport';

/** Turns the parsed JSON into the result (validation); `at` is put in front of a failure's path. */
export type ParseAnswer<T> = (json: unknown, at: string) => T;

/** Told of every item of an answer left out because it lacks what the code needs (redacted). */
export type ItemProblemListener = (problem: ItemProblem, request: RequestContext) => void;

export class ResponseReader {
  /** `baseUrl` names the server in errors; `rateLimit` (already updated from the answer) dates a 429's reset. */
  constructor(
    private readonly baseUrl: string,
    private readonly rateLimit: RateLimitState,
    private readonly onItemProblem: ItemProblemListener | undefined,
  ) {}

  /** The result of an exchange (`parse`: undefined when no body is expected), or its typed error. */
  read<T>(exchange: Exchange, parse: ParseAnswer<T> | undefined): T {
    const { request: ctx, secrets, answer: raw } = exchange;
    const { status, text } = raw;
    if (status >= 200 && status < 300) {
      if (!parse) {
        return undefined as T;
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new UnexpectedResponseError(
          `The server at ${this.baseUrl} answered ${status} with something that is not the API's JSON: ${excerpt(text, 120, secrets) || '(empty body)'}`,
          { ...ctx, status, excerpt: excerpt(text, 200, secrets) },
        );
      }
      try {
        const value = parse(json, '');
        this.reportProblems(value, ctx, secrets);
        return value;
      } catch (e) {
        if (e instanceof ShapeError) {
          const got = valueExcerpt(e.got, 80, secrets);
          throw new UnexpectedResponseError(`The answer does not have the API's shape: ${e.message}.`, {
            ...ctx,
            status,
            excerpt: `${e.at}: ${got}`,
          });
        }
        throw e;
      }
    }
    throw this.errorFor(raw, ctx, secrets);
  }

  /** Finishes (redacts) the records of left-out items and hands each to onItemProblem. */
  private reportProblems(value: unknown, ctx: RequestContext, secrets: string[]): void {
    const problems = finishProblems(value, secrets);
    if (problems.length === 0 || !this.onItemProblem) {
      return;
    }
    for (const p of problems) {
      try {
        this.onItemProblem(p, ctx);
      } catch {
        // A logger's failure must not break a request.
      }
    }
  }

  /** The typed error of an answer outside 2xx: by its coded error, then its status and wording. */
  private errorFor(raw: RawAnswer, ctx: RequestContext, secrets: string[]): ApiError {
    const { status, text, headers } = raw;
    const parsed = parseErrorBody(text);
    const base = { ...ctx, status };
    if (!parsed) {
      const ex = excerpt(text, 200, secrets);
      if (status >= 500) {
        return new ServerError(`The server failed (${status}).`, { ...base, excerpt: ex });
      }
      if (status === 401) {
        return new UnauthorizedError('The access token was refused (401).', base);
      }
      return new UnexpectedResponseError(
        `The server at ${this.baseUrl} answered ${status} with something that is not the API: ${excerpt(text, 120, secrets) || '(empty body)'}`,
        { ...base, excerpt: ex },
      );
    }
    const messages = parsed.messages.map((m) => redact(m, secrets));
    const code = parsed.code;
    const init = { ...base, messages, code };
    const first = messages[0] ?? `HTTP ${status}`;
    const all = messages.length > 0 ? messages.join(' ') : first;
    let m: RegExpExecArray | null;
    if (code === ErrorCode.TargetAccessDenied || code === ErrorCode.PipelineNotAllowed) {
      return new AccessDeniedError(all, init);
    }
    if (status === 401) {
      return new UnauthorizedError(all, init);
    }
    if (messages.some((x) => /API is disabled/i.test(x))) {
      return new ApiDisabledError(all, init);
    }
    if (status === 429 || messages.some((x) => /rate limit exceeded/i.test(x))) {
      // The state read this answer's headers already, with a far-future reset bounded to the window.
      const reset = Number(headers.get('x-rate-limit-reset'));
      const resetAt = this.rateLimit.resetAt ?? (Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : undefined);
      return new RateLimitError(all, { ...init, resetAt });
    }
    if ((m = firstMatch(messages, /Token has no scope ([A-Z_]+)/i))) {
      return new MissingScopeError(all, { ...init, scope: m[1] });
    }
    if (status === 403) {
      return new AccessDeniedError(all, init);
    }
    if (status === 404) {
      m = firstMatch(messages, /^(.+?) not found\.?$/i);
      return new NotFoundError(all, { ...init, resource: m?.[1] });
    }
    if (status >= 500) {
      return new ServerError(all, init);
    }
    if (status >= 400) {
      m = firstMatch(messages, /Value of '([^']+)'/i);
      const param = m?.[1] ?? (firstMatch(messages, /with key '[^']*' already exists/i) ? 'key' : undefined);
      return new ValidationError(all, { ...init, param });
    }
    return new ApiError(all, init);
  }
}

interface ParsedErrorBody {
  messages: string[];
  code: number | undefined;
}

/** Reads `{errors: [{message, code?}]}` (also `<code>=<message>`); undefined when the body is not that. */
export function parseErrorBody(text: string): ParsedErrorBody | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!json || typeof json !== 'object') {
    return undefined;
  }
  const o = json as { errors?: unknown; message?: unknown; code?: unknown };
  let entries: readonly unknown[];
  if (Array.isArray(o.errors)) {
    entries = o.errors;
  } else if (typeof o.message === 'string') {
    entries = [{ message: o.message, code: o.code }];
  } else {
    return undefined;
  }
  const messages: string[] = [];
  let code: number | undefined;
  for (const entry of entries) {
    // An error keeps MAX_MESSAGES: a body of a million messages is read no further than that.
    if (messages.length >= MAX_MESSAGES) {
      break;
    }
    const e: { message?: unknown; code?: unknown } = typeof entry === 'string' ? { message: entry } : entry && typeof entry === 'object' ? entry : {};
    const coded = parseCodedMessage(typeof e.message === 'string' ? e.message : '');
    const msg = coded.message;
    code ??= coded.code;
    if (code === undefined && e.code !== undefined && e.code !== null && /^\d+$/.test(String(e.code))) {
      code = Number(e.code);
    }
    if (msg) {
      messages.push(msg);
    }
  }
  return { messages, code };
}

function firstMatch(messages: readonly string[], re: RegExp): RegExpExecArray | null {
  for (const m of messages) {
    const r = re.exec(m);
    if (r) {
      return r;
    }
  }
  return null;
}
