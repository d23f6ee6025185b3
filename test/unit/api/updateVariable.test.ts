// updateVariable (PATCH one variable) over real HTTP against the emulator, in both dialects: the
// body holds `key` and only the fields given, the answer is the changed variable, an encrypted
// value stays encrypted, and the server's refusals become typed errors that change nothing.
import * as assert from 'node:assert/strict';
import {
  AccessDeniedError,
  isEncryptedValue,
  MissingScopeError,
  NotFoundError,
  ValidationError,
  variableUpdateBody,
  type ApiClient,
  type FetchLike,
} from '../../../src/api';
import { ADMIN_TOKEN, DEV_TOKEN, MINIMAL_TOKEN } from '../../emulator/demo-data';
import { editingFetch, makeClient, nodeFetch, rejection } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

/** Demo variable ids (the same in both dialects). */
const REGION = 1;
const SENTRY_DSN = 2;
const NODE_VERSION = 3;
const DEPLOY_DIR = 4;

for (const dialect of ['default', 'vendor'] as const) {
  describe(`api client: updateVariable (${dialect} dialect)`, function () {
    const emu = useEmulator({ dialect });
    let admin: ApiClient;
    const sent: { url: string; init: Parameters<FetchLike>[1] }[] = [];

    before(async () => {
      admin = (await makeClient(emu.url, ADMIN_TOKEN, { fetch: editingFetch(await nodeFetch(), () => undefined, sent) })).client;
    });
    beforeEach(() => {
      sent.length = 0;
    });

    it('sends PATCH with the key and only the fields given, and answers the changed variable', async () => {
      const changed = await admin.updateVariable('acme', REGION, { key: 'REGION', value: 'us-east-2', description: 'Second region' });
      assert.equal(sent.length, 1);
      assert.equal(sent[0].init.method, 'PATCH');
      assert.ok(sent[0].url.endsWith(`/workspaces/acme/variables/${REGION}`), sent[0].url);
      assert.equal(sent[0].init.headers['Content-Type'], 'application/json');
      assert.deepEqual(JSON.parse(sent[0].init.body ?? ''), { key: 'REGION', value: 'us-east-2', description: 'Second region' });
      assert.deepEqual([changed.id, changed.key, changed.value, changed.description], [REGION, 'REGION', 'us-east-2', 'Second region']);
      // The server kept it: read back through the list and the single GET.
      const again = await admin.getVariable('acme', REGION);
      assert.deepEqual([again.value, again.description], ['us-east-2', 'Second region']);
      assert.equal(emu.requests.filter((r) => r.method === 'PATCH').length, 1);
    });

    it('keeps the fields not sent (a project variable\'s flags, the value)', async () => {
      const before = await admin.getVariable('acme', NODE_VERSION);
      const changed = await admin.updateVariable('acme', NODE_VERSION, { key: 'NODE_VERSION', run_only_settable: true });
      assert.deepEqual(JSON.parse(sent.at(-1)?.init.body ?? ''), { key: 'NODE_VERSION', run_only_settable: true });
      assert.deepEqual(
        [changed.value, changed.settable, changed.run_only_settable, changed.project?.name],
        [before.value, true, true, 'web-app'],
      );
    });

    it('replaces an encrypted value without ever answering it: the answer carries the marker, never the text sent', async () => {
      const changed = await admin.updateVariable('acme', SENTRY_DSN, { key: 'SENTRY_DSN', value: 'https://new@sentry.example.com/7' });
      assert.equal(changed.encrypted, true);
      assert.ok(isEncryptedValue(changed.value), changed.value);
      assert.ok(!changed.value.includes('new@sentry'), 'the answer does not hold the plain value');
      assert.match(changed.value, dialect === 'vendor' ? /^!encrypted / : /^secure!/);
    });

    it('makes a plain variable secret (encrypted: true), which cannot be undone', async () => {
      const secret = await admin.updateVariable('acme', DEPLOY_DIR, { key: 'DEPLOY_DIR', encrypted: true });
      assert.equal(secret.encrypted, true);
      assert.ok(isEncryptedValue(secret.value));
      // The typed request cannot ask for plain again; the wire can, and the server refuses it.
      const { client: raw } = await makeClient(emu.url, ADMIN_TOKEN, {
        fetch: editingFetch(await nodeFetch(), () => undefined),
      });
      const e = await rejection(() => raw.updateVariable('acme', DEPLOY_DIR, { key: 'DEPLOY_DIR', encrypted: false } as never));
      assert.ok(e instanceof ValidationError, String(e));
      assert.equal(e.param, 'encrypted');
    });

    it('changes the file fields of a key-type variable', async () => {
      const pub = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl test@host';
      const created = await admin.createVariable('acme', { scope: 'workspace', key: 'CI_PUB', type: 'SSH_PUBLIC_KEY', value: pub, file_path: '~/.ssh/a.pub', file_chmod: '644', file_place: 'CONTAINER' });
      const changed = await admin.updateVariable('acme', created.id, { key: 'CI_PUB', file_path: '~/.ssh/b.pub', file_chmod: '0640' });
      assert.deepEqual([changed.type, changed.value, changed.file_path, changed.file_chmod, changed.file_place], ['SSH_PUBLIC_KEY', pub, '~/.ssh/b.pub', '0640', 'CONTAINER']);
    });

    it('turns refusals into typed errors, and a refused change changes nothing', async () => {
      const before = await admin.getVariable('acme', REGION);
      const missing = await rejection(() => admin.updateVariable('acme', 9999, { key: 'NOPE' }));
      assert.ok(missing instanceof NotFoundError, String(missing));
      assert.equal(missing.method, 'PATCH');
      const badMode = await rejection(() => admin.updateVariable('acme', REGION, { key: 'REGION', value: 'changed', file_chmod: '999' }));
      assert.ok(badMode instanceof ValidationError, String(badMode));
      assert.equal(badMode.param, 'file_chmod');
      const taken = await rejection(() => admin.updateVariable('acme', REGION, { key: 'SENTRY_DSN' }));
      assert.ok(taken instanceof ValidationError && taken.param === 'key', String(taken));
      // Only admins change workspace variables; a developer changes a project's.
      const dev = (await makeClient(emu.url, DEV_TOKEN)).client;
      const denied = await rejection(() => dev.updateVariable('acme', REGION, { key: 'REGION', value: 'x' }));
      assert.ok(denied instanceof AccessDeniedError, String(denied));
      assert.equal((await dev.updateVariable('acme', NODE_VERSION, { key: 'NODE_VERSION', value: '22' })).value, '22');
      const minimal = (await makeClient(emu.url, MINIMAL_TOKEN)).client;
      const noScope = await rejection(() => minimal.updateVariable('acme', NODE_VERSION, { key: 'NODE_VERSION', value: '24' }));
      assert.equal(noScope instanceof MissingScopeError || (noScope instanceof AccessDeniedError && noScope.status === 403), true, String(noScope));
      const after = await admin.getVariable('acme', REGION);
      assert.deepEqual(after, before, 'the refused changes left REGION as it was');
    });

    it('redacts the value sent from an error message', async () => {
      const secret = 'hunter2-very-secret';
      const { client } = await makeClient(emu.url, ADMIN_TOKEN, {
        fetch: editingFetch(await nodeFetch(), (url, status) =>
          status === 200 ? { status: 400, text: JSON.stringify({ errors: [{ message: `Value '${secret}' of 'value' is invalid.` }] }) } : undefined,
        ),
      });
      const e = await rejection(() => client.updateVariable('acme', SENTRY_DSN, { key: 'SENTRY_DSN', value: secret }));
      assert.ok(e instanceof ValidationError, String(e));
      assert.ok(!e.message.includes(secret), e.message);
    });
  });
}

