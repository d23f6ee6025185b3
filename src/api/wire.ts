// What a request puts on the wire: path segments, query strings and JSON bodies, each argument
// checked before anything is sent (a bad one is a ValidationError, not a request the server refuses).
import { formatApiDate } from './dates';
import { ValidationError } from './errors';
import type { PageQuery, ProjectCreate, VariableCreate, VariableUpdate } from './models';
import { checkPage, checkPerPage } from './paging';

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
