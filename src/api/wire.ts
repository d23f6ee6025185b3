// What a request puts on the wire: path segments, query strings and JSON bodies, each argument
// checked before anything is sent (a bad one is a ValidationError, not a request the server refuses).
import { formatApiDate } from './dates';
import { ValidationError } from './errors';
import type { PageQuery, ProjectCreate, VariableCreate, VariableUpdate } from './models';
import { checkPage, checkPerPage } from './paging';
import type { ExecutionOperation, LogQuery, RunRequest, RunVariable } from './runs';

/** Query parameters; undefined and '' are left out. */
export type Query = Record<string, string | number | undefined>;

/** A path segment from a name (encoded); an empty one is refused. */
export function segment(s: string): string {
  if (typeof s !== 'string' || s.length === 0) {
    throw new ValidationError('A path parameter is empty.', {});
  }
  return encodeURIComponent(s);
}

/** A path segment from a numeric id; `param` names it in the error. */
export function idSegment(n: number, param: string): string {
  if (!Number.isInteger(n)) {
    throw new ValidationError(`Value of '${param}' is invalid: ${String(n)}.`, { param });
  }
  return String(n);
}

export function pageQuery(q: PageQuery): Query {
  if (q.perPage !== undefined) {
    checkPerPage(q.perPage);
  }
  if (q.page !== undefined) {
    checkPage(q.page);
  }
  return { page: q.page, per_page: q.perPage };
}

/** A date parameter in the API's UTC form; `param` names it in the error. */
export function dateParam(d: Date, param: string): string {
  try {
    return formatApiDate(d);
  } catch {
    throw new ValidationError(`Value of '${param}' is invalid: not a date.`, { param });
  }
}

/** `?a=1&b=x`, or '' when no parameter has a value. */
export function queryString(q: Query | undefined): string {
  if (!q) {
    return '';
  }
  let out = '';
  for (const k of Object.keys(q)) {
    const v = q[k];
    if (v !== undefined && v !== '') {
      out += `${out ? '&' : '?'}${uriComponent(k)}=${uriComponent(String(v))}`;
    }
  }
  return out;
}

/** Exactly the characters encodeURIComponent leaves as they are. */
const URI_UNRESERVED = /^[\w.!~*'()-]*$/;

/** encodeURIComponent, skipped for the usual names and numbers that it would leave unchanged. */
function uriComponent(s: string): string {
  return URI_UNRESERVED.test(s) ? s : encodeURIComponent(s);
}

/** The wire body of a project create: `name` only when given (else the server derives it). */
export function projectBody(p: ProjectCreate): Record<string, string> {
  const body: Record<string, string> = { display_name: p.display_name };
  if (p.name !== undefined) {
    body.name = p.name;
  }
  return body;
}

/** The variable value a body carries, as a secret to redact from errors and logs. */
export function valueSecrets(value: unknown): string[] {
  return typeof value === 'string' && value.length >= 4 ? [value] : [];
}

/** The wire body of a typed variable-create request. */
export function variableBody(v: VariableCreate): Record<string, unknown> {
  const body: Record<string, unknown> = { key: v.key, value: v.value, type: v.type };
  if (v.description !== undefined) {
    body.description = v.description;
  }
  // A private key, and a value its owner calls secret, are stored encrypted: no member reads them back.
  if (v.type === 'SSH_KEY' || (v.type === 'VAR' && v.encrypted === true)) {
    body.encrypted = true;
  }
  if (v.type === 'SSH_KEY' || v.type === 'SSH_PUBLIC_KEY') {
    for (const k of ['file_path', 'file_chmod', 'file_place'] as const) {
      if (v[k] !== undefined) {
        body[k] = v[k];
      }
    }
  }
  switch (v.scope) {
    case 'workspace':
      break;
    case 'project':
      body.project = { name: v.project };
      if (v.settable !== undefined) {
        body.settable = v.settable;
      }
      if (v.run_only_settable !== undefined) {
        body.run_only_settable = v.run_only_settable;
      }
      break;
    case 'pipeline':
      body.pipeline = { id: v.pipelineId };
      break;
    case 'action':
      body.action = { id: v.actionId };
      break;
  }
  return body;
}

/** The wire body of a variable change: `key` and the fields given, nothing else. */
export function variableUpdateBody(change: VariableUpdate): Record<string, unknown> {
  if (typeof change.key !== 'string' || change.key === '') {
    throw new ValidationError("Value of 'key' cannot be empty.", { param: 'key' });
  }
  const body: Record<string, unknown> = { key: change.key };
  for (const k of ['value', 'description', 'settable', 'run_only_settable', 'encrypted', 'file_path', 'file_chmod', 'file_place'] as const) {
    if (change[k] !== undefined) {
      body[k] = change[k];
    }
  }
  return body;
}

// ---------------------------------------------------------------------------------------------
// Runs

/** The most variables one run request sends (a pipeline has a handful of settable ones). */
export const MAX_RUN_VARIABLES = 100;
/** The most log lines one request asks for (the API's own limit). */
export const MAX_LOG_LIMIT = 1000;

function nonEmpty(value: unknown, param: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError(`Value of '${param}' cannot be empty.`, { param });
  }
  return value;
}

