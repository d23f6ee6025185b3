// GET /oauth2/authorize shows the consent page; POST /oauth2/authorize takes its answer. Until the
// application and its redirect address are known and registered, problems are shown on the page,
// never redirected (RFC 6749 4.1.2.1); after that, they go back to the application as `error`.
// The page's form carries the pending request's id and a CSRF token tied to it; a request is
// answered once and lapses after 10 minutes on the emulator clock.
import type { IncomingHttpHeaders } from 'node:http';
import type { Dialect } from '../dialect';
import type { User } from '../store';
import { formParams, htmlAnswer, mediaType, OAuthAnswer, randomToken, redirectAnswer, sameSecret, withQuery } from './answers';
import { allowedRedirect, KNOWN_SCOPES, OAuthClient, scopeList } from './clients';
import type { Grants, Lifetimes } from './grants';
import { consentPage, errorPage } from './page';

/** How long the consent page's form stays valid. */
export const CONSENT_TTL_MS = 10 * 60_000;
/** The most consent forms open at once; the oldest lapses first. */
const MAX_PENDING = 1000;
/** The account chosen unless `login_hint` names another: Alice. */
const DEFAULT_USER_ID = 1;

interface PendingRequest {
  csrfToken: string;
  client: OAuthClient;
  /** Where the answer goes. */
  redirect: string;
  /** redirect_uri as the request sent it (the token request must repeat it). */
  redirectSent: string | undefined;
  scopes: string[];
  state: string | undefined;
  challenge: string | undefined;
  expiresAt: number;
}

export interface AuthorizeContext {
  base: string;
  now: number;
  dialect: Dialect;
  clients: ReadonlyMap<string, OAuthClient>;
  users: ReadonlyMap<number, User>;
  grants: Grants;
  lifetimes: Lifetimes;
}

const page = (status: number, title: string, message: string): OAuthAnswer => htmlAnswer(status, errorPage(title, message));

/** The user `login_hint` names (an id or an e-mail address), else Alice. */
function hintedUser(hint: string | undefined, users: ReadonlyMap<number, User>): number {
  const wanted = hint?.trim().toLowerCase();
  const found = [...users.values()].find((u) => String(u.id) === wanted || u.email.toLowerCase() === wanted);
  return found?.id ?? DEFAULT_USER_ID;
}

export class ConsentPages {
  private readonly pending = new Map<string, PendingRequest>();

