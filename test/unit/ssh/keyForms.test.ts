// The SSH key checks (src/ssh) on hand-made keys: each rule of the PEM and OpenSSH forms on its own
// (damaged blobs, the encryption headers, line endings), where keys.test.ts uses real keys.
import * as assert from 'node:assert/strict';
import { checkPrivateKey, parsePublicKeyLine } from '../../../src/ssh';

const MAGIC = Buffer.from('openssh-key-v1\0', 'latin1');

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** A block of `label` around `data` (base64 in lines of 64), after optional RFC 1421 headers. */
function pem(label: string, data: Buffer | string, headers: string[] = [], eol = '\n'): string {
  const base64 = typeof data === 'string' ? data : data.toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return [`-----BEGIN ${label}-----`, ...headers, ...(headers.length ? [''] : []), ...lines, `-----END ${label}-----`, ''].join(eol);
}

/** An openssh-key-v1 blob naming `cipher` (its length field `length` when given), then `rest`. */
function openssh(cipher: string, rest = Buffer.from('rest of the key'), length = Buffer.byteLength(cipher, 'latin1')): Buffer {
  return Buffer.concat([MAGIC, u32(length), Buffer.from(cipher, 'latin1'), rest]);
}

const der = Buffer.from('not really DER, but base64 of something');

