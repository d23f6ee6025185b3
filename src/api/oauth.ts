// The browser half of the OAuth 2.0 authorization code flow, without the editor: where the service
// authorizes (both endpoints sit under the API base address, as the vendor's reference and its own
// client show: https://api.buddy.works/oauth2/authorize, EU https://api.eu.buddy.works/…,
// self-hosted https://<host>/api/…, and so the emulator), PKCE, `state`, the authorize address,
// and the strict reading of the address the browser comes back to.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import { resolveBaseUrl, type BaseUrlInput } from './baseUrl';
import { ConfigurationError } from './errors';
import { AuthorizationRedirectError, cleanDescription, cleanErrorCode, oauthErrorFor, type RedirectProblem } from './oauthErrors';

export const AUTHORIZE_PATH = '/oauth2/authorize';
export const TOKEN_PATH = '/oauth2/token';
/** The vendor's reference: "Revoke Token", POST /oauth2/revoke (token, token_type_hint, client_id). */
export const REVOKE_PATH = '/oauth2/revoke';

export interface OAuthEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
}

/**
 * The authorize and token addresses of an account: `{base}/oauth2/authorize` and
 * `{base}/oauth2/token`, from the account type or a full API address (checked as every API
 * address: plain http only on this machine).
 */
export function oauthEndpoints(input: BaseUrlInput): OAuthEndpoints {
  const base = resolveBaseUrl(input);
  return { authorizeUrl: base + AUTHORIZE_PATH, tokenUrl: base + TOKEN_PATH, revokeUrl: base + REVOKE_PATH };
}

export interface Pkce {
  /** 43 characters of base64url from 32 random bytes: kept by the client, sent only to the token endpoint. */
  verifier: string;
  /** base64url(SHA-256(verifier)): sent in the authorize address. */
  challenge: string;
  method: 'S256';
}

/** S256 challenge of a verifier (RFC 7636, 4.2). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A new PKCE pair; `random` is the source of bytes (crypto's by default). */
export function createPkce(random: (size: number) => Uint8Array = randomBytes): Pkce {
  const verifier = Buffer.from(random(32)).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier), method: 'S256' };
}

/** A new `state`: 32 random bytes, base64url. */
export function createState(random: (size: number) => Uint8Array = randomBytes): string {
  return Buffer.from(random(32)).toString('base64url');
}

/** True when `received` is exactly `expected`, compared in constant time (no early exit on the first difference). */
export function statesMatch(expected: string, received: string | null | undefined): boolean {
  if (typeof received !== 'string' || expected === '') {
    return false;
  }
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  // Compared with itself when the lengths differ, so the time does not tell how much matched.
  return a.length === b.length ? timingSafeEqual(a, b) : !timingSafeEqual(a, a);
}

export interface AuthorizeRequest {
  /** From oauthEndpoints(). */
  authorizeUrl: string;
  clientId: string;
  /** Registered with the application; the browser comes back here. */
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  /** The PKCE challenge (S256); left out only for a confidential client that does without. */
  codeChallenge?: string;
  /** Which account to propose, when the service supports it. */
  loginHint?: string;
}

/** A redirect address the client will accept: absolute, no fragment, no user name, http only on this machine. */
function checkRedirectUri(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(l10n.t('The redirect address "{0}" is not a valid address.', raw.slice(0, 200)));
  }
  if (url.hash || raw.includes('#') || url.username || url.password || ['javascript:', 'data:', 'file:'].includes(url.protocol)) {
    throw new ConfigurationError(l10n.t('The redirect address "{0}" cannot receive the sign-in.', raw.slice(0, 200)));
  }
  return url;
}

/**
 * The address to open in the browser. Scopes are joined with spaces (a query string writes them
 * as '+', the separator the vendor's reference names); `type=web_server` as the vendor requires.
 */
export function buildAuthorizeUrl(r: AuthorizeRequest): string {
  const url = new URL(r.authorizeUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(l10n.t('The authorize address must start with https://.'));
  }
  checkRedirectUri(r.redirectUri);
  const params: [string, string | undefined][] = [
    ['type', 'web_server'],
    ['client_id', r.clientId],
    ['redirect_uri', r.redirectUri],
    ['response_type', 'code'],
    ['scope', r.scopes.join(' ')],
    ['state', r.state],
    ['code_challenge', r.codeChallenge],
    ['code_challenge_method', r.codeChallenge === undefined ? undefined : 'S256'],
    ['login_hint', r.loginHint],
  ];
  for (const [name, value] of params) {
    if (value !== undefined) {
      url.searchParams.set(name, value);
    }
  }
  return url.href;
}

/** The longest redirected address and code the client reads. */
const MAX_REDIRECT_CHARS = 8192;
const MAX_CODE_CHARS = 2048;

function refused(problem: RedirectProblem, message: string): AuthorizationRedirectError {
  return new AuthorizationRedirectError(message, { problem });
}

/** Same place: scheme, host (any case) and port, and path; the query may differ (it carries the answer). */
function samePlace(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && a.host.toLowerCase() === b.host.toLowerCase() && a.pathname === b.pathname && !a.username && !a.password;
}

/**
 * Reads the address the browser came back to. Refused (AuthorizationRedirectError, nothing used)
 * when it is not the expected redirect address, when its `state` is not exactly ours, or when a
 * parameter comes twice; an `error` there (access_denied, …) becomes its typed OAuthError.
 * Returns the authorization code.
 */
export function parseAuthorizationRedirect(received: string, expected: { redirectUri: string; state: string }): string {
  const want = checkRedirectUri(expected.redirectUri);
  let url: URL;
  try {
    if (received.length > MAX_REDIRECT_CHARS) {
      throw new Error('too long');
    }
    url = new URL(received);
  } catch {
    throw refused('malformed', l10n.t('The sign-in came back with an address that cannot be read.'));
  }
  if (!samePlace(url, want)) {
    throw refused('other-address', l10n.t('The sign-in came back to an address other than the expected one; it was ignored.'));
  }
  const params = url.searchParams;
  for (const name of ['state', 'code', 'error', 'error_description']) {
    if (params.getAll(name).length > 1) {
      throw refused('malformed', l10n.t('The sign-in came back with the parameter {0} more than once; it was ignored.', name));
    }
  }
  // The state first: an answer that is not to our request (an error included) is not believed.
  if (!statesMatch(expected.state, params.get('state'))) {
    throw refused('state-mismatch', l10n.t('The sign-in came back with a state that does not match the request (possibly another sign-in or a forged link); it was ignored. Start the sign-in again.'));
  }
  const rawError = params.get('error');
  if (rawError !== null) {
    throw oauthErrorFor(cleanErrorCode(rawError) ?? 'invalid_request', cleanDescription(params.get('error_description'), []));
  }
  const code = params.get('code');
  if (!code || code.length > MAX_CODE_CHARS) {
    throw refused('no-code', l10n.t('The sign-in came back without an authorization code.'));
  }
  return code;
}
