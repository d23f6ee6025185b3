// Deployment targets: list, one target, allow-pipeline.
import { HTML_BASE } from '../demo-data';
import { maskSecret } from '../dialect';
import { ApiError, notFound, ok, pageOf, paging, queryInt, queryValue, requiredString } from '../http';
import { Ctx, route, SCOPES } from '../router';
import type { Target } from '../store';
import { envelope, pipelineOf, pipelineRef, projectOf, workspaceOf, wsUrl } from './common';

const SECRET_AUTH_FIELDS = new Set(['password', 'token', 'passphrase', 'key']);

function targetUrls(ctx: Ctx, t: Target): { url: string; html_url: string } {
  return { url: `${wsUrl(ctx, t.workspace)}/targets/${encodeURIComponent(t.id)}`, html_url: `${HTML_BASE}/${t.workspace}/targets/${encodeURIComponent(t.id)}/edit` };
}

/** The login, with every secret in the dialect's encrypted form. */
function maskedAuth(ctx: Ctx, t: Target): Record<string, string | null> {
  return Object.fromEntries(Object.entries(t.auth).map(([k, v]) => [k, v !== null && SECRET_AUTH_FIELDS.has(k) ? maskSecret(v, ctx.dialect) : v]));
}

export function targetSummary(ctx: Ctx, t: Target): Record<string, unknown> {
  if (ctx.dialect === 'vendor') {
    // The vendor's current list item: no url, html_url, name, tags or pipeline model.
    return { id: t.id, identifier: t.identifier, type: t.type, host: t.host, port: t.port, path: t.path, auth: maskedAuth(ctx, t) };
  }
  return { ...targetFields(ctx, t), all_pipelines_allowed: t.all_pipelines_allowed };
}

/** What the default dialect's list item and every full target carry first. */
function targetFields(ctx: Ctx, t: Target): Record<string, unknown> {
  return {
    ...targetUrls(ctx, t),
    id: t.id,
    identifier: t.identifier,
    name: t.name,
    type: t.type,
    host: t.host,
    port: t.port,
    path: t.path,
    tags: [...t.tags],
  };
}

/**
 * Which pipelines may use the target, in the dialect's model: `all_pipelines_allowed` (default), or
 * the vendor's `pipelines_access_level` (`ALLOWED` = every pipeline; any other level: the list decides).
 */
function pipelineModel(ctx: Ctx, t: Target): Record<string, unknown> {
  if (ctx.dialect !== 'vendor') {
    return { all_pipelines_allowed: t.all_pipelines_allowed };
  }
  return { pipelines_access_level: t.all_pipelines_allowed ? 'ALLOWED' : (t.pipelinesAccessLevel ?? 'DEFAULT'), sandboxes_access_level: 'DENIED', allowed_sandboxes: [], disabled: false };
}

export function fullTarget(ctx: Ctx, t: Target): Record<string, unknown> {
  const allowed = t.allowedPipelineIds.map((id) => ctx.store.pipelines.get(id)).filter((p) => p !== undefined);
  return {
    ...targetFields(ctx, t),
    ...pipelineModel(ctx, t),
    ...t.extra,
    permissions: { others: t.permissions.others, users: t.permissions.users.map((u) => ({ ...u })) },
    auth: maskedAuth(ctx, t),
    allowed_pipelines: allowed.map((p) => pipelineRef(ctx, p)),
  };
}

function targetOf(ctx: Ctx, ws: string): Target {
  const t = ctx.store.target(ws, ctx.params.target_id);
  if (!t) {
    throw notFound('Target');
  }
  return t;
}

/** The caller's permission level on a target: their own entry, else the level of "others". */
export function accessLevel(t: Target, userId: number): string {
  return t.permissions.users.find((u) => u.id === userId)?.access_level ?? t.permissions.others;
}

/** A list filter under its older name, or in the vendor dialect also under its newer one. */
function filterName(ctx: Ctx, older: string, newer: string): string {
  return ctx.dialect === 'vendor' && !ctx.query.has(older) && ctx.query.has(newer) ? newer : older;
}

export const targetRoutes = [
  route('GET', '/workspaces/:workspace/targets', SCOPES.targetInfo, (ctx) => {
    const ws = workspaceOf(ctx);
    const vendor = ctx.dialect === 'vendor';
    // The vendor's list is not paginated: page and per_page are ignored, everything is answered.
    const page = vendor ? undefined : paging(ctx.query);
    const projectName = queryValue(ctx.query, filterName(ctx, 'projectName', 'project_name'));
    const project = projectName === undefined ? undefined : projectOf(ctx, ws.domain, projectName);
    const pipelineParam = filterName(ctx, 'pipelineId', 'pipeline_id');
    const pipelineId = queryInt(ctx.query, pipelineParam, 1);
    let targets = ctx.store.targetsOf(ws.domain);
    // Every demo target is workspace-wide; a pipeline filter keeps the targets that pipeline may use.
    if (pipelineId !== undefined) {
      const pipeline = pipelineOf(ctx, ws.domain, pipelineId, project?.name);
      targets = targets.filter((t) => t.all_pipelines_allowed || t.allowedPipelineIds.includes(pipeline.id));
    }
    const items: Record<string, unknown>[] = (page ? pageOf(targets, page) : targets).map((t) => targetSummary(ctx, t));
    if (vendor && pipelineId === undefined) {
      // MATCH items (no id): listed, never in a pipeline's list.
      items.push(...ctx.store.matchTargets.filter((m) => m.workspace === ws.domain).map((m) => ({ type: 'MATCH', identifier: m.identifier, scope: m.scope })));
    }
    return ok(envelope(`${wsUrl(ctx, ws.domain)}/targets`, `${HTML_BASE}/${ws.domain}/targets`, 'targets', items));
  }),
  route('GET', '/workspaces/:workspace/targets/:target_id', SCOPES.targetInfo, (ctx) => {
    const ws = workspaceOf(ctx);
    return ok(fullTarget(ctx, targetOf(ctx, ws.domain)));
  }),
  route('POST', '/workspaces/:workspace/targets/:target_id/allow-pipeline', SCOPES.targetManage, (ctx) => {
    const ws = workspaceOf(ctx);
    const target = targetOf(ctx, ws.domain);
    if (!ctx.store.isAdmin(ws.domain, ctx.user.id) && accessLevel(target, ctx.user.id) !== 'MANAGE') {
      throw new ApiError(403, 'Access denied', 881);
    }
    const body = ctx.body();
    const projectName = requiredString(body, 'project');
    const pipelineName = requiredString(body, 'pipeline');
    const project = projectOf(ctx, ws.domain, projectName);
    const pipeline = ctx.store.pipelinesOf(ws.domain, project.name).find((p) => p.name === pipelineName);
    if (!pipeline) {
      throw notFound('Pipeline');
    }
    // Synchronous check-and-add: two concurrent calls can never lose one another's update.
    if (!target.allowedPipelineIds.includes(pipeline.id)) {
      target.allowedPipelineIds.push(pipeline.id);
    }
    return ok(fullTarget(ctx, target));
  }),
];
