// The emulator as an OAuth 2.0 authorization server (conventions.md, "OAuth 2.0"), on the API's own
// origin: GET/POST {base}/oauth2/authorize (the consent page), POST {base}/oauth2/token, POST
// {base}/oauth2/register (RFC 7591), POST {base}/oauth2/revoke (the vendor's "Revoke Token": JSON or
// form `token` or `access_token`, `token_type_hint`, `client_id`; 200, also for an unknown token,
// as RFC 7009 2.2 has it). Each token and revoke request's client credentials are recorded
// (`credentialsSeen`), for tests of what was sent where. Lifetimes run on the emulator clock. The server makes a new
// one at every reset; the controls under /__emulator/oauth/ reach it.
import type { IncomingHttpHeaders } from 'node:http';
import type { EmulatorClock } from '../clock';
import type { Dialect } from '../dialect';
import type { Body } from '../http';
import type { Token, User } from '../store';
import { jsonAnswer, mediaType, OAuthAnswer, OAuthFailure, tokenRequestParams } from './answers';
import { ConsentPages } from './authorize';
import { clientAnswer, clientFromMetadata, demoClients, MAX_CLIENTS, OAuthClient } from './clients';
import { DEFAULT_LIFETIMES, Grants, Lifetimes, OAuthStats } from './grants';
import { tokenEndpoint } from './token';

export const OAUTH_PATHS = ['/oauth2/authorize', '/oauth2/token', '/oauth2/register', '/oauth2/revoke'] as const;

/** The client credentials a token or revoke request carried (in its body or HTTP Basic). */
export interface CredentialsSeen {
  path: string;
  clientId?: string;
  clientSecret?: string;
  /** The token a revoke request named. */
  token?: string;
}

export interface OAuthRequest {
  method: string;
  path: string;
  /** The query string without '?'. */
  query: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  tooLarge: boolean;
  base: string;
  dialect: Dialect;
  users: ReadonlyMap<number, User>;
}

/** A control's answer (JSON, or nothing for 204), or undefined: not an OAuth control. */
export type ControlAnswer = { status: number; payload?: unknown } | undefined;

const LIFETIME_FIELDS = ['accessTokenS', 'refreshTokenS', 'codeS'] as const;

/** Lifetimes checked: whole seconds, at least 1. Throws a message naming the bad field. */
export function checkLifetimes(raw: Record<string, unknown>): Partial<Lifetimes> {
  const out: Partial<Lifetimes> = {};
  for (const field of LIFETIME_FIELDS) {
    const value = raw[field];
    if (value === undefined) {
      continue;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new Error(`Value of '${field}' is invalid.`);
    }
    out[field] = value;
  }
  return out;
}

export class OAuthAuthority {
  readonly clients = new Map<string, OAuthClient>();
  readonly grants = new Grants();
  lifetimes: Lifetimes;
  private readonly consent = new ConsentPages();
  /** What each POST /oauth2/token and /oauth2/revoke carried, oldest first. */
  readonly credentialsSeen: CredentialsSeen[] = [];

  constructor(
    private readonly clock: EmulatorClock,
    lifetimes: Partial<Lifetimes> = {},
  ) {
    // Fields left undefined keep their defaults.
    this.lifetimes = { ...DEFAULT_LIFETIMES, ...Object.fromEntries(Object.entries(lifetimes).filter(([, v]) => v !== undefined)) };
    for (const client of demoClients(clock.now())) {
      this.clients.set(client.clientId, client);
    }
  }

  static serves(path: string): boolean {
    return (OAUTH_PATHS as readonly string[]).includes(path);
  }

  handle(req: OAuthRequest): OAuthAnswer {
    const now = this.clock.now();
    const ctx = { base: req.base, now, dialect: req.dialect, clients: this.clients, users: req.users, grants: this.grants, lifetimes: this.lifetimes };
    switch (`${req.method} ${req.path}`) {
      case 'GET /oauth2/authorize':
        return this.consent.show(req.query, ctx);
      case 'POST /oauth2/authorize':
        return this.consent.answer(req.headers, req.raw, req.tooLarge, ctx);
      case 'POST /oauth2/token':
        this.credentialsSeen.push(credentialsOf(req));
        return tokenEndpoint(req.headers, req.raw, req.tooLarge, ctx);
      case 'POST /oauth2/revoke':
        return this.revocation(req);
      case 'POST /oauth2/register':
        return this.registration(req);
      default:
        return jsonAnswer(405, { error: 'invalid_request', error_description: `${req.method} is not allowed here.` }, { Allow: req.path === '/oauth2/authorize' ? 'GET, POST' : 'POST' });
    }
  }

  /** An access token this server issued, as the API sees it; undefined when unknown, revoked or expired. */
  apiToken(token: string): Token | undefined {
    return this.grants.apiToken(token, this.clock.now());
  }

