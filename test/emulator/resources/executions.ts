// Runs of a pipeline (conventions.md, "Runs"): list, start, one run, cancel / retry / approve /
// set variables / run a delayed one, an action execution and its log. The engine (runs/engine.ts)
// plays them out; this module checks requests and writes answers (executionShapes.ts).
import { Body, cannotBeEmpty, invalid, notFound, ok, optionalBoolean, optionalString, pageOf, paging, parseDateParam, queryInt, requiredString } from '../http';
import { Ctx, route, SCOPES } from '../router';
import { OPERATIONS, type Operation, type Run, type RunInput } from '../runs/model';
import type { Pipeline } from '../store';
import { pipelineUrls } from './common';
import { actionExecutionObject, executionObject, executionSummary, logsObject } from './executionShapes';
import { pathPipeline } from './pipelines';

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const REVISION = /^[0-9a-f]{40}$/;
const PRIORITIES = ['LOW', 'NORMAL', 'HIGH'];
/** The most variables one request may set. */
const MAX_VARIABLES = 100;
export const DEFAULT_LOG_LIMIT = 100;
export const MAX_LOG_LIMIT = 1000;

const present = (body: Body, field: string): boolean => body[field] !== undefined && body[field] !== null;

function objectField(body: Body, field: string): Body {
  const v = body[field];
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw invalid(field);
  }
  return v as Body;
}

/** `{revision: <40 hex> | HEAD}` → the commit's revision (HEAD: the newest; null without commits). */
function revisionOf(ctx: Ctx, p: Pipeline, body: Body, field: string): string | null {
  const raw = requiredString(objectField(body, field), 'revision', `${field}.revision`);
  const history = ctx.store.project(p.workspace, p.project)!.history;
  if (raw.toUpperCase() === 'HEAD') {
    return history.length > 0 ? history.at(0).revision : null;
  }
  if (!REVISION.test(raw)) {
    throw invalid(`${field}.revision`);
  }
  if (history.indexOf(raw) < 0) {
    throw notFound('Commit');
  }
  return raw;
}

/** `variables: [{key, value, encrypted?}]`, each key once. */
function variablesOf(body: Body): { key: string; value: string; encrypted: boolean }[] {
  const list = body.variables;
  if (!Array.isArray(list) || list.length > MAX_VARIABLES) {
    throw invalid('variables');
  }
  const seen = new Set<string>();
  return list.map((item: unknown, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw invalid(`variables[${i}]`);
    }
    const v = item as Body;
    const key = requiredString(v, 'key', `variables[${i}].key`);
    if (!KEY.test(key) || seen.has(key)) {
      throw invalid(`variables[${i}].key`);
    }
    seen.add(key);
    if (v.value === undefined || v.value === null) {
      throw cannotBeEmpty(`variables[${i}].value`);
    }
    if (typeof v.value !== 'string') {
      throw invalid(`variables[${i}].value`);
    }
    const encrypted = v.encrypted ?? false;
    if (typeof encrypted !== 'boolean') {
      throw invalid(`variables[${i}].encrypted`);
    }
    return { key, value: v.value, encrypted };
  });
}

/** The body of POST …/executions, every field optional (2025's required `to_revision` is read like the others). */
function runInput(ctx: Ctx, p: Pipeline, body: Body): RunInput {
  const history = ctx.store.project(p.workspace, p.project)!.history;
  const head = history.length > 0 ? history.at(0).revision : null;
  const revision = present(body, 'to_revision') ? revisionOf(ctx, p, body, 'to_revision') : head;
  const fromRevision = present(body, 'from_revision') ? revisionOf(ctx, p, body, 'from_revision') : null;
  // A branch, a tag or a pull request: one of them (the second one sent is invalid).
  const refs = (['branch', 'tag', 'pull_request'] as const).filter((f) => present(body, f));
  if (refs.length > 1) {
    throw invalid(refs[1]);
  }
  const refName = refs.length === 1 ? requiredString(objectField(body, refs[0]), 'name', `${refs[0]}.name`) : null;
  const comment = optionalString(body, 'comment');
  const refresh = optionalBoolean(body, 'refresh');
  const clearCache = optionalBoolean(body, 'clear_cache');
  const priority = optionalString(body, 'priority');
  if (priority !== undefined && !PRIORITIES.includes(priority)) {
    throw invalid('priority');
  }
  const variables = present(body, 'variables') ? variablesOf(body) : [];
  let actionsToRun: number[] | undefined;
  if (present(body, 'actions_to_run')) {
    const ids = body.actions_to_run;
    if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'number' || !Number.isSafeInteger(id))) {
      throw invalid('actions_to_run');
    }
    const own = new Set(ctx.store.actionsOf(p.id).map((a) => a.id));
    if (ids.some((id: number) => !own.has(id))) {
      throw notFound('Action');
    }
    actionsToRun = ids as number[];
  }
  const delay = optionalString(body, 'delay_until');
  const defaultBranch = ctx.store.project(p.workspace, p.project)?.default_branch ?? null;
  return {
    revision,
    fromRevision,
    branch: refs[0] === 'branch' ? refName : refs.length === 0 ? defaultBranch : null,
    tag: refs[0] === 'tag' ? refName : null,
    pullRequest: refs[0] === 'pull_request' ? refName : null,
    comment,
    refresh,
    clearCache,
    priority,
    variables,
    actionsToRun,
    delayUntil: delay === undefined ? null : parseDateParam('delay_until', delay, true),
  };
}

