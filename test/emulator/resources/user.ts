// GET /user and GET /user/token.
import { HTML_BASE } from '../demo-data';
import { opaqueId, writeDate } from '../dialect';
import { ok } from '../http';
import { Ctx, route, SCOPES } from '../router';

function tokenInfo(ctx: Ctx): Record<string, unknown> {
  const t = ctx.token;
  if (ctx.dialect !== 'vendor') {
    return { id: t.id, name: t.name, expires_at: t.expires_at, scopes: [...t.scopes] };
  }
  // The vendor's answer: an opaque id, links, a fractional expiry date and the restrictions.
  const id = opaqueId(t.id);
  return {
    url: `${ctx.base}/user/tokens/${id}`,
    html_url: `${HTML_BASE}/api-tokens/details/${id}`,
    id,
    name: t.name,
    expires_at: t.expires_at === null ? null : writeDate(Date.parse(t.expires_at), 'vendor', t.id, 9),
    ...(t.expires_in === undefined ? {} : { expires_in: t.expires_in }),
    scopes: [...t.scopes],
    ip_restrictions: [...(t.ip_restrictions ?? [])],
    workspace_restrictions: [],
  };
}

export const userRoutes = [
  route('GET', '/user', SCOPES.userInfo, (ctx) =>
    ok({
      url: `${ctx.base}/user`,
      html_url: `${HTML_BASE}/my-id`,
      id: ctx.user.id,
      name: ctx.user.name,
      avatar_url: ctx.user.avatar_url,
      email: ctx.user.email,
      workspaces_url: `${ctx.base}/workspaces`,
    }),
  ),
  // Needs TOKEN_INFO, as on the real service (many tokens lack it).
  route('GET', '/user/token', SCOPES.tokenInfo, (ctx) => ok(tokenInfo(ctx))),
];
