// SSH key derivations for SSH_KEY variables, computed with a real SSH key library (sshpk).
import { createHash } from 'node:crypto';
import * as sshpk from 'sshpk';

export interface SshKeyInfo {
  /** The OpenSSH public key line: `<type> <base64> [comment]`. */
  public_value: string;
  /** MD5 of the public key blob, colon-separated lower-case hex. */
  key_fingerprint: string;
  /** Lower-case hex SHA-256 of the private key text as sent. */
  checksum: string;
}

/** Derives the public half, fingerprint and checksum; undefined when the text is no (unencrypted) private key. */
export function deriveSshKey(privateKeyText: string): SshKeyInfo | undefined {
  let key: sshpk.PrivateKey;
  try {
    key = sshpk.parsePrivateKey(privateKeyText, 'auto');
  } catch {
    return undefined;
  }
  const pub = key.toPublic();
  const [type, blob] = pub.toString('ssh').split(' ');
  const comment = key.comment && key.comment !== '(unnamed)' ? ` ${key.comment}` : '';
  return {
    public_value: `${type} ${blob}${comment}`,
    key_fingerprint: pub.fingerprint('md5').toString('hex'),
    checksum: createHash('sha256').update(privateKeyText, 'utf8').digest('hex'),
  };
}

/** True when the text is exactly one OpenSSH public key line (a final newline is tolerated). */
export function isPublicKeyLine(text: string): boolean {
  const line = text.replace(/\r?\n$/, '');
  if (line.includes('\n') || !/^(ssh-|ecdsa-|sk-)\S+ [A-Za-z0-9+/]+=*( .*)?$/.test(line)) {
    return false;
  }
  try {
    sshpk.parseKey(line, 'ssh');
    return true;
  } catch {
    return false;
  }
}
