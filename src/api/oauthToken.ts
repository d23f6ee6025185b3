// The token request (RFC 6749, 4.1.3 and 6): the authorization_code and refresh_token grants,
// form-encoded, the client secret optional (in the body, or HTTP Basic). Like the API client it
// follows no redirect, reads a bounded body, times out, and sends nothing in clear text off this
// machine. Never retried: a refresh token may rotate on a request whose answer was lost.
import * as l10n from '@vscode/l10n';
import { isLoopbackHost } from './baseUrl';
import { discardBody, readBoundedText, redirectError } from './boundedBody';
import { ApiError, CancelledError, ConfigurationError, NetworkError, ServerError, TimeoutError, UnexpectedResponseError, type ApiErrorInit } from './errors';
import { cleanDescription, cleanErrorCode, oauthErrorFor } from './oauthErrors';
import { readTokenAnswer, type TokenSet } from './oauthTokenSet';
import { excerpt, redact } from './redact';
import type { FetchLike } from './transport';

/** The largest token answer read: a few tokens and numbers. */
export const MAX_TOKEN_ANSWER_BYTES = 64 * 1024;

export type TokenGrant =
  | { grantType: 'authorization_code'; code: string; redirectUri: string; codeVerifier?: string }
  | { grantType: 'refresh_token'; refreshToken: string; /** Narrower scopes, when wanted. */ scopes?: readonly string[] };

export interface TokenRequestOptions {
  /** From oauthEndpoints(); https, or http on this machine only. */
  tokenUrl: string;
  clientId: string;
  /** A confidential application's secret; left out for a public one (PKCE). */
  clientSecret?: string;
  /** Where the secret goes: the body (default, as the vendor's reference lists it) or HTTP Basic. */
  clientAuth?: 'body' | 'basic';
  fetch: FetchLike;
  /** The clock expiries are computed from (epoch ms). */
  now: () => number;
  userAgent?: string;
  /** Default 30000. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The token address, checked: https, or plain http on this machine (a secret never crosses a network in clear text). */
export function checkTokenUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(l10n.t('The token address "{0}" is not a valid address.', raw.slice(0, 200)));
  }
  if (url.username || url.password || url.hash) {
    throw new ConfigurationError(l10n.t('The token address must not contain a user name, password or fragment.'));
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ConfigurationError(l10n.t('Plain http:// is allowed only for this machine; the token address of "{0}" must use https:// so that no secret is sent in clear text.', url.host));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(l10n.t('The token address must start with https://.'));
  }
  return url;
}

/** `application/x-www-form-urlencoded` of one Basic credential part (RFC 6749, 2.3.1). */
const formEncode = (s: string): string => encodeURIComponent(s).replace(/%20/g, '+');

function formBody(grant: TokenGrant, opts: TokenRequestOptions): { body: string; secrets: string[] } {
  const params = new URLSearchParams({ grant_type: grant.grantType });
  const secrets: string[] = [];
  if (grant.grantType === 'authorization_code') {
    params.set('code', grant.code);
    params.set('redirect_uri', grant.redirectUri);
    secrets.push(grant.code);
    if (grant.codeVerifier !== undefined) {
      params.set('code_verifier', grant.codeVerifier);
      secrets.push(grant.codeVerifier);
    }
  } else {
    params.set('refresh_token', grant.refreshToken);
    secrets.push(grant.refreshToken);
    if (grant.scopes !== undefined) {
      params.set('scope', grant.scopes.join(' '));
    }
  }
  if (opts.clientAuth !== 'basic' || opts.clientSecret === undefined) {
    params.set('client_id', opts.clientId);
    if (opts.clientSecret !== undefined) {
      params.set('client_secret', opts.clientSecret);
    }
  }
  if (opts.clientSecret !== undefined) {
    secrets.push(opts.clientSecret);
  }
  return { body: params.toString(), secrets };
}

/** An error answer (4xx/5xx) as its typed error. */
function errorFromAnswer(status: number, text: string, origin: string, secrets: string[], init: ApiErrorInit): Error {
  let body: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    body = undefined;
  }
  const code = cleanErrorCode(body?.error);
  if (code !== undefined) {
    return oauthErrorFor(code, cleanDescription(body?.error_description, secrets), init);
  }
  if (status >= 500) {
    return new ServerError(l10n.t('The token service at {0} failed ({1}). Try again later.', origin, status), { ...init, excerpt: excerpt(text, 200, secrets) });
  }
  if (status === 401) {
    return oauthErrorFor('invalid_client', undefined, init);
  }
  return new UnexpectedResponseError(l10n.t('The token service at {0} answered {1} without an OAuth error.', origin, status), { ...init, excerpt: excerpt(text, 200, secrets) });
}

/**
 * Sends one token request and reads its answer into a TokenSet (expiry counted from the moment it
 * was sent). Errors: the RFC 6749 ones as OAuthError (InvalidGrantError, InvalidClientError…), a
 * bad answer as TokenAnswerError, and the transport's (NetworkError, TimeoutError, CancelledError,
 * RedirectError, ResponseTooLargeError, ServerError, ConfigurationError). None names a secret.
 */
