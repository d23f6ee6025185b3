// The API client: every endpoint of the specification and of conventions.md, typed, with typed
// errors and the observable rate-limit state. The request machinery (timeouts, cancellation,
// retries, sharing of identical GETs in flight) is transport.ts; paths, queries and bodies are
// wire.ts; page iteration is paging.ts. No editor dependency: token, base address and fetch are
// passed in.
import { resolveBaseUrl } from './baseUrl';
import {
  AccessDeniedError,
  ApiDisabledError,
  ApiError,
  ErrorCode,
  MissingScopeError,
  NotFoundError,
  RateLimitError,
  ServerError,
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
import { RateLimitState } from './rateLimit';
import { listItems, listPages } from './paging';
import { excerpt, redact, redactValue } from './redact';
import { finishProblems, type ItemProblem } from './tolerant';
import { Transport, type Exchange, type RawAnswer, type RequestContext, type TransportOptions } from './transport';
import { ShapeError, validators } from './validate';
import { dateParam, idSegment, pageQuery, projectBody, queryString, segment, valueSecrets, variableBody, variableUpdateBody, type Query } from './wire';

export interface ClientOptions extends TransportOptions {
  /** From resolveBaseUrl(); checked again (ConfigurationError from the constructor); a trailing slash is removed. */
  baseUrl: string;
  /** A rate-limit state to update (share one between clients of the same user); a new one by default. */
  rateLimit?: RateLimitState;
  /** Called for every item of an answer left out because it lacks what the code needs (redacted). */
  onItemProblem?: (problem: ItemProblem, request: RequestContext) => void;
}

export interface CallOptions {
  /** Cancels this call (CancelledError). A GET shared with other callers is aborted only when all have left. */
  signal?: AbortSignal;
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

export class ApiClient {
  readonly baseUrl: string;
  readonly rateLimit: RateLimitState;
  private readonly transport: Transport;
  private readonly onItemProblem: ClientOptions['onItemProblem'];

  constructor(opts: ClientOptions) {
    this.onItemProblem = opts.onItemProblem;
    // Checked again here, so that no client can send a token in clear text to a remote host.
    this.baseUrl = resolveBaseUrl({ apiUrl: opts.baseUrl });
    this.rateLimit = opts.rateLimit ?? new RateLimitState();
    this.transport = new Transport(this.baseUrl, this.rateLimit, opts);
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

  /** Sends the request and turns its answer into the result or the typed error. */
  private async request<T>(spec: RequestSpec<T>): Promise<T> {
    const { method, body, secrets, signal } = spec;
    const exchange = await this.transport.send({ method, path: spec.path + queryString(spec.query), body, secrets, signal });
    return this.interpret(exchange, spec.parse);
  }

  /** Turns an answer into the result or the typed error. */
  private interpret<T>(exchange: Exchange, parse: RequestSpec<T>['parse']): T {
    const { request: ctx, secrets, answer: raw } = exchange;
    const { status, text } = raw;
    if (status >= 200 && status < 300) {
      if (!parse) {
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
        const value = parse(json, '');
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
  private reportProblems(value: unknown, ctx: RequestContext, secrets: string[]): void {
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

  private errorFor(raw: RawAnswer, ctx: RequestContext, secrets: string[]): ApiError {
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

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
