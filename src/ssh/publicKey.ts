// "Is this one OpenSSH public key line?" (`<type> <base64 blob> [comment]`, as in a `.pub` file or
// authorized_keys), checked before an SSH_PUBLIC_KEY variable is sent. Pure: no editor, no files.

/** Key types an OpenSSH public key line may name (certificates excluded: they are not keys). */
export const PUBLIC_KEY_TYPES: readonly string[] = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
  'ssh-dss',
];

export type PublicKeyProblem =
  /** Nothing but white space. */
  | 'empty'
  /** Private key text: refused, and never echoed back. */
  | 'privateKey'
  /** More than one line. */
  | 'multipleLines'
  /** The first word is not a known key type. */
  | 'unknownType'
  /** The key data is not base64, or does not name the same key type. */
  | 'damaged';

export type PublicKeyCheck = { ok: true; type: string; line: string } | { ok: false; problem: PublicKeyProblem };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Checks that `text` is exactly one OpenSSH public key line. On success `line` is the line with
 * surrounding white space removed and single spaces between its parts (what is sent).
 */
export function parsePublicKeyLine(text: string): PublicKeyCheck {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (trimmed === '') {
    return { ok: false, problem: 'empty' };
  }
  if (/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(trimmed)) {
    return { ok: false, problem: 'privateKey' };
  }
  if (trimmed.includes('\n')) {
    return { ok: false, problem: 'multipleLines' };
  }
  const [type, blob, ...comment] = trimmed.split(/[ \t]+/);
  if (!PUBLIC_KEY_TYPES.includes(type)) {
    return { ok: false, problem: 'unknownType' };
  }
  if (blob === undefined || blob.length % 4 !== 0 || !BASE64.test(blob) || blobKeyType(Buffer.from(blob, 'base64')) !== type) {
    return { ok: false, problem: 'damaged' };
  }
  return { ok: true, type, line: [type, blob, ...comment].join(' ') };
}

/** True when `text` is one OpenSSH public key line. */
export function isPublicKeyLine(text: string): boolean {
  return parsePublicKeyLine(text).ok;
}

/** The key type written at the start of a public key blob (uint32 length + name). */
function blobKeyType(blob: Buffer): string | undefined {
  if (blob.length < 4) {
    return undefined;
  }
  const length = blob.readUInt32BE(0);
  if (length === 0 || 4 + length > blob.length) {
    return undefined;
  }
  return blob.toString('latin1', 4, 4 + length);
}
