// Unit tests of the SSH key checks, against keys that ssh-keygen makes in a temporary folder.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkPrivateKey, looksLikePrivateKey, parsePublicKeyLine, isPublicKeyLine } from '../../../src/ssh';

interface KeyPair {
  privateText: string;
  publicText: string;
}

let dir: string;

/** Runs ssh-keygen into the temporary folder and returns both halves. */
function generate(name: string, args: string[], passphrase = ''): KeyPair {
  const file = path.join(dir, name);
  execFileSync('ssh-keygen', ['-q', ...args, '-N', passphrase, '-C', `${name}@test`, '-f', file], { stdio: 'ignore' });
  return { privateText: fs.readFileSync(file, 'utf8'), publicText: fs.readFileSync(`${file}.pub`, 'utf8') };
}

describe('SSH key checks', () => {
  let ed25519: KeyPair;
  let rsaPem: KeyPair;
  let rsaPkcs8: KeyPair;
  let ecdsa: KeyPair;
  let protectedOpenSsh: KeyPair;
  let protectedPem: KeyPair;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-ssh-'));
    ed25519 = generate('ed25519', ['-t', 'ed25519']);
    rsaPem = generate('rsa-pem', ['-t', 'rsa', '-b', '2048', '-m', 'PEM']);
    rsaPkcs8 = generate('rsa-pkcs8', ['-t', 'rsa', '-b', '2048', '-m', 'PKCS8']);
    ecdsa = generate('ecdsa', ['-t', 'ecdsa', '-b', '256']);
    protectedOpenSsh = generate('protected', ['-t', 'ed25519'], 'correct horse');
    protectedPem = generate('protected-pem', ['-t', 'rsa', '-b', '2048', '-m', 'PEM'], 'correct horse');
  });

  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('checkPrivateKey', () => {
    it('accepts an OpenSSH ed25519 key, an ECDSA key, and RSA keys in PEM and PKCS#8 form', () => {
      assert.deepEqual(checkPrivateKey(ed25519.privateText), { ok: true, format: 'openssh' });
      assert.deepEqual(checkPrivateKey(ecdsa.privateText), { ok: true, format: 'openssh' });
      assert.deepEqual(checkPrivateKey(rsaPem.privateText), { ok: true, format: 'pem' });
      assert.deepEqual(checkPrivateKey(rsaPkcs8.privateText), { ok: true, format: 'pem' });
    });

    it('accepts Windows line endings and surrounding blank lines', () => {
      assert.equal(looksLikePrivateKey(`\r\n${ed25519.privateText.replace(/\n/g, '\r\n')}\r\n\r\n`), true);
    });

    it('refuses empty text', () => {
      assert.deepEqual(checkPrivateKey(''), { ok: false, problem: 'empty' });
      assert.deepEqual(checkPrivateKey(' \n\t\n'), { ok: false, problem: 'empty' });
    });

    it('recognizes a public key picked instead of the private one', () => {
      assert.deepEqual(checkPrivateKey(ed25519.publicText), { ok: false, problem: 'publicKey' });
      assert.deepEqual(checkPrivateKey(rsaPem.publicText), { ok: false, problem: 'publicKey' });
    });

    it('refuses keys protected by a passphrase, in OpenSSH and PEM form', () => {
      assert.deepEqual(checkPrivateKey(protectedOpenSsh.privateText), { ok: false, problem: 'passphraseProtected' });
      assert.deepEqual(checkPrivateKey(protectedPem.privateText), { ok: false, problem: 'passphraseProtected' });
    });

    it('refuses text that is no PEM block, and PEM blocks that hold no private key', () => {
      assert.deepEqual(checkPrivateKey('hello world'), { ok: false, problem: 'notPrivateKey' });
      const certificate = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ==\n-----END CERTIFICATE-----\n';
      assert.deepEqual(checkPrivateKey(certificate), { ok: false, problem: 'notPrivateKey' });
      const publicPem = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n';
      assert.deepEqual(checkPrivateKey(publicPem), { ok: false, problem: 'notPrivateKey' });
    });

    it('refuses damaged keys: mismatched labels, bad base64, a broken OpenSSH blob', () => {
      const mismatched = ed25519.privateText.replace('END OPENSSH PRIVATE KEY', 'END RSA PRIVATE KEY');
      assert.deepEqual(checkPrivateKey(mismatched), { ok: false, problem: 'notPrivateKey' });
      const lines = ed25519.privateText.trim().split('\n');
      const badBase64 = [lines[0], `${lines[1].slice(0, 10)}!${lines[1].slice(11)}`, ...lines.slice(2)].join('\n');
      assert.deepEqual(checkPrivateKey(badBase64), { ok: false, problem: 'notPrivateKey' });
      const notOpenSsh = `-----BEGIN OPENSSH PRIVATE KEY-----\n${Buffer.from('not an openssh key at all').toString('base64')}\n-----END OPENSSH PRIVATE KEY-----`;
      assert.deepEqual(checkPrivateKey(notOpenSsh), { ok: false, problem: 'notPrivateKey' });
      const empty = '-----BEGIN PRIVATE KEY-----\n\n-----END PRIVATE KEY-----';
      assert.deepEqual(checkPrivateKey(empty), { ok: false, problem: 'notPrivateKey' });
    });

    it('refuses two keys in one file, and text around the key', () => {
      assert.deepEqual(checkPrivateKey(ed25519.privateText + rsaPem.privateText), { ok: false, problem: 'notSingleKey' });
      assert.deepEqual(checkPrivateKey(`my deploy key:\n${ed25519.privateText}`), { ok: false, problem: 'notSingleKey' });
    });
  });

  describe('parsePublicKeyLine', () => {
    it('accepts the .pub lines of ed25519, RSA and ECDSA keys and normalizes white space', () => {
      for (const pair of [ed25519, rsaPem, ecdsa]) {
        const result = parsePublicKeyLine(pair.publicText);
        assert.equal(result.ok, true);
        assert.equal(result.ok && result.line, pair.publicText.trim());
      }
      const spaced = `  ${ed25519.publicText.trim().replace(/ /g, ' \t ')}  \n`;
      assert.deepEqual(parsePublicKeyLine(spaced), { ok: true, type: 'ssh-ed25519', line: ed25519.publicText.trim() });
    });

    it('accepts a line without a comment, and a comment with spaces', () => {
      const [type, blob] = ed25519.publicText.trim().split(' ');
      assert.equal(isPublicKeyLine(`${type} ${blob}`), true);
      assert.deepEqual(parsePublicKeyLine(`${type} ${blob} deploy key for CI`), {
        ok: true,
        type,
        line: `${type} ${blob} deploy key for CI`,
      });
    });

    it('refuses empty text and several lines', () => {
      assert.deepEqual(parsePublicKeyLine('   '), { ok: false, problem: 'empty' });
      assert.deepEqual(parsePublicKeyLine(ed25519.publicText + ecdsa.publicText), { ok: false, problem: 'multipleLines' });
    });

    it('refuses a private key without echoing it', () => {
      const result = parsePublicKeyLine(ed25519.privateText);
      assert.deepEqual(result, { ok: false, problem: 'privateKey' });
      assert.equal(JSON.stringify(result).includes('OPENSSH'), false);
    });

    it('refuses unknown key types, certificates and options prefixes', () => {
      const [, blob] = ed25519.publicText.trim().split(' ');
      assert.deepEqual(parsePublicKeyLine(`ssh-foo ${blob}`), { ok: false, problem: 'unknownType' });
      assert.deepEqual(parsePublicKeyLine(`ssh-ed25519-cert-v01@openssh.com ${blob}`), { ok: false, problem: 'unknownType' });
      assert.deepEqual(parsePublicKeyLine(`no-pty ${ed25519.publicText}`), { ok: false, problem: 'unknownType' });
    });

    it('refuses damaged key data and data of another key type', () => {
      const [type, blob] = ed25519.publicText.trim().split(' ');
      assert.deepEqual(parsePublicKeyLine(type), { ok: false, problem: 'damaged' });
      assert.deepEqual(parsePublicKeyLine(`${type} ${blob.slice(0, -1)}`), { ok: false, problem: 'damaged' });
      assert.deepEqual(parsePublicKeyLine(`${type} ${blob.replace('A', '*')}`), { ok: false, problem: 'damaged' });
      const [, rsaBlob] = rsaPem.publicText.trim().split(' ');
      assert.deepEqual(parsePublicKeyLine(`ssh-ed25519 ${rsaBlob}`), { ok: false, problem: 'damaged' });
      assert.deepEqual(parsePublicKeyLine(`ssh-ed25519 ${Buffer.from('xyz').toString('base64')}`), { ok: false, problem: 'damaged' });
    });
  });
});
