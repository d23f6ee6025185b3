// Projects: list, one project, create.
import { ArraySource } from '../commit-gen';
import { GIT_HOST, HTML_BASE } from '../demo-data';
import { writeDate } from '../dialect';
import { ApiError, cannotBeEmpty, invalid, ok, optionalString, pageOf, paging, queryValue, requiredString } from '../http';
import { Ctx, route, SCOPES } from '../router';
import type { Project } from '../store';
import { envelope, memberObject, projectOf, projectRef, workspaceOf, wsUrl } from './common';

const NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;
const MAX_NAME = 100;

/** The lower-case slug of a display name: "Web App" -> "web-app". */
export function slugOf(displayName: string): string {
  return displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME)
    .replace(/-+$/, '');
}

function fullProject(ctx: Ctx, p: Project): Record<string, unknown> {
  return {
    ...projectRef(ctx, p),
    // The vendor writes this date with microseconds.
    create_date: writeDate(p.createDate, ctx.dialect, `${p.workspace}/${p.name}`, 6),
    created_by: memberObject(ctx, p.workspace, p.createdById),
    http_repository: `https://${GIT_HOST}/${p.workspace}/${p.name}.git`,
    ssh_repository: `git@${GIT_HOST}:${p.workspace}/${p.name}.git`,
    default_branch: p.default_branch,
  };
}

export const projectRoutes = [
  route('GET', '/workspaces/:workspace/projects', SCOPES.projectRead, (ctx) => {
    const ws = workspaceOf(ctx);
    const page = paging(ctx.query);
    const status = queryValue(ctx.query, 'status');
    if (status !== undefined && status !== 'ACTIVE') {
      throw invalid('status');
    }
    const items = pageOf(ctx.store.projectsOf(ws.domain), page).map((p) => projectRef(ctx, p));
    return ok(envelope(`${wsUrl(ctx, ws.domain)}/projects`, `${HTML_BASE}/${ws.domain}/projects`, 'projects', items));
  }),
  route('GET', '/workspaces/:workspace/projects/:project_name', SCOPES.projectRead, (ctx) => {
    const ws = workspaceOf(ctx);
    return ok(fullProject(ctx, projectOf(ctx, ws.domain, ctx.params.project_name)));
  }),
  route('POST', '/workspaces/:workspace/projects', SCOPES.projectWrite, (ctx) => {
    const ws = workspaceOf(ctx);
    const body = ctx.body();
    const displayName = requiredString(body, 'display_name').trim();
    if (displayName.length > MAX_NAME) {
      throw invalid('display_name');
    }
    const given = optionalString(body, 'name');
    if (given === '') {
      throw cannotBeEmpty('name');
    }
    let name: string;
    if (given === undefined) {
      name = slugOf(displayName);
      if (name === '') {
        throw invalid('display_name');
      }
    } else {
      if (!NAME.test(given) || given.length > MAX_NAME) {
        throw invalid('name');
      }
      name = given;
    }
    if (ctx.store.project(ws.domain, name)) {
      throw new ApiError(400, `Project with name '${name}' already exists.`);
    }
    const project: Project = { workspace: ws.domain, name, display_name: displayName, status: 'ACTIVE', createDate: Math.floor(ctx.now / 1000) * 1000, createdById: ctx.user.id, default_branch: null, history: new ArraySource([]) };
    ctx.store.addProject(project);
    return { status: 201, body: fullProject(ctx, project) };
  }),
];
