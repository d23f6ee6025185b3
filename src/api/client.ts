// The API client: every endpoint of the specification and of conventions.md, typed, with typed
// errors, the observable rate-limit state, paging, timeouts, cancellation, retries of GET and
// sharing of identical GETs in flight. No editor dependency: token, base address and fetch are
// passed in.
import { resolveBaseUrl } from './baseUrl';
import {
  AccessDeniedError,
  ApiDisabledError,
  ApiError,
  CancelledError,
  ErrorCode,
  MissingScopeError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
} from './errors';
import type {
  Action,
  AllowPipelineRequest,
  Commit,
  CommitQuery,
  CommitSummary,
  PageQuery,
  Pipeline,
  Project,
  ProjectCreate,
  ProjectQuery,
  ProjectRef,
  Target,
  TargetQuery,
  TargetSummary,
  TokenInfo,
  User,
  Variable,
  VariableAnswerFor,
  VariableCreate,
  VariableFilter,
  VariableUpdate,
  Workspace,
} from './models';
import { discardBody, MAX_BODY_BYTES, readBoundedText, redirectError } from './boundedBody';
import { RateLimitState, type HeaderSource } from './rateLimit';
import { listItems, listPages } from './paging';
import { excerpt, redact, redactValue } from './redact';
import { finishProblems, type ItemProblem } from './tolerant';
import { ShapeError, validators } from './validate';
import { dateParam, idSegment, pageQuery, projectBody, queryString, segment, valueSecrets, variableBody, variableUpdateBody, type Query } from './wire';

/**
 * The subset of fetch the client uses; Node's global fetch and node-fetch both fit. `redirect` is
 * always 'manual': a 3xx comes back as it is and is an error (no body or token is re-sent), and
 * `body` (a stream) is read with a size cap; `text()` only serves doubles that have no stream.
 */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal; redirect: 'manual' },
) => Promise<{ status: number; headers: { get(name: string): string | null }; body?: unknown; text(): Promise<string> }>;

/** One attempt of one request, for the editor's log. `path` holds no secret. */
export interface RequestEvent {
  method: string;
  /** Path relative to the base address, with the query string. */
  path: string;
  /** HTTP status, when an answer came. */
  status?: number;
  durationMs: number;
  /** Redacted description of the failure, when there was no answer or it was unusable. */
  error?: string;
  /** 0 for the first try, 1.. for retries. */
  attempt: number;
}

export interface ClientOptions {
  /** From resolveBaseUrl(); checked again (ConfigurationError from the constructor); a trailing slash is removed. */
  baseUrl: string;
  /** Asked before every request; undefined means signed out (UnauthorizedError, no request). */
  getToken: () => string | undefined | Promise<string | undefined>;
  fetch: FetchLike;
  /** e.g. `workspace-automation/0.1.0 (vscode 1.100.0)`. */
  userAgent: string;
  /** Per attempt, covering the answer's body too. Default 30000. */
  timeoutMs?: number;
  /** Retries of GET on network failure and 502/503/504. Default 2. */
  maxRetries?: number;
  /** Base of the exponential backoff (with jitter). Default 300 ms. */
  retryBaseDelayMs?: number;
  /** Upper bound of one backoff delay. Default 3000 ms. */
  retryMaxDelayMs?: number;
  /** A rate-limit state to update (share one between clients of the same user); a new one by default. */
  rateLimit?: RateLimitState;
  /** Called after every attempt (not for shared or refused requests). */
  onRequest?: (e: RequestEvent) => void;
  /** Called for every item of an answer left out because it lacks what the code needs (redacted). */
  onItemProblem?: (problem: ItemProblem, request: { method: string; path: string }) => void;
}

export interface CallOptions {
  /** Cancels this call (CancelledError). A GET shared with other callers is aborted only when all have left. */
  signal?: AbortSignal;
}

interface RawAnswer {
  status: number;
  headers: HeaderSource;
  text: string;
}

