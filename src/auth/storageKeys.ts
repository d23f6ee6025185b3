// Where the accounts' records and secrets are kept, all in one place: the list of accounts (no
// secret) and each address's scopes in the global state; in SecretStorage, each address's
// credential and OAuth client secret. The credential is a personal access token under `token:`, or
// an OAuth token set under `oauth:`, whose access token is the only stored copy of it (the renewal
// replaces it there), with TOKEN_SET_MARKER under `token:` telling every window that the address
// is signed in with it. Every key of a secret names the address it belongs to: nothing is ever
// read for another address.

import { isTokenText, MAX_TOKEN_CHARS } from '../api/tokenText';

/** globalState: the accounts (src/auth/accounts.ts). */
export const ACCOUNTS_KEY = 'workspaceAutomation.accounts';
/** SecretStorage: an address's personal access token, or TOKEN_SET_MARKER for an OAuth sign-in. */
export const TOKEN_KEY_PREFIX = 'workspaceAutomation.token:';
/** What `token:` holds for an OAuth sign-in: its access token is in the token set (`oauth:`), not copied. */
export const TOKEN_SET_MARKER = 'oauth-token-set';
const OAUTH_KEY_PREFIX = 'workspaceAutomation.oauth:';
const SCOPES_KEY_PREFIX = 'workspaceAutomation.scopes:';
const CLIENT_SECRET_KEY_PREFIX = 'workspaceAutomation.oauth.clientSecret:';

/** SecretStorage: an address's personal access token or TOKEN_SET_MARKER. */
export function tokenKey(baseUrl: string): string {
  return TOKEN_KEY_PREFIX + baseUrl;
}

/** SecretStorage: an OAuth account's token set (access and refresh token, expiry). */
export function oauthTokenKey(baseUrl: string): string {
  return OAUTH_KEY_PREFIX + baseUrl;
}

/** The longest stored token set read (as the token set's own reading: two tokens and a few numbers). */
const MAX_STORED_SET_CHARS = 4 * MAX_TOKEN_CHARS;

/**
 * The access token of a stored OAuth token set (src/api/oauthTokenSet.ts writes it), read without
 * the client's code, which activation does not load: undefined for anything else.
 */
export function storedAccessToken(storedSet: string | undefined): string | undefined {
  if (!storedSet || storedSet.length > MAX_STORED_SET_CHARS) {
    return undefined;
  }
  try {
    const token: unknown = (JSON.parse(storedSet) as { accessToken?: unknown } | null)?.accessToken;
    return isTokenText(token) ? token : undefined;
  } catch {
    return undefined;
  }
}

/** globalState: the scopes the service said the address's token has. */
export function scopesKey(baseUrl: string): string {
  return SCOPES_KEY_PREFIX + baseUrl;
}

/**
 * SecretStorage: the client secret of an OAuth application ('' for an application without one): per
 * address and client id, since the same id at another address is another service's application.
 */
export function clientSecretKey(baseUrl: string, clientId: string): string {
  return CLIENT_SECRET_KEY_PREFIX + JSON.stringify([baseUrl, clientId]);
}
