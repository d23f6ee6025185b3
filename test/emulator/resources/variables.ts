// Variables: create (every scope, the types we can check), list, get, change, delete.
import { HTML_BASE } from '../demo-data';
import { maskSecret } from '../dialect';
import { accessDenied, ApiError, Body, cannotBeEmpty, invalid, notFound, ok, optionalBoolean, optionalString, pageOf, paging, queryInt, queryValue, requiredString } from '../http';
import { Ctx, route, SCOPES } from '../router';
import type { Variable, VariableScope, VariableType } from '../store';
import { deriveSshKey, isPublicKeyLine, SshKeyInfo } from '../ssh';
import { envelope, pipelineOf, pipelineUrls, projectOf, projectRef, projectUrls, workspaceOf, wsUrl } from './common';

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CHMOD = /^[0-7]{3,4}$/;
/** The types a variable can be created with (the vendor demo data has more kinds, read-only here). */
const CREATABLE_TYPES: readonly VariableType[] = ['VAR', 'SSH_KEY', 'SSH_PUBLIC_KEY'];
const SCOPE_FIELDS = ['project', 'pipeline', 'action'] as const;

const present = (body: Body, field: string): boolean => body[field] !== undefined && body[field] !== null;

/** Where the web application shows the variables of this variable's scope (vendor answers carry it). */
function variableHtmlUrl(ctx: Ctx, v: Variable): string {
  const s = v.scope;
  if (s.kind === 'PROJECT') {
    return `${projectUrls(ctx, v.workspace, s.project).html_url}/variables`;
  }
  const pipelineId = s.kind === 'PIPELINE' ? s.pipelineId : s.kind === 'ACTION' ? ctx.store.actions.get(s.actionId)?.pipelineId : undefined;
  const pipeline = pipelineId === undefined ? undefined : ctx.store.pipelines.get(pipelineId);
  if (pipeline) {
    const base = pipelineUrls(ctx, pipeline).html_url;
    return s.kind === 'ACTION' ? `${base}/action/${s.actionId}/variables` : `${base}/variables`;
  }
  return `${HTML_BASE}/${encodeURIComponent(v.workspace)}/variables`;
}

export function variableObject(ctx: Ctx, v: Variable): Record<string, unknown> {
  const vendor = ctx.dialect === 'vendor';
  const url = `${wsUrl(ctx, v.workspace)}/variables/${v.id}`;
  const links = vendor ? { url, html_url: variableHtmlUrl(ctx, v) } : { url };
  const value = v.encrypted ? maskSecret(v.value, ctx.dialect) : v.value;
  if (v.scope.kind === 'PIPELINE' || v.scope.kind === 'ACTION') {
    return { ...links, type: v.type, id: v.id, key: v.key, value, encrypted: v.encrypted };
  }
  // The vendor writes "no file placement" as NONE.
  const file = { file_path: v.file_path, file_chmod: v.file_chmod, file_place: v.file_place ?? (vendor ? 'NONE' : null) };
  // An empty field is null (spec rule 4); the spec makes one exception: a project-scoped
  // variable created without a description answers "".
  const description = v.description === '' && v.scope.kind !== 'PROJECT' ? null : v.description;
  const answer: Record<string, unknown> =
    v.type === 'SSH_PUBLIC_KEY'
      ? { ...links, id: v.id, key: v.key, value, type: v.type, description, ...file }
      : { ...links, id: v.id, key: v.key, value, type: v.type, encrypted: v.encrypted, description, ...file };
  if (v.ssh) {
    Object.assign(answer, v.ssh);
  }
  // Create rule 2: a project-scoped answer carries the project reference, settable,
  // run_only_settable, encrypted and description, whatever the type (SSH_PUBLIC_KEY included).
  if (v.scope.kind === 'PROJECT') {
    const project = ctx.store.project(v.workspace, v.scope.project);
    Object.assign(answer, { encrypted: v.encrypted, project: project ? projectRef(ctx, project) : null, settable: v.settable, run_only_settable: v.run_only_settable });
  }
  return answer;
}

