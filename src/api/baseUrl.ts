// The API's base address, from the account type or from a full API address (conventions.md).
// Plain http:// is accepted only for localhost, 127.0.0.1 and [::1]: a token never crosses a network
// in clear text.
import { ConfigurationError } from './errors';

/** A location of the service itself (not a self-hosted installation). */
export type ServiceLocationType = 'us' | 'eu' | 'asia';
export type AccountType = ServiceLocationType | 'self-hosted';

/** One of the service's own locations: its API address and its web application's, both https. */
export interface ServiceLocation {
  accountType: ServiceLocationType;
  apiUrl: string;
  webUrl: string;
}

/**
 * The service's locations, in the one place that knows them: US and EU (its documentation), Asia
 * (the service's own public tools and other clients: api.asia.buddy.works, asia.buddy.works).
 * Each is its own address: its own accounts, tokens and OAuth applications.
 */
export const SERVICE_LOCATIONS: readonly ServiceLocation[] = [
  { accountType: 'us', apiUrl: 'https://api.buddy.works', webUrl: 'https://app.buddy.works' },
  { accountType: 'eu', apiUrl: 'https://api.eu.buddy.works', webUrl: 'https://eu.buddy.works' },
  { accountType: 'asia', apiUrl: 'https://api.asia.buddy.works', webUrl: 'https://asia.buddy.works' },
];

export const US_BASE_URL = SERVICE_LOCATIONS[0].apiUrl;
export const EU_BASE_URL = SERVICE_LOCATIONS[1].apiUrl;

/** The service location whose API address this is (a resolved base address), if any. */
export function serviceLocationAt(baseUrl: string): ServiceLocation | undefined {
  return SERVICE_LOCATIONS.find((l) => l.apiUrl === baseUrl);
}

/** A setting's account type, read tolerantly: anything unknown is the default, US. */
export function accountTypeOf(value: unknown): AccountType {
  return value === 'self-hosted' || SERVICE_LOCATIONS.some((l) => l.accountType === value) ? (value as AccountType) : 'us';
}

export type BaseUrlInput =
  | { accountType: ServiceLocationType }
  | { accountType: 'self-hosted'; /** host name or IP address, optionally with :port */ host: string }
  | { /** a full API address: the local emulator, a gateway, a proxy */ apiUrl: string };

/** The hosts plain http:// may go to, in URL.hostname form: this machine's own names, exactly. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * True for exactly `localhost`, `127.0.0.1` and `[::1]` (URL.hostname form: the URL parser has
 * already written `127.1` or `[0:0:0:0:0:0:0:1]` that way). Nothing else: `localhost.` is a name
 * the network's resolver answers, the rest of 127/8 and `[::ffff:127.0.0.1]` are not what every
 * system routes to itself, and a configured proxy would receive any of them, token and all.
 */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
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
  const location = SERVICE_LOCATIONS.find((l) => l.accountType === input.accountType);
  if (location) {
    return location.apiUrl;
  }
  switch (input.accountType) {
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
        `Plain http:// is allowed only for this machine (localhost, 127.0.0.1, [::1]); use https:// for "${url.host}" so the token is not sent in clear text.`,
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
