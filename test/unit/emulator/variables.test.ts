import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { VARIABLES } from '../../emulator';
import { useEmulator } from '../../harness/useEmulator';
import { assertError, call, rsaKeyPair, sortedKeys } from './helpers';

const PATH = '/workspaces/acme/variables';
const WORKSPACE_KEYS = ['description', 'encrypted', 'file_chmod', 'file_path', 'file_place', 'id', 'key', 'type', 'url', 'value'];
const NARROW_KEYS = ['encrypted', 'id', 'key', 'type', 'url', 'value'];
const PUBLIC_KEY_KEYS = ['description', 'file_chmod', 'file_path', 'file_place', 'id', 'key', 'type', 'url', 'value'];
const SSH_EXTRA = ['checksum', 'key_fingerprint', 'public_value'];

interface KeyPair {
  privateText: string;
  publicLine: string;
  /** Expected MD5 fingerprint, from ssh-keygen when present, else from the public blob. */
  md5: string;
}

function hasSshKeygen(): boolean {
  try {
    execFileSync('ssh-keygen', ['-?'], { stdio: 'ignore' });
  } catch (err) {
    return (err as { code?: string }).code !== 'ENOENT';
  }
  return true;
}

function md5OfLine(line: string): string {
  const blob = Buffer.from(line.split(' ')[1], 'base64');
  return createHash('md5').update(blob).digest('hex').match(/../g)!.join(':');
}

/** Keys made independently of the emulator's SSH library: ssh-keygen, else Node's crypto (RSA PEM). */
function makeKeys(dir: string): Record<string, KeyPair> {
  if (!hasSshKeygen()) {
    const { privateText, publicLine } = rsaKeyPair();
    const pair = { privateText, publicLine, md5: md5OfLine(publicLine) };
    return { ed25519: pair, rsa: pair };
  }
  const out: Record<string, KeyPair> = {};
  for (const [name, args] of [
    ['ed25519', ['-t', 'ed25519', '-C', 'deploy@web-app']],
    ['rsa', ['-t', 'rsa', '-b', '2048', '-m', 'PEM', '-C', '']],
  ] as const) {
    const file = join(dir, name);
    execFileSync('ssh-keygen', ['-q', ...args, '-N', '', '-f', file]);
    const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'md5', '-f', file], { encoding: 'utf8' });
    out[name] = {
      privateText: readFileSync(file, 'utf8'),
      publicLine: readFileSync(`${file}.pub`, 'utf8').trim(),
      md5: /MD5:([0-9a-f:]+)/.exec(fingerprint)![1],
    };
  }
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', 'passphrase', '-f', join(dir, 'locked')]);
  out.locked = { privateText: readFileSync(join(dir, 'locked'), 'utf8'), publicLine: '', md5: '' };
  return out;
}