function sameScope(a: VariableScope, b: VariableScope): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** `{field: {prop: ...}}` of a scope object: its shape, then that the thing exists. */
function scopeObjectProp(body: Body, field: string, prop: 'name' | 'id'): string | number {
  const obj = body[field];
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
    throw invalid(field);
  }
  const label = `${field}.${prop}`;
  if (prop === 'name') {
    return requiredString(obj as Body, 'name', label);
  }
  const id = (obj as Body).id;
  if (id === undefined || id === null || id === '') {
    throw cannotBeEmpty(label);
  }
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    throw invalid(label);
  }
  return id;
}

function scopeOf(ctx: Ctx, ws: string, body: Body): VariableScope {
  const sent = SCOPE_FIELDS.filter((f) => present(body, f));
  if (sent.length > 1) {
    throw invalid(sent[1]);
  }
  switch (sent[0]) {
    case 'project':
      return { kind: 'PROJECT', project: projectOf(ctx, ws, scopeObjectProp(body, 'project', 'name') as string).name };
    case 'pipeline':
      return { kind: 'PIPELINE', pipelineId: pipelineOf(ctx, ws, scopeObjectProp(body, 'pipeline', 'id') as number).id };
    case 'action': {
      const action = ctx.store.action(ws, scopeObjectProp(body, 'action', 'id') as number);
      if (!action) {
        throw notFound('Action');
      }
      return { kind: 'ACTION', actionId: action.id };
    }
    default:
      return { kind: 'WORKSPACE' };
  }
}

function typeOf(body: Body, scope: VariableScope): VariableType {
  const type = body.type;
  if (type === undefined || type === null || type === '') {
    if (scope.kind === 'PIPELINE' || scope.kind === 'ACTION') {
      return 'VAR';
    }
    throw cannotBeEmpty('type');
  }
  if (typeof type !== 'string' || !CREATABLE_TYPES.includes(type as VariableType)) {
    throw invalid('type');
  }
  return type as VariableType;
}

function encryptedOf(body: Body, type: VariableType): boolean {
  const encrypted = optionalBoolean(body, 'encrypted');
  if (type === 'SSH_KEY') {
    // A private key is always stored encrypted: it is never answered in plain.
    if (encrypted === false) {
      throw invalid('encrypted');
    }
    return true;
  }
  if (type === 'SSH_PUBLIC_KEY' && encrypted === true) {
    throw invalid('encrypted');
  }
  return encrypted ?? false;
}

type FileFields = Pick<Variable, 'file_path' | 'file_chmod' | 'file_place'>;

/** The file fields a body sends (absent ones left out; `null` or "" clears one). */
function sentFileFields(ctx: Ctx, body: Body): Partial<FileFields> {
  const sent: Partial<FileFields> = {};
  if (body.file_path !== undefined) {
    sent.file_path = optionalString(body, 'file_path') || null;
  }
  const chmod = body.file_chmod;
  if (chmod !== undefined && chmod !== null && (typeof chmod !== 'string' || !CHMOD.test(chmod))) {
    throw invalid('file_chmod');
  }
  if (chmod !== undefined) {
    sent.file_chmod = chmod as string | null;
  }
  // The vendor also knows NONE (no file), stored as no placement.
  const places = ctx.dialect === 'vendor' ? ['CONTAINER', 'NONE'] : ['CONTAINER'];
  const place = body.file_place;
  if (place !== undefined && place !== null && !places.includes(place as string)) {
    throw invalid('file_place');
  }
  if (place !== undefined) {
    sent.file_place = place === 'NONE' ? null : (place as string | null);
  }
  return sent;
}

function fileFields(ctx: Ctx, body: Body): FileFields {
  return { file_path: null, file_chmod: null, file_place: null, ...sentFileFields(ctx, body) };
}

