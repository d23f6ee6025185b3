// The emulator's OAuth consent page, driven over plain HTTP the way a browser would: open the
// authorize address, read the form (its hidden request id and CSRF token), press Approve or Deny,
// and read where the 302 points. No browser, no vscode: for unit, extension-host and UI tests.

export interface ConsentForm {
  status: number;
  html: string;
  /** Where the form posts (absolute). */
  action: string;
  requestId: string;
  csrfToken: string;
  /** The accounts offered (radio values) and the one checked. */
  userIds: number[];
  checkedUserId: number | undefined;
}

export interface ConsentAnswer {
  status: number;
  /** The redirect (302 Location), when the server answered with one. */
  location: string | undefined;
  /** The page, when it answered with one (an error). */
  html: string;
}

const attr = (html: string, name: string): string | undefined =>
  new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html)?.[1]?.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

/** GET the authorize address (no redirect followed) and read its consent form; throws when the page has none. */
export async function openConsent(authorizeUrl: string): Promise<ConsentForm> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await res.text();
  const relative = /<form method="post" action="([^"]*)">/.exec(html)?.[1];
  const action = relative === undefined ? undefined : new URL(relative, authorizeUrl).href;
  const requestId = attr(html, 'request_id');
  const csrfToken = attr(html, 'csrf_token');
  if (res.status !== 200 || !action || !requestId || !csrfToken) {
    throw new Error(`no consent form (status ${res.status}, location ${res.headers.get('location') ?? 'none'}): ${html.slice(0, 300)}`);
  }
  const userIds = [...html.matchAll(/name="user" value="(\d+)"/g)].map((m) => Number(m[1]));
  const checked = /name="user" value="(\d+)" checked/.exec(html)?.[1];
  return { status: res.status, html, action, requestId, csrfToken, userIds, checkedUserId: checked === undefined ? undefined : Number(checked) };
}

/** POST the form's answer as the page's buttons do; `fields` overrides or adds form fields (to test refusals). */
export async function submitConsent(
  form: ConsentForm,
  decision: 'approve' | 'deny' | string,
  opts: { userId?: number; fields?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<ConsentAnswer> {
  const body = new URLSearchParams({
    request_id: form.requestId,
    csrf_token: form.csrfToken,
    user: String(opts.userId ?? form.checkedUserId ?? form.userIds[0]),
    decision,
    ...opts.fields,
  });
  const res = await fetch(form.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...opts.headers },
    body: body.toString(),
  });
  return { status: res.status, location: res.headers.get('location') ?? undefined, html: await res.text() };
}

/** Opens the page and answers it; returns the address the server redirected to (throws without a redirect). */
export async function consentRedirect(authorizeUrl: string, decision: 'approve' | 'deny' = 'approve', userId?: number): Promise<URL> {
  const answer = await submitConsent(await openConsent(authorizeUrl), decision, { userId });
  if (answer.status !== 302 || !answer.location) {
    throw new Error(`consent answered ${answer.status} without a redirect: ${answer.html.slice(0, 300)}`);
  }
  return new URL(answer.location);
}
