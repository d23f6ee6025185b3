// What a variable row may show and offer, decided from the answer alone. Pure (no editor): an
// encrypted value (`encrypted: true`, or a `secure!…` / `!encrypted …` marker) is never shown,
// copied or put in a tooltip, only called "encrypted"; a plain VAR's value is shown shortened.
import { createHash } from 'node:crypto';
import { isEncryptedValue, type Variable } from '../../api';
import { parsePublicKeyLine } from '../../ssh';

/** The types the extension can change (the value of each in its own way); others are read-only. */
const EDITABLE_TYPES: ReadonlySet<string> = new Set(['VAR', 'FILE', 'SSH_KEY', 'SSH_PUBLIC_KEY']);
/** Types that are placed as a file in the run's container. */
const FILE_TYPES: ReadonlySet<string> = new Set(['FILE', 'SSH_KEY', 'SSH_PUBLIC_KEY']);

/** Encrypted by the flag or by its value's marker: either way the value is no plain text. */
export function isEncryptedVariable(v: Pick<Variable, 'encrypted' | 'value'>): boolean {
  return v.encrypted === true || isEncryptedValue(v.value);
}

/** A plain VAR: the only kind whose value is shown, copied and changed as text. */
export function isPlainVar(v: Pick<Variable, 'type' | 'encrypted' | 'value'>): boolean {
  return v.type === 'VAR' && !isEncryptedVariable(v);
}

export function isEditableType(type: string): boolean {
  return EDITABLE_TYPES.has(type);
}

export function isFileType(type: string): boolean {
  return FILE_TYPES.has(type);
}

/** One line of at most `max` characters: the first line, `…` where cut, `⏎` marking more lines. */
export function shortValue(text: string, max = 40): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const first = lines[0].replace(/\s+/g, ' ');
  const more = lines.length > 1 && lines.slice(1).some((l) => l.trim() !== '');
  const cut = first.length > max ? `${first.slice(0, max - 1)}…` : first;
  return more ? `${cut} ⏎…` : cut;
}

/** The MD5 fingerprint (`ab:cd:…`, as the service gives `key_fingerprint`) of a public key line. */
export function publicKeyFingerprint(line: string): string | undefined {
  const check = parsePublicKeyLine(line);
  if (!check.ok) {
    return undefined;
  }
  const blob = Buffer.from(check.line.split(' ')[1], 'base64');
  return createHash('md5').update(blob).digest('hex').replace(/(..)(?!$)/g, '$1:');
}

/**
 * The fingerprint of an SSH variable: the service's `key_fingerprint`, else the one of its public
 * key (`public_value`, or the value of a plain SSH_PUBLIC_KEY); undefined for other types.
 */
export function sshFingerprint(v: Variable): string | undefined {
  if (v.type !== 'SSH_KEY' && v.type !== 'SSH_PUBLIC_KEY') {
    return undefined;
  }
  if (typeof v.key_fingerprint === 'string' && v.key_fingerprint) {
    return v.key_fingerprint;
  }
  if (typeof v.public_value === 'string' && v.public_value) {
    return publicKeyFingerprint(v.public_value);
  }
  return v.type === 'SSH_PUBLIC_KEY' && !isEncryptedVariable(v) ? publicKeyFingerprint(v.value) : undefined;
}

/** A codicon per type; an unknown type gets a question mark (it is still listed). */
export function typeIcon(type: string): string {
  switch (type) {
    case 'VAR':
      return 'symbol-variable';
    case 'FILE':
      return 'file';
    case 'SSH_KEY':
      return 'key';
    case 'SSH_PUBLIC_KEY':
      return 'unlock';
    case 'GPG_KEY':
      return 'workspace-trusted';
    case 'IOS_KEYCHAIN':
      return 'device-mobile';
    case 'IOS_PROVISION_PROFILES':
      return 'verified';
    default:
      return 'question';
  }
}

/** What a row shows after the key, before translation: the shortened value, or what stands for it. */
export type RowValue =
  | { kind: 'value'; text: string }
  | { kind: 'empty' }
  | { kind: 'encrypted' }
  | { kind: 'fingerprint'; fingerprint: string }
  | { kind: 'file'; path: string; encrypted: boolean }
  | { kind: 'none' };

export function rowValue(v: Variable): RowValue {
  const fingerprint = sshFingerprint(v);
  if (fingerprint) {
    return { kind: 'fingerprint', fingerprint };
  }
  if (isPlainVar(v)) {
    return v.value === '' ? { kind: 'empty' } : { kind: 'value', text: shortValue(v.value) };
  }
  if (v.type === 'FILE' && typeof v.file_path === 'string' && v.file_path) {
    return { kind: 'file', path: v.file_path, encrypted: isEncryptedVariable(v) };
  }
  if (isEncryptedVariable(v)) {
    return { kind: 'encrypted' };
  }
  return { kind: 'none' };
}