/** The abort of one request, across its attempts. */
interface Abort {
  /** Its signal goes to every attempt's fetch; aborted on timeout, or when every caller has left. */
  controller: AbortController;
  /** Set by the attempt in progress: rejects it at once, even with a fetch that ignores the signal while reading the body. */
  onAbort: (() => void) | undefined;
}

/** One request's fixed parts, for each of its attempts. */
interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  ctx: { method: string; path: string };
  secrets: string[];
  abort: Abort;
}

interface Shared {
  promise: Promise<RawAnswer>;
  abort: Abort;
  callers: number;
  settled: boolean;
}

/** Aborts the request's fetch (through the signal) and its attempt in progress (directly). */
function abortRequest(a: Abort): void {
  a.controller.abort();
  a.onAbort?.();
}

interface RequestSpec<T> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Query;
  body?: unknown;
  /** Values of the body to redact in errors and logs beyond the token. */
  secrets?: string[];
  /** Turns the parsed JSON into the result (validation); undefined: no body expected. */
  parse?: (json: unknown, at: string) => T;
  signal?: AbortSignal;
}

const RETRY_STATUSES = new Set([502, 503, 504]);
/** Error codes meaning the connection was never made, so the request never reached the server. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export class ApiClient {
  readonly baseUrl: string;
  readonly rateLimit: RateLimitState;
  private readonly opts: Required<Omit<ClientOptions, 'onRequest' | 'rateLimit' | 'onItemProblem'>> & Pick<ClientOptions, 'onRequest'>;
  private readonly inflight = new Map<string, Shared>();
  private readonly onItemProblem: ClientOptions['onItemProblem'];

  constructor(opts: ClientOptions) {
    this.onItemProblem = opts.onItemProblem;
    // Checked again here, so that no client can send a token in clear text to a remote host.
    this.baseUrl = resolveBaseUrl({ apiUrl: opts.baseUrl });
    this.rateLimit = opts.rateLimit ?? new RateLimitState();
    this.opts = {
      baseUrl: this.baseUrl,
      getToken: opts.getToken,
      fetch: opts.fetch,
      userAgent: opts.userAgent,
      timeoutMs: opts.timeoutMs ?? 30_000,
      maxRetries: Math.max(0, Math.min(opts.maxRetries ?? 2, 5)),
      retryBaseDelayMs: opts.retryBaseDelayMs ?? 300,
      retryMaxDelayMs: opts.retryMaxDelayMs ?? 3000,
      onRequest: opts.onRequest,
    };
  }

  // -------------------------------------------------------------------------------------------
  // User and token

  /** GET /user (scope USER_INFO). */
  getUser(o: CallOptions = {}): Promise<User> {
    return this.request({ method: 'GET', path: '/user', parse: validators.user, signal: o.signal });
  }

  /** GET /user/token: the token's name, expiry and scopes (no scope needed). */
  getTokenInfo(o: CallOptions = {}): Promise<TokenInfo> {
    return this.request({ method: 'GET', path: '/user/token', parse: validators.tokenInfo, signal: o.signal });
  }

  // -------------------------------------------------------------------------------------------
  // Workspaces, projects, pipelines, actions

  /** GET /workspaces (one page). */
  listWorkspaces(q: PageQuery = {}, o: CallOptions = {}): Promise<Workspace[]> {
    return this.request({ method: 'GET', path: '/workspaces', query: pageQuery(q), parse: validators.workspaces, signal: o.signal });
  }

  /** GET /workspaces/:workspace/projects (one page). */
  listProjects(ws: string, q: ProjectQuery = {}, o: CallOptions = {}): Promise<ProjectRef[]> {
    return this.request({
      method: 'GET',
      path: `/workspaces/${segment(ws)}/projects`,
      query: { ...pageQuery(q), status: q.status },
      parse: validators.projects,
      signal: o.signal,
    });
  }

  /** GET /workspaces/:workspace/projects/:project_name. */
  getProject(ws: string, name: string, o: CallOptions = {}): Promise<Project> {
    return this.request({ method: 'GET', path: `/workspaces/${segment(ws)}/projects/${segment(name)}`, parse: validators.project, signal: o.signal });
  }

  /** POST /workspaces/:workspace/projects; `name` is derived from display_name by the server when omitted. */
  createProject(ws: string, p: ProjectCreate, o: CallOptions = {}): Promise<Project> {
    return this.request({ method: 'POST', path: `/workspaces/${segment(ws)}/projects`, body: projectBody(p), parse: validators.project, signal: o.signal });
  }

  /** GET /workspaces/:workspace/projects/:project_name/pipelines (one page). */
  listPipelines(ws: string, project: string, q: PageQuery = {}, o: CallOptions = {}): Promise<Pipeline[]> {
    return this.request({
      method: 'GET',
      path: `/workspaces/${segment(ws)}/projects/${segment(project)}/pipelines`,
      query: pageQuery(q),
      parse: validators.pipelines,
      signal: o.signal,
    });
  }

  /** GET /workspaces/:workspace/projects/:project_name/pipelines/:pipeline_id/actions (one page). */
  listActions(ws: string, project: string, pipelineId: number, q: PageQuery = {}, o: CallOptions = {}): Promise<Action[]> {
    return this.request({
      method: 'GET',
      path: `/workspaces/${segment(ws)}/projects/${segment(project)}/pipelines/${idSegment(pipelineId, 'pipelineId')}/actions`,
      query: pageQuery(q),
      parse: validators.actions,
      signal: o.signal,
    });
  }

  // -------------------------------------------------------------------------------------------
  // Targets

  /** GET /workspaces/:workspace/targets (one page of summaries), optionally filtered. */
  listTargets(ws: string, q: TargetQuery = {}, o: CallOptions = {}): Promise<TargetSummary[]> {
    return this.request({
      method: 'GET',
      path: `/workspaces/${segment(ws)}/targets`,
      query: { ...pageQuery(q), projectName: q.projectName, pipelineId: q.pipelineId },
      parse: validators.targets,
      signal: o.signal,
    });
  }

  /** GET /workspaces/:workspace/targets/:target_id; `targetId` is the target's `id` (e.g. `tg-8f2c`), not its identifier. */
  getTarget(ws: string, targetId: string, o: CallOptions = {}): Promise<Target> {
    return this.request({ method: 'GET', path: `/workspaces/${segment(ws)}/targets/${segment(targetId)}`, parse: validators.target, signal: o.signal });
  }

  /** POST allow-pipeline (scope TARGET_MANAGE); answers the full target. 881 → AccessDeniedError.isTargetPermission. */
  allowPipeline(ws: string, targetId: string, req: AllowPipelineRequest, o: CallOptions = {}): Promise<Target> {
    return this.request({
      method: 'POST',
      path: `/workspaces/${segment(ws)}/targets/${segment(targetId)}/allow-pipeline`,
      body: { project: req.project, pipeline: req.pipeline },
      parse: validators.target,
      signal: o.signal,
    });
  }

  // -------------------------------------------------------------------------------------------
  // Commits

  /** GET …/repository/commits (one page of summaries, newest first); since/until sent in UTC. */
  listCommits(ws: string, project: string, q: CommitQuery = {}, o: CallOptions = {}): Promise<CommitSummary[]> {
    return this.request({
      method: 'GET',
      path: `/workspaces/${segment(ws)}/projects/${segment(project)}/repository/commits`,
      query: {
        since: q.since !== undefined ? dateParam(q.since, 'since') : undefined,
        until: q.until !== undefined ? dateParam(q.until, 'until') : undefined,
        ...pageQuery(q),
      },
      parse: validators.commits,
      signal: o.signal,
    });
  }

  /** GET …/repository/commits/:revision: the full commit with stats, files, parents. */
  getCommit(ws: string, project: string, revision: string, o: CallOptions = {}): Promise<Commit> {
    return this.request({
      method: 'GET',
      path: `/workspaces/${segment(ws)}/projects/${segment(project)}/repository/commits/${segment(revision)}`,
      parse: validators.commit,
      signal: o.signal,
    });
  }

  // -------------------------------------------------------------------------------------------
  // Variables

  /** POST /workspaces/:workspace/variables, scope and kind from the typed request. */
  createVariable<V extends VariableCreate>(ws: string, v: V, o: CallOptions = {}): Promise<VariableAnswerFor<V>> {
    return this.request({
      method: 'POST',
      path: `/workspaces/${segment(ws)}/variables`,
      body: variableBody(v),
      secrets: valueSecrets(v.value),
      parse: validators.variable,
      signal: o.signal,
    }) as Promise<VariableAnswerFor<V>>;
  }

  /** GET /workspaces/:workspace/variables (one page): workspace scope, or the one scope of the filter. */
  listVariables(ws: string, filter: VariableFilter & PageQuery = {}, o: CallOptions = {}): Promise<Variable[]> {
    return this.request({
      method: 'GET',
      path: `/workspaces/${segment(ws)}/variables`,
      query: { project_name: filter.projectName, pipeline_id: filter.pipelineId, action_id: filter.actionId, ...pageQuery(filter) },
      parse: validators.variables,
      signal: o.signal,
    });
  }

  /** GET /workspaces/:workspace/variables/:variable_id: one variable (the same fields as in the list). */
  getVariable(ws: string, id: number, o: CallOptions = {}): Promise<Variable> {
    return this.request({ method: 'GET', path: `/workspaces/${segment(ws)}/variables/${idSegment(id, 'id')}`, parse: validators.variable, signal: o.signal });
  }

  /**
   * PATCH /workspaces/:workspace/variables/:variable_id: changes the fields given (`key` required:
   * the current one keeps it); answers the changed variable. Scope and type never change.
   */
  updateVariable(ws: string, id: number, change: VariableUpdate, o: CallOptions = {}): Promise<Variable> {
    return this.request({
      method: 'PATCH',
      path: `/workspaces/${segment(ws)}/variables/${idSegment(id, 'id')}`,
      body: variableUpdateBody(change),
      secrets: valueSecrets(change.value),
      parse: validators.variable,
      signal: o.signal,
    });
  }

  /** DELETE /workspaces/:workspace/variables/:variable_id (204). */
  async deleteVariable(ws: string, id: number, o: CallOptions = {}): Promise<void> {
    await this.request<undefined>({ method: 'DELETE', path: `/workspaces/${segment(ws)}/variables/${idSegment(id, 'id')}`, signal: o.signal });
  }

  // -------------------------------------------------------------------------------------------
  // Paging

  /**
   * Async iteration over the pages (an array per page) of any list method, from `startPage`. The
   * list ends at a page shorter or longer than `perPage`, or one that brings nothing new (a server
   * that ignores `page`); an item seen before is never yielded again (see paging.ts). An empty page
   * is yielded only when it is the first.
   * Example: `for await (const page of client.pages((q) => client.listCommits(ws, p, { ...q, since }), 50))`.
   */
  pages<T>(list: (q: Required<PageQuery>) => Promise<T[]>, perPage = 20, startPage = 1): AsyncIterable<T[]> {
    return listPages(list, perPage, startPage);
  }

  /** Async iteration over the items of every page; see pages(). */
  items<T>(list: (q: Required<PageQuery>) => Promise<T[]>, perPage = 20, startPage = 1): AsyncIterable<T> {
    return listItems(list, perPage, startPage);
  }

  // -------------------------------------------------------------------------------------------
  // The request machinery

  private async request<T>(spec: RequestSpec<T>): Promise<T> {
    const pathWithQuery = spec.path + queryString(spec.query);
    const ctx = { method: spec.method, path: pathWithQuery };
    if (spec.signal?.aborted) {
      throw new CancelledError('The request was cancelled.', ctx);
    }
    let token: string | undefined;
    let awaited = false;
    try {
      const got = this.opts.getToken();
      // Awaited only when it is a promise: a token at hand costs no extra turn.
      if (typeof got === 'string' || got === undefined) {
        token = got;
      } else {
        awaited = true;
        token = await got;
      }
    } catch (e) {
      throw new UnauthorizedError('Could not read the access token.', { ...ctx, cause: redactError(e) });
    }
    // Aborted while the token was read: no request (an abort listener added later would never fire).
    if (awaited && spec.signal?.aborted) {
      throw new CancelledError('The request was cancelled.', ctx);
    }
    if (!token) {
      throw new UnauthorizedError('Not signed in: there is no access token.', ctx);
    }
    const secrets = spec.secrets && spec.secrets.length > 0 ? [token, ...spec.secrets] : [token];
    this.failIfRateLimited(ctx);

    const url = this.baseUrl + pathWithQuery;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      'User-Agent': this.opts.userAgent,
    };
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['Content-Type'] = 'application/json';
    }

    const method = spec.method;
    const raw = await this.shared(method === 'GET' ? `${url}\n${token}` : undefined, spec.signal, ctx, (abort) =>
      this.once({ method, url, headers, body, ctx, secrets, abort }, 0),
    );
    return this.interpret(raw, spec, ctx, secrets);
  }

  /** Throws RateLimitError without a request while the known remaining count is 0 before the reset. */
  private failIfRateLimited(ctx: { method: string; path: string }): void {
    if (this.rateLimit.isExhausted()) {
      const resetAt = this.rateLimit.resetAt;
      throw new RateLimitError(`Rate limit reached; it resets at ${resetAt?.toISOString()}. The request was not sent.`, {
        ...ctx,
        resetAt,
        failedFast: true,
      });
    }
  }

  /**
   * Runs `run` once per key among concurrent callers (GET), or once for this caller (key undefined).
   * A caller's abort rejects that caller at once; the request itself is aborted when no caller is left.
   */
  private shared(
    key: string | undefined,
    signal: AbortSignal | undefined,
    ctx: { method: string; path: string },
    run: (abort: Abort) => Promise<RawAnswer>,
  ): Promise<RawAnswer> {
    let entry = key !== undefined ? this.inflight.get(key) : undefined;
    if (!entry) {
      const abort: Abort = { controller: new AbortController(), onAbort: undefined };
      const created: Shared = { promise: undefined as unknown as Promise<RawAnswer>, abort, callers: 0, settled: false };
      const settle = () => {
        created.settled = true;
        if (key !== undefined && this.inflight.get(key) === created) {
          this.inflight.delete(key);
        }
      };
      created.promise = run(abort);
      // Registered before any caller's: settled (and out of the map) before a caller resumes. It
      // also handles the rejection when every caller has left.
      void created.promise.then(settle, settle);
      if (key !== undefined) {
        this.inflight.set(key, created);
      }
      entry = created;
    }
    const e = entry;
    e.callers++;
    if (!signal) {
      return e.promise;
    }
    return new Promise<RawAnswer>((resolve, reject) => {
      let left = false;
      const onAbort = () => {
        if (left) {
          return;
        }
        left = true;
        e.callers--;
        if (e.callers <= 0 && !e.settled) {
          if (key !== undefined && this.inflight.get(key) === e) {
            this.inflight.delete(key);
          }
          abortRequest(e.abort);
        }
        reject(new CancelledError('The request was cancelled.', ctx));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      e.promise.then(
        (v) => {
          signal.removeEventListener('abort', onAbort);
          if (!left) {
            left = true;
            resolve(v);
          }
        },
        (err) => {
          signal.removeEventListener('abort', onAbort);
          if (!left) {
            left = true;
            reject(err);
          }
        },
      );
    });
  }

  /** After a failed attempt (`headers` of its answer, if any): the backoff, then the next attempt. */
  private async retry(call: Call, attempt: number, headers: HeaderSource | undefined): Promise<RawAnswer> {
    await this.backoff(attempt, headers, call.abort.controller.signal, call.ctx);
    this.failIfRateLimited(call.ctx);
    return this.once(call, attempt + 1);
  }

  private async backoff(attempt: number, headers: HeaderSource | undefined, signal: AbortSignal, ctx: { method: string; path: string }): Promise<void> {
    const { retryBaseDelayMs: base, retryMaxDelayMs: max } = this.opts;
    let delay = Math.min(max, base * 2 ** attempt);
    delay = delay / 2 + Math.random() * (delay / 2);
    const retryAfter = Number(headers?.get('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter > 0) {
      delay = Math.max(delay, Math.min(max, retryAfter * 1000));
    }
    await new Promise<void>((resolve, reject) => {
      if (signal.aborted) {
        reject(new CancelledError('The request was cancelled.', ctx));
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(new CancelledError('The request was cancelled.', ctx));
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, delay);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * One attempt: fetch and read the whole body, under the timeout and the request's abort. Settles
   * at once on timeout or abort, even with a fetch that ignores the signal (for the answer or its
   * body): the abort calls this attempt's hook directly, so no race and no listener per attempt.
   * Retries (with their backoff) are chained from here: GET on network failure and 502/503/504,
   * others only when never connected.
   */
  private once(call: Call, attempt: number): Promise<RawAnswer> {
    const { method, url, headers, body, ctx, secrets, abort } = call;
    const started = Date.now();
    const timeoutMs = this.opts.timeoutMs;
    const signal = abort.controller.signal;
    return new Promise<RawAnswer>((resolve, reject) => {
      let status: number | undefined;
      let timedOut = false;
      let done = false;
      /** Ends this attempt (timer and abort hook released); false when it had already ended. */
      const settle = (): boolean => {
        if (done) {
          return false;
        }
        done = true;
        clearTimeout(timer);
        if (abort.onAbort === onAbort) {
          abort.onAbort = undefined;
        }
        return true;
      };
      const fail = (e: unknown): void => {
        if (!settle()) {
          return;
        }
        let err: ApiError;
        if (e instanceof ApiError && !timedOut && !signal.aborted) {
          // Refused by the transport itself (a redirect, a body past the cap): final, never retried.
          this.emit(ctx, status, started, attempt, e.message);
          reject(e);
          return;
        }
        if (timedOut) {
          err = new TimeoutError(`No complete answer within ${Math.round(timeoutMs / 100) / 10} s.`, { ...ctx, status, timeoutMs });
        } else if (signal.aborted) {
          err = new CancelledError('The request was cancelled.', { ...ctx, status });
        } else {
          const code = systemErrorCode(e);
          const what = status !== undefined ? `The answer (${status}) was cut short` : 'Could not reach the server';
          err = new NetworkError(`${what}${code ? ` (${code})` : ''}: ${redact(messageOf(e), secrets)}`, {
            ...ctx,
            status,
            errorCode: code,
            cause: redactError(e, secrets),
          });
        }
        this.emit(ctx, status, started, attempt, err.message);
        const retryable =
          err instanceof NetworkError && (method === 'GET' || (err.errorCode !== undefined && NEVER_CONNECTED.has(err.errorCode)));
        if (retryable && attempt < this.opts.maxRetries) {
          resolve(this.retry(call, attempt, undefined));
        } else {
          reject(err);
        }
      };
      const onAbort = (): void => fail(new Error('aborted'));
      const timer = setTimeout(() => {
        timedOut = true;
        abortRequest(abort);
      }, timeoutMs);
      if (signal.aborted) {
        fail(new Error('aborted'));
        return;
      }
      abort.onAbort = onAbort;
      let answer: ReturnType<FetchLike>;
      try {
        answer = this.opts.fetch(url, { method, headers, body, signal, redirect: 'manual' });
      } catch (e) {
        fail(e);
        return;
      }
      answer.then((res) => {
        if (done) {
          return;
        }
        status = res.status;
        let text: Promise<string>;
        try {
          this.rateLimit.updateFromHeaders(res.headers);
          if (res.status >= 300 && res.status < 400) {
            void discardBody(res);
            fail(redirectError(res.status, res.headers.get('location'), this.baseUrl, { ...ctx, status }, secrets));
            return;
          }
          text = readBoundedText(res, MAX_BODY_BYTES, this.baseUrl, { ...ctx, status });
        } catch (e) {
          fail(e);
          return;
        }
        text.then((t) => {
          if (!settle()) {
            return;
          }
          this.emit(ctx, status, started, attempt, undefined);
          if (method === 'GET' && attempt < this.opts.maxRetries && RETRY_STATUSES.has(res.status)) {
            resolve(this.retry(call, attempt, res.headers));
          } else {
            resolve({ status: res.status, headers: res.headers, text: t });
          }
        }, fail);
      }, fail);
    });
  }

  private emit(ctx: { method: string; path: string }, status: number | undefined, started: number, attempt: number, error: string | undefined): void {
    const onRequest = this.opts.onRequest;
    if (!onRequest) {
      return;
    }
    const e: RequestEvent = { method: ctx.method, path: ctx.path, status, durationMs: Date.now() - started, attempt };
    if (error !== undefined) {
      e.error = error;
    }
    try {
      onRequest(e);
    } catch {
      // A logger's failure must not break a request.
    }
  }

  /** Turns an answer into the result or the typed error. */
  private interpret<T>(raw: RawAnswer, spec: RequestSpec<T>, ctx: { method: string; path: string }, secrets: string[]): T {
    const { status, text } = raw;
    if (status >= 200 && status < 300) {
      if (!spec.parse) {
        return undefined as T;
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new UnexpectedResponseError(
          `The server at ${this.baseUrl} answered ${status} with something that is not the API's JSON: ${excerpt(text, 120, secrets) || '(empty body)'}`,
          { ...ctx, status, excerpt: excerpt(text, 200, secrets) },
        );
      }
      try {
        const value = spec.parse(json, '');
        this.reportProblems(value, ctx, secrets);
        return value;
      } catch (e) {
        if (e instanceof ShapeError) {
          const got = excerpt(safeJson(redactValue(e.got, secrets)), 80, secrets);
          throw new UnexpectedResponseError(`The answer does not have the API's shape: ${e.message}.`, {
            ...ctx,
            status,
            excerpt: `${e.at}: ${got}`,
          });
        }
        throw e;
      }
    }
    throw this.errorFor(raw, ctx, secrets);
  }

  /** Finishes (redacts) the records of left-out items and hands each to onItemProblem. */
  private reportProblems(value: unknown, ctx: { method: string; path: string }, secrets: string[]): void {
    const problems = finishProblems(value, secrets);
    if (problems.length === 0 || !this.onItemProblem) {
      return;
    }
    for (const p of problems) {
      try {
        this.onItemProblem(p, ctx);
      } catch {
        // A logger's failure must not break a request.
      }
    }
  }

  private errorFor(raw: RawAnswer, ctx: { method: string; path: string }, secrets: string[]): ApiError {
    const { status, text, headers } = raw;
    const parsed = parseErrorBody(text);
    const base = { ...ctx, status };
    if (!parsed) {
      const ex = excerpt(text, 200, secrets);
      if (status >= 500) {
        return new ServerError(`The server failed (${status}).`, { ...base, excerpt: ex });
      }
      if (status === 401) {
        return new UnauthorizedError('The access token was refused (401).', base);
      }
      return new UnexpectedResponseError(
        `The server at ${this.baseUrl} answered ${status} with something that is not the API: ${excerpt(text, 120, secrets) || '(empty body)'}`,
        { ...base, excerpt: ex },
      );
    }
    const messages = parsed.messages.map((m) => redact(m, secrets));
    const code = parsed.code;
    const init = { ...base, messages, code };
    const first = messages[0] ?? `HTTP ${status}`;
    const all = messages.length > 0 ? messages.join(' ') : first;
    let m: RegExpExecArray | null;
    if (code === ErrorCode.TargetAccessDenied || code === ErrorCode.PipelineNotAllowed) {
      return new AccessDeniedError(all, init);
    }
    if (status === 401) {
      return new UnauthorizedError(all, init);
    }
    if (messages.some((x) => /API is disabled/i.test(x))) {
      return new ApiDisabledError(all, init);
    }
    if (status === 429 || messages.some((x) => /rate limit exceeded/i.test(x))) {
      // The state read this answer's headers already, with a far-future reset bounded to the window.
      const reset = Number(headers.get('x-rate-limit-reset'));
      const resetAt = this.rateLimit.resetAt ?? (Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : undefined);
      return new RateLimitError(all, { ...init, resetAt });
    }
    if ((m = firstMatch(messages, /Token has no scope ([A-Z_]+)/i))) {
      return new MissingScopeError(all, { ...init, scope: m[1] });
    }
    if (status === 403) {
      return new AccessDeniedError(all, init);
    }
    if (status === 404) {
      m = firstMatch(messages, /^(.+?) not found\.?$/i);
      return new NotFoundError(all, { ...init, resource: m?.[1] });
    }
    if (status >= 500) {
      return new ServerError(all, init);
    }
    if (status >= 400) {
      m = firstMatch(messages, /Value of '([^']+)'/i);
      const param = m?.[1] ?? (firstMatch(messages, /with key '[^']*' already exists/i) ? 'key' : undefined);
      return new ValidationError(all, { ...init, param });
    }
    return new ApiError(all, init);
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

interface ParsedErrorBody {
  messages: string[];
  code: number | undefined;
}

/** Reads `{errors: [{message, code?}]}` (also `<code>=<message>`); undefined when the body is not that. */
export function parseErrorBody(text: string): ParsedErrorBody | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!json || typeof json !== 'object') {
    return undefined;
  }
  const o = json as { errors?: unknown; message?: unknown; code?: unknown };
  const entries: { message?: unknown; code?: unknown }[] = [];
  if (Array.isArray(o.errors)) {
    for (const e of o.errors) {
      entries.push(typeof e === 'string' ? { message: e } : e && typeof e === 'object' ? (e as { message?: unknown }) : {});
    }
  } else if (typeof o.message === 'string') {
    entries.push({ message: o.message, code: o.code });
  } else {
    return undefined;
  }
  const messages: string[] = [];
  let code: number | undefined;
  for (const e of entries) {
    let msg = typeof e.message === 'string' ? e.message : '';
    const c = /^\s*(\d+)\s*=\s*([\s\S]*)$/.exec(msg);
    if (c) {
      code ??= Number(c[1]);
      msg = c[2];
    }
    if (code === undefined && e.code !== undefined && e.code !== null && /^\d+$/.test(String(e.code))) {
      code = Number(e.code);
    }
    if (msg) {
      messages.push(msg);
    }
  }
  return { messages, code };
}

function firstMatch(messages: readonly string[], re: RegExp): RegExpExecArray | null {
  for (const m of messages) {
    const r = re.exec(m);
    if (r) {
      return r;
    }
  }
  return null;
}

function messageOf(e: unknown): string {
  if (e instanceof Error) {
    const cause = (e as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message && cause.message !== e.message ? `${e.message}: ${cause.message}` : e.message;
  }
  return String(e);
}

/** ECONNREFUSED and the like, from node-fetch (`code`) or undici (`cause.code`, AggregateError). */
function systemErrorCode(e: unknown, depth = 0): string | undefined {
  if (!e || typeof e !== 'object' || depth > 4) {
    return undefined;
  }
  const o = e as { code?: unknown; cause?: unknown; errors?: unknown; type?: unknown };
  if (typeof o.code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(o.code) && o.code !== 'ERR_NON_2XX_3XX_RESPONSE') {
    return o.code;
  }
  const fromCause = systemErrorCode(o.cause, depth + 1);
  if (fromCause) {
    return fromCause;
  }
  if (Array.isArray(o.errors)) {
    for (const x of o.errors) {
      const c = systemErrorCode(x, depth + 1);
      if (c) {
        return c;
      }
    }
  }
  return undefined;
}

/** A plain Error with a redacted message, to keep as `cause` without leaking secrets. */
function redactError(e: unknown, secrets: string[] = []): Error {
  const err = new Error(redact(messageOf(e), secrets));
  err.name = e instanceof Error ? e.name : 'Error';
  return err;
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
