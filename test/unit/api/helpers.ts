// Shared set-up of the API client tests: the real emulator on loopback, clients over real HTTP.
import { ApiClient, type ClientOptions, type FetchLike, type RequestEvent } from '../../../src/api';

export const USER_AGENT = 'workspace-automation/0.1.0 (test)';

let nodeFetchFn: FetchLike | undefined;
/** node-fetch (the extension's fetch), loaded once; it is ESM-only, hence the dynamic import. */
export async function nodeFetch(): Promise<FetchLike> {
  if (!nodeFetchFn) {
    const m = await import('node-fetch');
    nodeFetchFn = m.default as unknown as FetchLike;
  }
  return nodeFetchFn;
}

/** Node's own fetch, to show the client works with both. */
export const globalFetch: FetchLike = (url, init) => fetch(url, init);

export interface TestClient {
  client: ApiClient;
  events: RequestEvent[];
}

/** A client of the emulator at `baseUrl`, fast retries, events recorded. */
export async function makeClient(
  baseUrl: string,
  token: string | undefined | (() => string | undefined),
  opts: Partial<ClientOptions> = {},
): Promise<TestClient> {
  const events: RequestEvent[] = [];
  const client = new ApiClient({
    baseUrl,
    getToken: typeof token === 'function' ? token : () => token,
    userAgent: USER_AGENT,
    timeoutMs: 5000,
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 20,
    ...opts,
    fetch: opts.fetch ?? (await nodeFetch()),
    onRequest: (e) => {
      events.push(e);
      opts.onRequest?.(e);
    },
  });
  return { client, events };
}

/** Runs fn, expecting it to throw; returns the error. */
export async function rejection(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection, but the call succeeded');
}

/**
 * A FetchLike over real HTTP that lets a test rewrite the emulator's real answers (status, body)
 * and see what the client sent.
 */
export function editingFetch(
  inner: FetchLike,
  edit: (url: string, status: number, text: string) => { status?: number; text?: string } | undefined,
  sent: { url: string; init: Parameters<FetchLike>[1] }[] = [],
): FetchLike {
  return async (url, init) => {
    sent.push({ url, init });
    const res = await inner(url, init);
    const text = await res.text();
    const changed = edit(url, res.status, text) ?? {};
    return {
      status: changed.status ?? res.status,
      headers: res.headers,
      text: async () => changed.text ?? text,
    };
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
