// The HTTP plumbing: preflights, control endpoints, latency, faults, the request log, and for
// API requests the checks in conventions.md's order: authentication, (rate limit,) the
// workspace's API switch, the URL, the token's scope; then the handler checks existence,
// permission and values.
import { createServer, IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScaleOptions } from './demo-data';
import { ClockMode, EmulatorClock } from './clock';
import { Dialect, DIALECTS, isDialect, missingScopeMessage } from './dialect';
import { AFTER_PROCESSING, answerInsteadOf, FaultKind, FaultQueue, FaultSpec, faultError, sendTrickle, sendTruncated } from './faults';
import { ApiError, Body, invalidUrl } from './http';
import { OAuthAuthority } from './oauth/authority';
import type { Lifetimes } from './oauth/grants';
import { commitRoutes } from './resources/commits';
import { executionRoutes } from './resources/executions';
import { pipelineRoutes } from './resources/pipelines';
import { projectRoutes } from './resources/projects';
import { targetRoutes } from './resources/targets';
import { userRoutes } from './resources/user';
import { variableRoutes } from './resources/variables';
import { workspaceRoutes } from './resources/workspaces';
import { matchRoute, Route, splitPath } from './router';
import { Store } from './store';

export const MAX_BODY_BYTES = 1024 * 1024;
const MAX_LOG = 10_000;
const CONTROL_PREFIX = '/__emulator/';

const ROUTES: readonly Route[] = [...userRoutes, ...workspaceRoutes, ...projectRoutes, ...pipelineRoutes, ...commitRoutes, ...targetRoutes, ...variableRoutes, ...executionRoutes];

const RATE_HEADERS = ['X-Rate-Limit-Limit', 'X-Rate-Limit-Remaining', 'X-Rate-Limit-Reset'];
/** The vendor's answers may carry no reset time. */
const VENDOR_RATE_HEADERS = RATE_HEADERS.slice(0, 2);

const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Credentials': 'true',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization',
  'Access-Control-Allow-Methods': 'POST GET',
  'X-Service-Media-Type': 'service.v1.0.0',
};

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Requests per user per window; default 5000. */
  rateLimit?: number;
  /** Window length in seconds; default 3600. */
  rateWindowS?: number;
  /** Delay before every API answer. */
  latencyMs?: number;
  scale?: ScaleOptions;
  /** How answers are written: `default` (api.md + conventions.md) or `vendor` (the real service's documented shapes). */
  dialect?: Dialect;
  /** `manual` (default: time stands still until a test advances it) or `real` (npm start). */
  clockMode?: ClockMode;
  /** Start lifetimes of OAuth codes and tokens (seconds; default access 1 h, refresh 180 days, code 60 s); a reset goes back to them. */
  oauthLifetimes?: Partial<Lifetimes>;
}

/** One API request as logged: never headers or bodies. */
export interface RequestLogEntry {
  time: string;
  method: string;
  /** Path with query. */
  path: string;
  /** 0 when the connection was dropped. */
  status: number;
  user?: number;
  durationMs: number;
  fault?: string;
}

interface RequestBody {
  raw: Buffer;
  tooLarge: boolean;
}

interface ApiAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  user?: number;
}

function readBody(req: IncomingMessage): Promise<RequestBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Keep reading (so the answer reaches the client) but stop storing past the limit.
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
      }
    });
    req.on('end', () => resolve({ raw: Buffer.concat(chunks), tooLarge: size > MAX_BODY_BYTES }));
    req.on('error', reject);
  });
}

