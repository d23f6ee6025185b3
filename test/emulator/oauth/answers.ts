// How the authorization server answers (JSON, RFC 6749 errors, HTML pages, redirects) and reads
// request bodies (form-encoded or JSON, each parameter at most once).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

export interface OAuthAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The user the request acted for, for the request log. */
  user?: number;
}

/** Every answer that carries a code, a token or a secret: never cached (RFC 6749, 5.1). */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export function jsonAnswer(status: number, payload: unknown, headers: OutgoingHttpHeaders = {}): OAuthAnswer {
  return { status, headers: { ...NO_STORE, ...headers, 'Content-Type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(payload), 'utf8') };
}

/** An RFC 6749 error code; `invalid_client` answers 401 (with a Basic challenge), the rest 400. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

/** Thrown by the handlers; the authority turns it into the JSON error answer. */
export class OAuthFailure extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
  }

  answer(): OAuthAnswer {
    const challenge = this.status === 401 ? { 'WWW-Authenticate': 'Basic realm="emulator"' } : {};
    return jsonAnswer(this.status, { error: this.error, error_description: this.description }, challenge);
  }
}

const SECURE_PAGE = {
  ...NO_STORE,
  'Content-Type': 'text/html; charset=utf-8',
  // No script at all, not framed (clickjacking), no Referer carrying the query to anyone.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export function htmlAnswer(status: number, html: string): OAuthAnswer {
  return { status, headers: { ...SECURE_PAGE }, body: Buffer.from(html, 'utf8') };
}

/** 302 to `location` (the client's redirect address with the result added to its query). */
export function redirectAnswer(location: string, user?: number): OAuthAnswer {
  return { status: 302, headers: { ...NO_STORE, Location: location, 'Referrer-Policy': 'no-referrer' }, body: Buffer.alloc(0), user };
}

/** `base` with `params` added to its query (what it had is kept, as RFC 6749 3.1.2 asks). */
export function withQuery(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) {
      url.searchParams.set(name, value);
    }
  }
  return url.href;
}

/** Text escaped for HTML content and attribute values: every name on a page goes through this. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Random text for codes, tokens, secrets and request ids (base64url, 256 bits by default). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Equal texts, compared in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export type Params = Map<string, string>;

/** The media type of a request, lower case, without parameters. */
export function mediaType(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * Parameters from a query string or a form body (the first value of each), and the first one sent
 * twice, which the caller refuses (RFC 6749, 3.1 and 3.2): `invalid_request`, or an error page
 * before a redirect is known.
 */
export function formParams(text: string): { params: Params; duplicate?: string } {
  const params: Params = new Map();
  let duplicate: string | undefined;
  for (const [name, value] of new URLSearchParams(text)) {
    if (params.has(name)) {
      duplicate ??= name;
    } else {
      params.set(name, value);
    }
  }
  return { params, duplicate };
}

/** A token request's body: form-encoded (the standard) or a JSON object of strings (accepted too). */
export function tokenRequestParams(headers: IncomingHttpHeaders, raw: Buffer, tooLarge: boolean): Params {
  if (tooLarge) {
    throw new OAuthFailure('invalid_request', 'The request body is too large.');
  }
  const type = mediaType(headers);
  const text = raw.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') {
    const { params, duplicate } = formParams(text);
    if (duplicate) {
      throw new OAuthFailure('invalid_request', `Parameter '${duplicate}' was sent more than once.`);
    }
    return params;
  }
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new OAuthFailure('invalid_request', 'The body is not valid JSON.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new OAuthFailure('invalid_request', 'The body must be a JSON object.');
    }
    const params: Params = new Map();
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value !== 'string') {
        throw new OAuthFailure('invalid_request', `Parameter '${name}' must be a string.`);
      }
      params.set(name, value);
    }
    return params;
  }
  throw new OAuthFailure('invalid_request', 'Send the parameters as application/x-www-form-urlencoded (or application/json).');
}
