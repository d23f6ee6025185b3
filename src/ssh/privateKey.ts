// "Does this text look like one private key?" checked on the user's machine before an SSH_KEY
// variable is sent, so that a wrong file (a public key, a certificate, a document) is caught
// without the text ever leaving the machine. Pure: no editor, no file access, no logging.
import { parsePublicKeyLine } from './publicKey';

/** Key files are a few kilobytes; anything much larger is not a key (and is not read). */
export const MAX_PRIVATE_KEY_BYTES = 64 * 1024;

export type PrivateKeyFormat = 'openssh' | 'pem';

export type PrivateKeyProblem =
  /** Nothing but white space. */
  | 'empty'
  /** A public key line (the `.pub` file was picked instead of the private key). */
  | 'publicKey'
  /** Not a `-----BEGIN … PRIVATE KEY-----` block, or a damaged one. */
  | 'notPrivateKey'
  /** More than one key, or other text around the key. */
  | 'notSingleKey'
  /** Protected by a passphrase: a CI run cannot type it, so the service cannot use the key. */
  | 'passphraseProtected';

export type PrivateKeyCheck = { ok: true; format: PrivateKeyFormat } | { ok: false; problem: PrivateKeyProblem };

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\n([\s\S]*?)\n?-----END ([A-Z0-9 ]+)-----/g;
const BASE64_LINE = /^[A-Za-z0-9+/]+={0,2}$/;
const OPENSSH_MAGIC = 'openssh-key-v1\0';

/** Checks that `text` is exactly one unencrypted private key in PEM or OpenSSH form. */
export function checkPrivateKey(text: string): PrivateKeyCheck {
  const normalized = text.replace(/\r\n?/g, '\n').trim();
  if (normalized === '') {
    return { ok: false, problem: 'empty' };
  }
  if (!normalized.includes('\n') && parsePublicKeyLine(normalized).ok) {
    return { ok: false, problem: 'publicKey' };
  }
  const blocks = [...normalized.matchAll(BLOCK)];
  if (blocks.length === 0) {
    return { ok: false, problem: 'notPrivateKey' };
  }
  if (blocks.length > 1 || blocks[0][0].length !== normalized.length) {
    return { ok: false, problem: 'notSingleKey' };
  }
  const [, beginLabel, body, endLabel] = blocks[0];
  if (beginLabel !== endLabel || !/(^| )PRIVATE KEY$/.test(beginLabel)) {
    return { ok: false, problem: 'notPrivateKey' };
  }
  const parsed = parseBody(body);
  if (!parsed) {
    return { ok: false, problem: 'notPrivateKey' };
  }
  if (beginLabel === 'OPENSSH PRIVATE KEY') {
    const cipher = openSshCipher(parsed.data);
    if (cipher === undefined) {
      return { ok: false, problem: 'notPrivateKey' };
    }
    return cipher === 'none' ? { ok: true, format: 'openssh' } : { ok: false, problem: 'passphraseProtected' };
  }
  const encrypted = beginLabel === 'ENCRYPTED PRIVATE KEY' || /^Proc-Type:\s*4,\s*ENCRYPTED$/im.test(parsed.headers);
  return encrypted ? { ok: false, problem: 'passphraseProtected' } : { ok: true, format: 'pem' };
}

/** True when `text` is one usable private key (see checkPrivateKey for the reasons it is not). */
export function looksLikePrivateKey(text: string): boolean {
  return checkPrivateKey(text).ok;
}

/** Splits a PEM body into its optional RFC 1421 headers and its base64 data. */
function parseBody(body: string): { headers: string; data: Buffer } | undefined {
  const lines = body.split('\n').map((line) => line.trim());
  let headerEnd = 0;
  if (lines.some((line) => /^[A-Za-z-]+:/.test(line))) {
    headerEnd = lines.indexOf('');
    if (headerEnd < 0) {
      return undefined;
    }
  }
  const headers = lines.slice(0, headerEnd).join('\n');
  const dataLines = lines.slice(headerEnd).filter((line) => line !== '');
  if (dataLines.length === 0 || !dataLines.every((line) => BASE64_LINE.test(line))) {
    return undefined;
  }
  const base64 = dataLines.join('');
  if (base64.length % 4 !== 0) {
    return undefined;
  }
  const data = Buffer.from(base64, 'base64');
  return data.length > 0 ? { headers, data } : undefined;
}

/** The cipher name of an `openssh-key-v1` blob (`none` when unencrypted), or undefined if damaged. */
function openSshCipher(data: Buffer): string | undefined {
  if (data.length < OPENSSH_MAGIC.length + 4 || data.toString('latin1', 0, OPENSSH_MAGIC.length) !== OPENSSH_MAGIC) {
    return undefined;
  }
  const length = data.readUInt32BE(OPENSSH_MAGIC.length);
  const start = OPENSSH_MAGIC.length + 4;
  if (length === 0 || length > 64 || start + length > data.length) {
    return undefined;
  }
  return data.toString('latin1', start, start + length);
}