/** The value a body sends: required and non-empty (blanks are kept as sent). */
function checkedValue(body: Body): string {
  const value = body.value;
  if (value === undefined || value === null || value === '') {
    throw cannotBeEmpty('value');
  }
  if (typeof value !== 'string') {
    throw invalid('value');
  }
  return value;
}

/** The SSH content checks, after every other field (create and change both check them last). */
function checkedKeyContent(value: string, type: VariableType): { value: string; ssh?: SshKeyInfo } {
  if (type === 'SSH_KEY') {
    const ssh = deriveSshKey(value);
    if (!ssh) {
      throw invalid('value');
    }
    return { value, ssh };
  }
  if (type === 'SSH_PUBLIC_KEY') {
    if (!isPublicKeyLine(value)) {
      throw invalid('value');
    }
    return { value: value.replace(/\r?\n$/, '') };
  }
  return { value };
}

function isDuplicate(ctx: Ctx, ws: string, key: string, scope: VariableScope, except?: number): boolean {
  return [...ctx.store.variables.values()].some((v) => v.id !== except && v.workspace === ws && v.key === key && sameScope(v.scope, scope));
}

function createVariable(ctx: Ctx): Variable {
  const ws = workspaceOf(ctx);
  const body = ctx.body();
  // Permission depends on the scope the body asks for: only admins create workspace variables.
  if (!SCOPE_FIELDS.some((f) => present(body, f)) && !ctx.store.isAdmin(ws.domain, ctx.user.id)) {
    throw accessDenied();
  }
  const scope = scopeOf(ctx, ws.domain, body);
  const key = requiredString(body, 'key');
  if (!KEY.test(key)) {
    throw invalid('key');
  }
  const type = typeOf(body, scope);
  const sentValue = checkedValue(body);
  const encrypted = encryptedOf(body, type);
  const description = optionalString(body, 'description') ?? '';
  const settable = optionalBoolean(body, 'settable') ?? false;
  const runOnlySettable = optionalBoolean(body, 'run_only_settable') ?? false;
  const file = fileFields(ctx, body);
  const { value, ssh } = checkedKeyContent(sentValue, type);
  if (isDuplicate(ctx, ws.domain, key, scope)) {
    throw new ApiError(400, `Variable with key '${key}' already exists.`);
  }
  return ctx.store.addVariable({ workspace: ws.domain, key, value, type, encrypted, description, settable, run_only_settable: runOnlySettable, ...file, scope, ssh });
}

/**
 * PATCH: `key` required; the other fields as in create, each changed only when sent. Scope and
 * type never change (a different one sent is invalid); an encrypted variable cannot become plain.
 */
function changeVariable(ctx: Ctx): Variable {
  const ws = workspaceOf(ctx);
  const v = variableOf(ctx, ws.domain);
  if (v.scope.kind === 'WORKSPACE' && !ctx.store.isAdmin(ws.domain, ctx.user.id)) {
    throw accessDenied();
  }
  const body = ctx.body();
  const sentScopes = SCOPE_FIELDS.filter((f) => present(body, f));
  if (sentScopes.length > 0 && !sameScope(scopeOf(ctx, ws.domain, body), v.scope)) {
    throw invalid(sentScopes[0]);
  }
  const key = requiredString(body, 'key');
  if (!KEY.test(key)) {
    throw invalid('key');
  }
  if (present(body, 'type') && body.type !== v.type) {
    throw invalid('type');
  }
  // A value not sent (or null) keeps the stored one; "" is as empty as in create.
  const sentValue = present(body, 'value') || body.value === '' ? checkedValue(body) : undefined;
  const encrypted = optionalBoolean(body, 'encrypted');
  if ((encrypted === false && v.encrypted) || (encrypted === true && v.type === 'SSH_PUBLIC_KEY')) {
    throw invalid('encrypted');
  }
  const description = optionalString(body, 'description');
  const settable = optionalBoolean(body, 'settable');
  const runOnlySettable = optionalBoolean(body, 'run_only_settable');
  const file = sentFileFields(ctx, body);
  const content = sentValue === undefined ? undefined : checkedKeyContent(sentValue, v.type);
  if (key !== v.key && isDuplicate(ctx, ws.domain, key, v.scope, v.id)) {
    throw new ApiError(400, `Variable with key '${key}' already exists.`);
  }
  // Every check passed: change everything at once (nothing half-done on a 400).
  v.key = key;
  if (content) {
    v.value = content.value;
    v.ssh = content.ssh ?? v.ssh;
  }
  v.encrypted = encrypted ?? v.encrypted;
  v.description = description ?? v.description;
  v.settable = settable ?? v.settable;
  v.run_only_settable = runOnlySettable ?? v.run_only_settable;
  Object.assign(v, file);
  return v;
}

