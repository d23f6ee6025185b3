// The applications registered with the authorization server: the two demo ones, and those made by
// dynamic registration (POST /oauth2/register, RFC 7591) or by the test control. A redirect
// address must match a registered one exactly (default dialect), or, in the vendor dialect, as the
// real service's reference says: same scheme, host and port, and a path at or below the
// registered one; there, redirect_uri may also be left out (the first registered one is used).
import { ALL_SCOPES, HTML_BASE, MODERN_SCOPES } from '../demo-data';
import type { Dialect } from '../dialect';
import { OAuthFailure, randomToken } from './answers';

export interface OAuthClient {
  clientId: string;
  /** Undefined for a public client: no secret, PKCE required. */
  clientSecret?: string;
  name: string;
  redirectUris: string[];
  /** The scopes it may ask for; undefined: any known scope. */
  scope?: string[];
  /** Epoch ms (emulator clock). */
  issuedAt: number;
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post' | 'none';
  /** The grants it may use at the token endpoint (another one: unauthorized_client). */
  grantTypes: GrantType[];
}

export type GrantType = 'authorization_code' | 'refresh_token';

/** The confidential demo application's redirect address: a loopback port nothing listens on (tests read the 302). */
export const DEMO_REDIRECT_URI = 'http://127.0.0.1:33418/callback';
/** The extension's own URI handler, registered beside it for the editor's sign-in. */
export const EDITOR_REDIRECT_URI = 'vscode://workspace-automation.workspace-automation/oauth/callback';

export const DEMO_OAUTH_CLIENT = {
  clientId: 'wa-demo-app',
  clientSecret: 'wa-demo-secret',
  name: 'Workspace Automation (demo)',
  redirectUris: [DEMO_REDIRECT_URI, EDITOR_REDIRECT_URI],
} as const;

/** A public client: no secret, so the code flow must use PKCE. */
export const DEMO_PUBLIC_CLIENT = {
  clientId: 'wa-public-app',
  name: 'Workspace Automation (public, PKCE)',
  redirectUris: [DEMO_REDIRECT_URI, EDITOR_REDIRECT_URI],
} as const;

/** Scope names the server grants: both generations of conventions.md, and the runs' 2026 names. */
export const KNOWN_SCOPES: ReadonlySet<string> = new Set([...ALL_SCOPES, ...MODERN_SCOPES, 'USER_KEY', 'PIPELINE_READ', 'PIPELINE_WRITE', 'PIPELINE_RUN', 'WEBHOOK_ADD']);

/** The most applications the server keeps (registration is open): past it, registration is refused. */
export const MAX_CLIENTS = 1000;
const MAX_REDIRECT_URIS = 10;
const MAX_URI_CHARS = 2000;
const MAX_NAME_CHARS = 200;

export function demoClients(now: number): OAuthClient[] {
  return [
    { ...DEMO_OAUTH_CLIENT, redirectUris: [...DEMO_OAUTH_CLIENT.redirectUris], issuedAt: now, tokenEndpointAuthMethod: 'client_secret_basic', grantTypes: ['authorization_code', 'refresh_token'] },
    { ...DEMO_PUBLIC_CLIENT, redirectUris: [...DEMO_PUBLIC_CLIENT.redirectUris], issuedAt: now, tokenEndpointAuthMethod: 'none', grantTypes: ['authorization_code', 'refresh_token'] },
  ];
}

function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:', 'ftp:', 'ws:', 'wss:']);

/** Why a redirect address cannot be registered, or undefined when it can (RFC 6749 3.1.2, RFC 8252). */
export function redirectUriProblem(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_URI_CHARS) {
    return 'must be an absolute address';
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute address';
  }
  if (raw.includes('#')) {
    return 'must not have a fragment';
  }
  if (url.username || url.password) {
    return 'must not carry a user name or password';
  }
  if (FORBIDDEN_SCHEMES.has(url.protocol)) {
    return `must not use ${url.protocol}`;
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return 'may use http: only on this machine (127.0.0.1, ::1, localhost)';
  }
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname) {
    return 'must name a host';
  }
  return undefined;
}

/** A space-separated scope list (the vendor writes '+', which a query string reads as a space). */
export function scopeList(raw: string): string[] {
  return [...new Set(raw.split(/[\s+]+/).filter((s) => s !== ''))];
}

function pathAtOrBelow(path: string, registered: string): boolean {
  const root = registered.endsWith('/') ? registered : `${registered}/`;
  return path === registered || path.startsWith(root);
}