  /** Registers an application (dynamic registration and the test control). */
  register(metadata: Body, fixed: { clientId?: string; clientSecret?: string } = {}): OAuthClient {
    if (this.clients.size >= MAX_CLIENTS) {
      throw new OAuthFailure('invalid_client_metadata', `No more than ${MAX_CLIENTS} applications can be registered.`);
    }
    if (fixed.clientId !== undefined && this.clients.has(fixed.clientId)) {
      throw new OAuthFailure('invalid_client_metadata', `client_id ${fixed.clientId} is taken.`);
    }
    const client = clientFromMetadata(metadata, this.clock.now(), fixed);
    this.clients.set(client.clientId, client);
    return client;
  }

  stats(): OAuthStats {
    return this.grants.stats(this.clock.now(), this.clients.size);
  }

  /**
   * /__emulator/oauth/…: `POST clients` (metadata as for registration, or `redirect_uri` alone;
   * optional fixed `client_id`, `client_secret`) → 201 the client; `GET|POST lifetimes`
   * (`{accessTokenS, refreshTokenS, codeS}`) → the lifetimes; `GET stats` → what was issued.
   */
  control(method: string, path: string, json: Body, base: string, dialect: Dialect): ControlAnswer {
    switch (`${method} ${path}`) {
      case 'POST clients': {
        const { redirect_uri, client_id, client_secret, ...rest } = json;
        const metadata = redirect_uri !== undefined && rest.redirect_uris === undefined ? { ...rest, redirect_uris: [redirect_uri] } : rest;
        if ((client_id !== undefined && typeof client_id !== 'string') || (client_secret !== undefined && typeof client_secret !== 'string')) {
          return { status: 400, payload: { errors: [{ message: "Value of 'client_id' or 'client_secret' is invalid." }] } };
        }
        try {
          const client = this.register(metadata, { clientId: client_id, clientSecret: client_secret });
          return { status: 201, payload: clientAnswer(client, base, dialect, this.lifetimes.accessTokenS) };
        } catch (err) {
          if (err instanceof OAuthFailure) {
            return { status: 400, payload: { errors: [{ message: err.description }] } };
          }
          throw err;
        }
      }
      case 'GET lifetimes':
        return { status: 200, payload: this.lifetimes };
      case 'POST lifetimes':
        try {
          this.lifetimes = { ...this.lifetimes, ...checkLifetimes(json) };
        } catch (err) {
          return { status: 400, payload: { errors: [{ message: (err as Error).message }] } };
        }
        return { status: 200, payload: this.lifetimes };
      case 'GET stats':
        return { status: 200, payload: this.stats() };
      default:
        return undefined;
    }
  }

  /** POST /oauth2/revoke: the grant that issued the token ends (its access and refresh tokens). */
  private revocation(req: OAuthRequest): OAuthAnswer {
    const seen = credentialsOf(req);
    this.credentialsSeen.push(seen);
    if (!seen.token) {
      return new OAuthFailure('invalid_request', 'token is required.').answer();
    }
    this.grants.revokeIssuing(seen.token);
    return jsonAnswer(200, {});
  }

  /** POST /oauth2/register: RFC 7591, JSON in, 201 with the client (and its secret) out; open, as RFC 7591 allows. */
  private registration(req: OAuthRequest): OAuthAnswer {
    try {
      if (req.tooLarge || mediaType(req.headers) !== 'application/json') {
        throw new OAuthFailure('invalid_client_metadata', 'Send the client metadata as a JSON object (application/json).');
      }
      let metadata: unknown;
      try {
        metadata = JSON.parse(req.raw.toString('utf8'));
      } catch {
        throw new OAuthFailure('invalid_client_metadata', 'The body is not valid JSON.');
      }
      if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
        throw new OAuthFailure('invalid_client_metadata', 'The body must be a JSON object.');
      }
      const client = this.register(metadata as Body);
      return jsonAnswer(201, clientAnswer(client, req.base, req.dialect, this.lifetimes.accessTokenS));
    } catch (err) {
      if (err instanceof OAuthFailure) {
        return err.answer();
      }
      throw err;
    }
  }
}

/** The client credentials of a token or revoke request, as far as they can be read. */
function credentialsOf(req: OAuthRequest): CredentialsSeen {
  const seen: CredentialsSeen = { path: req.path };
  try {
    const params = tokenRequestParams(req.headers, req.raw, req.tooLarge);
    seen.clientId = params.get('client_id');
    seen.clientSecret = params.get('client_secret');
    seen.token = params.get('token') ?? params.get('access_token');
  } catch {
    // An unreadable body: the endpoint answers it.
  }
  const basic = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(req.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) {
      seen.clientId ??= decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      seen.clientSecret ??= decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    }
  }
  return seen;
}
