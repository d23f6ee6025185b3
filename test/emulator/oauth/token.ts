// POST /oauth2/token: client authentication (HTTP Basic or client_secret in the body, never both;
// a public client sends its client_id only), then the authorization_code grant (single use,
// short-lived, same client and redirect_uri, PKCE S256 when a challenge was given; a replay revokes
// what the code gave) or the refresh_token grant (rotating: a used refresh token never works again).
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Dialect } from '../dialect';
import { jsonAnswer, OAuthAnswer, OAuthFailure, Params, sameSecret, tokenRequestParams } from './answers';
import { OAuthClient, scopeList } from './clients';
import type { Grants, IssuedTokens, Lifetimes } from './grants';

export interface TokenContext {
  now: number;
  dialect: Dialect;
  clients: ReadonlyMap<string, OAuthClient>;
  grants: Grants;
  lifetimes: Lifetimes;
}

/** `application/x-www-form-urlencoded` decoding of one Basic credential part (RFC 6749 2.3.1). */
function formDecode(part: string): string {
  return decodeURIComponent(part.replace(/\+/g, ' '));
}

/** The client the request authenticates as; invalid_client (401) when it cannot. */
export function authenticateClient(headers: IncomingHttpHeaders, params: Params, clients: ReadonlyMap<string, OAuthClient>): OAuthClient {
  const header = headers.authorization;
  let id: string | undefined;
  let secret: string | undefined;
  if (header !== undefined) {
    const basic = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header);
    if (!basic) {
      throw new OAuthFailure('invalid_client', 'Authenticate the client with HTTP Basic or client_secret in the body.');
    }
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    try {
      if (colon < 0) {
        throw new URIError('no colon');
      }
      id = formDecode(decoded.slice(0, colon));
      secret = formDecode(decoded.slice(colon + 1));
    } catch {
      throw new OAuthFailure('invalid_client', 'The Basic credentials are malformed.');
    }
    if (params.has('client_secret')) {
      throw new OAuthFailure('invalid_request', 'Use one way to authenticate the client: HTTP Basic or client_secret, not both.');
    }
    if (params.has('client_id') && params.get('client_id') !== id) {
      throw new OAuthFailure('invalid_request', 'client_id differs from the one in the Authorization header.');
    }
  } else {
    id = params.get('client_id');
    secret = params.get('client_secret');
  }
  if (!id) {
    throw new OAuthFailure('invalid_client', 'The request does not say which client it is (client_id).');
  }
  const client = clients.get(id);
  if (!client) {
    throw new OAuthFailure('invalid_client', 'Unknown client.');
  }
  if (client.clientSecret === undefined) {
    if (secret !== undefined && secret !== '') {
      throw new OAuthFailure('invalid_client', 'This client is public: it has no secret.');
    }
  } else if (secret === undefined || secret === '') {
    throw new OAuthFailure('invalid_client', 'This client must authenticate with its secret.');
  } else if (!sameSecret(secret, client.clientSecret)) {
    throw new OAuthFailure('invalid_client', 'Client authentication failed.');
  }
  return client;
}