describe('SSH key checks on hand-made keys', () => {
  it('an OpenSSH key: cipher none is usable, any other cipher is protected, up to 64 characters', () => {
    assert.deepEqual(checkPrivateKey(pem('OPENSSH PRIVATE KEY', openssh('none'))), { ok: true, format: 'openssh' });
    assert.deepEqual(checkPrivateKey(pem('OPENSSH PRIVATE KEY', openssh('none', Buffer.alloc(0)))), { ok: true, format: 'openssh' }, 'the cipher name ends the blob');
    assert.deepEqual(checkPrivateKey(pem('OPENSSH PRIVATE KEY', openssh('aes256-ctr'))), { ok: false, problem: 'passphraseProtected' });
    assert.deepEqual(checkPrivateKey(pem('OPENSSH PRIVATE KEY', openssh('c'.repeat(64)))), { ok: false, problem: 'passphraseProtected' });
  });

  it('a damaged OpenSSH blob is no private key: short, another magic, a cipher length of 0, over 64 or past the end', () => {
    const damaged = {
      short: Buffer.concat([MAGIC, Buffer.from([0, 0])]),
      magic: Buffer.concat([Buffer.from('openssh-key-v2\0', 'latin1'), u32(4), Buffer.from('none')]),
      empty: openssh(''),
      long: openssh('c'.repeat(65)),
      pastEnd: openssh('none', Buffer.alloc(0), 5),
    };
    assert.deepEqual(
      Object.entries(damaged).map(([k, blob]) => [k, checkPrivateKey(pem('OPENSSH PRIVATE KEY', blob))]),
      Object.keys(damaged).map((k) => [k, { ok: false, problem: 'notPrivateKey' }]),
    );
  });

  it('a PEM key: ENCRYPTED PRIVATE KEY and a Proc-Type 4,ENCRYPTED header (spaced or not) are protected; other headers are not', () => {
    assert.deepEqual(checkPrivateKey(pem('RSA PRIVATE KEY', der)), { ok: true, format: 'pem' });
    assert.deepEqual(checkPrivateKey(pem('ENCRYPTED PRIVATE KEY', der)), { ok: false, problem: 'passphraseProtected' });
    for (const header of ['Proc-Type: 4,ENCRYPTED', 'Proc-Type:4,ENCRYPTED', 'proc-type:  4, encrypted']) {
      assert.deepEqual(checkPrivateKey(pem('RSA PRIVATE KEY', der, [header, 'DEK-Info: AES-128-CBC,0123'])), { ok: false, problem: 'passphraseProtected' }, header);
    }
    for (const header of ['X-Proc-Type: 4,ENCRYPTED', 'Proc-Type: 4,ENCRYPTEDX', 'Proc-Type: 4,CLEAR']) {
      assert.deepEqual(checkPrivateKey(pem('RSA PRIVATE KEY', der, [header])), { ok: true, format: 'pem' }, header);
    }
  });

  it('a PEM body: headers need their blank line; every data line base64 (spaces around allowed), whole groups of four', () => {
    const noBlank = ['-----BEGIN RSA PRIVATE KEY-----', 'Proc-Type: 4,CLEAR', der.toString('base64'), '-----END RSA PRIVATE KEY-----'].join('\n');
    assert.deepEqual(checkPrivateKey(noBlank), { ok: false, problem: 'notPrivateKey' });
    const good = der.toString('base64');
    const spaced = ['-----BEGIN RSA PRIVATE KEY-----', `${good.slice(0, 16)}   `, `\t${good.slice(16)}`, '-----END RSA PRIVATE KEY-----'].join('\n');
    assert.deepEqual(checkPrivateKey(spaced), { ok: true, format: 'pem' });
    const oneBad = ['-----BEGIN RSA PRIVATE KEY-----', good, '!!!!', '-----END RSA PRIVATE KEY-----'].join('\n');
    assert.deepEqual(checkPrivateKey(oneBad), { ok: false, problem: 'notPrivateKey' });
    assert.deepEqual(checkPrivateKey(pem('RSA PRIVATE KEY', 'QUJDRAE')), { ok: false, problem: 'notPrivateKey' }, 'not a whole group of four');
  });

  it('labels: the same on both ends, ending in PRIVATE KEY; nothing before or after the block', () => {
    assert.deepEqual(checkPrivateKey(pem('RSA PRIVATE KEY BLOB', der)), { ok: false, problem: 'notPrivateKey' });
    assert.deepEqual(checkPrivateKey(pem('NOTPRIVATE KEY', der)), { ok: false, problem: 'notPrivateKey' });
    assert.deepEqual(checkPrivateKey(`comment line\n${pem('RSA PRIVATE KEY', der)}`), { ok: false, problem: 'notSingleKey' });
    assert.deepEqual(checkPrivateKey(`${pem('RSA PRIVATE KEY', der)}trailing`), { ok: false, problem: 'notSingleKey' });
  });

  it('any line ending: CR LF and a lone CR (old Mac editors) read like LF', () => {
    assert.deepEqual(checkPrivateKey(pem('RSA PRIVATE KEY', der, [], '\r\n')), { ok: true, format: 'pem' });
    assert.deepEqual(checkPrivateKey(pem('RSA PRIVATE KEY', der, [], '\r')), { ok: true, format: 'pem' });
  });

  describe('public key lines', () => {
    const blob = (type: string, length = type.length, rest = Buffer.from('key data')) => Buffer.concat([u32(length), Buffer.from(type, 'latin1'), rest]).toString('base64');

    it('a blob naming its type is read; one cut short, naming nothing or another type is damaged', () => {
      const ok = parsePublicKeyLine(`ssh-ed25519 ${blob('ssh-ed25519')} me@host`);
      assert.deepEqual(ok, { ok: true, type: 'ssh-ed25519', line: `ssh-ed25519 ${blob('ssh-ed25519')} me@host` });
      assert.equal(parsePublicKeyLine(`ssh-ed25519 ${blob('ssh-ed25519', 11, Buffer.alloc(0))}`).ok, true, 'the name may end the blob');
      const damaged = [
        Buffer.from([0, 0, 0]).toString('base64'),
        Buffer.from([0, 0, 0, 0]).toString('base64'),
        blob('ssh-ed25519', 0),
        blob('ssh-ed25519', 40, Buffer.alloc(0)),
        blob('ssh-rsa'),
      ];
      assert.deepEqual(
        damaged.map((b) => parsePublicKeyLine(`ssh-ed25519 ${b}`)),
        damaged.map(() => ({ ok: false, problem: 'damaged' })),
      );
    });

    it('a line ending in a lone CR or CR LF is one line; CR between two keys makes two', () => {
      const line = `ssh-ed25519 ${blob('ssh-ed25519')}`;
      assert.equal(parsePublicKeyLine(`${line}\r`).ok, true);
      assert.equal(parsePublicKeyLine(`${line}\r\n`).ok, true);
      assert.deepEqual(parsePublicKeyLine(`${line}\r${line}`), { ok: false, problem: 'multipleLines' });
    });
  });
});