function parseJsonBody(headers: IncomingMessage['headers'], body: RequestBody): Body {
  if (body.tooLarge) {
    throw new ApiError(413, 'Request body too large.');
  }
  if (body.raw.length === 0) {
    return {};
  }
  const mediaType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new ApiError(400, 'Content-Type must be application/json.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.raw.toString('utf8'));
  } catch {
    throw new ApiError(400, 'Invalid JSON body.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, 'Invalid JSON body.');
  }
  return parsed as Body;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class EmulatorServer {
  store: Store;
  readonly faults = new FaultQueue();
  /** Time for whatever plays out over time (runs, OAuth lifetimes): tests advance it, npm start lets it run. */
  readonly clock: EmulatorClock;
  /** The authorization server (oauth/): applications, codes and tokens; new at every reset. */
  oauth: OAuthAuthority;
  log: RequestLogEntry[] = [];
  latencyMs: number;
  base = '';
  private readonly server: Server;
  private readonly rateLimit: number;
  private readonly rateWindowMs: number;
  private rates = new Map<number, { start: number; count: number }>();

  constructor(private readonly opts: EmulatorOptions = {}) {
    this.store = new Store(opts.scale, opts.dialect ?? 'default');
    this.clock = new EmulatorClock(opts.clockMode ?? 'manual');
    this.oauth = new OAuthAuthority(this.clock, opts.oauthLifetimes);
    this.latencyMs = opts.latencyMs ?? 0;
    this.rateLimit = opts.rateLimit ?? 5000;
    this.rateWindowMs = (opts.rateWindowS ?? 3600) * 1000;
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        console.error('emulator: unexpected error', err instanceof Error ? err.message : err);
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'application/json' });
        }
        res.end();
      });
    });
  }

  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        const actual = (this.server.address() as AddressInfo).port;
        this.base = `http://127.0.0.1:${actual}`;
        resolve(actual);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** The dialect answers are written in (the store's: switching dialects restarts from its demo data). */
  get dialect(): Dialect {
    return this.store.dialect;
  }

  /** Back to the demo data of `dialect` (default: the dialect the emulator was started with). */
  reset(dialect: Dialect = this.opts.dialect ?? 'default'): void {
    this.store = new Store(this.opts.scale, dialect);
    this.clock.reset();
    this.oauth = new OAuthAuthority(this.clock, this.opts.oauthLifetimes);
    this.rates.clear();
    this.faults.clear();
    this.log = [];
    this.latencyMs = this.opts.latencyMs ?? 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const pathAndQuery = req.url ?? '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const body = await readBody(req);
    if (!this.isOwnHost(req.headers.host)) {
      res.writeHead(403, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: 'The emulator answers only at its own address (Host header).' }] }));
      return;
    }
    if (pathAndQuery.startsWith(CONTROL_PREFIX)) {
      this.control(req, res, method, pathAndQuery, body);
      return;
    }
    if (this.latencyMs > 0) {
      await sleep(this.latencyMs);
    }
    const fault = this.faults.take(method, pathAndQuery);
    const record = (status: number, user?: number): void => {
      this.log.push({ time: new Date(started).toISOString(), method, path: pathAndQuery, status, user, durationMs: Date.now() - started, fault });
      if (this.log.length > MAX_LOG) {
        this.log.splice(0, this.log.length - MAX_LOG);
      }
    };
    if (fault && !AFTER_PROCESSING.has(fault)) {
      record(answerInsteadOf(fault, req, res, this.base));
      return;
    }
    if (method === 'OPTIONS') {
      res.sendDate = false;
      res.writeHead(200, { ...PREFLIGHT_HEADERS, 'Content-Length': 0 });
      res.end();
      record(200);
      return;
    }
    const q = pathAndQuery.indexOf('?');
    const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
    if (OAuthAuthority.serves(path)) {
      const query = q < 0 ? '' : pathAndQuery.slice(q + 1);
      const answer = this.oauth.handle({ method, path, query, headers: req.headers, raw: body.raw, tooLarge: body.tooLarge, base: this.base, dialect: this.dialect, users: this.store.users });
      await this.send(res, answer, fault);
      record(answer.status, answer.user);
      return;
    }
    const answer = this.api(method, pathAndQuery, req.headers, body);
    await this.send(res, answer, fault);
    record(answer.status, answer.user);
  }

  private async send(res: ServerResponse, answer: ApiAnswer, fault: FaultKind | undefined): Promise<void> {
    if (fault === 'truncate') {
      sendTruncated(res, answer.status, answer.headers, answer.body);
    } else if (fault === 'trickle') {
      await sendTrickle(res, answer.status, answer.headers, answer.body);
    } else if (answer.status === 204) {
      // No Content-Length on a 204 (RFC 9110, 8.6).
      res.writeHead(answer.status, answer.headers);
      res.end();
    } else {
      res.writeHead(answer.status, { ...answer.headers, 'Content-Length': answer.body.length });
      res.end(answer.body);
    }
  }

  /** Answers one API request. Synchronous: a state change completes within this call. */
  private api(method: string, pathAndQuery: string, headers: IncomingMessage['headers'], body: RequestBody): ApiAnswer {
    const now = Date.now();
    const q = pathAndQuery.indexOf('?');
    const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
    const query = new URLSearchParams(q < 0 ? '' : pathAndQuery.slice(q + 1));
    const auth = /^Bearer +(\S+) *$/i.exec(headers.authorization ?? '');
    // A demo token, or an access token of the OAuth flow (expired ones are unknown: 401).
    const token = auth ? (this.store.tokens.get(auth[1]) ?? this.oauth.apiToken(auth[1])) : undefined;
    if (!token) {
      return this.answer(new ApiError(401, 'Unauthorized.'), this.rateHeaders(now, undefined));
    }
    const userId = token.userId;
    const rate = this.countRequest(now, userId);
    const result = (status: number, payload?: unknown): ApiAnswer => ({ ...this.answer({ status, payload }, rate.headers), user: userId });
    try {
      if (rate.exceeded) {
        throw new ApiError(403, 'Rate limit exceeded.');
      }
      this.checkApiSwitch(path, userId);
      const segments = splitPath(path);
      const match = segments && matchRoute(ROUTES, method, segments);
      if (!match) {
        throw invalidUrl(path);
      }
      // Any one of the accepted names will do (older or 2026); the error names the older one.
      const { scopes } = match.route;
      if (scopes.length > 0 && !scopes.some((s) => token.scopes.includes(s))) {
        throw new ApiError(403, missingScopeMessage(scopes[0], this.dialect));
      }
      const user = this.store.users.get(userId);
      if (!user) {
        throw new ApiError(401, 'Unauthorized.');
      }
      // Runs play out on the emulator's clock: every request sees (and changes) the state of its moment.
      this.store.runs.settle(this.clock.now());
      const reply = match.route.handler({ base: this.base, store: this.store, user, token, params: match.params, query, now, dialect: this.dialect, body: () => parseJsonBody(headers, body) });
      return result(reply.status, reply.body);
    } catch (err) {
      if (err instanceof ApiError) {
        return result(err.status, err.toBody());
      }
      console.error('emulator: handler failed', err instanceof Error ? err.message : err);
      return result(500, { errors: [{ message: 'Internal server error.' }] });
    }
  }

  /** 400 for any path under a workspace (of the caller's) whose API is disabled, before anything else. */
  private checkApiSwitch(path: string, userId: number): void {
    const [, first, second] = path.split('/');
    if (first !== 'workspaces' || !second) {
      return;
    }
    let domain: string;
    try {
      domain = decodeURIComponent(second);
    } catch {
      return;
    }
    const ws = this.store.workspaces.get(domain);
    if (ws && this.store.isMember(ws, userId) && !ws.apiEnabled) {
      throw new ApiError(400, 'API is disabled in this workspace.');
    }
  }

  private answer(result: ApiError | { status: number; payload?: unknown }, rateHeaders: OutgoingHttpHeaders): ApiAnswer {
    const status = result.status;
    const payload = result instanceof ApiError ? result.toBody() : result.payload;
    const headers: OutgoingHttpHeaders = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': (this.dialect === 'vendor' ? VENDOR_RATE_HEADERS : RATE_HEADERS).join(', '),
      ...rateHeaders,
    };
    if (payload === undefined) {
      return { status, headers, body: Buffer.alloc(0) };
    }
    headers['Content-Type'] = 'application/json; charset=utf-8';
    return { status, headers, body: Buffer.from(JSON.stringify(payload), 'utf8') };
  }

  /** Fixed window per user, starting at the user's first request. */
  private countRequest(now: number, userId: number): { exceeded: boolean; headers: OutgoingHttpHeaders } {
    let bucket = this.rates.get(userId);
    if (!bucket || now >= bucket.start + this.rateWindowMs) {
      bucket = { start: now, count: 0 };
      this.rates.set(userId, bucket);
    }
    bucket.count++;
    return { exceeded: bucket.count > this.rateLimit, headers: this.rateHeaders(now, bucket) };
  }

  /** Without a user (401) the headers show a full, unstarted window. */
  private rateHeaders(now: number, bucket: { start: number; count: number } | undefined): OutgoingHttpHeaders {
    const start = bucket?.start ?? now;
    const headers: OutgoingHttpHeaders = {
      'X-Rate-Limit-Limit': String(this.rateLimit),
      'X-Rate-Limit-Remaining': String(Math.max(0, this.rateLimit - (bucket?.count ?? 0))),
    };
    if (this.dialect !== 'vendor') {
      headers['X-Rate-Limit-Reset'] = String(Math.ceil((start + this.rateWindowMs) / 1000));
    }
    return headers;
  }

  /**
   * True when `Host` names the emulator itself: 127.0.0.1 or localhost with its port. Another
   * name is a web page that rebound its own name to 127.0.0.1 (DNS rebinding), which would
   * otherwise read the request log and use the demo tokens.
   */
  private isOwnHost(host: string | undefined): boolean {
    const port = this.base.slice(this.base.lastIndexOf(':') + 1);
    const h = (host ?? '').toLowerCase();
    return h === `127.0.0.1:${port}` || h === `localhost:${port}`;
  }

  /**
   * True for a request a browser sent on behalf of a page of another origin: `Sec-Fetch-Site`
   * cross-site or same-site, or an `Origin` that is not the emulator's own. Tools (curl, Node's
   * fetch, the extension host) send neither.
   */
  private fromOtherOrigin(req: IncomingMessage): boolean {
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      return true;
    }
    const origin = req.headers.origin;
    const port = this.base.slice(this.base.lastIndexOf(':') + 1);
    return origin !== undefined && origin !== this.base && origin !== `http://localhost:${port}`;
  }

  /**
   * The test controls under /__emulator/: no auth, no rate limit, not logged, no latency or faults.
   * Loopback clients only, and never a web page of another origin (a page could otherwise reset the
   * state or read the request log): such requests get 403, and no answer here carries CORS headers.
   */
  private control(req: IncomingMessage, res: ServerResponse, method: string, pathAndQuery: string, body: RequestBody): void {
    const send = (status: number, payload?: unknown, headers: OutgoingHttpHeaders = {}): void => {
      const text = payload === undefined ? '' : JSON.stringify(payload);
      res.writeHead(status, payload === undefined ? headers : { ...headers, 'Content-Type': 'application/json' });
      res.end(text);
    };
    const fail = (message: string, status = 400): void => send(status, { errors: [{ message }] });
    const remote = req.socket.remoteAddress ?? '';
    if (!/^(127\.|::1$|::ffff:127\.)/.test(remote)) {
      return fail('Emulator controls are for loopback clients only.', 403);
    }
    if (this.fromOtherOrigin(req)) {
      return fail('Emulator controls refuse requests from web pages of another origin.', 403);
    }
    if (method === 'OPTIONS') {
      // No Access-Control-* headers: a browser never lets another origin through.
      return send(204, undefined, { Allow: 'GET, POST, DELETE' });
    }
    let json: Body = {};
    try {
      json = parseJsonBody(req.headers, body);
    } catch (err) {
      return fail((err as Error).message);
    }
    const path = pathAndQuery.split('?')[0].slice(CONTROL_PREFIX.length);
    const dialect = json.dialect;
    if (dialect !== undefined && !isDialect(dialect)) {
      return fail("Value of 'dialect' is invalid.");
    }
    switch (`${method} ${path}`) {
      case 'POST reset':
        this.reset(dialect);
        return send(204);
      case 'POST dialect':
        if (dialect === undefined) {
          return fail("Value of 'dialect' cannot be empty.");
        }
        this.reset(dialect);
        return send(204);
      case 'GET dialect':
        return send(200, { dialect: this.dialect, started: this.opts.dialect ?? 'default', dialects: DIALECTS });
      case 'POST faults': {
        const error = faultError(json);
        if (error) {
          return fail(error);
        }
        this.faults.add(json as unknown as FaultSpec);
        return send(204);
      }
      case 'DELETE faults':
        this.faults.clear();
        return send(204);
      case 'POST latency': {
        const ms = json.ms;
        if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
          return fail("Value of 'ms' is invalid.");
        }
        this.latencyMs = ms;
        return send(204);
      }
      case 'GET clock':
        return send(200, { now: new Date(this.clock.now()).toISOString(), nowMs: this.clock.now(), mode: this.clock.mode });
      case 'POST clock': {
        const { advanceMs, mode } = json;
        if (advanceMs !== undefined && (typeof advanceMs !== 'number' || !Number.isFinite(advanceMs) || advanceMs < 0)) {
          return fail("Value of 'advanceMs' is invalid.");
        }
        if (mode !== undefined && mode !== 'manual' && mode !== 'real') {
          return fail("Value of 'mode' is invalid.");
        }
        if (mode !== undefined) {
          this.clock.setMode(mode);
        }
        if (advanceMs !== undefined) {
          this.clock.advance(advanceMs);
        }
        return send(200, { now: new Date(this.clock.now()).toISOString(), nowMs: this.clock.now(), mode: this.clock.mode });
      }
      case 'GET requests':
        return send(200, { requests: this.log });
      case 'DELETE requests':
        this.log = [];
        return send(204);
      default: {
        const oauth = path.startsWith('oauth/') ? this.oauth.control(method, path.slice('oauth/'.length), json, this.base, this.dialect) : undefined;
        return oauth ? send(oauth.status, oauth.payload) : fail(`Unknown emulator control: ${method} ${pathAndQuery}`, 404);
      }
    }
  }
}
