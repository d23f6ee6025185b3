// GET /user and GET /user/token.
import { HTML_BASE } from '../demo-data';
import { ok } from '../http';
import { route } from '../router';

export const userRoutes = [
  route('GET', '/user', 'USER_INFO', (ctx) =>
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
  // Needs no scope: a client asks it which scopes its token has.
  route('GET', '/user/token', undefined, (ctx) => ok({ id: ctx.token.id, name: ctx.token.name, expires_at: ctx.token.expires_at, scopes: [...ctx.token.scopes] })),
];
