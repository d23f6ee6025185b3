// Raw-HTTP helpers for the emulator tests: every request goes over loopback to a real emulator.
import * as assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is instead of JSON.stringify(body). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call(base: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  const token = opts.token === undefined ? 'admin-token' : opts.token;
  if (token !== null) {
    headers.Authorization = `Bearer ${token}`;
  }
  let body: string | undefined = opts.rawBody;
  if (body === undefined && opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Asserts the conventions.md error shape with the exact message (and code when given). */
export function assertError(a: Answer, status: number, message: string, code?: number): void {
  assert.equal(a.status, status, `status for ${a.text}`);
  assert.deepEqual(a.json, { errors: [code === undefined ? { message } : { code, message }] });
}

export const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

export function sortedKeys(o: object): string[] {
  return Object.keys(o).sort();
}

/** An RSA key pair made with Node's crypto (independent of the emulator's SSH library): PEM private key, OpenSSH public line. */
export function rsaKeyPair(): { privateText: string; publicLine: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' });
  const mpint = (b64: string): Buffer => {
    const raw = Buffer.from(b64, 'base64url');
    return raw[0] & 0x80 ? Buffer.concat([Buffer.from([0]), raw]) : raw;
  };
  const field = (b: Buffer): Buffer => Buffer.concat([Buffer.from([0, 0, (b.length >> 8) & 255, b.length & 255]), b]);
  const blob = Buffer.concat([field(Buffer.from('ssh-rsa')), field(mpint(jwk.e!)), field(mpint(jwk.n!))]);
  return { privateText: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(), publicLine: `ssh-rsa ${blob.toString('base64')}` };
}
