// What a variable row shows: never an encrypted value or its marker, the fingerprint of SSH keys,
// the shortened value of a plain VAR; and what Import does with each key.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Variable } from '../../../src/api';
import { countOutcomes, looksSecret, planImport } from '../../../src/features/variables/commands/importPlan';
import { isEncryptedVariable, isPlainVar, publicKeyFingerprint, rowValue, shortValue, typeIcon } from '../../../src/features/variables/variableFacts';

const v = (extra: Partial<Variable>): Variable => ({ id: 1, key: 'K', value: 'v', type: 'VAR', ...extra });

describe('variable rows', () => {
  it('shows a plain VAR shortened; never an encrypted one or either marker', () => {
    assert.deepEqual(rowValue(v({ value: 'eu-west-1' })), { kind: 'value', text: 'eu-west-1' });
    assert.deepEqual(rowValue(v({ value: 'secure!AbCd', encrypted: true })), { kind: 'encrypted' });
    assert.deepEqual(rowValue(v({ value: '!encrypted QWxhZGRpbg==' })), { kind: 'encrypted' }, 'a marker without the flag is still encrypted');
    assert.deepEqual(rowValue(v({ value: 'looks plain', encrypted: true })), { kind: 'encrypted' }, 'the flag without a marker is still encrypted');
    assert.deepEqual(rowValue(v({ value: '' })), { kind: 'empty' });
    assert.equal(isPlainVar(v({ type: 'FILE', value: 'x' })), false);
    assert.equal(isEncryptedVariable(v({ value: '  secure!x' })), true);
  });

  it('shortens to one line: cut with …, more lines marked', () => {
    assert.equal(shortValue('a'.repeat(50), 10), `${'a'.repeat(9)}…`);
    assert.equal(shortValue('first\nsecond'), 'first ⏎…');
    assert.equal(shortValue('only\n\n'), 'only');
    assert.equal(shortValue('tabs\tand  spaces'), 'tabs and spaces');
  });

  it('shows the fingerprint of SSH keys: the service\'s, or the one ssh-keygen gives for a public key', () => {
    assert.deepEqual(rowValue(v({ type: 'SSH_KEY', value: 'secure!x', encrypted: true, key_fingerprint: 'ab:cd' })), { kind: 'fingerprint', fingerprint: 'ab:cd' });
    assert.deepEqual(rowValue(v({ type: 'SSH_KEY', value: '!encrypted x', encrypted: true })), { kind: 'encrypted' }, 'a pipeline answer without derivations');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-facts-'));
    try {
      const file = path.join(dir, 'k');
      execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'c@h', '-f', file], { stdio: 'ignore' });
      const line = fs.readFileSync(`${file}.pub`, 'utf8');
      const expected = /MD5:([0-9a-f:]+)/.exec(execFileSync('ssh-keygen', ['-l', '-E', 'md5', '-f', `${file}.pub`], { encoding: 'utf8' }))?.[1];
      assert.ok(expected);
      assert.equal(publicKeyFingerprint(line), expected);
      assert.deepEqual(rowValue(v({ type: 'SSH_PUBLIC_KEY', value: line.trim() })), { kind: 'fingerprint', fingerprint: expected });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.equal(publicKeyFingerprint('not a key'), undefined);
  });

  it('shows a FILE by its path, and every type of the real service has an icon; unknown ones a question mark', () => {
    assert.deepEqual(rowValue(v({ type: 'FILE', value: 'x\ny', file_path: '~/.npmrc' })), { kind: 'file', path: '~/.npmrc', encrypted: false });
    for (const type of ['VAR', 'FILE', 'SSH_KEY', 'SSH_PUBLIC_KEY', 'GPG_KEY', 'IOS_KEYCHAIN', 'IOS_PROVISION_PROFILES']) {
      assert.notEqual(typeIcon(type), 'question', type);
    }
    assert.equal(typeIcon('SOMETHING_NEW'), 'question');
    assert.deepEqual(rowValue(v({ type: 'GPG_KEY', value: '!encrypted x', encrypted: true })), { kind: 'encrypted' });
  });
});

describe('import plan', () => {
  const existing: Variable[] = [
    v({ id: 1, key: 'REGION', value: 'eu' }),
    v({ id: 2, key: 'TOKEN', value: 'secure!x', encrypted: true }),
    v({ id: 3, key: 'DEPLOY_KEY', type: 'SSH_KEY', value: 'secure!y', encrypted: true }),
  ];
  const entries = ['REGION', 'TOKEN', 'DEPLOY_KEY', 'NEW'].map((key, i) => ({ key, value: `v${i}`, line: i + 1 }));

  it('creates new keys, replaces VARs (an encrypted one stays encrypted), skips other types', () => {
    const plan = planImport(entries, existing, isEncryptedVariable);
    assert.deepEqual(
      plan.map((p) => [p.entry.key, p.action.kind, p.action.kind === 'replace' ? p.action.encrypted : undefined]),
      [
        ['REGION', 'replace', false],
        ['TOKEN', 'replace', true],
        ['DEPLOY_KEY', 'skip', undefined],
        ['NEW', 'create', undefined],
      ],
    );
  });

  it('proposes secret names as secrets', () => {
    assert.deepEqual(['API_KEY', 'DB_PASSWORD', 'GITHUB_TOKEN', 'SENTRY_DSN', 'REGION', 'NODE_ENV', 'KEYBOARD'].map(looksSecret), [true, true, true, true, false, false, false]);
  });

  it('counts each key\'s outcome', () => {
    assert.deepEqual(
      countOutcomes([
        { key: 'A', result: 'created' },
        { key: 'B', result: 'replaced' },
        { key: 'C', result: 'failed', reason: 'no' },
        { key: 'D', result: 'notDone' },
      ]),
      { created: ['A'], replaced: ['B'], failed: [{ key: 'C', reason: 'no' }], notDone: ['D'] },
    );
  });
});
