// GET and PATCH of one variable (conventions.md's table), in both dialects.
import * as assert from 'node:assert/strict';
import { DIALECTS } from '../../emulator';
import { Answer, assertError, call, rsaKeyPair } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

const PATH = '/workspaces/acme/variables';
// Demo variable ids (the same in both dialects).
const REGION = 1; // workspace, plain
const SENTRY_DSN = 2; // workspace, encrypted
const NODE_VERSION = 3; // project web-app
const DEPLOY_DIR = 4; // pipeline 103
const RETRIES = 5; // action 1012

for (const dialect of DIALECTS) {
  const marker = dialect === 'vendor' ? /^!encrypted \S+$/ : /^secure!\S+$/;

  describe(`emulator (${dialect} dialect): GET and PATCH /workspaces/:workspace/variables/:id`, () => {
    const emu = useEmulator({ dialect });

    const get = (id: number | string, token?: string): Promise<Answer> => call(emu.url, 'GET', `${PATH}/${id}`, { token });
    const patch = (id: number | string, body: unknown, token?: string): Promise<Answer> => call(emu.url, 'PATCH', `${PATH}/${id}`, { token, body });

    describe('GET', () => {
      it('answers the variable exactly as its list does, in every scope', async () => {
        for (const [id, query] of [
          [REGION, ''],
          [SENTRY_DSN, ''],
          [NODE_VERSION, '?project_name=web-app'],
          [DEPLOY_DIR, '?pipeline_id=103'],
          [RETRIES, '?action_id=1012'],
        ] as const) {
          const list = await call(emu.url, 'GET', `${PATH}${query}`);
          const item = list.json.variables.find((v: { id: number }) => v.id === id);
          assert.ok(item, `variable ${id} is listed with ${query || 'no filter'}`);
          const one = await get(id);
          assert.equal(one.status, 200);
          assert.deepEqual(one.json, item);
          assert.equal(one.json.url, `${emu.url}${PATH}/${id}`);
        }
        assert.match((await get(SENTRY_DSN)).json.value, marker);
      });
      it('404 for an unknown variable; VARIABLE_INFO or VARIABLE_READ needed', async () => {
        assertError(await get(424242), 404, 'Variable not found.');
        const denied = await get(REGION, 'minimal-token');
        assert.equal(denied.status, 403);
        if (dialect === 'default') {
          assertError(denied, 403, 'Token has no scope VARIABLE_INFO.');
        }
        assert.equal((await get(REGION, 'modern-token')).json.key, 'REGION', 'VARIABLE_READ is enough');
      });
    });

    describe('PATCH', () => {
      it('changes the fields sent, keeps the others, and answers the changed variable (as GET then does)', async () => {
        const a = await patch(NODE_VERSION, { key: 'NODE_VERSION', value: '22', description: 'LTS', run_only_settable: true });
        assert.equal(a.status, 200);
        assert.equal(a.json.value, '22');
        assert.equal(a.json.description, 'LTS');
        assert.equal(a.json.run_only_settable, true);
        assert.equal(a.json.settable, true, 'not sent: kept');
        assert.equal(a.json.type, 'VAR');
        assert.equal(a.json.project.name, 'web-app');
        assert.deepEqual((await get(NODE_VERSION)).json, a.json);
      });
      it('renames with the key sent; the same key again in the scope is refused', async () => {
        const renamed = await patch(DEPLOY_DIR, { key: 'TARGET_DIR' });
        assert.equal(renamed.status, 200);
        assert.equal(renamed.json.key, 'TARGET_DIR');
        assert.equal(renamed.json.value, '/var/www/web-app');
        assertError(await patch(SENTRY_DSN, { key: 'REGION' }), 400, "Variable with key 'REGION' already exists.");
        assert.equal((await patch(REGION, { key: 'REGION', value: 'us-east-1' })).json.value, 'us-east-1', 'its own key is no duplicate');
      });
      it('key is required and checked', async () => {
        assertError(await patch(REGION, { value: 'x' }), 400, "Value of 'key' cannot be empty.");
        assertError(await patch(REGION, { key: '' }), 400, "Value of 'key' cannot be empty.");
        assertError(await patch(REGION, { key: '9LIVES' }), 400, "Value of 'key' is invalid.");
        assertError(await patch(REGION, { key: 5 }), 400, "Value of 'key' is invalid.");
      });
      it('scope and type do not change: another one sent is invalid, the same one is accepted', async () => {
        assertError(await patch(NODE_VERSION, { key: 'NODE_VERSION', type: 'SSH_PUBLIC_KEY' }), 400, "Value of 'type' is invalid.");
        assertError(await patch(NODE_VERSION, { key: 'NODE_VERSION', project: { name: 'api-service' } }), 400, "Value of 'project' is invalid.");
        assertError(await patch(NODE_VERSION, { key: 'NODE_VERSION', pipeline: { id: 103 } }), 400, "Value of 'pipeline' is invalid.");
        assertError(await patch(NODE_VERSION, { key: 'NODE_VERSION', project: { name: 'nope' } }), 404, 'Project not found.');
        const same = await patch(NODE_VERSION, { key: 'NODE_VERSION', type: 'VAR', project: { name: 'web-app' }, value: '21' });
        assert.equal(same.status, 200);
        assert.equal(same.json.value, '21');
        const scoped = await call(emu.url, 'GET', `${PATH}?project_name=web-app`);
        assert.deepEqual(scoped.json.variables.map((v: { key: string }) => v.key), ['NODE_VERSION']);
      });
      it('a plain variable may become encrypted; an encrypted one never becomes plain', async () => {
        const hidden = await patch(REGION, { key: 'REGION', encrypted: true });
        assert.equal(hidden.status, 200);
        assert.equal(hidden.json.encrypted, true);
        assert.match(hidden.json.value, marker);
        assert.ok(!hidden.text.includes('eu-west-1'));
        assertError(await patch(SENTRY_DSN, { key: 'SENTRY_DSN', encrypted: false }), 400, "Value of 'encrypted' is invalid.");
        assertError(await patch(REGION, { key: 'REGION', encrypted: false }), 400, "Value of 'encrypted' is invalid.");
        // An encrypted value is replaced, never shown: its marker text changes with it.
        const before = (await get(SENTRY_DSN)).json.value;
        const replaced = await patch(SENTRY_DSN, { key: 'SENTRY_DSN', value: 'https://new@sentry.example.com/7' });
        assert.equal(replaced.json.encrypted, true);
        assert.match(replaced.json.value, marker);
        assert.notEqual(replaced.json.value, before);
        assert.ok(!replaced.text.includes('new@sentry'));
      });
      it('checks values as create does: an empty value, a wrong type, a bad file mode or place', async () => {
        assertError(await patch(REGION, { key: 'REGION', value: '' }), 400, "Value of 'value' cannot be empty.");
        assertError(await patch(REGION, { key: 'REGION', value: 7 }), 400, "Value of 'value' is invalid.");
        assertError(await patch(REGION, { key: 'REGION', settable: 'yes' }), 400, "Value of 'settable' is invalid.");
        assertError(await patch(REGION, { key: 'REGION', file_chmod: '999' }), 400, "Value of 'file_chmod' is invalid.");
        assertError(await patch(REGION, { key: 'REGION', file_place: 'HOST' }), 400, "Value of 'file_place' is invalid.");
        const file = await patch(REGION, { key: 'REGION', file_path: '/etc/region', file_chmod: '0640', file_place: 'CONTAINER' });
        assert.deepEqual([file.json.file_path, file.json.file_chmod, file.json.file_place], ['/etc/region', '0640', 'CONTAINER']);
      });
      it(`file_place NONE is ${dialect === 'vendor' ? 'the vendor’s "no file", accepted' : 'not ours: invalid'}`, async () => {
        const a = await patch(REGION, { key: 'REGION', file_place: 'NONE' });
        if (dialect === 'vendor') {
          assert.equal(a.status, 200);
          assert.equal(a.json.file_place, 'NONE');
        } else {
          assertError(a, 400, "Value of 'file_place' is invalid.");
        }
      });
      it('a refused change changes nothing', async () => {
        const before = (await get(REGION)).json;
        assertError(await patch(REGION, { key: 'RENAMED', description: 'new', file_chmod: 'rwx' }), 400, "Value of 'file_chmod' is invalid.");
        assert.deepEqual((await get(REGION)).json, before);
      });
      it('SSH keys: a new private key is derived again; a bad one or an encrypted public key is refused', async () => {
        const first = rsaKeyPair();
        const second = rsaKeyPair();
        const created = await call(emu.url, 'POST', PATH, { body: { key: 'DEPLOY_KEY', type: 'SSH_KEY', value: first.privateText, project: { name: 'web-app' } } });
        assert.equal(created.status, 201);
        const changed = await patch(created.json.id, { key: 'DEPLOY_KEY', value: second.privateText });
        assert.equal(changed.status, 200);
        assert.equal(changed.json.public_value, second.publicLine);
        assert.notEqual(changed.json.key_fingerprint, created.json.key_fingerprint);
        assert.match(changed.json.value, marker);
        assert.ok(!changed.text.includes('PRIVATE KEY'));
        assertError(await patch(created.json.id, { key: 'DEPLOY_KEY', value: 'not a key' }), 400, "Value of 'value' is invalid.");
        const pub = await call(emu.url, 'POST', PATH, { body: { key: 'KNOWN_KEY', type: 'SSH_PUBLIC_KEY', value: first.publicLine } });
        assertError(await patch(pub.json.id, { key: 'KNOWN_KEY', encrypted: true }), 400, "Value of 'encrypted' is invalid.");
        assertError(await patch(pub.json.id, { key: 'KNOWN_KEY', value: 'ssh-rsa nope' }), 400, "Value of 'value' is invalid.");
        assert.equal((await patch(pub.json.id, { key: 'KNOWN_KEY', value: `${second.publicLine}\n` })).json.value, second.publicLine);
      });
      it('permission: only admins change workspace variables; any member changes the others', async () => {
        assertError(await patch(REGION, { key: 'REGION', value: 'x' }, 'dev-token'), 403, 'Access denied');
        assert.equal((await get(REGION)).json.value, 'eu-west-1');
        assert.equal((await patch(RETRIES, { key: 'RETRIES', value: '5' }, 'dev-token')).json.value, '5');
      });
      it('checks in order: scope, existence, permission, then the body', async () => {
        const noScope = await patch(REGION, { key: 'REGION' }, 'minimal-token');
        assert.equal(noScope.status, 403);
        if (dialect === 'default') {
          assertError(noScope, 403, 'Token has no scope VARIABLE_MANAGE.');
        }
        assertError(await call(emu.url, 'PATCH', `${PATH}/424242`, { token: 'dev-token', rawBody: '{', headers: { 'Content-Type': 'application/json' } }), 404, 'Variable not found.');
        assertError(await call(emu.url, 'PATCH', `${PATH}/${REGION}`, { token: 'dev-token', rawBody: '{', headers: { 'Content-Type': 'application/json' } }), 403, 'Access denied');
        assertError(await call(emu.url, 'PATCH', `${PATH}/${RETRIES}`, { token: 'dev-token', rawBody: '{', headers: { 'Content-Type': 'application/json' } }), 400, 'Invalid JSON body.');
        assertError(await call(emu.url, 'PATCH', `${PATH}/abc`, { body: { key: 'X' } }), 400, `Invalid url: ${PATH}/abc`);
      });
      it('a token with the 2026 names changes and deletes (VARIABLE_MANAGE)', async () => {
        assert.equal((await patch(RETRIES, { key: 'RETRIES', value: '9' }, 'modern-token')).status, 200);
        assert.equal((await call(emu.url, 'DELETE', `${PATH}/${RETRIES}`, { token: 'modern-token' })).status, 204);
        assertError(await get(RETRIES), 404, 'Variable not found.');
      });
    });
  });
}
