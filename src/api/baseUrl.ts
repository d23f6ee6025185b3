// The API's base address, from the account type or from a full API address (conventions.md).
// Plain http:// is accepted only for loopback hosts: a token never crosses a network in clear text.
import { ConfigurationError } from './errors';

export type AccountType = 'us' | 'eu' | 'self-hosted';

export const US_BASE_URL = 'https://api.buddy.works';
export const EU_BASE_URL = 'https://api.eu.buddy.works';

export type BaseUrlInput =
  | { accountType: 'us' | 'eu' }
  | { accountType: 'self-hosted'; /** host name or IP address, optionally with :port */ host: string }
  | { /** a full API address: the local emulator, a gateway, a proxy */ apiUrl: string };

/**
 * True for 127.0.0.0/8, ::1 and the name `localhost` itself (URL.hostname form, IPv6 in brackets
 * or not). Decided by address: `*.localhost` and other names are not loopback, whatever a
 * resolver may do with them.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (h === 'localhost') {
    return true;
  }
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') {
    return true;
  }
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (v4) {
    return Number(v4[1]) === 127 && v4.slice(1).every((p) => Number(p) <= 255);
  }
  const mapped = /^::ffff:(127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(h);
  if (mapped) {
    return isLoopbackHost(mapped[1]);
  }
  // ::ffff:7f00:1 is how URL normalises ::ffff:127.0.0.1
  const mappedHex = /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.exec(h);
  return mappedHex !== null;
}

/**
 * The address to open in a browser, when it is one: `https:`, or `http:` on this machine, with no
 * user name or password in it. Undefined for anything else a server may send (`javascript:`,
 * `file:`, `command:`, plain http to another host, text that is no address).
 */
export function browsableUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string') {
    return undefined;
  }
  let url: URL;
  try {
    // (blank text: the URL parser refuses it)
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.username || url.password || !url.hostname) {
    return undefined;
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    return url.href;
  }
  return undefined;
}

/**
 * Returns the normalised base address (no trailing slash, no query or fragment).
 * Throws ConfigurationError with a message meant for the user when the address is not acceptable.
 */
export function resolveBaseUrl(input: BaseUrlInput): string {
  if ('apiUrl' in input) {
    return checkApiUrl(input.apiUrl);
  }
  switch (input.accountType) {
    case 'us':
      return US_BASE_URL;
    case 'eu':
      return EU_BASE_URL;
    case 'self-hosted': {
      const raw = (input.host ?? '').trim();
      if (!raw) {
        throw new ConfigurationError('A self-hosted installation needs its host name or IP address.');
      }
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
        throw new ConfigurationError(
          `Give the self-hosted host without a scheme (for example "ci.example.com"), not "${shortish(raw)}"; the address used is https://<host>/api.`,
        );
      }
      if (/[/?#@\s]/.test(raw)) {
        throw new ConfigurationError(`"${shortish(raw)}" is not a host name or IP address.`);
      }
      const url = parse(`https://${raw}/api`, raw);
      return stripTrailingSlash(url.origin + url.pathname);
    }
    default:
      throw new ConfigurationError(`Unknown account type "${String((input as { accountType?: unknown }).accountType)}".`);
  }
}

function checkApiUrl(raw: string): string {
  const text = (raw ?? '').trim();
  if (!text) {
    throw new ConfigurationError('The API address is empty.');
  }
  const url = parse(text, text);
  if (url.username || url.password) {
    throw new ConfigurationError('The API address must not contain a user name or password.');
  }
  if (url.protocol === 'http:') {
    if (!isLoopbackHost(url.hostname)) {
      throw new ConfigurationError(
        `Plain http:// is allowed only for this machine (localhost, 127.0.0.1, ::1); use https:// for "${url.host}" so the token is not sent in clear text.`,
      );
    }
  } else if (url.protocol !== 'https:') {
    throw new ConfigurationError(`The API address must start with https:// (got "${url.protocol}").`);
  }
  if (url.search || url.hash) {
    throw new ConfigurationError('The API address must not contain a query string or fragment.');
  }
  return stripTrailingSlash(url.origin + url.pathname);
}

function parse(text: string, shown: string): URL {
  try {
    const url = new URL(text);
    if (!url.hostname) {
      throw new Error('no host');
    }
    return url;
  } catch {
    throw new ConfigurationError(`"${shortish(shown)}" is not a valid address.`);
  }
}

function stripTrailingSlash(s: string): string {
  return s.replace(/\/+$/, '');
}

function shortish(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
