// Where a user creates a personal access token: the "Security" tab of their profile in the web
// application (avatar → Security → Personal Access Tokens, per the vendor's documentation). The
// web application's address follows from the API's: US app.buddy.works, EU eu.buddy.works,
// self-hosted the same host as its /api. Pure (no vscode).
import { EU_BASE_URL, US_BASE_URL } from '../api/baseUrl';

export const US_TOKEN_PAGE = 'https://app.buddy.works/security';
export const EU_TOKEN_PAGE = 'https://eu.buddy.works/security';

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
  if (base === US_BASE_URL) {
    return US_TOKEN_PAGE;
  }
  if (base === EU_BASE_URL) {
    return EU_TOKEN_PAGE;
  }
  // A self-hosted installation serves its API at https://<host>/api and its web application at the root.
  if (url.protocol === 'https:' && /^\/api\/?$/.test(url.pathname)) {
    return `${url.origin}/security`;
  }
  return undefined;
}
