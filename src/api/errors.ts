// Typed errors of the API client. Every error the client throws is an ApiError subclass; its
// message and fields are redacted (no token, no `secure!` value, no private key, no password).

/** Coded error numbers the specification names. */
export const ErrorCode = {
  /** A user whose permission on the target is DENIED (or not MANAGE) tries to modify target permissions. */
  TargetAccessDenied: 881,
  /** During execution a pipeline uses a target whose allowed_pipelines does not contain it. */
  PipelineNotAllowed: 2678004,
} as const;

/**
 * A message in the specification's coded form `<code>=<message>` split into its parts; a message
 * without a code comes back as it is. Error bodies and action executions' `error_message` use it.
 */
export function parseCodedMessage(text: string): { code: number | undefined; message: string } {
  const c = /^\s*(\d{1,12})\s*=\s*([\s\S]*)$/.exec(text);
  return c ? { code: Number(c[1]), message: c[2] } : { code: undefined, message: text };
}

/** The identifier of the target that error 2678004 names (`… not allowed to use target [production]`), if any. */
export function notAllowedTarget(message: string): string | undefined {
  return /not allowed to use target \[([^\]\r\n]{1,200})\]/i.exec(message)?.[1];
}

export type ApiErrorKind =
  | 'http'
  | 'unauthorized'
  | 'api-disabled'
  | 'access-denied'
  | 'missing-scope'
  | 'not-found'
  | 'validation'
  | 'rate-limit'
  | 'server'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'unexpected-response'
  | 'configuration'
  | 'oauth';

export interface ApiErrorInit {
  /** HTTP status; undefined when no answer was received (network, timeout, cancel, client-side checks). */
  status?: number;
  /** Every message of the error body (`errors[].message`), with a `<code>=` prefix removed. */
  messages?: string[];
  /** Coded-error number (`code` field or `<code>=<message>` form). */
  code?: number;
  /** HTTP method of the request. */
  method?: string;
  /** Request path relative to the base address, with its query string (never the token). */
  path?: string;
  /** The original error, when this wraps one. */
  cause?: unknown;
}

/** The longest message an error carries: a server's text is cut to this (a few lines). */
export const MAX_MESSAGE_CHARS = 500;
/** The most server messages an error keeps. */
export const MAX_MESSAGES = 10;

/** A server's text cut to `max` characters, marked with an ellipsis when cut. */
export function shorten(text: string, max = MAX_MESSAGE_CHARS): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind = 'http';
  readonly status: number | undefined;
  readonly messages: readonly string[];
  readonly code: number | undefined;
  readonly method: string | undefined;
  readonly path: string | undefined;

  constructor(message: string, init: ApiErrorInit = {}) {
    // Bounded here, once for every error: a server's message can be a megabyte of anything.
    super(shorten(message), init.cause !== undefined ? { cause: init.cause } : undefined);
    this.status = init.status;
    this.messages = (init.messages ?? []).slice(0, MAX_MESSAGES).map((m) => shorten(m));
    this.code = init.code;
    this.method = init.method;
    this.path = init.path;
  }

  /** `GET /workspaces/acme/targets` style description of the request, when known. */
  get request(): string | undefined {
    return this.method && this.path ? `${this.method} ${this.path}` : undefined;
  }
}

/** 401, or no token at all (signed out). */
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
  override readonly kind = 'unauthorized';
}

/** 400 `API is disabled in this workspace.` */
export class ApiDisabledError extends ApiError {
  override name = 'ApiDisabledError';
  override readonly kind = 'api-disabled';
}

/** 403 `Access denied` (and the coded errors 881 and 2678004). */
export class AccessDeniedError extends ApiError {
  override name = 'AccessDeniedError';
  override readonly kind = 'access-denied';
  /** Error 881: the user's permission on the target does not allow changing its permissions. */
  get isTargetPermission(): boolean {
    return this.code === ErrorCode.TargetAccessDenied;
  }
  /** Error 2678004: a pipeline is not in the target's allowed pipelines. */
  get isPipelineNotAllowed(): boolean {
    return this.code === ErrorCode.PipelineNotAllowed;
  }
  /** Error 2678004: the identifier of the target its message names (`[production]`), when it names one. */
  get targetIdentifier(): string | undefined {
    if (!this.isPipelineNotAllowed) {
      return undefined;
    }
    for (const m of [...this.messages, this.message]) {
      const target = notAllowedTarget(m);
      if (target !== undefined) {
        return target;
      }
    }
    return undefined;
  }
}

