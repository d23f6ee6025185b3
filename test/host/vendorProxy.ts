// A loopback proxy in front of the emulator, for answers neither of the emulator's dialects gives
// (the vendor dialect serves the real service's documented shapes itself): an item without its
// id, a list longer than a page that does not page, a token refused both TOKEN_INFO and USER_INFO,
// a 401 on one check only. Each rule may rewrite an answer on its way back; everything else passes
// as it is. The extension talks to it like to any API address.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { emulatorUrl } from './sessionHelpers';

export interface ProxiedAnswer {
  status: number;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: unknown;
  text: string;
}

/** Rewrites an answer: return a replacement (status and JSON body), or undefined to pass it on. */
export type ProxyRule = (
  request: { method: string; path: string; token: string | undefined },
  answer: ProxiedAnswer,
) => { status?: number; json: unknown } | undefined;

export interface VendorProxy {
  readonly url: string;
  /** The requests that went through it: `METHOD path status` (the status sent back). */
  readonly log: string[];
  rules: ProxyRule[];
  close(): Promise<void>;
}

/** Starts the proxy on 127.0.0.1 (a free port). */
export async function startVendorProxy(rules: ProxyRule[] = []): Promise<VendorProxy> {
  const target = emulatorUrl();
  const proxy: VendorProxy = {
    url: '',
    log: [],
    rules,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) {
          if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) {
            headers[k] = v;
          }
        }
        const body = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
        const method = req.method ?? 'GET';
        const path = req.url ?? '/';
        try {
          const upstream = await fetch(target + path, { method, headers, body });
          const text = await upstream.text();
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          const auth = headers.authorization;
          const token = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
          let status = upstream.status;
          let out = text;
          for (const rule of proxy.rules) {
            const replaced = rule({ method, path, token }, { status, json, text: out });
            if (replaced) {
              status = replaced.status ?? status;
              json = replaced.json;
              out = JSON.stringify(replaced.json);
            }
          }
          const answerHeaders: Record<string, string> = { 'Content-Type': 'application/json' };
          for (const h of ['x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-reset']) {
            const v = upstream.headers.get(h);
            if (v !== null) {
              answerHeaders[h] = v;
            }
          }
          proxy.log.push(`${method} ${path} ${status}`);
          res.writeHead(status, answerHeaders).end(out);
        } catch (e) {
          proxy.log.push(`${method} ${path} 502`);
          res.writeHead(502, { 'Content-Type': 'text/plain' }).end(String(e));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (proxy as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

/** A rule: requests whose path (without query) is one of `paths`, with `token`, answer 403 in the vendor's words. */
export function forbidFor(token: string, paths: string[]): ProxyRule {
  return (request) =>
    request.token === token && paths.includes(request.path.split('?')[0])
      ? { status: 403, json: { errors: [{ message: 'You cannot receive data: the token has no access to it.' }] } }
      : undefined;
}

/** A rule: requests whose path (without query) is `path` get `edit(json)` instead of their JSON body. */
export function rewrite(path: string | RegExp, edit: (json: Record<string, unknown>) => unknown): ProxyRule {
  return (request, answer) => {
    const p = request.path.split('?')[0];
    const matches = typeof path === 'string' ? p === path : path.test(p);
    return matches && answer.status < 300 && answer.json && typeof answer.json === 'object'
      ? { json: edit(structuredClone(answer.json) as Record<string, unknown>) }
      : undefined;
  };
}
