// Workspaces the caller is a member of, one workspace, and one member.
import { HTML_BASE } from '../demo-data';
import { notFound, ok, pageOf, paging } from '../http';
import { Ctx, route, SCOPES } from '../router';
import type { Workspace } from '../store';
import { envelope, memberObject, workspaceOf, wsUrl } from './common';

function workspaceObject(ctx: Ctx, ws: Workspace): Record<string, unknown> {
  return { url: wsUrl(ctx, ws.domain), html_url: `${HTML_BASE}/${encodeURIComponent(ws.domain)}`, id: ws.id, name: ws.name, domain: ws.domain };
}

export const workspaceRoutes = [
  route('GET', '/workspaces', SCOPES.workspace, (ctx) => {
    const mine = [...ctx.store.workspaces.values()].filter((ws) => ctx.store.isMember(ws, ctx.user.id));
    // The vendor's list is not paginated: page and per_page are ignored, everything is answered.
    const items = ctx.dialect === 'vendor' ? mine : pageOf(mine, paging(ctx.query));
    return ok(envelope(`${ctx.base}/workspaces`, HTML_BASE, 'workspaces', items.map((ws) => workspaceObject(ctx, ws))));
  }),
  route('GET', '/workspaces/:workspace', SCOPES.workspace, (ctx) => ok(workspaceObject(ctx, workspaceOf(ctx)))),
  route('GET', '/workspaces/:workspace/members/:member_id#', SCOPES.workspace, (ctx) => {
    const ws = workspaceOf(ctx);
    const id = Number(ctx.params.member_id);
    if (!ws.memberIds.includes(id)) {
      throw notFound('Member');
    }
    return ok(memberObject(ctx, ws.domain, id));
  }),
];