describe('emulator: variables', () => {
  const emu = useEmulator();
  let dir: string;
  let keys: Record<string, KeyPair>;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'emu-keys-'));
    keys = makeKeys(dir);
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const create = (body: unknown, token = 'admin-token'): ReturnType<typeof call> => call(emu.url, 'POST', PATH, { token, body });

  describe('create, by scope', () => {
    it('workspace scope: 201 with the full variable and null for unset fields', async () => {
      const a = await create({ key: 'API_URL', value: 'https://api.example.com', type: 'VAR', description: 'Backend' });
      assert.equal(a.status, 201);
      assert.deepEqual(sortedKeys(a.json), WORKSPACE_KEYS);
      assert.equal(a.json.url, `${emu.url}${PATH}/${a.json.id}`);
      assert.equal(typeof a.json.id, 'number');
      assert.equal(a.json.value, 'https://api.example.com');
      assert.equal(a.json.encrypted, false);
      assert.equal(a.json.description, 'Backend');
      assert.equal(a.json.file_path, null);
      assert.equal(a.json.file_chmod, null);
      assert.equal(a.json.file_place, null);
      const again = await call(emu.url, 'GET', `${PATH}/${a.json.id}`);
      assert.deepEqual(again.json, a.json);
    });
    it('project scope: adds the project reference, settable, run_only_settable; description "" when none', async () => {
      const a = await create({ key: 'FLAG', value: 'on', type: 'VAR', project: { name: 'web-app' }, settable: true, run_only_settable: true }, 'dev-token');
      assert.equal(a.status, 201);
      assert.deepEqual(sortedKeys(a.json), [...WORKSPACE_KEYS, 'project', 'run_only_settable', 'settable'].sort());
      assert.equal(a.json.description, '');
      assert.equal(a.json.settable, true);
      assert.equal(a.json.run_only_settable, true);
      assert.equal(a.json.encrypted, false);
      assert.deepEqual(a.json.project, { url: `${emu.url}/workspaces/acme/projects/web-app`, html_url: a.json.project.html_url, name: 'web-app', display_name: 'Web App', status: 'ACTIVE' });
      const defaults = await create({ key: 'FLAG2', value: 'off', type: 'VAR', project: { name: 'web-app' } });
      assert.equal(defaults.json.settable, false);
      assert.equal(defaults.json.run_only_settable, false);
    });
    it('outside project scope a description not sent (or "") is null, the empty-field rule', async () => {
      const none = await create({ key: 'NO_DESC', value: 'v', type: 'VAR' });
      assert.equal(none.status, 201, none.text);
      assert.ok('description' in none.json);
      assert.equal(none.json.description, null);
      assert.equal((await create({ key: 'EMPTY_DESC', value: 'v', type: 'VAR', description: '' })).json.description, null);
      assert.equal((await create({ key: 'EMPTY_PROJ', value: 'v', type: 'VAR', description: '', project: { name: 'web-app' } })).json.description, '');
      const list = await call(emu.url, 'GET', PATH);
      assert.equal(list.json.variables.find((v: { key: string }) => v.key === 'SENTRY_DSN').description, null);
      assert.equal(list.json.variables.find((v: { key: string }) => v.key === 'REGION').description, 'Cloud region');
    });
    it('pipeline scope without type: VAR, and only url, type, id, key, value, encrypted', async () => {
      const a = await create({ key: 'DEPLOY_DIR2', value: '/srv', pipeline: { id: 103 } }, 'dev-token');
      assert.equal(a.status, 201);
      assert.deepEqual(sortedKeys(a.json), NARROW_KEYS);
      assert.equal(a.json.type, 'VAR');
      assert.equal(a.json.encrypted, false);
    });
    it('action scope without type: VAR, and only the same six fields', async () => {
      const a = await create({ key: 'TIMEOUT', value: '30', action: { id: 1031 }, description: 'ignored here' });
      assert.equal(a.status, 201);
      assert.deepEqual(sortedKeys(a.json), NARROW_KEYS);
      assert.equal(a.json.type, 'VAR');
    });
    it('an encrypted VAR answers a secure! value, never the plain one', async () => {
      const a = await create({ key: 'TOKEN', value: 'plain-secret-value', type: 'VAR', encrypted: true });
      assert.equal(a.json.encrypted, true);
      assert.match(a.json.value, /^secure!.+/);
      assert.ok(!a.text.includes('plain-secret-value'));
      const list = await call(emu.url, 'GET', PATH);
      assert.ok(!list.text.includes('plain-secret-value'));
    });
  });

  describe('SSH keys', () => {
    for (const name of ['ed25519', 'rsa']) {
      it(`SSH_KEY (${name}): secure! value, public_value, MD5 fingerprint and SHA-256 checksum`, async () => {
        const k = keys[name];
        const a = await create({ key: `KEY_${name.toUpperCase()}`, value: k.privateText, type: 'SSH_KEY', encrypted: true, file_path: '~/.ssh/id_deploy', file_chmod: '600', file_place: 'CONTAINER' });
        assert.equal(a.status, 201, a.text);
        assert.deepEqual(sortedKeys(a.json), [...WORKSPACE_KEYS, ...SSH_EXTRA].sort());
        assert.equal(a.json.type, 'SSH_KEY');
        assert.equal(a.json.encrypted, true);
        assert.match(a.json.value, /^secure!.+/);
        assert.equal(a.json.public_value, k.publicLine);
        assert.equal(a.json.key_fingerprint, k.md5);
        assert.equal(a.json.key_fingerprint, md5OfLine(k.publicLine));
        assert.match(a.json.key_fingerprint, /^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
        assert.equal(a.json.checksum, createHash('sha256').update(k.privateText).digest('hex'));
        assert.equal(a.json.file_path, '~/.ssh/id_deploy');
        assert.equal(a.json.file_chmod, '600');
        assert.equal(a.json.file_place, 'CONTAINER');
        const body = k.privateText.split('\n')[2];
        assert.ok(!a.text.includes(body), 'the private key never comes back');
      });
    }
    it('SSH_KEY without encrypted is stored encrypted; encrypted false is invalid', async () => {
      const a = await create({ key: 'K1', value: keys.ed25519.privateText, type: 'SSH_KEY' });
      assert.equal(a.status, 201);
      assert.equal(a.json.encrypted, true);
      assertError(await create({ key: 'K2', value: keys.ed25519.privateText, type: 'SSH_KEY', encrypted: false }), 400, "Value of 'encrypted' is invalid.");
    });
    it('SSH_KEY in pipeline scope answers only the six fields', async () => {
      const a = await create({ key: 'K3', value: keys.rsa.privateText, type: 'SSH_KEY', encrypted: true, pipeline: { id: 101 } });
      assert.deepEqual(sortedKeys(a.json), NARROW_KEYS);
      assert.match(a.json.value, /^secure!/);
    });
    it('SSH_KEY in project scope has the derivations and the project fields', async () => {
      const a = await create({ key: 'K4', value: keys.rsa.privateText, type: 'SSH_KEY', encrypted: true, project: { name: 'api-service' } });
      assert.deepEqual(sortedKeys(a.json), [...WORKSPACE_KEYS, ...SSH_EXTRA, 'project', 'run_only_settable', 'settable'].sort());
    });
    for (const [label, value] of [
      ['text that is no key', 'hello'],
      ['a public key', () => keys.ed25519.publicLine],
      ['a truncated key', () => keys.ed25519.privateText.slice(0, 120)],
      ['a passphrase-protected key', () => keys.locked?.privateText ?? 'x'],
    ] as const) {
      it(`SSH_KEY with ${label}: 400`, async () => {
        const v = typeof value === 'function' ? value() : value;
        assertError(await create({ key: 'BAD', value: v, type: 'SSH_KEY', encrypted: true }), 400, "Value of 'value' is invalid.");
      });
    }
    it('SSH_PUBLIC_KEY: one OpenSSH line; answers exactly its fields', async () => {
      const a = await create({ key: 'AUTHORIZED', value: `${keys.ed25519.publicLine}\n`, type: 'SSH_PUBLIC_KEY', file_path: '/root/.ssh/authorized_keys', file_chmod: '0644', file_place: 'CONTAINER' });
      assert.equal(a.status, 201, a.text);
      assert.deepEqual(sortedKeys(a.json), PUBLIC_KEY_KEYS);
      assert.equal(a.json.value, keys.ed25519.publicLine);
      assert.equal(a.json.type, 'SSH_PUBLIC_KEY');
      assert.equal(a.json.description, null);
      assert.equal(a.json.file_chmod, '0644');
    });
    it('SSH_PUBLIC_KEY in project scope: its fields plus what every project-scoped answer carries', async () => {
      const a = await create({ key: 'AUTHORIZED', value: keys.rsa.publicLine, type: 'SSH_PUBLIC_KEY', project: { name: 'web-app' }, settable: true }, 'dev-token');
      assert.equal(a.status, 201, a.text);
      assert.deepEqual(sortedKeys(a.json), [...PUBLIC_KEY_KEYS, 'encrypted', 'project', 'run_only_settable', 'settable'].sort());
      assert.equal(a.json.encrypted, false);
      assert.equal(a.json.settable, true);
      assert.equal(a.json.run_only_settable, false);
      assert.equal(a.json.description, '');
      assert.equal(a.json.project.name, 'web-app');
      const listed = await call(emu.url, 'GET', `${PATH}?project_name=web-app`);
      assert.deepEqual(listed.json.variables.find((v: { id: number }) => v.id === a.json.id), a.json);
    });
    for (const [label, value] of [
      ['two lines', () => `${keys.ed25519.publicLine}\n${keys.rsa.publicLine}`],
      ['a private key', () => keys.ed25519.privateText],
      ['garbage', () => 'ssh-ed25519 !!!notbase64'],
      ['a bare blob', () => keys.ed25519.publicLine.split(' ')[1]],
    ] as const) {
      it(`SSH_PUBLIC_KEY with ${label}: 400`, async () => {
        assertError(await create({ key: 'PUB', value: value(), type: 'SSH_PUBLIC_KEY' }), 400, "Value of 'value' is invalid.");
      });
    }
    it('SSH_PUBLIC_KEY cannot be encrypted', async () => {
      assertError(await create({ key: 'PUB', value: keys.rsa.publicLine, type: 'SSH_PUBLIC_KEY', encrypted: true }), 400, "Value of 'encrypted' is invalid.");
    });
  });

  describe('create: values', () => {
    const bad: [Record<string, unknown>, number, string][] = [
      [{ value: 'v', type: 'VAR' }, 400, "Value of 'key' cannot be empty."],
      [{ key: '', value: 'v', type: 'VAR' }, 400, "Value of 'key' cannot be empty."],
      [{ key: '1ABC', value: 'v', type: 'VAR' }, 400, "Value of 'key' is invalid."],
      [{ key: 'A-B', value: 'v', type: 'VAR' }, 400, "Value of 'key' is invalid."],
      [{ key: 'A B', value: 'v', type: 'VAR' }, 400, "Value of 'key' is invalid."],
      [{ key: 5, value: 'v', type: 'VAR' }, 400, "Value of 'key' is invalid."],
      [{ key: 'K', value: 'v' }, 400, "Value of 'type' cannot be empty."],
      [{ key: 'K', value: 'v', project: { name: 'web-app' } }, 400, "Value of 'type' cannot be empty."],
      [{ key: 'K', value: 'v', type: 'FILE' }, 400, "Value of 'type' is invalid."],
      [{ key: 'K', value: 'v', type: 'var' }, 400, "Value of 'type' is invalid."],
      [{ key: 'K', type: 'VAR' }, 400, "Value of 'value' cannot be empty."],
      [{ key: 'K', value: '', type: 'VAR' }, 400, "Value of 'value' cannot be empty."],
      [{ key: 'K', value: 42, type: 'VAR' }, 400, "Value of 'value' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', encrypted: 'yes' }, 400, "Value of 'encrypted' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', description: 3 }, 400, "Value of 'description' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', project: { name: 'web-app' }, settable: 'true' }, 400, "Value of 'settable' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', project: { name: 'web-app' }, run_only_settable: 1 }, 400, "Value of 'run_only_settable' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', file_chmod: '999' }, 400, "Value of 'file_chmod' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', file_chmod: '75' }, 400, "Value of 'file_chmod' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', file_chmod: '07555' }, 400, "Value of 'file_chmod' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', file_chmod: 644 }, 400, "Value of 'file_chmod' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', file_place: 'HOST' }, 400, "Value of 'file_place' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', file_path: 7 }, 400, "Value of 'file_path' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', project: 'web-app' }, 400, "Value of 'project' is invalid."],
      [{ key: 'K', value: 'v', type: 'VAR', project: {} }, 400, "Value of 'project.name' cannot be empty."],
      [{ key: 'K', value: 'v', type: 'VAR', project: { name: 'nope' } }, 404, 'Project not found.'],
      [{ key: 'K', value: 'v', pipeline: { id: 'x' } }, 400, "Value of 'pipeline.id' is invalid."],
      [{ key: 'K', value: 'v', pipeline: {} }, 400, "Value of 'pipeline.id' cannot be empty."],
      [{ key: 'K', value: 'v', pipeline: 103 }, 400, "Value of 'pipeline' is invalid."],
      [{ key: 'K', value: 'v', pipeline: { id: 9999 } }, 404, 'Pipeline not found.'],
      [{ key: 'K', value: 'v', action: { id: 9999 } }, 404, 'Action not found.'],
      [{ key: 'K', value: 'v', project: { name: 'web-app' }, pipeline: { id: 103 } }, 400, "Value of 'pipeline' is invalid."],
      [{ key: 'K', value: 'v', pipeline: { id: 501 } }, 404, 'Pipeline not found.'],
    ];
    for (const [body, status, message] of bad) {
      it(`${status} for ${JSON.stringify(body)}`, async () => {
        assertError(await create(body), status, message);
      });
    }
    it('the same key twice in one scope is refused; in another scope it is fine', async () => {
      assertError(await create({ key: 'REGION', value: 'us-east-1', type: 'VAR' }), 400, "Variable with key 'REGION' already exists.");
      assert.equal((await create({ key: 'REGION', value: 'us-east-1', type: 'VAR', project: { name: 'web-app' } })).status, 201);
      assertError(await create({ key: 'REGION', value: 'x', type: 'VAR', project: { name: 'web-app' } }), 400, "Variable with key 'REGION' already exists.");
      assert.equal((await create({ key: 'REGION', value: 'x', type: 'VAR', project: { name: 'api-service' } })).status, 201);
      assert.equal((await create({ key: 'REGION', value: 'x', pipeline: { id: 101 } })).status, 201);
      assertError(await create({ key: 'REGION', value: 'y', pipeline: { id: 101 } }), 400, "Variable with key 'REGION' already exists.");
      assert.equal((await create({ key: 'region', value: 'x', type: 'VAR' })).status, 201, 'keys are case-sensitive');
    });
  });

  describe('permissions', () => {
    it('a non-admin may not create a workspace variable', async () => {
      assertError(await create({ key: 'X', value: 'v', type: 'VAR' }, 'dev-token'), 403, 'Access denied');
      assertError(await create({ key: 'X', value: 'v', type: 'VAR' }, 'denied-token'), 403, 'Access denied');
    });
    it('a non-admin may create project, pipeline and action variables', async () => {
      assert.equal((await create({ key: 'X', value: 'v', type: 'VAR', project: { name: 'mobile-app' } }, 'dev-token')).status, 201);
      assert.equal((await create({ key: 'X', value: 'v', pipeline: { id: 301 } }, 'denied-token')).status, 201);
      assert.equal((await create({ key: 'X', value: 'v', action: { id: 3011 } }, 'dev-token')).status, 201);
    });
    it('a non-admin may not delete a workspace variable, but may delete a project one', async () => {
      assertError(await call(emu.url, 'DELETE', `${PATH}/1`, { token: 'dev-token' }), 403, 'Access denied');
      const a = await call(emu.url, 'DELETE', `${PATH}/3`, { token: 'dev-token' });
      assert.equal(a.status, 204);
    });
  });

  describe('list, get, delete', () => {
    it('without filters lists workspace-scoped variables only', async () => {
      const a = await call(emu.url, 'GET', PATH, { token: 'dev-token' });
      assert.equal(a.status, 200);
      assert.equal(a.json.url, `${emu.url}${PATH}`);
      const expected = VARIABLES.filter((v) => v.workspace === 'acme' && v.scope === null).map((v) => v.key);
      assert.deepEqual(a.json.variables.map((v: { key: string }) => v.key), expected);
      const dsn = a.json.variables.find((v: { key: string }) => v.key === 'SENTRY_DSN');
      assert.match(dsn.value, /^secure!/);
      assert.ok(!a.text.includes(VARIABLES[1].value));
    });
    it('filters by project, pipeline and action, each in its scope shape', async () => {
      const p = await call(emu.url, 'GET', `${PATH}?project_name=web-app`);
      assert.deepEqual(p.json.variables.map((v: { key: string }) => v.key), ['NODE_VERSION']);
      assert.equal(p.json.variables[0].project.name, 'web-app');
      const pl = await call(emu.url, 'GET', `${PATH}?pipeline_id=103`);
      assert.deepEqual(pl.json.variables.map((v: { key: string }) => v.key), ['DEPLOY_DIR']);
      assert.deepEqual(sortedKeys(pl.json.variables[0]), NARROW_KEYS);
      const ac = await call(emu.url, 'GET', `${PATH}?action_id=1012`);
      assert.deepEqual(ac.json.variables.map((v: { key: string }) => v.key), ['RETRIES']);
      const both = await call(emu.url, 'GET', `${PATH}?project_name=web-app&pipeline_id=103`);
      assert.deepEqual(both.json.variables.map((v: { key: string }) => v.key), ['DEPLOY_DIR']);
    });
    it('a created variable is listed in its scope', async () => {
      await create({ key: 'NEW_ONE', value: 'v', pipeline: { id: 104 } });
      const pl = await call(emu.url, 'GET', `${PATH}?pipeline_id=104`);
      assert.deepEqual(pl.json.variables.map((v: { key: string }) => v.key), ['NEW_ONE']);
    });
    it('pages', async () => {
      const a = await call(emu.url, 'GET', `${PATH}?per_page=1&page=2`);
      assert.deepEqual(a.json.variables.map((v: { key: string }) => v.key), ['SENTRY_DSN']);
    });
    it('400 and 404 for bad filters', async () => {
      assertError(await call(emu.url, 'GET', `${PATH}?pipeline_id=abc`), 400, "Value of 'pipeline_id' is invalid.");
      assertError(await call(emu.url, 'GET', `${PATH}?action_id=0`), 400, "Value of 'action_id' is invalid.");
      assertError(await call(emu.url, 'GET', `${PATH}?project_name=`), 400, "Value of 'project_name' cannot be empty.");
      assertError(await call(emu.url, 'GET', `${PATH}?project_name=nope`), 404, 'Project not found.');
      assertError(await call(emu.url, 'GET', `${PATH}?pipeline_id=999`), 404, 'Pipeline not found.');
      assertError(await call(emu.url, 'GET', `${PATH}?project_name=api-service&pipeline_id=103`), 404, 'Pipeline not found.');
      assertError(await call(emu.url, 'GET', `${PATH}?action_id=9999`), 404, 'Action not found.');
      assertError(await call(emu.url, 'GET', `${PATH}?pipeline_id=102&action_id=1012`), 404, 'Action not found.');
    });
    it('delete answers 204 with no body; then the variable is gone', async () => {
      const created = await create({ key: 'GONE', value: 'v', type: 'VAR' });
      const res = await fetch(`${emu.url}${PATH}/${created.json.id}`, { method: 'DELETE', headers: { Authorization: 'Bearer admin-token' } });
      assert.equal(res.status, 204);
      assert.equal(await res.text(), '');
      assert.ok(res.headers.get('x-rate-limit-remaining'));
      assertError(await call(emu.url, 'GET', `${PATH}/${created.json.id}`), 404, 'Variable not found.');
      assertError(await call(emu.url, 'DELETE', `${PATH}/${created.json.id}`), 404, 'Variable not found.');
      assert.ok(!(await call(emu.url, 'GET', PATH)).json.variables.some((v: { key: string }) => v.key === 'GONE'));
    });
    it('delete: a 204 has no Content-Length', async () => {
      const created = await create({ key: 'GONE', value: 'v', type: 'VAR' });
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(emu.port, '127.0.0.1', () => socket.end(`DELETE ${PATH}/${created.json.id} HTTP/1.1\r\nHost: 127.0.0.1:${emu.port}\r\nAuthorization: Bearer admin-token\r\nConnection: close\r\n\r\n`));
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      assert.match(raw, /^HTTP\/1\.1 204 /);
      assert.doesNotMatch(raw, /content-length/i);
      assert.match(raw, /x-rate-limit-remaining: \d+/i);
    });
    it('delete: a body sent must be JSON, checked after permission', async () => {
      const created = await create({ key: 'KEPT', value: 'v', type: 'VAR' });
      const path = `${PATH}/${created.json.id}`;
      assertError(await call(emu.url, 'DELETE', path, { rawBody: 'x', headers: { 'Content-Type': 'text/plain' } }), 400, 'Content-Type must be application/json.');
      assertError(await call(emu.url, 'DELETE', path, { rawBody: '{x', headers: { 'Content-Type': 'application/json' } }), 400, 'Invalid JSON body.');
      assertError(await call(emu.url, 'DELETE', path, { rawBody: `"${'y'.repeat(1024 * 1024)}"`, headers: { 'Content-Type': 'application/json' } }), 413, 'Request body too large.');
      assertError(await call(emu.url, 'DELETE', '/workspaces/acme/variables/1', { token: 'dev-token', rawBody: 'x', headers: { 'Content-Type': 'text/plain' } }), 403, 'Access denied');
      assert.equal((await call(emu.url, 'GET', path)).status, 200, 'still there');
      assert.equal((await call(emu.url, 'DELETE', path, { rawBody: '{}', headers: { 'Content-Type': 'application/json; charset=utf-8' } })).status, 204);
    });
    it('404 for an unknown variable', async () => {
      assertError(await call(emu.url, 'GET', `${PATH}/424242`), 404, 'Variable not found.');
    });
  });
});
