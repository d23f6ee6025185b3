// The Variables view's facts (src/features/variables/variableFacts.ts) at their edges: the short value
// of odd texts, where a fingerprint comes from, the row of each kind and the icon of each type.
import * as assert from 'node:assert/strict';
import type { Variable } from '../../../src/api';
import { publicKeyFingerprint, rowValue, shortValue, sshFingerprint, typeIcon } from '../../../src/features/variables/variableFacts';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const PUBLIC = `ssh-ed25519 ${Buffer.concat([u32(11), Buffer.from('ssh-ed25519'), u32(32), Buffer.alloc(32, 7)]).toString('base64')} me@host`;
let id = 1;
const v = (extra: Partial<Variable>): Variable => ({ id: id++, key: 'K', value: '', type: 'VAR', ...extra }) as Variable;

describe('variables view: facts at their edges', () => {
  it('short values: exactly max kept, longer cut, CR or CR LF lines, blank further lines not marked', () => {
    assert.equal(shortValue('x'.repeat(40)), 'x'.repeat(40));
    assert.equal(shortValue('x'.repeat(41)), `${'x'.repeat(39)}…`);
    assert.equal(shortValue('a\rb'), 'a ⏎…');
    assert.equal(shortValue('a\r\nb'), 'a ⏎…');
    assert.equal(shortValue('a\n  \n'), 'a');
    assert.equal(shortValue('a\n\nb'), 'a ⏎…');
    assert.equal(shortValue('a\t b'), 'a b');
  });

  it('a fingerprint: the service’s, else the public value’s, else a plain public key’s own; none for other types', () => {
    const own = publicKeyFingerprint(PUBLIC);
    assert.match(own ?? '', /^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    assert.equal(sshFingerprint(v({ type: 'SSH_KEY', key_fingerprint: 'aa:bb', public_value: PUBLIC } as never)), 'aa:bb');
    assert.equal(sshFingerprint(v({ type: 'SSH_KEY', key_fingerprint: '', public_value: PUBLIC } as never)), own);
    assert.equal(sshFingerprint(v({ type: 'SSH_KEY', public_value: '' } as never)), undefined);
    assert.equal(sshFingerprint(v({ type: 'SSH_PUBLIC_KEY', value: PUBLIC })), own);
    assert.equal(sshFingerprint(v({ type: 'SSH_PUBLIC_KEY', value: PUBLIC, encrypted: true })), undefined, 'an encrypted value is not read');
    assert.equal(sshFingerprint(v({ type: 'SSH_KEY', value: PUBLIC })), undefined, 'a private key’s value is never read');
    assert.equal(sshFingerprint(v({ type: 'VAR', value: PUBLIC, key_fingerprint: 'aa:bb' } as never)), undefined);
    assert.equal(publicKeyFingerprint('not a key'), undefined);
  });

  it('rows: fingerprint, empty, value, file (with its path, encrypted or not), encrypted, nothing', () => {
    assert.deepEqual(rowValue(v({ type: 'SSH_PUBLIC_KEY', value: PUBLIC })), { kind: 'fingerprint', fingerprint: publicKeyFingerprint(PUBLIC) });
    assert.deepEqual(rowValue(v({ value: '' })), { kind: 'empty' });
    assert.deepEqual(rowValue(v({ value: 'plain' })), { kind: 'value', text: 'plain' });
    assert.deepEqual(rowValue(v({ type: 'FILE', value: 'x', file_path: '/tmp/f' } as never)), { kind: 'file', path: '/tmp/f', encrypted: false });
    assert.deepEqual(rowValue(v({ type: 'FILE', value: 'secure!x', file_path: '/tmp/f' } as never)), { kind: 'file', path: '/tmp/f', encrypted: true });
    assert.deepEqual(rowValue(v({ type: 'FILE', value: 'secure!x', file_path: '' } as never)), { kind: 'encrypted' });
    assert.deepEqual(rowValue(v({ type: 'VAR', value: 'secure!x' })), { kind: 'encrypted' });
    assert.deepEqual(rowValue(v({ type: 'FILE', value: 'x' })), { kind: 'none' });
    assert.deepEqual(rowValue(v({ type: 'GPG_KEY', value: 'x', file_path: '/k' } as never)), { kind: 'none' });
  });

  it('an icon per type, a question mark for an unknown one', () => {
    assert.deepEqual(
      ['VAR', 'FILE', 'SSH_KEY', 'SSH_PUBLIC_KEY', 'GPG_KEY', 'IOS_KEYCHAIN', 'IOS_PROVISION_PROFILES', 'NEW_KIND'].map(typeIcon),
      ['symbol-variable', 'file', 'key', 'unlock', 'workspace-trusted', 'device-mobile', 'verified', 'question'],
    );
  });
});
