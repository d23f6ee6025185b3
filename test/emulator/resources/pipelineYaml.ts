// Pipeline definitions as YAML (conventions.md, "Pipeline definitions (YAML)"): a demo pipeline's
// definition is written from what the store holds (its actions, its pipeline- and action-level
// variables, the targets its deployments name), or is the text last sent with POST/PATCH. The
// default dialect writes the second generation (`on`, `refs`, `events`), the vendor the current
// one (`pipeline` is the identifier, `name` the display name, no `on`). A malformed definition is
// refused with 400 and the parser's errors.
import { parseDocument, stringify } from 'yaml';
import { maskSecret } from '../dialect';
import { ApiError, Body, cannotBeEmpty, invalid, notFound, ok, Reply } from '../http';
import { Ctx, route } from '../router';
import type { Pipeline, Variable } from '../store';
import { pipelineUrls, projectOf, projectUrls, workspaceOf } from './common';
import { identifierOf } from './identifier';

/** Base64 text of a definition over this many bytes (decoded) is refused. */
export const MAX_DEFINITION_BYTES = 512 * 1024;

/** The target each demo deployment action names (runs/scripts.ts plays the same ones). */
const ACTION_TARGETS: ReadonlyMap<number, string> = new Map([
  [1022, 'staging'],
  [1032, 'production'],
  [2042, 'production'],
  [2053, 'staging'],
  [4012, 'assets-ftp'],
]);

/** Commands of a demo build action, using the variables its project and pipeline define. */
function commandsOf(p: Pipeline, actionName: string): string[] {
  const project = p.project;
  if (project === 'web-app') {
    return ['node --version # expects $NODE_VERSION', 'npm ci', `npm run ${actionName.toLowerCase().includes('test') ? 'test' : 'build'}`];
  }
  if (project === 'api-service' && p.id === 203 && actionName === 'Push to registry') {
    return ['docker login -u deploy -p "$REGISTRY_PASSWORD" registry.example.com', 'docker push registry.example.com/api-service:${IMAGE_TAG}'];
  }
  if (p.id === 206 && actionName === 'Tag release') {
    return ['git tag "v$RELEASE_VERSION"', 'git push origin "v$RELEASE_VERSION"'];
  }
  return ['echo "Building $BUDDY_PIPELINE_NAME in $REGION"', 'make'];
}

function variablesYaml(vars: readonly Variable[], ctx: Ctx): Record<string, unknown>[] {
  return vars.map((v) => ({
    key: v.key,
    value: v.encrypted ? maskSecret(v.value, ctx.dialect) : v.value,
    type: 'VAR',
    ...(v.settable ? { settable: true } : {}),
    ...(v.description ? { description: v.description } : {}),
    ...(v.encrypted ? { encrypted: true } : {}),
  }));
}

