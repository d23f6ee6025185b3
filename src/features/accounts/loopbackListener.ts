// The loopback half of an OAuth redirect: one listener on 127.0.0.1 (never another interface) at
// the port of the registered redirect address; it takes the first request to the redirect's path,
// answers the browser with a short page, and gives the whole address to the sign-in (which checks
// its state and code). Anything else gets a 404; the listener closes with the sign-in.
import * as http from 'node:http';

export interface LoopbackListener {
  /** Resolves with the address the browser came back to. */
  readonly received: Promise<string>;
  close(): void;
}

const PAGE = (text: string): string =>
  `<!doctype html><meta charset="utf-8"><title>Workspace Automation</title><p>${text.replace(/[<>&"]/g, '')}</p>`;

/** Listens at `redirectUri` (http://127.0.0.1:PORT/path); rejects when the port is taken. */
export async function listenForRedirect(redirectUri: string, doneText: string): Promise<LoopbackListener> {
  const want = new URL(redirectUri);
  let resolve!: (url: string) => void;
  const received = new Promise<string>((r) => (resolve = r));
  let answered = false;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${want.host}`);
    if (answered || req.method !== 'GET' || url.pathname !== want.pathname || (req.url ?? '').length > 8192) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    answered = true;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(PAGE(doneText));
    resolve(`${want.protocol}//${want.host}${req.url ?? ''}`);
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