/**
 * The redirect address a request may use: `given` when it matches a registered one (exactly; in
 * the vendor dialect same scheme, host and port with a path at or below), the first registered
 * one when the vendor dialect's request names none; undefined when nothing matches.
 */
export function allowedRedirect(client: OAuthClient, given: string | undefined, dialect: Dialect): string | undefined {
  if (given === undefined) {
    return dialect === 'vendor' ? client.redirectUris[0] : undefined;
  }
  if (client.redirectUris.includes(given)) {
    return given;
  }
  if (dialect !== 'vendor' || redirectUriProblem(given) !== undefined) {
    return undefined;
  }
  const url = new URL(given);
  const fits = client.redirectUris.some((r) => {
    const reg = new URL(r);
    return reg.protocol === url.protocol && reg.host === url.host && pathAtOrBelow(url.pathname, reg.pathname);
  });
  return fits ? given : undefined;
}

/** RFC 7591 metadata as sent to POST /oauth2/register (or the control), checked into a client. */
export function clientFromMetadata(body: Record<string, unknown>, now: number, fixed: { clientId?: string; clientSecret?: string } = {}): OAuthClient {
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw new OAuthFailure('invalid_redirect_uri', `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} addresses.`);
  }
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) {
      throw new OAuthFailure('invalid_redirect_uri', `The redirect address ${problem}.`);
    }
  }
  const name = body.client_name ?? 'Unnamed application';
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_CHARS) {
    throw new OAuthFailure('invalid_client_metadata', `client_name must be text of 1 to ${MAX_NAME_CHARS} characters.`);
  }
  const method = body.token_endpoint_auth_method ?? 'client_secret_basic';
  if (method !== 'client_secret_basic' && method !== 'client_secret_post' && method !== 'none') {
    throw new OAuthFailure('invalid_client_metadata', 'token_endpoint_auth_method must be client_secret_basic, client_secret_post or none.');
  }
  const grants = body.grant_types ?? ['authorization_code', 'refresh_token'];
  if (!Array.isArray(grants) || grants.length === 0 || grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) {
    throw new OAuthFailure('invalid_client_metadata', 'grant_types may hold authorization_code and refresh_token only.');
  }
  const responses = body.response_types ?? ['code'];
  if (!Array.isArray(responses) || responses.some((r) => r !== 'code')) {
    throw new OAuthFailure('invalid_client_metadata', 'response_types may hold code only.');
  }
  let scope: string[] | undefined;
  if (body.scope !== undefined) {
    if (typeof body.scope !== 'string') {
      throw new OAuthFailure('invalid_client_metadata', 'scope must be a space-separated list.');
    }
    scope = scopeList(body.scope);
    const unknown = scope.filter((s) => !KNOWN_SCOPES.has(s));
    if (unknown.length > 0) {
      throw new OAuthFailure('invalid_client_metadata', `Unknown scope: ${unknown.join(' ')}.`);
    }
  }
  return {
    clientId: fixed.clientId ?? `wa-client-${randomToken(9)}`,
    clientSecret: method === 'none' ? undefined : (fixed.clientSecret ?? randomToken(24)),
    name,
    redirectUris: [...(uris as string[])],
    scope,
    issuedAt: now,
    tokenEndpointAuthMethod: method,
    grantTypes: [...new Set(grants as GrantType[])],
  };
}

/** The registration answer: RFC 7591's fields; the vendor's reference adds links and a registration token. */
export function clientAnswer(client: OAuthClient, base: string, dialect: Dialect, accessTokenS: number): Record<string, unknown> {
  const answer: Record<string, unknown> = {
    client_id: client.clientId,
    ...(client.clientSecret === undefined ? {} : { client_secret: client.clientSecret, client_secret_expires_at: 0 }),
    client_id_issued_at: Math.floor(client.issuedAt / 1000),
    client_name: client.name,
    redirect_uris: [...client.redirectUris],
    grant_types: [...client.grantTypes],
    response_types: ['code'],
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    ...(client.scope === undefined ? {} : { scope: client.scope.join(' ') }),
  };
  if (dialect !== 'vendor') {
    return answer;
  }
  const id = encodeURIComponent(client.clientId);
  return {
    url: `${base}/oauth2/register/${id}`,
    html_url: `${HTML_BASE}/my-apps/${id}`,
    ...answer,
    registration_access_token: randomToken(24),
    registration_client_uri: `${base}/oauth2/register/${id}`,
    description: null,
    token_expires_in: accessTokenS,
  };
}