/** The definition of a pipeline as a plain object (one pipeline, the dialect's generation). */
export function definitionObject(ctx: Ctx, p: Pipeline): Record<string, unknown> {
  const vendor = ctx.dialect === 'vendor';
  const vars = [...ctx.store.variables.values()].filter((v) => v.workspace === p.workspace);
  const pipelineVars = vars.filter((v) => v.scope.kind === 'PIPELINE' && v.scope.pipelineId === p.id);
  const trigger: Record<string, unknown> = {};
  const refs = [...p.refs];
  if (vendor) {
    if (p.on === 'EVENT') {
      trigger.events = [{ type: 'PUSH', refs }];
    } else {
      trigger.refs = refs;
    }
    if (p.on === 'SCHEDULE') {
      trigger.events = [{ type: 'SCHEDULE', cron: '0 2 * * *' }];
    }
  } else {
    trigger.on = p.on;
    if (p.on === 'EVENT') {
      trigger.events = [{ type: 'PUSH', refs }];
    } else {
      trigger.refs = refs;
    }
    if (p.on === 'SCHEDULE') {
      trigger.cron = '0 2 * * *';
    }
  }
  const actions = ctx.store.actionsOf(p.id).map((a) => {
    const actionVars = vars.filter((v) => v.scope.kind === 'ACTION' && v.scope.actionId === a.id);
    const target = ACTION_TARGETS.get(a.id);
    const fields: Record<string, unknown> = { action: a.name, type: a.type };
    if (a.type === 'BUILD') {
      fields.docker_image_name = 'library/node';
      fields.docker_image_tag = p.project === 'web-app' ? '$NODE_VERSION' : '20';
      fields.execute_commands = commandsOf(p, a.name);
    } else if (a.type === 'SFTP' || a.type === 'FTP') {
      fields.local_path = 'dist';
      fields.remote_path = p.id === 103 ? '$DEPLOY_DIR' : '/srv/app';
    } else if (a.type === 'SSH_COMMAND') {
      fields.commands = ['sudo systemctl restart app'];
    } else if (a.type === 'SLACK') {
      fields.content = `$BUDDY_PIPELINE_NAME finished: $${vendor ? 'BUDDY_RUN_STATUS' : 'BUDDY_EXECUTION_STATUS'}`;
    }
    if (target !== undefined) {
      fields.targets = [target];
    }
    if (actionVars.length > 0) {
      fields.variables = variablesYaml(actionVars, ctx);
    }
    return fields;
  });
  return {
    pipeline: vendor ? p.identifier : p.name,
    ...(vendor ? { name: p.name } : {}),
    ...trigger,
    ...(pipelineVars.length > 0 ? { variables: variablesYaml(pipelineVars, ctx) } : {}),
    actions,
  };
}

/** The text of a pipeline's definition: what was last sent, else written from the store. */
export function definitionText(ctx: Ctx, p: Pipeline): string {
  return p.definition ?? stringify(definitionObject(ctx, p), { lineWidth: 0 });
}

const encode = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** The body's `yaml`: base64 of UTF-8 text, bounded; 400 when absent, not base64 or too large. */
function definitionOf(body: Body): string {
  const raw = body.yaml;
  if (raw === undefined || raw === null || raw === '') {
    throw cannotBeEmpty('yaml');
  }
  if (typeof raw !== 'string' || !/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(raw) || raw.length > Math.ceil((MAX_DEFINITION_BYTES * 4) / 3) + 4) {
    throw invalid('yaml');
  }
  const text = Buffer.from(raw, 'base64').toString('utf8');
  if (text.trim() === '') {
    throw cannotBeEmpty('yaml');
  }
  return text;
}

export interface ParsedDefinition {
  /** The `pipeline` value. */
  pipeline: string;
  /** The `name` value, when given (current generation). */
  name?: string;
}

/**
 * One pipeline's definition (a mapping, or a list of exactly one), parsed with the parser's limits
 * on; throws a 400 whose `errors` list every problem (with its line) otherwise.
 */
export function parseDefinition(text: string): ParsedDefinition {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true, version: '1.2' });
  const problems = doc.errors.map((e) => `YAML is invalid: ${e.message.split('\n')[0]}`);
  if (problems.length === 0) {
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      problems.push(`YAML is invalid: ${(e as Error).message}`);
    }
    const one = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
    if (problems.length === 0 && (Array.isArray(value) && value.length !== 1)) {
      problems.push('Definition must contain only one pipeline.');
    } else if (problems.length === 0 && (typeof one !== 'object' || one === null || Array.isArray(one))) {
      problems.push('Definition must be a pipeline object.');
    } else if (problems.length === 0) {
      const o = one as Record<string, unknown>;
      if (typeof o.pipeline !== 'string' || o.pipeline.trim() === '') {
        problems.push("Value of 'pipeline' cannot be empty.");
      }
      if (o.actions !== undefined && !Array.isArray(o.actions)) {
        problems.push("Value of 'actions' is invalid.");
      } else if (Array.isArray(o.actions)) {
        o.actions.forEach((a: unknown, i) => {
          if (typeof a !== 'object' || a === null || typeof (a as Record<string, unknown>).type !== 'string') {
            problems.push(`Value of 'actions[${i}].type' cannot be empty.`);
          }
        });
      }
      if (problems.length === 0) {
        return { pipeline: o.pipeline as string, ...(typeof o.name === 'string' ? { name: o.name } : {}) };
      }
    }
  }
  throw new DefinitionError(problems);
}

