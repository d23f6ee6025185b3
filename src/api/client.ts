// The API client: every endpoint of the specification and of conventions.md, typed, with typed
// errors and the observable rate-limit state. The request machinery (timeouts, cancellation,
// retries, sharing of identical GETs in flight) is transport.ts; reading answers into models or
// typed errors is responses.ts; paths, queries and bodies are wire.ts; page iteration is
// paging.ts. No editor dependency: token, base address and fetch are passed in.
import { resolveBaseUrl } from './baseUrl';
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
import { listItems, listPages } from './paging';
import { encodeDefinition, readDefinition, readYamlResult, type PipelineDefinition, type PipelineYamlResult } from './pipelineYaml';
import { RateLimitState } from './rateLimit';
import { ResponseReader, type ItemProblemListener, type ParseAnswer } from './responses';
import { Transport, type OutgoingRequest, type TransportOptions } from './transport';
import type { ActionExecution, Execution, ExecutionLog, ExecutionOperation, ExecutionQuery, ExecutionSummary, LogQuery, RunRequest, RunVariable } from './runs';
import { validators } from './validate';
import {
  dateParam,
  executionPatchBody,
  idSegment,
  logQuery,
  pageQuery,
  projectBody,
  queryString,
  runBody,
  runSecrets,
  segment,
  valueSecrets,
  variableBody,
  variableUpdateBody,
  type Query,
} from './wire';

export interface ClientOptions extends TransportOptions {
  /** From resolveBaseUrl(); checked again (ConfigurationError from the constructor); a trailing slash is removed. */
  baseUrl: string;
  /** A rate-limit state to update (share one between clients of the same user); a new one by default. */
  rateLimit?: RateLimitState;
  /** Called for every item of an answer left out because it lacks what the code needs (redacted). */
  onItemProblem?: ItemProblemListener;
}

export interface CallOptions {
  /** Cancels this call (CancelledError). A GET shared with other callers is aborted only when all have left. */
  signal?: AbortSignal;
}

/** An endpoint's request: here `path` has no query string, `query` gives it. */
interface RequestSpec<T> extends OutgoingRequest {
  query?: Query;
  /** Turns the parsed JSON into the result (validation); undefined: no body expected. */
  parse?: ParseAnswer<T>;
}

export class ApiClient {
  readonly baseUrl: string;
  readonly rateLimit: RateLimitState;
  private readonly transport: Transport;
  private readonly responses: ResponseReader;