export async function requestToken(grant: TokenGrant, opts: TokenRequestOptions): Promise<TokenSet> {
  const url = checkTokenUrl(opts.tokenUrl);
  const init: ApiErrorInit = { method: 'POST', path: url.pathname };
  if (opts.signal?.aborted) {
    throw new CancelledError(l10n.t('The sign-in was cancelled.'), init);
  }
  const { body, secrets } = formBody(grant, opts);
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  };
  if (opts.userAgent) {
    headers['User-Agent'] = opts.userAgent;
  }
  if (opts.clientAuth === 'basic' && opts.clientSecret !== undefined) {
    headers.Authorization = `Basic ${Buffer.from(`${formEncode(opts.clientId)}:${formEncode(opts.clientSecret)}`).toString('base64')}`;
  }
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = (): void => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const sentAt = opts.now();
  let status: number | undefined;
  try {
    const res = await opts.fetch(url.href, { method: 'POST', headers, body, signal: controller.signal, redirect: 'manual' });
    status = res.status;
    if (status >= 300 && status < 400) {
      void discardBody(res);
      throw redirectError(status, res.headers.get('location'), url.origin, { ...init, status }, secrets);
    }
    const text = await readBoundedText(res, MAX_TOKEN_ANSWER_BYTES, url.origin, { ...init, status });
    if (status === 200) {
      return readTokenAnswer(text, sentAt, { ...init, status });
    }
    throw errorFromAnswer(status, text, url.origin, secrets, { ...init, status });
  } catch (e) {
    if (e instanceof ApiError) {
      // Decided above (an OAuth error, a redirect, a bad answer): final.
      throw e;
    }
    if (timedOut) {
      throw new TimeoutError(l10n.t('The token service did not answer within {0} s.', Math.round(timeoutMs / 100) / 10), { ...init, status, timeoutMs });
    }
    if (opts.signal?.aborted) {
      throw new CancelledError(l10n.t('The sign-in was cancelled.'), { ...init, status });
    }
    const reason = redact(e instanceof Error ? e.message : String(e), secrets);
    throw new NetworkError(l10n.t('Could not reach the token service at {0}: {1}', url.origin, reason), { ...init, status });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

export interface RevokeOptions {
  /** From oauthEndpoints(): https, or http on this machine only. */
  revokeUrl: string;
  clientId: string;
  /** The grant's refresh token (taking it back ends the grant, its access tokens too), or the access token when there is none. */
  token: string;
  tokenTypeHint: 'refresh_token' | 'access_token';
  /** The current access token, as the reference's example authenticates the request. */
  accessToken?: string;
  fetch: FetchLike;
  userAgent?: string;
  /** Default 10000. */
  timeoutMs?: number;
}

/**
 * Takes a grant back (the vendor's "Revoke Token": POST /oauth2/revoke, JSON `token`,
 * `token_type_hint`, `client_id`; no client secret, which it does not list). Resolves on 200;
 * otherwise the typed error, naming no secret. Never retried, no redirect followed.
 */
export async function revokeToken(opts: RevokeOptions): Promise<void> {
  const url = checkTokenUrl(opts.revokeUrl);
  const init: ApiErrorInit = { method: 'POST', path: url.pathname };
  const secrets = [opts.token, ...(opts.accessToken ? [opts.accessToken] : [])];
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (opts.accessToken) {
    headers.Authorization = `Bearer ${opts.accessToken}`;
  }
  if (opts.userAgent) {
    headers['User-Agent'] = opts.userAgent;
  }
  const body = JSON.stringify({ token: opts.token, token_type_hint: opts.tokenTypeHint, client_id: opts.clientId });
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let status: number | undefined;
  try {
    const res = await opts.fetch(url.href, { method: 'POST', headers, body, signal: controller.signal, redirect: 'manual' });
    status = res.status;
    if (status >= 300 && status < 400) {
      void discardBody(res);
      throw redirectError(status, res.headers.get('location'), url.origin, { ...init, status }, secrets);
    }
    const text = await readBoundedText(res, MAX_TOKEN_ANSWER_BYTES, url.origin, { ...init, status });
    if (status !== 200) {
      throw errorFromAnswer(status, text, url.origin, secrets, { ...init, status });
    }
  } catch (e) {
    if (e instanceof ApiError) {
      throw e;
    }
    if (timedOut) {
      throw new TimeoutError(l10n.t('The token service did not answer within {0} s.', Math.round(timeoutMs / 100) / 10), { ...init, status, timeoutMs });
    }
    const reason = redact(e instanceof Error ? e.message : String(e), secrets);
    throw new NetworkError(l10n.t('Could not reach the token service at {0}: {1}', url.origin, reason), { ...init, status });
  } finally {
    clearTimeout(timer);
  }
}

/** The refresh function the coordinator takes: a refresh_token grant with these options. */
export function refreshWith(opts: Omit<TokenRequestOptions, 'signal'>): (refreshToken: string) => Promise<TokenSet> {
  return (refreshToken) => requestToken({ grantType: 'refresh_token', refreshToken }, opts);
}