describe('api: variableUpdateBody', () => {
  it('holds the key and the fields given, nothing undefined', () => {
    assert.deepEqual(variableUpdateBody({ key: 'A' }), { key: 'A' });
    assert.deepEqual(variableUpdateBody({ key: 'A', value: 'v', settable: false, file_place: 'CONTAINER', description: '' }), {
      key: 'A',
      value: 'v',
      settable: false,
      file_place: 'CONTAINER',
      description: '',
    });
  });

  it('refuses an empty key before sending', () => {
    assert.throws(() => variableUpdateBody({ key: '' }), ValidationError);
  });
});

describe('api client: listVariables pages', function () {
  const emu = useEmulator({ resetEachTest: false });

  it('sends page and per_page with the scope filter, and reads every page', async () => {
    const { client } = await makeClient(emu.url, ADMIN_TOKEN);
    for (let i = 0; i < 25; i++) {
      await client.createVariable('acme', { scope: 'pipeline', pipelineId: 102, key: `K_${String(i).padStart(2, '0')}`, type: 'VAR', value: String(i) });
    }
    emu.clearRequests();
    const first = await client.listVariables('acme', { pipelineId: 102, page: 1, perPage: 10 });
    assert.deepEqual(first.map((v) => v.key), Array.from({ length: 10 }, (_, i) => `K_${String(i).padStart(2, '0')}`));
    assert.equal(emu.requests[0].path, '/workspaces/acme/variables?pipeline_id=102&page=1&per_page=10');
    const all: string[] = [];
    for await (const v of client.items((q) => client.listVariables('acme', { pipelineId: 102, ...q }), 10)) {
      all.push(v.key);
    }
    assert.equal(all.length, 25);
    assert.equal(new Set(all).size, 25);
  });
});
