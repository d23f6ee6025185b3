// What a sign-in keeps: the access token, when it expires (from a clock passed in), the refresh
// token and the scopes; read strictly from the token endpoint's answer (an answer without a known,
// reasonable expiry is refused, so nothing of it is stored) and back from storage.
import * as l10n from '@vscode/l10n';
import type { ApiErrorInit } from './errors';
import { TokenAnswerError, type TokenAnswerProblem } from './oauthErrors';
import { isTokenText, MAX_TOKEN_CHARS } from './tokenText';

/** The longest access token lifetime kept: access tokens of applications live hours; a longer claim is refused. */
export const MAX_ACCESS_LIFETIME_S = 31 * 24 * 3600;
/** Renew this long before the access token expires (at most half of its lifetime). */
export const DEFAULT_REFRESH_SKEW_MS = 60_000;

export interface TokenSetData {
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
  /** Epoch ms when the answer was asked for (the lifetime counts from there). */
  obtainedAt: number;
  refreshToken?: string;
  /** Epoch ms, when the service said. */
  refreshExpiresAt?: number;
  /** The granted scopes, when the service said. */
  scopes?: string[];
}

/**
 * The tokens are private fields behind getters, so that logging a TokenSet (util.inspect,
 * JSON.stringify) shows its times and scopes, never the tokens; toData() and serialize() give them.
 */
export class TokenSet {
  readonly #accessToken: string;
  readonly #refreshToken: string | undefined;
  readonly expiresAt: number;
  readonly obtainedAt: number;
  readonly refreshExpiresAt: number | undefined;
  readonly scopes: readonly string[] | undefined;

  constructor(data: TokenSetData) {
    this.#accessToken = data.accessToken;
    this.#refreshToken = data.refreshToken;
    this.expiresAt = data.expiresAt;
    this.obtainedAt = data.obtainedAt;
    this.refreshExpiresAt = data.refreshExpiresAt;
    this.scopes = data.scopes === undefined ? undefined : [...data.scopes];
  }

  get accessToken(): string {
    return this.#accessToken;
  }

  get refreshToken(): string | undefined {
    return this.#refreshToken;
  }

  isExpired(now: number): boolean {
    return now >= this.expiresAt;
  }

  /** Time to renew: within `skewMs` of the expiry (the skew capped at half the lifetime, so a short-lived token is not renewed at once). */
  needsRefresh(now: number, skewMs = DEFAULT_REFRESH_SKEW_MS): boolean {
    const skew = Math.min(skewMs, (this.expiresAt - this.obtainedAt) / 2);
    return now >= this.expiresAt - skew;
  }

  /** A refresh token that has not passed its known lifetime. */
  canRefresh(now: number): boolean {
    return this.refreshToken !== undefined && (this.refreshExpiresAt === undefined || now < this.refreshExpiresAt);
  }

  /** This set, with `previous`'s refresh token when the service answered a refresh without a new one (RFC 6749, 6). */
  keepingRefreshTokenOf(previous: TokenSet): TokenSet {
    if (this.refreshToken !== undefined || previous.refreshToken === undefined) {
      return this;
    }
    return new TokenSet({ ...this.toData(), refreshToken: previous.refreshToken, refreshExpiresAt: previous.refreshExpiresAt });
  }

  /** Everything, the tokens included: for storage and tests, never for a log. */
  toData(): TokenSetData {
    const data: TokenSetData = { accessToken: this.accessToken, expiresAt: this.expiresAt, obtainedAt: this.obtainedAt };
    if (this.refreshToken !== undefined) {
      data.refreshToken = this.refreshToken;
    }
    if (this.refreshExpiresAt !== undefined) {
      data.refreshExpiresAt = this.refreshExpiresAt;
    }
    if (this.scopes !== undefined) {
      data.scopes = [...this.scopes];
    }
    return data;
  }

  /** As stored: JSON text (never logged: it holds the tokens). */
  serialize(): string {
    return JSON.stringify(this.toData());
  }

