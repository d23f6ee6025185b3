// The authorize page's HTML: the consent form (application, account, scopes, Approve and Deny) and
// the error page shown when no redirect address can be trusted. Every name is escaped: an
// application's name comes from whoever registered it. No script: a plain form POST.
import { escapeHtml as e } from './answers';

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:36rem;padding:0 1rem;color:#222}
h1{font-size:1.4rem}fieldset{border:1px solid #ccc;margin:1rem 0}label{display:block;margin:.3rem 0}
code{background:#f3f3f3;padding:0 .2rem}.buttons button{font-size:1rem;margin-right:1rem;padding:.4rem 1.2rem}`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${e(title)}</title><style>${STYLE}</style></head>
<body><main>
${content}
<p><small>API emulator of Workspace Automation: demo accounts only, nothing real is shared.</small></p>
</main></body></html>`;
}

export interface ConsentView {
  /** Where the form posts: the emulator's own /oauth2/authorize (relative to the page). */
  action: string;
  requestId: string;
  csrfToken: string;
  clientName: string;
  clientId: string;
  scopes: readonly string[];
  users: readonly { id: number; name: string; email: string }[];
  selectedUserId: number;
  /** Where the answer goes (shown so that a person sees which program receives it). */
  redirect: string;
}

export function consentPage(v: ConsentView): string {
  const accounts = v.users
    .map((u) => `<label><input type="radio" name="user" value="${u.id}"${u.id === v.selectedUserId ? ' checked' : ''}> ${e(u.name)} &lt;${e(u.email)}&gt;</label>`)
    .join('\n');
  const scopes = v.scopes.map((s) => `<li><code>${e(s)}</code></li>`).join('\n');
  return layout(
    `Authorize ${v.clientName}`,
    `<h1>Authorize <strong id="client-name">${e(v.clientName)}</strong></h1>
<p>The application <strong>${e(v.clientName)}</strong> (<code>${e(v.clientId)}</code>) asks for access to your account.</p>
<form method="post" action="${e(v.action)}">
<input type="hidden" name="request_id" value="${e(v.requestId)}">
<input type="hidden" name="csrf_token" value="${e(v.csrfToken)}">
<fieldset><legend>Account</legend>
${accounts}
</fieldset>
<p>It will be able to use these scopes:</p>
<ul id="scopes">
${scopes}
</ul>
<p>Your answer goes to <code id="redirect">${e(v.redirect)}</code>.</p>
<p class="buttons"><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></p>
</form>`,
  );
}

/** A request that cannot be answered with a redirect (unknown application, redirect not registered, expired form). */
export function errorPage(title: string, message: string): string {
  return layout(title, `<h1>${e(title)}</h1>\n<p id="error">${e(message)}</p>`);
}