/** A 400 that lists several problems. */
export class DefinitionError extends ApiError {
  constructor(readonly problems: string[]) {
    super(400, problems[0] ?? 'YAML is invalid.');
  }

  override toBody(): { errors: { message: string }[] } {
    return { errors: this.problems.map((message) => ({ message })) };
  }
}

const PIPELINES = '/workspaces/:workspace/projects/:project_name/pipelines';
const WRITE = ['EXECUTION_MANAGE', 'PIPELINE_WRITE'] as const;

function pathPipeline(ctx: Ctx): Pipeline {
  const ws = workspaceOf(ctx);
  const project = projectOf(ctx, ws.domain, ctx.params.project_name);
  const p = ctx.store.pipeline(ws.domain, Number(ctx.params.pipeline_id));
  if (!p || p.project !== project.name) {
    throw notFound('Pipeline');
  }
  return p;
}

/** GET …/pipelines?yaml=true: every pipeline of the project in one list. */
export function projectDefinitions(ctx: Ctx): Reply {
  const ws = workspaceOf(ctx);
  const project = projectOf(ctx, ws.domain, ctx.params.project_name);
  const urls = projectUrls(ctx, ws.domain, project.name);
  const all = ctx.store.pipelinesOf(ws.domain, project.name).map((p) => parseDocument(definitionText(ctx, p)).toJS() as unknown);
  const list = all.flatMap((d) => (Array.isArray(d) ? d : [d]));
  return ok({ url: `${urls.url}/pipelines`, html_url: `${urls.html_url}/pipelines`, yaml: encode(stringify(list, { lineWidth: 0 })) });
}

/** GET …/pipelines/:id?yaml=true. */
export function pipelineDefinition(ctx: Ctx): Reply {
  const p = pathPipeline(ctx);
  return ok({ ...pipelineUrls(ctx, p), yaml: encode(definitionText(ctx, p)) });
}

export const pipelineYamlRoutes = [
  route('POST', `${PIPELINES}/yaml`, WRITE, (ctx) => {
    const ws = workspaceOf(ctx);
    const project = projectOf(ctx, ws.domain, ctx.params.project_name);
    const text = definitionOf(ctx.body());
    const parsed = parseDefinition(text);
    const name = parsed.name ?? parsed.pipeline;
    const identifier = identifierOf(parsed.pipeline);
    if (ctx.store.pipelinesOf(ws.domain, project.name).some((p) => p.identifier === identifier || p.name === name)) {
      throw new ApiError(400, 'Pipeline with this name already exists.');
    }
    const p = ctx.store.createPipeline(ws.domain, project.name, name, identifier, text);
    return { status: 201, body: { ...pipelineUrls(ctx, p), id: p.id, identifier: p.identifier, name: p.name } };
  }),
  route('PATCH', `${PIPELINES}/:pipeline_id#/yaml`, WRITE, (ctx) => {
    const p = pathPipeline(ctx);
    const text = definitionOf(ctx.body());
    if (p.definitionSource === 'REMOTE') {
      throw new ApiError(400, 'The definition of this pipeline is kept in Git: change it in the repository.');
    }
    const parsed = parseDefinition(text);
    p.definition = text;
    if (parsed.name !== undefined) {
      p.name = parsed.name;
    }
    return ok({ ...pipelineUrls(ctx, p), id: p.id, identifier: p.identifier, name: p.name });
  }),
];
