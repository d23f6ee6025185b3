// Where the accounts' records and secrets are kept, all in one place: the list of accounts (no
// secret) and each address's scopes in the global state; each address's access token, OAuth token
// set and OAuth client secret in SecretStorage. Every key of a secret names the address it belongs
// to: nothing is ever read for another address.

/** globalState: the accounts (src/auth/accounts.ts). */
export const ACCOUNTS_KEY = 'workspaceAutomation.accounts';
/** SecretStorage: the access token the session sends to an address (a PAT, or the OAuth access token of the sign-in). */
export const TOKEN_KEY_PREFIX = 'workspaceAutomation.token:';
const OAUTH_KEY_PREFIX = 'workspaceAutomation.oauth:';
const SCOPES_KEY_PREFIX = 'workspaceAutomation.scopes:';
const CLIENT_SECRET_KEY_PREFIX = 'workspaceAutomation.oauth.clientSecret:';

/** SecretStorage: the access token of an address. */
export function tokenKey(baseUrl: string): string {
  return TOKEN_KEY_PREFIX + baseUrl;
}

/** SecretStorage: an OAuth account's token set (access and refresh token, expiry). */
export function oauthTokenKey(baseUrl: string): string {
  return OAUTH_KEY_PREFIX + baseUrl;
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
