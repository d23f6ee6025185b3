// Pipelines of a project and actions of a pipeline.
import { notFound, ok, pageOf, paging } from '../http';
import { Ctx, route, SCOPES } from '../router';
import type { Action, Pipeline } from '../store';
import { envelope, pipelineOf, pipelineUrls, projectOf, projectUrls, workspaceOf } from './common';
import { pipelineDefinition, pipelineYamlRoutes, projectDefinitions } from './pipelineYaml';

/** The vendor's names for our `on` values. */
const TRIGGER_MODES: Record<string, string> = { CLICK: 'MANUAL', EVENT: 'ON_EVERY_PUSH', SCHEDULE: 'SCHEDULED' };

function trigger(ctx: Ctx, p: Pipeline): Record<string, unknown> {
  if (ctx.dialect !== 'vendor') {
    return { on: p.on, refs: [...p.refs] };
  }
  // Without the versioned media-type header the vendor lists `trigger_mode` and one `ref_name`.
  return { trigger_mode: TRIGGER_MODES[p.on] ?? p.on, ref_name: (p.refs[0] ?? '').replace(/^refs\/heads\//, '') };
}

function pipelineSummary(ctx: Ctx, p: Pipeline): Record<string, unknown> {
  return {
    ...pipelineUrls(ctx, p),
    id: p.id,
    name: p.name,
    identifier: p.identifier,
    ...trigger(ctx, p),
    last_execution_status: p.last_execution_status,
    last_execution_revision: p.last_execution_revision,
    definition_source: p.definitionSource,
    // The vendor also says how the Git definition is chosen (NONE: kept by the service).
    ...(ctx.dialect === 'vendor' ? { git_config_ref: p.definitionSource === 'REMOTE' ? 'FIXED' : 'NONE' } : {}),
  };
}

function actionObject(ctx: Ctx, p: Pipeline, a: Action): Record<string, unknown> {
  const urls = pipelineUrls(ctx, p);
  return { url: `${urls.url}/actions/${a.id}`, html_url: `${urls.html_url}/action/${a.id}`, id: a.id, name: a.name, type: a.type };
}

/** Workspace, project and pipeline named in the path, each checked in turn. */
export function pathPipeline(ctx: Ctx): Pipeline {
  const ws = workspaceOf(ctx);
  const project = projectOf(ctx, ws.domain, ctx.params.project_name);
  return pipelineOf(ctx, ws.domain, Number(ctx.params.pipeline_id), project.name);
}

const PIPELINES = '/workspaces/:workspace/projects/:project_name/pipelines';

export const pipelineRoutes = [
  route('GET', PIPELINES, SCOPES.executionInfo, (ctx) => {
    if (ctx.query.get('yaml') === 'true') {
      return projectDefinitions(ctx);
    }
    const ws = workspaceOf(ctx);
    const project = projectOf(ctx, ws.domain, ctx.params.project_name);
    const page = paging(ctx.query);
    const urls = projectUrls(ctx, ws.domain, project.name);
    const items = pageOf(ctx.store.pipelinesOf(ws.domain, project.name), page).map((p) => pipelineSummary(ctx, p));
    return ok(envelope(`${urls.url}/pipelines`, `${urls.html_url}/pipelines`, 'pipelines', items));
  }),
  route('GET', `${PIPELINES}/:pipeline_id#`, SCOPES.executionInfo, (ctx) => (ctx.query.get('yaml') === 'true' ? pipelineDefinition(ctx) : ok(pipelineSummary(ctx, pathPipeline(ctx))))),
  ...pipelineYamlRoutes,
  route('GET', `${PIPELINES}/:pipeline_id#/actions`, SCOPES.executionInfo, (ctx) => {
    const p = pathPipeline(ctx);
    const page = paging(ctx.query);
    const urls = pipelineUrls(ctx, p);
    const items = pageOf(ctx.store.actionsOf(p.id), page).map((a) => actionObject(ctx, p, a));
    return ok(envelope(`${urls.url}/actions`, urls.html_url, 'actions', items));
  }),
  route('GET', `${PIPELINES}/:pipeline_id#/actions/:action_id#`, SCOPES.executionInfo, (ctx) => {
    const p = pathPipeline(ctx);
    const a = ctx.store.action(p.workspace, Number(ctx.params.action_id));
    if (!a || a.pipelineId !== p.id) {
      throw notFound('Action');
    }
    return ok(actionObject(ctx, p, a));
  }),
];
