// Lookups (with the 404s of conventions.md) and the object shapes several resources share.
import { HTML_BASE } from '../demo-data';
import { notFound } from '../http';
import type { Ctx } from '../router';
import type { Pipeline, Project, Workspace } from '../store';

const enc = encodeURIComponent;

export function wsUrl(ctx: Ctx, ws: string): string {
  return `${ctx.base}/workspaces/${enc(ws)}`;
}

export function projectUrls(ctx: Ctx, ws: string, project: string): { url: string; html_url: string } {
  return { url: `${wsUrl(ctx, ws)}/projects/${enc(project)}`, html_url: `${HTML_BASE}/${enc(ws)}/${enc(project)}` };
}

export function pipelineUrls(ctx: Ctx, p: Pipeline): { url: string; html_url: string } {
  const project = projectUrls(ctx, p.workspace, p.project);
  return { url: `${project.url}/pipelines/${p.id}`, html_url: `${project.html_url}/pipelines/pipeline/${p.id}` };
}

/** The workspace named in the path; 404 when unknown or the caller is no member. */
export function workspaceOf(ctx: Ctx): Workspace {
  const ws = ctx.store.workspaces.get(ctx.params.workspace);
  if (!ws || !ctx.store.isMember(ws, ctx.user.id)) {
    throw notFound('Workspace');
  }
  return ws;
}

export function projectOf(ctx: Ctx, ws: string, name: string): Project {
  const project = ctx.store.project(ws, name);
  if (!project) {
    throw notFound('Project');
  }
  return project;
}

/** A pipeline of the given project (or of any project of the workspace when project is undefined). */
export function pipelineOf(ctx: Ctx, ws: string, id: number, project?: string): Pipeline {
  const p = ctx.store.pipeline(ws, id);
  if (!p || (project !== undefined && p.project !== project)) {
    throw notFound('Pipeline');
  }
  return p;
}

export function memberObject(ctx: Ctx, ws: string, userId: number): Record<string, unknown> {
  const user = ctx.store.users.get(userId);
  const workspace = ctx.store.workspaces.get(ws);
  return {
    url: `${wsUrl(ctx, ws)}/members/${userId}`,
    html_url: `${HTML_BASE}/${enc(ws)}/profile/${userId}`,
    id: userId,
    name: user?.name ?? null,
    avatar_url: user?.avatar_url ?? null,
    email: user?.email ?? null,
    admin: workspace?.adminIds.includes(userId) ?? false,
    workspace_owner: workspace?.ownerId === userId,
  };
}

export function projectRef(ctx: Ctx, p: Project): Record<string, unknown> {
  return { ...projectUrls(ctx, p.workspace, p.name), name: p.name, display_name: p.display_name, status: p.status };
}

export function pipelineRef(ctx: Ctx, p: Pipeline): Record<string, unknown> {
  return { ...pipelineUrls(ctx, p), id: p.id, name: p.name };
}

/** The list envelope of conventions.md: `{url, html_url, <plural>: [...]}`. */
export function envelope(url: string, htmlUrl: string, plural: string, items: unknown[]): Record<string, unknown> {
  return { url, html_url: htmlUrl, [plural]: items };
}