/** 403 `Token has no scope <SCOPE>.` */
export class MissingScopeError extends ApiError {
  override name = 'MissingScopeError';
  override readonly kind = 'missing-scope';
  readonly scope: string | undefined;
  constructor(message: string, init: ApiErrorInit & { scope?: string } = {}) {
    super(message, init);
    this.scope = init.scope;
  }
}

/** 404 `<Kind> not found.` */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
  override readonly kind = 'not-found';
  /** What was not found, from the message (`Project`, `Target`, …), when known. */
  readonly resource: string | undefined;
  constructor(message: string, init: ApiErrorInit & { resource?: string } = {}) {
    super(message, init);
    this.resource = init.resource;
  }
}

/**
 * 400/413/422 and other client errors about what was sent: `Value of '<param>' cannot be empty.`,
 * `Value of '<param>' is invalid.`, `Variable with key '<key>' already exists.`, `Invalid url: …`.
 * Also thrown before any request for a value the client can check itself (e.g. per_page 0).
 */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  override readonly kind = 'validation';
  /** The parameter named in the message, when there is one. */
  readonly param: string | undefined;
  constructor(message: string, init: ApiErrorInit & { param?: string } = {}) {
    super(message, init);
    this.param = init.param;
  }
}

/** 403 `Rate limit exceeded.`, or thrown at once (no request) while remaining is 0 before the reset. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  override readonly kind = 'rate-limit';
  /** When the window resets, when known. */
  readonly resetAt: Date | undefined;
  /** True when the client refused to send the request because the known remaining count is 0. */
  readonly failedFast: boolean;
  constructor(message: string, init: ApiErrorInit & { resetAt?: Date; failedFast?: boolean } = {}) {
    super(message, init);
    this.resetAt = init.resetAt;
    this.failedFast = init.failedFast ?? false;
  }
}

/** 5xx. */
export class ServerError extends ApiError {
  override name = 'ServerError';
  override readonly kind = 'server';
  /** A short redacted excerpt of the body, when it was not the API's JSON (a proxy's page). */
  readonly excerpt: string | undefined;
  constructor(message: string, init: ApiErrorInit & { excerpt?: string } = {}) {
    super(message, init);
    this.excerpt = init.excerpt;
  }
}

/** No answer: connection refused or reset, DNS failure, body cut short. */
export class NetworkError extends ApiError {
  override name = 'NetworkError';
  override readonly kind = 'network';
  /** System error code such as ECONNREFUSED, when known. */
  readonly errorCode: string | undefined;
  constructor(message: string, init: ApiErrorInit & { errorCode?: string } = {}) {
    super(message, init);
    this.errorCode = init.errorCode;
  }
}

/** The request took longer than the client's timeout. */
export class TimeoutError extends ApiError {
  override name = 'TimeoutError';
  override readonly kind = 'timeout';
  readonly timeoutMs: number | undefined;
  constructor(message: string, init: ApiErrorInit & { timeoutMs?: number } = {}) {
    super(message, init);
    this.timeoutMs = init.timeoutMs;
  }
}

/** The caller's AbortSignal fired (the user cancelled). */
export class CancelledError extends ApiError {
  override name = 'CancelledError';
  override readonly kind = 'cancelled';
}

/** The server answered something that is not the API: HTML, bad JSON, a wrong shape. */
export class UnexpectedResponseError extends ApiError {
  override name = 'UnexpectedResponseError';
  override readonly kind = 'unexpected-response';
  /** A short redacted excerpt of what was received, or of the offending field. */
  readonly excerpt: string | undefined;
  constructor(message: string, init: ApiErrorInit & { excerpt?: string } = {}) {
    super(message, init);
    this.excerpt = init.excerpt;
  }
}

/** A bad base address (plain http to a non-loopback host, unparsable URL, missing host). */
export class ConfigurationError extends ApiError {
  override name = 'ConfigurationError';
  override readonly kind = 'configuration';
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
