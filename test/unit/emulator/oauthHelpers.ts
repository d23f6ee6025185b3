// Raw-HTTP helpers for the emulator's OAuth tests: the authorize address, PKCE pairs, token requests.
import { createHash, randomBytes } from 'node:crypto';
import { DEMO_OAUTH_CLIENT, DEMO_REDIRECT_URI, type Emulator } from '../../emulator';
import { consentRedirect } from '../../harness/oauthConsent';

export const SCOPES = 'USER_INFO TOKEN_INFO WORKSPACE';

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeParams {
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  response_type?: string;
  type?: string;
  login_hint?: string;
}

/** `{emu}/oauth2/authorize?…` with the demo client's defaults; a parameter set to undefined is left out. */
export function authorizeUrl(emu: Emulator, params: AuthorizeParams = {}): string {
  const all: AuthorizeParams = {
    type: 'web_server',
    client_id: DEMO_OAUTH_CLIENT.clientId,
    redirect_uri: DEMO_REDIRECT_URI,
    response_type: 'code',
    scope: SCOPES,
    state: 'state-123',
    ...params,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(all)) {
    if (value !== undefined) {
      query.set(name, value);
    }
  }
  return `${emu.url}/oauth2/authorize?${query}`;
}

export interface TokenAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** POST {emu}/oauth2/token, form-encoded (or `json: true`); the demo client's secret in the body unless `secret: null`. */
export async function tokenRequest(
  emu: Emulator,
  params: Record<string, string>,
  opts: { secret?: string | null; clientId?: string; basic?: boolean; json?: boolean; headers?: Record<string, string> } = {},
): Promise<TokenAnswer> {
  const clientId = opts.clientId ?? DEMO_OAUTH_CLIENT.clientId;
  const secret = opts.secret === undefined ? DEMO_OAUTH_CLIENT.clientSecret : opts.secret;
  const headers: Record<string, string> = { 'Content-Type': opts.json ? 'application/json' : 'application/x-www-form-urlencoded', ...opts.headers };
  const body: Record<string, string> = { ...params };
  if (opts.basic) {
    headers.Authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret ?? '')}`).toString('base64')}`;
  } else {
    body.client_id = clientId;
    if (secret !== null) {
      body.client_secret = secret;
    }
  }
  const res = await fetch(`${emu.url}/oauth2/token`, { method: 'POST', headers, body: opts.json ? JSON.stringify(body) : new URLSearchParams(body).toString() });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

/** A code from the demo client's flow (approved as `userId`, default Alice), with its PKCE verifier. */
export async function approvedCode(emu: Emulator, params: AuthorizeParams = {}, userId?: number): Promise<{ code: string; verifier: string; redirect: URL }> {
  const { verifier, challenge } = pkcePair();
  const redirect = await consentRedirect(authorizeUrl(emu, { code_challenge: challenge, code_challenge_method: 'S256', ...params }), 'approve', userId);
  const code = redirect.searchParams.get('code');
  if (!code) {
    throw new Error(`no code in ${redirect.href}`);
  }
  return { code, verifier, redirect };
}

/** The tokens of a full code flow with PKCE for the demo client. */
export async function signedInTokens(emu: Emulator, userId?: number): Promise<TokenAnswer> {
  const { code, verifier } = await approvedCode(emu, {}, userId);
  return tokenRequest(emu, { grant_type: 'authorization_code', code, redirect_uri: DEMO_REDIRECT_URI, code_verifier: verifier });
}