  constructor(opts: ClientOptions) {
    // Checked again here, so that no client can send a token in clear text to a remote host.
    this.baseUrl = resolveBaseUrl({ apiUrl: opts.baseUrl });
    this.rateLimit = opts.rateLimit ?? new RateLimitState();
    this.transport = new Transport(this.baseUrl, this.rateLimit, opts);
    this.responses = new ResponseReader(this.baseUrl, this.rateLimit, opts.onItemProblem);
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

  /** GET …/pipelines/:pipeline_id?yaml=true: the pipeline's definition, decoded (bounded: pipelineYaml.ts). */
  getPipelineYaml(ws: string, project: string, pipelineId: number, o: CallOptions = {}): Promise<PipelineDefinition> {
    return this.request({ method: 'GET', path: pipelinePath(ws, project, pipelineId), query: { yaml: 'true' }, parse: readDefinition, signal: o.signal });
  }

  /** GET …/pipelines?yaml=true: every pipeline of the project in one definition. */
  getProjectYaml(ws: string, project: string, o: CallOptions = {}): Promise<PipelineDefinition> {
    return this.request({ method: 'GET', path: `/workspaces/${segment(ws)}/projects/${segment(project)}/pipelines`, query: { yaml: 'true' }, parse: readDefinition, signal: o.signal });
  }

  /** PATCH …/pipelines/:pipeline_id/yaml: replaces the definition the service keeps (refused for one kept in Git). */
  updatePipelineYaml(ws: string, project: string, pipelineId: number, text: string, o: CallOptions = {}): Promise<PipelineYamlResult> {
    const body = { yaml: encodeDefinition(text) };
    return this.request({ method: 'PATCH', path: `${pipelinePath(ws, project, pipelineId)}/yaml`, body, parse: readYamlResult, signal: o.signal });
  }

  /** POST …/pipelines/yaml: a new pipeline from a definition. */
  createPipelineYaml(ws: string, project: string, text: string, o: CallOptions = {}): Promise<PipelineYamlResult> {
    const body = { yaml: encodeDefinition(text) };
    return this.request({ method: 'POST', path: `/workspaces/${segment(ws)}/projects/${segment(project)}/pipelines/yaml`, body, parse: readYamlResult, signal: o.signal });
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
  // Runs (pipeline executions): read with EXECUTION_INFO or PIPELINE_READ, started and changed
  // with EXECUTION_RUN or PIPELINE_RUN, logs with EXECUTION_INFO

  /** GET …/pipelines/:pipeline_id/executions (one page, newest first); listTotals() gives the envelope's counts. */
  listExecutions(ws: string, project: string, pipelineId: number, q: ExecutionQuery = {}, o: CallOptions = {}): Promise<ExecutionSummary[]> {
    return this.request({ method: 'GET', path: runsPath(ws, project, pipelineId), query: pageQuery(q), parse: validators.executions, signal: o.signal });
  }

  /** GET …/executions/:execution_id: the run with its action executions. */
  getExecution(ws: string, project: string, pipelineId: number, executionId: number, o: CallOptions = {}): Promise<Execution> {
    return this.request({ method: 'GET', path: runPath(ws, project, pipelineId, executionId), parse: validators.execution, signal: o.signal });
  }

  /** GET …/executions/:execution_id/action_executions/:action_execution_id (the id is a string, 24 hex digits on the real service). */
  getActionExecution(ws: string, project: string, pipelineId: number, executionId: number, actionExecutionId: string, o: CallOptions = {}): Promise<ActionExecution> {
    return this.request({
      method: 'GET',
      path: `${runPath(ws, project, pipelineId, executionId)}/action_executions/${segment(actionExecutionId)}`,
      parse: validators.actionExecution,
      signal: o.signal,
    });
  }

  /** GET …/action_executions/:action_execution_id/logs: lines from `offset` (default 0), at most `limit` (1–1000, default 100). */
  getLogs(ws: string, project: string, pipelineId: number, executionId: number, actionExecutionId: string, q: LogQuery = {}, o: CallOptions = {}): Promise<ExecutionLog> {
    const query = logQuery(q);
    return this.request({
      method: 'GET',
      path: `${runPath(ws, project, pipelineId, executionId)}/action_executions/${segment(actionExecutionId)}/logs`,
      query,
      // An answer without its offset is the page that was asked for.
      parse: (json, at) => {
        const log = validators.executionLog(json, at);
        log.offset ??= q.offset ?? 0;
        return log;
      },
      signal: o.signal,
    });
  }

  /** POST …/executions: starts a run (answers it, ENQUEUED or INITIAL when delayed). Encrypted variables' values are redacted from errors and logs. */
  runPipeline(ws: string, project: string, pipelineId: number, r: RunRequest = {}, o: CallOptions = {}): Promise<Execution> {
    return this.request({
      method: 'POST',
      path: runsPath(ws, project, pipelineId),
      body: runBody(r),
      secrets: runSecrets(r.variables),
      parse: validators.execution,
      signal: o.signal,
    });
  }

  /** PATCH …/executions/:execution_id: RETRY, CANCEL, APPLY, APPLY_VARIABLES (with `variables`) or RUN_DELAYED; answers the run. */
  patchExecution(ws: string, project: string, pipelineId: number, executionId: number, operation: ExecutionOperation, variables?: RunVariable[], o: CallOptions = {}): Promise<Execution> {
    return this.request({
      method: 'PATCH',
      path: runPath(ws, project, pipelineId, executionId),
      body: executionPatchBody(operation, variables),
      secrets: runSecrets(variables),
      parse: validators.execution,
      signal: o.signal,
    });
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
  // Sending (transport.ts) and reading the answer (responses.ts)

  /** Sends the request and turns its answer into the result or the typed error. */
  private async request<T>(spec: RequestSpec<T>): Promise<T> {
    const { method, body, secrets, signal } = spec;
    const exchange = await this.transport.send({ method, path: spec.path + queryString(spec.query), body, secrets, signal });
    return this.responses.read(exchange, spec.parse);
  }
}

function pipelinePath(ws: string, project: string, pipelineId: number): string {
  return `/workspaces/${segment(ws)}/projects/${segment(project)}/pipelines/${idSegment(pipelineId, 'pipelineId')}`;
}

function runsPath(ws: string, project: string, pipelineId: number): string {
  return `${pipelinePath(ws, project, pipelineId)}/executions`;
}

function runPath(ws: string, project: string, pipelineId: number, executionId: number): string {
  return `${runsPath(ws, project, pipelineId)}/${idSegment(executionId, 'executionId')}`;
}
