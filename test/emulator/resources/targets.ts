// Deployment targets: list, one target, allow-pipeline.
import { HTML_BASE } from '../demo-data';
import { ApiError, notFound, ok, pageOf, paging, queryInt, queryValue, requiredString } from '../http';
import { Ctx, route } from '../router';
import { secure, Target } from '../store';
import { envelope, pipelineOf, pipelineRef, projectOf, workspaceOf, wsUrl } from './common';

const SECRET_AUTH_FIELDS = new Set(['password', 'token', 'passphrase', 'key']);

function targetUrls(ctx: Ctx, t: Target): { url: string; html_url: string } {
  return { url: `${wsUrl(ctx, t.workspace)}/targets/${encodeURIComponent(t.id)}`, html_url: `${HTML_BASE}/${t.workspace}/targets/${encodeURIComponent(t.id)}/edit` };
}

export function targetSummary(ctx: Ctx, t: Target): Record<string, unknown> {
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
    all_pipelines_allowed: t.all_pipelines_allowed,
  };
}

export function fullTarget(ctx: Ctx, t: Target): Record<string, unknown> {
  const auth = Object.fromEntries(Object.entries(t.auth).map(([k, v]) => [k, v !== null && SECRET_AUTH_FIELDS.has(k) ? secure(v) : v]));
  const allowed = t.allowedPipelineIds.map((id) => ctx.store.pipelines.get(id)).filter((p) => p !== undefined);
  return {
    ...targetSummary(ctx, t),
    ...t.extra,
    permissions: { others: t.permissions.others, users: t.permissions.users.map((u) => ({ ...u })) },
    auth,
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

export const targetRoutes = [
  route('GET', '/workspaces/:workspace/targets', 'TARGET_INFO', (ctx) => {
    const ws = workspaceOf(ctx);
    const page = paging(ctx.query);
    const projectName = queryValue(ctx.query, 'projectName');
    const project = projectName === undefined ? undefined : projectOf(ctx, ws.domain, projectName);
    const pipelineId = queryInt(ctx.query, 'pipelineId', 1);
    let targets = ctx.store.targetsOf(ws.domain);
    // Every demo target is workspace-wide; a pipeline filter keeps the targets that pipeline may use.
    if (pipelineId !== undefined) {
      const pipeline = pipelineOf(ctx, ws.domain, pipelineId, project?.name);
      targets = targets.filter((t) => t.all_pipelines_allowed || t.allowedPipelineIds.includes(pipeline.id));
    }
    const items = pageOf(targets, page).map((t) => targetSummary(ctx, t));
    return ok(envelope(`${wsUrl(ctx, ws.domain)}/targets`, `${HTML_BASE}/${ws.domain}/targets`, 'targets', items));
  }),
  route('GET', '/workspaces/:workspace/targets/:target_id', 'TARGET_INFO', (ctx) => {
    const ws = workspaceOf(ctx);
    return ok(fullTarget(ctx, targetOf(ctx, ws.domain)));
  }),
  route('POST', '/workspaces/:workspace/targets/:target_id/allow-pipeline', 'TARGET_MANAGE', (ctx) => {
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
