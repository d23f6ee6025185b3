// How runs are written in each dialect. Default: our snake_case (`triggered_on`), whole-second
// dates, the run's number in html_url, and an action's error as `error_message` plus `error_code`.
// Vendor (the real service's shapes, conventions.md "Runs"): `triggeredOn`, dates with
// milliseconds, a hash in html_url, and a coded error written `<code>=<message>`.
import { maskSecret, writeDate } from '../dialect';
import type { Ctx } from '../router';
import type { ActionRun, Run } from '../runs/model';
import type { LineSource } from '../runs/scripts';
import { memberObject, pipelineUrls, projectUrls } from './common';

const date = (ctx: Ctx, ms: number | null, seed: string): string | null => (ms === null ? null : writeDate(ms, ctx.dialect, seed, 3));

export function executionUrls(ctx: Ctx, run: Run): { url: string; html_url: string } {
  const p = pipelineUrls(ctx, run.pipeline);
  return { url: `${p.url}/executions/${run.id}`, html_url: `${p.html_url}/execution/${ctx.dialect === 'vendor' ? run.hash : run.id}` };
}

function revisionObject(ctx: Ctx, run: Run, revision: string | null): Record<string, unknown> | null {
  if (revision === null) {
    return null;
  }
  const project = projectUrls(ctx, run.pipeline.workspace, run.pipeline.project);
  return { url: `${project.url}/repository/commits/${revision}`, html_url: `${project.html_url}/repository/commit/${revision}`, revision };
}

/** An item of the run list: the run without its action executions. */
export function executionSummary(ctx: Ctx, run: Run): Record<string, unknown> {
  const seed = `run ${run.pipeline.id}/${run.id}`;
  const defaultBranch = ctx.store.project(run.pipeline.workspace, run.pipeline.project)?.default_branch ?? null;
  const out: Record<string, unknown> = {
    ...executionUrls(ctx, run),
    id: run.id,
    start_date: date(ctx, run.startDate, `${seed} start`),
    finish_date: date(ctx, run.finishDate, `${seed} finish`),
    priority: run.priority,
    [ctx.dialect === 'vendor' ? 'triggeredOn' : 'triggered_on']: run.triggeredOn,
    refresh: run.refresh,
    clear_cache: run.clearCache,
    status: run.status,
    comment: run.comment,
    branch: run.branch === null ? null : { name: run.branch, default: run.branch === defaultBranch },
    to_revision: revisionObject(ctx, run, run.revision),
    creator: memberObject(ctx, run.pipeline.workspace, run.creatorId),
  };
  if (run.tag !== null) {
    out.tag = { name: run.tag };
  }
  if (run.pullRequest !== null) {
    out.pull_request = { name: run.pullRequest };
  }
  if (run.fromRevision !== null) {
    out.from_revision = revisionObject(ctx, run, run.fromRevision);
  }
  if (run.delayUntil !== null) {
    out.delay_until = date(ctx, run.delayUntil, `${seed} delay`);
  }
  return out;
}

/** One run: the summary and its action executions, in the pipeline's order. */
export function executionObject(ctx: Ctx, run: Run): Record<string, unknown> {
  return { ...executionSummary(ctx, run), action_executions: run.actions.map((a) => actionExecutionSummary(ctx, run, a)) };
}

function actionExecutionUrls(ctx: Ctx, run: Run, a: ActionRun): { url: string; html_url: string } {
  const e = executionUrls(ctx, run);
  return { url: `${e.url}/action_executions/${a.id}`, html_url: ctx.dialect === 'vendor' ? `${e.html_url}/?actionExecutionId=${a.id}` : `${e.html_url}/action/${a.action.id}` };
}

/** The action an action execution ran; a gate adds what it asks. */
function actionRef(ctx: Ctx, run: Run, a: ActionRun): Record<string, unknown> {
  const p = pipelineUrls(ctx, run.pipeline);
  const ref: Record<string, unknown> = { url: `${p.url}/actions/${a.action.id}`, html_url: `${p.html_url}/action/${a.action.id}`, id: a.action.id, name: a.action.name, type: a.action.type };
  const outcome = a.script.outcome;
  if (outcome.kind === 'approve') {
    ref.question = outcome.question;
  } else if (outcome.kind === 'variables') {
    ref.variables = outcome.asks.map((v) => ({ key: v.key, type: 'VAR', description: v.description, defaults: v.defaults, encrypted: v.encrypted === true }));
  }
  return ref;
}

/** An action execution as the run lists it. */
export function actionExecutionSummary(ctx: Ctx, run: Run, a: ActionRun): Record<string, unknown> {
  const seed = `action ${a.id}`;
  const coded = a.errorCode !== null && a.errorMessage !== null;
  return {
    ...actionExecutionUrls(ctx, run, a),
    action_execution_id: a.id,
    status: a.status,
    progress: ctx.store.runs.progress(a),
    start_date: date(ctx, a.start, `${seed} start`),
    finish_date: date(ctx, a.finish, `${seed} finish`),
    error_message: coded && ctx.dialect === 'vendor' ? `${a.errorCode}=${a.errorMessage}` : a.errorMessage,
    ...(ctx.dialect === 'vendor' ? {} : { error_code: a.errorCode }),
    action: actionRef(ctx, run, a),
  };
}

/** GET one action execution: the summary, who let a gate through, and the values it was given. */
export function actionExecutionObject(ctx: Ctx, run: Run, a: ActionRun): Record<string, unknown> {
  return {
    ...actionExecutionSummary(ctx, run, a),
    approver_id: a.approverId,
    approval_date: date(ctx, a.approvalDate, `action ${a.id} approval`),
    passed_variables: a.passedVariables.map((v) => ({ key: v.key, value: v.encrypted ? maskSecret(v.value, ctx.dialect) : v.value })),
  };
}

/** A page of an action execution's log: lines from `offset`, at most `limit`. */
export function logsObject(ctx: Ctx, run: Run, a: ActionRun, log: LineSource, offset: number, limit: number): Record<string, unknown> {
  const urls = actionExecutionUrls(ctx, run, a);
  const end = Math.min(log.length, offset + limit);
  const logs: string[] = [];
  for (let i = offset; i < end; i++) {
    logs.push(log.at(i));
  }
  return { url: `${urls.url}/logs`, html_url: urls.html_url, offset, element_count: logs.length, total_element_count: log.length, logs };
}