  /** GET: checks the request and shows the consent page, or answers an error. */
  show(query: string, ctx: AuthorizeContext): OAuthAnswer {
    const { params: p, duplicate } = formParams(query);
    if (duplicate === 'client_id' || duplicate === 'redirect_uri') {
      return page(400, 'Invalid request', `The parameter ${duplicate} was sent more than once.`);
    }
    const clientId = p.get('client_id');
    const client = clientId ? ctx.clients.get(clientId) : undefined;
    if (!client) {
      return page(400, 'Unknown application', clientId ? `No application is registered with the client id "${clientId}".` : 'The request names no application (client_id).');
    }
    const redirectSent = p.get('redirect_uri');
    const redirect = allowedRedirect(client, redirectSent, ctx.dialect);
    if (!redirect) {
      return page(
        400,
        'Redirect address not registered',
        redirectSent === undefined ? 'The request names no redirect address (redirect_uri).' : `The redirect address "${redirectSent}" is not registered for ${client.name}.`,
      );
    }
    const state = p.get('state');
    const fail = (error: string, description: string): OAuthAnswer => redirectAnswer(withQuery(redirect, { error, error_description: description, state }));
    if (duplicate) {
      return fail('invalid_request', `The parameter ${duplicate} was sent more than once.`);
    }
    const responseType = p.get('response_type');
    if (responseType === undefined) {
      return fail('invalid_request', 'response_type is required.');
    }
    if (responseType !== 'code') {
      return fail('unsupported_response_type', 'Only response_type=code is supported.');
    }
    // The vendor's reference makes `type=web_server` required; ours only checks it when sent.
    const type = p.get('type');
    if (type === undefined ? ctx.dialect === 'vendor' : type !== 'web_server') {
      return fail('invalid_request', 'type must be web_server.');
    }
    const scopes = scopeList(p.get('scope') ?? '');
    if (scopes.length === 0) {
      return fail('invalid_request', 'scope is required.');
    }
    const unknown = scopes.filter((s) => !KNOWN_SCOPES.has(s) || (client.scope !== undefined && !client.scope.includes(s)));
    if (unknown.length > 0) {
      return fail('invalid_scope', `Scope not available to this application: ${unknown.join(' ')}.`);
    }
    const challenge = p.get('code_challenge');
    const method = p.get('code_challenge_method');
    if (challenge === undefined) {
      if (method !== undefined) {
        return fail('invalid_request', 'code_challenge_method without code_challenge.');
      }
      if (client.clientSecret === undefined) {
        return fail('invalid_request', 'A public client must use PKCE (code_challenge with S256).');
      }
    } else if (method !== 'S256') {
      return fail('invalid_request', 'code_challenge_method must be S256 (plain is not accepted).');
    } else if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
      return fail('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters).');
    }
    const requestId = randomToken(16);
    const csrfToken = randomToken();
    this.keep(requestId, { csrfToken, client, redirect, redirectSent, scopes, state, challenge, expiresAt: ctx.now + CONSENT_TTL_MS });
    const users = [...ctx.users.values()].map((u) => ({ id: u.id, name: u.name, email: u.email }));
    return htmlAnswer(
      200,
      consentPage({
        // Relative: the same origin the page was opened from (127.0.0.1 or localhost).
        action: '/oauth2/authorize',
        requestId,
        csrfToken,
        clientName: client.name,
        clientId: client.clientId,
        scopes,
        users,
        selectedUserId: hintedUser(p.get('login_hint'), ctx.users),
        redirect,
      }),
    );
  }

  /** POST: the consent form's answer. Approve redirects with a code, Deny with access_denied. */
  answer(headers: IncomingHttpHeaders, raw: Buffer, tooLarge: boolean, ctx: AuthorizeContext): OAuthAnswer {
    const origin = headers.origin;
    const site = headers['sec-fetch-site'];
    const port = new URL(ctx.base).port;
    // A browser sends `Origin: null` for the page's own form (the page has Referrer-Policy:
    // no-referrer); then Sec-Fetch-Site, which no page can set, must say it is the page's own.
    const ownOrigin = origin === undefined || origin === ctx.base || origin === `http://localhost:${port}` || (origin === 'null' && site === 'same-origin');
    if (!ownOrigin || site === 'cross-site') {
      return page(403, 'Refused', 'This form can only be sent from the emulator’s own page.');
    }
    if (tooLarge || mediaType(headers) !== 'application/x-www-form-urlencoded') {
      return page(400, 'Invalid request', 'Send the consent form as the page does (application/x-www-form-urlencoded).');
    }
    const { params, duplicate } = formParams(raw.toString('utf8'));
    if (duplicate) {
      return page(400, 'Invalid request', `The field ${duplicate} was sent more than once.`);
    }
    const requestId = params.get('request_id') ?? '';
    const pending = this.pending.get(requestId);
    if (!pending || !sameSecret(params.get('csrf_token') ?? '', pending.csrfToken) || ctx.now >= pending.expiresAt) {
      if (pending && ctx.now >= pending.expiresAt) {
        this.pending.delete(requestId);
      }
      return page(400, 'Authorization request expired', 'This authorization request is unknown, has expired or was already answered. Start the sign-in again from the application.');
    }
    const { client, redirect, state } = pending;
    const decision = params.get('decision');
    if (decision === 'deny') {
      this.pending.delete(requestId);
      return redirectAnswer(withQuery(redirect, { error: 'access_denied', error_description: 'The user denied access.', state }));
    }
    if (decision !== 'approve') {
      return page(400, 'Invalid request', 'Choose Approve or Deny.');
    }
    const user = ctx.users.get(Number(params.get('user') ?? DEFAULT_USER_ID));
    if (!user) {
      return page(400, 'Invalid request', 'Choose one of the accounts listed.');
    }
    this.pending.delete(requestId);
    const code = ctx.grants.issueCode(client, user.id, pending.scopes, pending.redirectSent, redirect, pending.challenge, ctx.now + ctx.lifetimes.codeS * 1000);
    return redirectAnswer(withQuery(redirect, { code, state }), user.id);
  }

  private keep(id: string, request: PendingRequest): void {
    if (this.pending.size >= MAX_PENDING) {
      this.pending.delete(this.pending.keys().next().value as string);
    }
    this.pending.set(id, request);
  }
}