/** The scope the list filters ask for (none: workspace scope), each filter checked in turn. */
function listScope(ctx: Ctx, ws: string): VariableScope {
  const projectName = queryValue(ctx.query, 'project_name');
  const project = projectName === undefined ? undefined : projectOf(ctx, ws, projectName);
  const pipelineId = queryInt(ctx.query, 'pipeline_id', 1);
  const pipeline = pipelineId === undefined ? undefined : pipelineOf(ctx, ws, pipelineId, project?.name);
  const actionId = queryInt(ctx.query, 'action_id', 1);
  if (actionId !== undefined) {
    const action = ctx.store.action(ws, actionId);
    if (!action || (pipeline && action.pipelineId !== pipeline.id) || (project && ctx.store.pipelines.get(action.pipelineId)?.project !== project.name)) {
      throw notFound('Action');
    }
    return { kind: 'ACTION', actionId };
  }
  if (pipeline) {
    return { kind: 'PIPELINE', pipelineId: pipeline.id };
  }
  return project ? { kind: 'PROJECT', project: project.name } : { kind: 'WORKSPACE' };
}

function variableOf(ctx: Ctx, ws: string): Variable {
  const v = ctx.store.variables.get(Number(ctx.params.variable_id));
  if (!v || v.workspace !== ws) {
    throw notFound('Variable');
  }
  return v;
}

const VARIABLES = '/workspaces/:workspace/variables';

export const variableRoutes = [
  route('POST', VARIABLES, SCOPES.variableAdd, (ctx) => ({ status: 201, body: variableObject(ctx, createVariable(ctx)) })),
  route('GET', VARIABLES, SCOPES.variableInfo, (ctx) => {
    const ws = workspaceOf(ctx);
    const page = paging(ctx.query);
    const scope = listScope(ctx, ws.domain);
    const matching = [...ctx.store.variables.values()].filter((v) => v.workspace === ws.domain && sameScope(v.scope, scope));
    return ok(envelope(`${wsUrl(ctx, ws.domain)}/variables`, `${HTML_BASE}/${ws.domain}/variables`, 'variables', pageOf(matching, page).map((v) => variableObject(ctx, v))));
  }),
  route('GET', `${VARIABLES}/:variable_id#`, SCOPES.variableInfo, (ctx) => ok(variableObject(ctx, variableOf(ctx, workspaceOf(ctx).domain)))),
  route('PATCH', `${VARIABLES}/:variable_id#`, SCOPES.variableManage, (ctx) => ok(variableObject(ctx, changeVariable(ctx)))),
  route('DELETE', `${VARIABLES}/:variable_id#`, SCOPES.variableManage, (ctx) => {
    const ws = workspaceOf(ctx);
    const v = variableOf(ctx, ws.domain);
    if (v.scope.kind === 'WORKSPACE' && !ctx.store.isAdmin(ws.domain, ctx.user.id)) {
      throw accessDenied();
    }
    // DELETE takes its parameters as a JSON body (none are defined): a body sent must still be JSON.
    ctx.body();
    ctx.store.variables.delete(v.id);
    return { status: 204 };
  }),
];