function required(params: Params, name: string): string {
  const value = params.get(name);
  if (value === undefined || value === '') {
    throw new OAuthFailure('invalid_request', `${name} is required.`);
  }
  return value;
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function codeGrant(client: OAuthClient, params: Params, ctx: TokenContext): IssuedTokens {
  const code = required(params, 'code');
  const entry = ctx.grants.code(code);
  if (!entry) {
    throw new OAuthFailure('invalid_grant', 'Unknown authorization code.');
  }
  if (entry.used) {
    // RFC 6749 4.1.2: a code used twice revokes what it gave.
    ctx.grants.revoke(entry.family);
    throw new OAuthFailure('invalid_grant', 'The authorization code was already used; the tokens issued from it are revoked.');
  }
  // Presented once by an authenticated client: spent, whatever comes next.
  entry.used = true;
  if (entry.family.clientId !== client.clientId) {
    throw new OAuthFailure('invalid_grant', 'The authorization code was issued to another client.');
  }
  if (ctx.now >= entry.expiresAt) {
    throw new OAuthFailure('invalid_grant', 'The authorization code has expired.');
  }
  const redirect = params.get('redirect_uri');
  if (entry.redirectSent !== undefined ? redirect !== entry.redirectSent : redirect !== undefined && redirect !== entry.redirectUsed) {
    throw new OAuthFailure('invalid_grant', 'redirect_uri differs from the one of the authorization request.');
  }
  const verifier = params.get('code_verifier');
  if (entry.challenge === undefined) {
    if (verifier !== undefined) {
      throw new OAuthFailure('invalid_grant', 'code_verifier sent, but the authorization request had no code_challenge.');
    }
  } else if (verifier === undefined) {
    throw new OAuthFailure('invalid_grant', 'code_verifier is required: the authorization request had a code_challenge.');
  } else if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) {
    throw new OAuthFailure('invalid_request', 'code_verifier must be 43 to 128 unreserved characters.');
  } else if (!sameSecret(s256(verifier), entry.challenge)) {
    throw new OAuthFailure('invalid_grant', 'code_verifier does not match the code_challenge.');
  }
  return ctx.grants.issueTokens(entry.family, entry.scopes, ctx.now, ctx.lifetimes);
}

function refreshGrant(client: OAuthClient, params: Params, ctx: TokenContext): IssuedTokens {
  const token = required(params, 'refresh_token');
  const entry = ctx.grants.refreshToken(token);
  if (!entry || entry.family.revoked) {
    throw new OAuthFailure('invalid_grant', 'Unknown or revoked refresh token.');
  }
  if (entry.family.clientId !== client.clientId) {
    throw new OAuthFailure('invalid_grant', 'The refresh token was issued to another client.');
  }
  if (entry.rotated) {
    throw new OAuthFailure('invalid_grant', 'The refresh token was already used (it rotates at each use).');
  }
  if (ctx.now >= entry.expiresAt) {
    throw new OAuthFailure('invalid_grant', 'The refresh token has expired.');
  }
  let scopes = entry.scopes;
  const asked = params.get('scope');
  if (asked !== undefined) {
    scopes = scopeList(asked);
    const beyond = scopes.filter((s) => !entry.scopes.includes(s));
    if (scopes.length === 0 || beyond.length > 0) {
      throw new OAuthFailure('invalid_scope', `A refresh may narrow the scopes, not add any: ${beyond.join(' ') || '(none asked)'}.`);
    }
  }
  entry.rotated = true;
  return ctx.grants.issueTokens(entry.family, scopes, ctx.now, ctx.lifetimes);
}

/** The token endpoint's answer, or its RFC 6749 error. */
export function tokenEndpoint(headers: IncomingHttpHeaders, raw: Buffer, tooLarge: boolean, ctx: TokenContext): OAuthAnswer {
  try {
    const params = tokenRequestParams(headers, raw, tooLarge);
    const client = authenticateClient(headers, params, ctx.clients);
    const grantType = required(params, 'grant_type');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      throw new OAuthFailure('unsupported_grant_type', `Grant type ${grantType} is not supported.`);
    }
    if (!client.grantTypes.includes(grantType)) {
      throw new OAuthFailure('unauthorized_client', `This client may not use the ${grantType} grant.`);
    }
    const issued = grantType === 'authorization_code' ? codeGrant(client, params, ctx) : refreshGrant(client, params, ctx);
    const answer = {
      access_token: issued.access.token,
      token_type: 'Bearer',
      expires_in: ctx.lifetimes.accessTokenS,
      refresh_token: issued.refresh.token,
      refresh_token_expires_in: ctx.lifetimes.refreshTokenS,
      // The vendor's reference shows no `scope` in the answer.
      ...(ctx.dialect === 'vendor' ? {} : { scope: issued.access.scopes.join(' ') }),
    };
    return { ...jsonAnswer(200, answer), user: issued.access.family.userId };
  } catch (err) {
    if (err instanceof OAuthFailure) {
      return err.answer();
    }
    throw err;
  }
}
