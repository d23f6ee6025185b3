// Fault injection: a queue of faults consumed by the requests they match, and the ways each
// fault answers (or fails to).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export const FAULT_KINDS = ['500', '502', '503', '504', 'drop', 'truncate', 'html', 'badjson', 'trickle'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  kind: FaultKind;
  /** How many matching requests it affects; default 1. */
  count?: number;
  /** Only requests with this method (case-insensitive). */
  method?: string;
  /** Only requests whose path (with query) contains this text. */
  path?: string;
}

/** Kinds answered after the request was processed (its effects happen); the others replace it. */
export const AFTER_PROCESSING: ReadonlySet<FaultKind> = new Set(['truncate', 'trickle']);

/** How long a trickled answer takes in total. */
export const TRICKLE_MS = 2500;

/** Checks a fault received over HTTP or from the CLI; returns an error message or undefined. */
export function faultError(f: unknown): string | undefined {
  if (typeof f !== 'object' || f === null) {
    return "Value of 'kind' cannot be empty.";
  }
  const spec = f as Record<string, unknown>;
  if (!FAULT_KINDS.includes(spec.kind as FaultKind)) {
    return spec.kind === undefined ? "Value of 'kind' cannot be empty." : "Value of 'kind' is invalid.";
  }
  if (spec.count !== undefined && (typeof spec.count !== 'number' || !Number.isInteger(spec.count) || spec.count < 1)) {
    return "Value of 'count' is invalid.";
  }
  for (const field of ['method', 'path'] as const) {
    if (spec[field] !== undefined && typeof spec[field] !== 'string') {
      return `Value of '${field}' is invalid.`;
    }
  }
  return undefined;
}

export class FaultQueue {
  private queue: { spec: FaultSpec; left: number }[] = [];

  add(spec: FaultSpec): void {
    this.queue.push({ spec: { ...spec }, left: spec.count ?? 1 });
  }

  clear(): void {
    this.queue = [];
  }

  get pending(): number {
    return this.queue.reduce((n, f) => n + f.left, 0);
  }

  /** The first queued fault matching the request, consumed once. Preflights match only when asked by method. */
  take(method: string, pathAndQuery: string): FaultKind | undefined {
    const i = this.queue.findIndex(({ spec }) => {
      const m = spec.method?.toUpperCase();
      if (m ? m !== method : method === 'OPTIONS') {
        return false;
      }
      return spec.path === undefined || pathAndQuery.includes(spec.path);
    });
    if (i < 0) {
      return undefined;
    }
    const entry = this.queue[i];
    if (--entry.left <= 0) {
      this.queue.splice(i, 1);
    }
    return entry.spec.kind;
  }
}

const GATEWAY_MESSAGES: Record<string, string> = {
  '500': 'Internal server error.',
  '502': 'Bad gateway.',
  '503': 'Service unavailable.',
  '504': 'Gateway timeout.',
};

const HTML_PAGE = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** Answers a fault that replaces the request; returns the status sent (0 for a dropped connection). */
export function answerInsteadOf(kind: FaultKind, req: IncomingMessage, res: ServerResponse, base: string): number {
  const cors = { 'Access-Control-Allow-Origin': '*' };
  switch (kind) {
    case 'drop':
      req.socket.destroy();
      return 0;
    case 'html':
      res.writeHead(502, { ...cors, 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(HTML_PAGE) });
      res.end(HTML_PAGE);
      return 502;
    case 'badjson': {
      const body = `{"url": "${base}", "html_url": "https://app.example.com", "items": [{"id": 1,`;
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      return 200;
    }
    default: {
      const status = Number(kind);
      const body = JSON.stringify({ errors: [{ message: GATEWAY_MESSAGES[kind] }] });
      const extra = status === 503 ? { 'Retry-After': '1' } : {};
      res.writeHead(status, { ...cors, ...extra, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      return status;
    }
  }
}

/** Sends headers announcing the whole body, then only part of it, then closes the connection. */
export function sendTruncated(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer): void {
  res.writeHead(status, { ...headers, 'Content-Length': Math.max(body.length, 2) });
  const part = body.subarray(0, Math.floor(body.length / 2));
  res.write(part, () => res.socket?.end());
}

/** Sends a valid answer in small chunks spread over TRICKLE_MS. */
export function sendTrickle(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer): Promise<void> {
  res.writeHead(status, { ...headers, 'Content-Length': body.length });
  res.flushHeaders();
  const chunks = Math.max(1, Math.min(body.length, 25));
  const size = Math.ceil(body.length / chunks);
  return new Promise((resolve) => {
    let offset = 0;
    const timer = setInterval(() => {
      if (res.destroyed || offset >= body.length) {
        clearInterval(timer);
        res.end();
        resolve();
        return;
      }
      res.write(body.subarray(offset, offset + size));
      offset += size;
    }, TRICKLE_MS / (chunks + 1));
  });
}