function pathRun(ctx: Ctx): Run {
  const p = pathPipeline(ctx);
  const run = ctx.store.runs.run(p.id, Number(ctx.params.execution_id));
  if (!run) {
    throw notFound('Execution');
  }
  return run;
}

function pathActionExecution(ctx: Ctx): { run: Run; a: Run['actions'][number] } {
  const run = pathRun(ctx);
  const a = run.actions.find((x) => x.id === ctx.params.action_execution_id);
  if (!a) {
    throw notFound('Action execution');
  }
  return { run, a };
}

/** PATCH: the operation, the variables (APPLY_VARIABLES only), the run's state, then the keys its gate asks. */
function patchRun(ctx: Ctx, run: Run, body: Body): void {
  const op = requiredString(body, 'operation');
  if (!(OPERATIONS as readonly string[]).includes(op)) {
    throw invalid('operation');
  }
  const sent = present(body, 'variables');
  if (sent && op !== 'APPLY_VARIABLES') {
    throw invalid('variables');
  }
  if (!sent && op === 'APPLY_VARIABLES') {
    throw cannotBeEmpty('variables');
  }
  const variables = sent ? variablesOf(body) : [];
  const asked = ctx.store.runs.askedVariables(run);
  if (asked) {
    variables.forEach((v, i) => {
      if (!asked.some((a) => a.key === v.key)) {
        throw invalid(`variables[${i}].key`);
      }
    });
    // A value not sent keeps the gate's default.
    variables.push(...asked.filter((a) => !variables.some((v) => v.key === a.key)).map((a) => ({ key: a.key, value: a.defaults, encrypted: false })));
  }
  ctx.store.runs.operate(run, op as Operation, ctx.user.id, variables);
}

const EXECUTIONS = '/workspaces/:workspace/projects/:project_name/pipelines/:pipeline_id#/executions';
const ONE = `${EXECUTIONS}/:execution_id#`;
const ACTION_EXECUTION = `${ONE}/action_executions/:action_execution_id`;

export const executionRoutes = [
  route('GET', EXECUTIONS, SCOPES.executionRead, (ctx) => {
    const p = pathPipeline(ctx);
    const page = paging(ctx.query);
    const runs = ctx.store.runs.runsOf(p.id);
    const items = pageOf(runs, page).map((r) => executionSummary(ctx, r));
    const urls = pipelineUrls(ctx, p);
    return ok({
      url: `${urls.url}/executions`,
      html_url: `${urls.html_url}/executions`,
      page: page.page,
      page_size: page.perPage,
      total_page_count: Math.max(1, Math.ceil(runs.length / page.perPage)),
      element_count: items.length,
      total_element_count: runs.length,
      executions: items,
    });
  }),
  route('POST', EXECUTIONS, SCOPES.executionRun, (ctx) => {
    const p = pathPipeline(ctx);
    const input = runInput(ctx, p, ctx.body());
    return ok(executionObject(ctx, ctx.store.runs.start(p, input, ctx.user.id)));
  }),
  route('GET', ONE, SCOPES.executionRead, (ctx) => ok(executionObject(ctx, pathRun(ctx)))),
  route('PATCH', ONE, SCOPES.executionRun, (ctx) => {
    const run = pathRun(ctx);
    patchRun(ctx, run, ctx.body());
    return ok(executionObject(ctx, run));
  }),
  route('GET', ACTION_EXECUTION, SCOPES.executionRead, (ctx) => {
    const { run, a } = pathActionExecution(ctx);
    return ok(actionExecutionObject(ctx, run, a));
  }),
  route('GET', `${ACTION_EXECUTION}/logs`, SCOPES.executionLogs, (ctx) => {
    const { run, a } = pathActionExecution(ctx);
    const offset = queryInt(ctx.query, 'offset', 0) ?? 0;
    const limit = queryInt(ctx.query, 'limit', 1, MAX_LOG_LIMIT) ?? DEFAULT_LOG_LIMIT;
    return ok(logsObject(ctx, run, a, ctx.store.runs.log(a), offset, limit));
  }),
];
