// The loopback half of an OAuth redirect: one listener on 127.0.0.1 (never another interface) at
// the port of the registered redirect address. Only the answer to this sign-in is taken: a GET of
// the redirect's path whose one `state` is the request's; it gets a short page and the sign-in the
// whole address (which reads its code). Anything else (another path or method, no state or
// another one: a local process, a web page's image, a stale tab) gets a 400, is logged without its
// query, and the listener keeps waiting. It closes with the sign-in.
import * as http from 'node:http';
import { statesMatch } from '../../api/oauth';

export interface LoopbackListener {
  /** Resolves with the address the browser came back to. */
  readonly received: Promise<string>;
  close(): void;
}

export interface RedirectExpectation {
  /** The path the answer comes to (the redirect address's). */
  path: string;
  /** The `state` of the authorize request. */
  state: string;
}

/** The longest address taken (as parseAuthorizationRedirect). */
const MAX_CHARS = 8192;

/** Why an address is not the answer to the request, or undefined when it is. */
export function notTheAnswer(url: URL, expected: RedirectExpectation): string | undefined {
  if (url.pathname !== expected.path) {
    return 'another path';
  }
  const states = url.searchParams.getAll('state');
  if (states.length === 0) {
    return 'no state';
  }
  return states.length === 1 && statesMatch(expected.state, states[0]) ? undefined : 'another state';
}

const PAGE = (text: string): string =>
  `<!doctype html><meta charset="utf-8"><title>Workspace Automation</title><p>${text.replace(/[<>&"]/g, '')}</p>`;

/**
 * Listens at `redirectUri` (http://127.0.0.1:PORT/path) for the answer with `state`; rejects when
 * the port is taken. `log` is told of each request ignored (method, path, why; never the query).
 */
export async function listenForRedirect(redirectUri: string, doneText: string, state: string, log: (line: string) => void = () => undefined): Promise<LoopbackListener> {
  const want = new URL(redirectUri);
  let resolve!: (url: string) => void;
  const received = new Promise<string>((r) => (resolve = r));
  let answered = false;
  const server = http.createServer((req, res) => {
    const raw = req.url ?? '/';
    let why: string | undefined;
    let path = '?';
    try {
      const url = new URL(raw, `http://${want.host}`);
      path = url.pathname;
      why = answered ? 'already answered' : req.method !== 'GET' ? 'not a GET' : raw.length > MAX_CHARS ? 'too long' : notTheAnswer(url, { path: want.pathname, state });
    } catch {
      why = 'unreadable';
    }
    if (why !== undefined) {
      log(`OAuth sign-in: ignored a request to the loopback listener (${why}): ${String(req.method).slice(0, 10)} ${path.slice(0, 200)}`);
      res.writeHead(400, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' }).end('Not the answer to the sign-in under way.');
      return;
    }
    answered = true;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(PAGE(doneText));
    resolve(`${want.protocol}//${want.host}${raw}`);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(Number(want.port || 80), '127.0.0.1', () => ok());
  });
  return {
    received,
    close: () => {
      server.close();
      server.closeAllConnections?.();
    },
  };
}
