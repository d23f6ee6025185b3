// A small loopback server that misbehaves on purpose, for the unit tests of the client and the
// extension-host tests: redirects, endless bodies, pages that are always full, rate-limit headers
// that never reset. It records everything it receives (method, path, headers, body), so a test
// can show that a second server received nothing. Requests no handler answers are passed on to an
// upstream server (the emulator) when one is given, else answered 404. No editor, no browser.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export interface ReceivedRequest {
  method: string;
  /** Path with the query string. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Answers the request and returns true, or returns false to let the next step (upstream, 404) answer. */
export type Handler = (req: ReceivedRequest, res: http.ServerResponse) => boolean | Promise<boolean>;

export interface HostileServer {
  /** `http://127.0.0.1:<port>` (or https://). */
  readonly url: string;
  readonly port: number;
  /** Everything received, oldest first. */
  readonly received: ReceivedRequest[];
  /** Bytes written by `endless` answers so far, and how many of their connections closed. */
  readonly endless: { bytes: number; closed: number };
  /** Replaces the handler. */
  handle(handler: Handler | undefined): void;
  close(): Promise<void>;
}

export interface HostileOptions {
  handler?: Handler;
  /** Requests the handler leaves are forwarded here (path and query appended), headers and body as received. */
  upstream?: string;
  /** Serve https with this key and certificate. */
  tls?: { key: string; cert: string };
  /** The loopback address to listen on (another host than 127.0.0.1: 127.0.0.2 on Linux); default 127.0.0.1. */
  host?: string;
}

const MAX_RECORDED_BODY = 1 << 20;

export async function startHostileServer(options: HostileOptions = {}): Promise<HostileServer> {
  let handler = options.handler;
  const received: ReceivedRequest[] = [];
  const endless = { bytes: 0, closed: 0 };
  const sockets = new Set<Socket>();

  const listener = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_RECORDED_BODY) {
        chunks.push(c);
      }
    });
    req.on('end', () => {
      const record: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(record);
      void (async () => {
        try {
          if (handler && (await handler(record, res))) {
            return;
          }
          if (options.upstream) {
            await forward(options.upstream, record, res);
            return;
          }
          json(res, 404, { errors: [{ message: 'Not found.' }] });
        } catch (e) {
          if (!res.headersSent) {
            json(res, 500, { errors: [{ message: String(e) }] });
          } else {
            res.destroy();
          }
        }
      })();
    });
  };
  const server = options.tls ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, listener) : http.createServer(listener);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('secureConnection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host}:${port}`,
    port,
    received,
    endless,
    handle(h) {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) {
          s.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

/** A JSON answer with the rate-limit headers of a fresh window unless `headers` says otherwise. */
export function json(res: http.ServerResponse, status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** A redirect to `location` (any 3xx), with a small body a browser would show. */
export function redirect(res: http.ServerResponse, status: number, location: string): void {
  const body = `Moved to ${location}`;
  res.writeHead(status, { Location: location, 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * A 200 JSON answer that never ends: `{"projects":[` and then items forever, written as fast as
 * the client reads, until the connection closes. `counter` counts the bytes and the close.
 */
export function endlessBody(res: http.ServerResponse, counter: { bytes: number; closed: number }, announceLength?: number): void {
  res.writeHead(200, { 'Content-Type': 'application/json', ...(announceLength !== undefined ? { 'Content-Length': announceLength } : {}) });
  const item = Buffer.from(`${JSON.stringify({ url: 'x', html_url: 'x', name: 'endless', display_name: 'Endless', status: 'ACTIVE' })},`.repeat(512));
  let open = true;
  res.on('close', () => {
    if (open) {
      open = false;
      counter.closed++;
    }
  });
  const pump = (): void => {
    while (open && !res.destroyed) {
      counter.bytes += item.length;
      if (!res.write(item)) {
        res.once('drain', pump);
        return;
      }
    }
  };
  res.write('{"projects":[');
  pump();
}

async function forward(upstream: string, req: ReceivedRequest, res: http.ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) {
      headers[k] = v;
    }
  }
  const answer = await fetch(upstream + req.path, {
    method: req.method,
    headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body,
    redirect: 'manual',
  });
  const body = Buffer.from(await answer.arrayBuffer());
  const out: http.OutgoingHttpHeaders = {};
  answer.headers.forEach((v, k) => {
    if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) {
      out[k] = v;
    }
  });
  res.writeHead(answer.status, { ...out, 'Content-Length': body.length });
  res.end(body);
}

/** A self-signed key and certificate for 127.0.0.1, made with openssl in a temp folder (removed). */
export function loopbackCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
