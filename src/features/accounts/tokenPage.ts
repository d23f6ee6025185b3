// Where a user creates a personal access token: the "Security" tab of their profile in the web
// application (avatar → Security → Personal Access Tokens, per the vendor's documentation). The
// web application's address follows from the API's: the service's locations know theirs (US
// app.buddy.works, EU eu.buddy.works, Asia asia.buddy.works), self-hosted the same host as its
// /api. Pure (no vscode).
import { resolveBaseUrl, SERVICE_LOCATIONS, serviceLocationAt } from '../../api/baseUrl';

const TOKEN_PAGE_PATH = '/security';
export const US_TOKEN_PAGE = SERVICE_LOCATIONS[0].webUrl + TOKEN_PAGE_PATH;
export const EU_TOKEN_PAGE = SERVICE_LOCATIONS[1].webUrl + TOKEN_PAGE_PATH;

/**
 * The token page for a resolved API base address (from resolveBaseUrl), or undefined when the
 * address tells no web application (a gateway, a proxy, the local emulator).
 */
export function tokenPageUrl(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  const location = serviceLocationAt(base);
  if (location) {
    return location.webUrl + TOKEN_PAGE_PATH;
  }
  // A self-hosted installation serves its API at https://<host>/api and its web application at the root.
  if (url.protocol === 'https:' && /^\/api\/?$/.test(url.pathname)) {
    return `${url.origin}${TOKEN_PAGE_PATH}`;
  }
  return undefined;
}

/**
 * Why `host` cannot be the host of a self-hosted installation (https://<host>/api), or undefined:
 * the check of the host step of Sign In and of Open the Token Page.
 */
export function hostProblem(host: string): string | undefined {
  try {
    resolveBaseUrl({ accountType: 'self-hosted', host });
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