/** `[{key, value, encrypted?}]`, checked: keys non-empty and each once, values strings, at most MAX_RUN_VARIABLES. */
function runVariablesBody(variables: readonly RunVariable[]): Record<string, unknown>[] {
  if (!Array.isArray(variables) || variables.length > MAX_RUN_VARIABLES) {
    throw new ValidationError(`Value of 'variables' is invalid: at most ${MAX_RUN_VARIABLES} variables.`, { param: 'variables' });
  }
  const seen = new Set<string>();
  return variables.map((v, i) => {
    const key = nonEmpty(v?.key, `variables[${i}].key`);
    if (seen.has(key)) {
      throw new ValidationError(`Value of 'variables[${i}].key' is invalid: ${key} is given twice.`, { param: `variables[${i}].key` });
    }
    seen.add(key);
    if (typeof v.value !== 'string') {
      throw new ValidationError(`Value of 'variables[${i}].value' is invalid: not text.`, { param: `variables[${i}].value` });
    }
    return v.encrypted === true ? { key, value: v.value, encrypted: true } : { key, value: v.value };
  });
}

/** The values of the encrypted variables: secrets to redact from errors and logs. */
export function runSecrets(variables: readonly RunVariable[] | undefined): string[] {
  return (variables ?? []).filter((v) => v?.encrypted === true).flatMap((v) => valueSecrets(v.value));
}

/**
 * The wire body of a run. `to_revision` is always sent (HEAD when no revision is given): 2025's
 * pages require it, 2026's accept it. At most one of branch, tag and pull_request.
 */
export function runBody(r: RunRequest): Record<string, unknown> {
  const refs = (['branch', 'tag', 'pull_request'] as const).filter((k) => r[k] !== undefined);
  if (refs.length > 1) {
    throw new ValidationError(`Give one of branch, tag and pull request, not ${refs.join(' and ')}.`, { param: refs[1] });
  }
  const body: Record<string, unknown> = { to_revision: { revision: r.revision === undefined ? 'HEAD' : nonEmpty(r.revision, 'revision') } };
  if (r.from_revision !== undefined) {
    body.from_revision = { revision: nonEmpty(r.from_revision, 'from_revision') };
  }
  for (const k of refs) {
    body[k] = { name: nonEmpty(r[k], k) };
  }
  for (const k of ['comment', 'refresh', 'clear_cache', 'priority'] as const) {
    if (r[k] !== undefined) {
      body[k] = r[k];
    }
  }
  if (r.variables !== undefined) {
    body.variables = runVariablesBody(r.variables);
  }
  if (r.actions_to_run !== undefined) {
    if (!Array.isArray(r.actions_to_run) || r.actions_to_run.length === 0 || !r.actions_to_run.every((id) => Number.isSafeInteger(id))) {
      throw new ValidationError("Value of 'actions_to_run' is invalid: action ids, at least one.", { param: 'actions_to_run' });
    }
    body.actions_to_run = [...r.actions_to_run];
  }
  if (r.delay_until !== undefined) {
    body.delay_until = dateParam(r.delay_until, 'delay_until');
  }
  return body;
}

/** The wire body of a run's PATCH: `variables` with APPLY_VARIABLES only (and required there). */
export function executionPatchBody(operation: ExecutionOperation, variables?: readonly RunVariable[]): Record<string, unknown> {
  const op = nonEmpty(operation, 'operation');
  if (op === 'APPLY_VARIABLES') {
    return { operation: op, variables: runVariablesBody(variables ?? []) };
  }
  if (variables !== undefined) {
    throw new ValidationError(`Value of 'variables' is invalid: only APPLY_VARIABLES sends variables, not ${op}.`, { param: 'variables' });
  }
  return { operation: op };
}

/** `offset` (from 0) and `limit` (1 to MAX_LOG_LIMIT) of a log page. */
export function logQuery(q: LogQuery): Query {
  if (q.offset !== undefined && (!Number.isSafeInteger(q.offset) || q.offset < 0)) {
    throw new ValidationError(`Value of 'offset' is invalid: ${q.offset} (lines start at 0).`, { param: 'offset' });
  }
  if (q.limit !== undefined && (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > MAX_LOG_LIMIT)) {
    throw new ValidationError(`Value of 'limit' is invalid: ${q.limit} (1 to ${MAX_LOG_LIMIT}).`, { param: 'limit' });
  }
  return { offset: q.offset, limit: q.limit };
}