  /** A stored set read back; undefined for anything that is not one (damaged, from another version). */
  static deserialize(text: string | undefined): TokenSet | undefined {
    if (typeof text !== 'string' || text.length > 4 * MAX_TOKEN_CHARS) {
      return undefined;
    }
    let o: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return undefined;
      }
      o = parsed as Record<string, unknown>;
    } catch {
      return undefined;
    }
    const time = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
    const optional = <T>(v: unknown, ok: (x: unknown) => x is T): T | undefined | false => (v === undefined ? undefined : ok(v) ? v : false);
    const refreshToken = optional(o.refreshToken, isTokenText);
    const refreshExpiresAt = optional(o.refreshExpiresAt, time);
    const scopes = optional(o.scopes, (v): v is string[] => Array.isArray(v) && v.length <= 200 && v.every((s) => typeof s === 'string'));
    if (!isTokenText(o.accessToken) || !time(o.expiresAt) || !time(o.obtainedAt) || refreshToken === false || refreshExpiresAt === false || scopes === false) {
      return undefined;
    }
    return new TokenSet({ accessToken: o.accessToken, expiresAt: o.expiresAt, obtainedAt: o.obtainedAt, refreshToken, refreshExpiresAt, scopes });
  }
}

/** Seconds as a JSON number or a string of digits (some servers quote them); undefined otherwise. */
function seconds(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
}

function problem(problem: TokenAnswerProblem, message: string, init: ApiErrorInit): TokenAnswerError {
  return new TokenAnswerError(message, { ...init, problem });
}

/**
 * A token endpoint's 200 answer as a TokenSet, its expiry counted from `obtainedAt` (when the
 * request was sent). Required: `access_token`, `expires_in` (1 s to MAX_ACCESS_LIFETIME_S),
 * `token_type` Bearer when sent. Optional: `refresh_token` (a string of token characters),
 * `refresh_token_expires_in`, `scope` (a space-separated string or a list). Anything else is
 * refused with a TokenAnswerError naming what is wrong, never the tokens.
 */
export function readTokenAnswer(text: string, obtainedAt: number, init: ApiErrorInit = {}): TokenSet {
  let o: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error('not an object');
    }
    o = parsed as Record<string, unknown>;
  } catch {
    throw problem('not-json', l10n.t('The token answer of the service is not the JSON object OAuth specifies; nothing was stored.'), init);
  }
  if (!isTokenText(o.access_token)) {
    throw problem('no-access-token', l10n.t('The token answer of the service has no usable access token (access_token); nothing was stored.'), init);
  }
  if (o.token_type !== undefined && (typeof o.token_type !== 'string' || o.token_type.toLowerCase() !== 'bearer')) {
    throw problem('token-type', l10n.t('The service issued a token of type "{0}"; only Bearer tokens are supported. Nothing was stored.', String(o.token_type).slice(0, 40)), init);
  }
  if (o.expires_in === undefined || o.expires_in === null) {
    throw problem(
      'no-expiry',
      l10n.t('The token answer of the service does not say when the access token expires (expires_in). The extension keeps only tokens whose expiry it knows, so nothing was stored.'),
      init,
    );
  }
  const lifetime = seconds(o.expires_in);
  if (lifetime === undefined) {
    throw problem('bad-expiry', l10n.t('The token answer of the service gives no valid lifetime (expires_in must be a positive number of seconds); nothing was stored.'), init);
  }
  if (lifetime > MAX_ACCESS_LIFETIME_S) {
    throw problem(
      'expiry-too-long',
      l10n.t('The service issued an access token valid for {0} days, longer than the {1} days the extension accepts for an access token; nothing was stored.', Math.floor(lifetime / 86400), MAX_ACCESS_LIFETIME_S / 86400),
      init,
    );
  }
  let refreshToken: string | undefined;
  if (o.refresh_token !== undefined && o.refresh_token !== null) {
    if (!isTokenText(o.refresh_token)) {
      throw problem('bad-refresh-token', l10n.t('The token answer of the service has a refresh token that cannot be used; nothing was stored.'), init);
    }
    refreshToken = o.refresh_token;
  }
  const refreshLifetime = refreshToken === undefined ? undefined : seconds(o.refresh_token_expires_in);
  const scope = o.scope;
  const scopes =
    typeof scope === 'string' ? scope.split(/\s+/).filter((s) => s !== '') : Array.isArray(scope) ? scope.filter((s): s is string => typeof s === 'string') : undefined;
  return new TokenSet({
    accessToken: o.access_token,
    expiresAt: obtainedAt + lifetime * 1000,
    obtainedAt,
    refreshToken,
    refreshExpiresAt: refreshLifetime === undefined ? undefined : obtainedAt + refreshLifetime * 1000,
    scopes: scopes?.slice(0, 200),
  });
}
