import * as assert from 'node:assert/strict';
import { PRODUCTION_TARGET_ID, STAGING_TARGET_ID, TARGETS, USERS, WEB_APP_PIPELINE_IDS } from '../../emulator';
import { assertError, call } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

const SUMMARY_KEYS = ['all_pipelines_allowed', 'host', 'html_url', 'id', 'identifier', 'name', 'path', 'port', 'tags', 'type', 'url'];
const PROD = `/workspaces/acme/targets/${PRODUCTION_TARGET_ID}`;
const ALLOW = `${PROD}/allow-pipeline`;

describe('emulator: targets', () => {
  const emu = useEmulator();

  describe('GET /workspaces/:workspace/targets', () => {
    it('lists summary targets', async () => {
      const a = await call(emu.url, 'GET', '/workspaces/acme/targets');
      assert.equal(a.status, 200);
      assert.equal(a.json.url, `${emu.url}/workspaces/acme/targets`);
      const acme = TARGETS.filter((t) => t.workspace === 'acme');
      assert.deepEqual(a.json.targets.map((t: { identifier: string }) => t.identifier), acme.map((t) => t.identifier));
      for (const t of a.json.targets) {
        assert.deepEqual(Object.keys(t).sort(), SUMMARY_KEYS);
        assert.equal(t.url, `${emu.url}/workspaces/acme/targets/${t.id}`);
      }
      const prod = a.json.targets.find((t: { identifier: string }) => t.identifier === 'production');
      assert.equal(prod.id, PRODUCTION_TARGET_ID);
      assert.equal(prod.all_pipelines_allowed, false);
      assert.equal(prod.port, '22');
      const staging = a.json.targets.find((t: { identifier: string }) => t.identifier === 'staging');
      assert.equal(staging.all_pipelines_allowed, true);
      assert.ok(a.json.targets.some((t: { type: string }) => t.type !== 'SSH'));
      const k8s = a.json.targets.find((t: { type: string }) => t.type === 'KUBERNETES');
      assert.equal(k8s.host, null);
    });
    it('filters by the pipeline that may use them', async () => {
      const a = await call(emu.url, 'GET', `/workspaces/acme/targets?projectName=web-app&pipelineId=${WEB_APP_PIPELINE_IDS.buildAndTest}`);
      assert.deepEqual(a.json.targets.map((t: { identifier: string }) => t.identifier), ['staging']);
      const b = await call(emu.url, 'GET', `/workspaces/acme/targets?pipelineId=${WEB_APP_PIPELINE_IDS.deployProduction}`);
      assert.deepEqual(b.json.targets.map((t: { identifier: string }) => t.identifier), ['production', 'staging', 'assets-ftp']);
      const c = await call(emu.url, 'GET', '/workspaces/acme/targets?projectName=web-app');
      assert.equal(c.json.targets.length, 4);
    });
    it('400 and 404 for bad filters', async () => {
      assertError(await call(emu.url, 'GET', '/workspaces/acme/targets?pipelineId=x'), 400, "Value of 'pipelineId' is invalid.");
      assertError(await call(emu.url, 'GET', '/workspaces/acme/targets?projectName='), 400, "Value of 'projectName' cannot be empty.");
      assertError(await call(emu.url, 'GET', '/workspaces/acme/targets?projectName=nope'), 404, 'Project not found.');
      assertError(await call(emu.url, 'GET', '/workspaces/acme/targets?pipelineId=999'), 404, 'Pipeline not found.');
      assertError(await call(emu.url, 'GET', '/workspaces/acme/targets?projectName=api-service&pipelineId=101'), 404, 'Pipeline not found.');
    });
    it('pages', async () => {
      const a = await call(emu.url, 'GET', '/workspaces/acme/targets?per_page=3&page=2');
      assert.equal(a.json.targets.length, 1);
    });
  });

  describe('GET /workspaces/:workspace/targets/:target_id', () => {
    it('answers the full target with permissions, masked auth and allowed pipelines', async () => {
      const a = await call(emu.url, 'GET', PROD);
      assert.equal(a.status, 200);
      assert.deepEqual(Object.keys(a.json).sort(), [...SUMMARY_KEYS, 'allowed_pipelines', 'auth', 'permissions'].sort());
      assert.equal(a.json.identifier, 'production');
      assert.deepEqual(a.json.permissions, {
        others: 'USE_ONLY',
        users: [
          { id: USERS.admin.id, access_level: 'MANAGE' },
          { id: USERS.denied.id, access_level: 'DENIED' },
        ],
      });
      assert.equal(a.json.auth.method, 'PASSWORD');
      assert.equal(a.json.auth.username, 'deploy');
      assert.match(a.json.auth.password, /^secure!.+/);
      const plain = TARGETS.find((t) => t.id === PRODUCTION_TARGET_ID)!.auth.password!;
      assert.ok(!a.text.includes(plain));
      assert.equal(a.json.allowed_pipelines.length, 1);
      assert.deepEqual(Object.keys(a.json.allowed_pipelines[0]).sort(), ['html_url', 'id', 'name', 'url']);
      assert.equal(a.json.allowed_pipelines[0].id, WEB_APP_PIPELINE_IDS.deployProduction);
      assert.equal(a.json.allowed_pipelines[0].url, `${emu.url}/workspaces/acme/projects/web-app/pipelines/${WEB_APP_PIPELINE_IDS.deployProduction}`);
    });
    it('at least three web-app pipelines may not use production', async () => {
      const a = await call(emu.url, 'GET', PROD);
      const pipelines = await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines');
      const allowed = new Set(a.json.allowed_pipelines.map((p: { id: number }) => p.id));
      assert.ok(pipelines.json.pipelines.filter((p: { id: number }) => !allowed.has(p.id)).length >= 3);
    });
    it('a non-SSH target has its own fields and masked secrets', async () => {
      const a = await call(emu.url, 'GET', '/workspaces/acme/targets/tg-b41e');
      assert.equal(a.json.type, 'KUBERNETES');
      assert.equal(a.json.auth.method, 'TOKEN');
      assert.match(a.json.auth.token, /^secure!/);
      assert.equal(a.json.namespace, 'api-service');
    });
    it('every target answers every field of the Target table, empty ones as null', async () => {
      const list = await call(emu.url, 'GET', '/workspaces/acme/targets');
      for (const t of list.json.targets) {
        const a = await call(emu.url, 'GET', new URL(t.url).pathname);
        for (const field of [...SUMMARY_KEYS, 'permissions', 'auth', 'allowed_pipelines']) {
          assert.ok(field in a.json, `${t.id} ${field}`);
        }
        assert.deepEqual(Object.keys(a.json.permissions).sort(), ['others', 'users'], t.id);
        for (const field of ['method', 'username', 'password']) {
          assert.ok(field in a.json.auth, `${t.id} auth.${field}`);
        }
      }
      const k8s = await call(emu.url, 'GET', '/workspaces/acme/targets/tg-b41e');
      assert.equal(k8s.json.auth.username, null);
      assert.equal(k8s.json.auth.password, null);
    });
    it('the path names the id, not the identifier', async () => {
      assertError(await call(emu.url, 'GET', '/workspaces/acme/targets/production'), 404, 'Target not found.');
      assertError(await call(emu.url, 'GET', '/workspaces/acme/targets/tg-0c11'), 404, 'Target not found.');
    });
  });

  describe('POST .../targets/:target_id/allow-pipeline', () => {
    it('adds the pipeline and answers the full target; only allowed_pipelines changes', async () => {
      const before = await call(emu.url, 'GET', PROD);
      const a = await call(emu.url, 'POST', ALLOW, { body: { project: 'web-app', pipeline: 'Build and test' } });
      assert.equal(a.status, 200);
      assert.deepEqual(a.json.allowed_pipelines.map((p: { id: number }) => p.id), [WEB_APP_PIPELINE_IDS.deployProduction, WEB_APP_PIPELINE_IDS.buildAndTest]);
      const { allowed_pipelines: _a, ...rest } = a.json;
      const { allowed_pipelines: _b, ...restBefore } = before.json;
      assert.deepEqual(rest, restBefore);
      assert.deepEqual((await call(emu.url, 'GET', PROD)).json, a.json);
    });
    it('is idempotent: the same pipeline twice appears once', async () => {
      await call(emu.url, 'POST', ALLOW, { body: { project: 'web-app', pipeline: 'Nightly end-to-end' } });
      const a = await call(emu.url, 'POST', ALLOW, { body: { project: 'web-app', pipeline: 'Nightly end-to-end' } });
      assert.equal(a.status, 200);
      assert.deepEqual(a.json.allowed_pipelines.map((p: { id: number }) => p.id), [WEB_APP_PIPELINE_IDS.deployProduction, WEB_APP_PIPELINE_IDS.nightly]);
      const again = await call(emu.url, 'POST', ALLOW, { body: { project: 'web-app', pipeline: 'Deploy to production' } });
      assert.equal(again.json.allowed_pipelines.length, 2);
    });
    it('concurrent calls never lose an update', async () => {
      const names = ['Build and test', 'Deploy to staging', 'Nightly end-to-end', 'Release notes'];
      const calls = [...names, ...names].map((pipeline) => call(emu.url, 'POST', ALLOW, { body: { project: 'web-app', pipeline } }));
      const answers = await Promise.all(calls);
      assert.deepEqual(
        answers.map((a) => a.status),
        calls.map(() => 200),
      );
      const final = await call(emu.url, 'GET', PROD);
      const ids = final.json.allowed_pipelines.map((p: { id: number }) => p.id).sort();
      assert.deepEqual(ids, [101, 102, 103, 104, 105]);
    });
    it('a pipeline of another project can be allowed', async () => {
      const a = await call(emu.url, 'POST', ALLOW, { body: { project: 'api-service', pipeline: 'Deploy' } });
      assert.ok(a.json.allowed_pipelines.some((p: { id: number; url: string }) => p.id === 202 && p.url.includes('/projects/api-service/')));
    });
    it('on a target that allows every pipeline the call is accepted', async () => {
      const a = await call(emu.url, 'POST', `/workspaces/acme/targets/${STAGING_TARGET_ID}/allow-pipeline`, { body: { project: 'web-app', pipeline: 'Release notes' } });
      assert.equal(a.status, 200);
      assert.equal(a.json.all_pipelines_allowed, true);
    });
    it('needs TARGET_MANAGE: the dev token lacks it', async () => {
      assertError(await call(emu.url, 'POST', ALLOW, { token: 'dev-token', body: { project: 'web-app', pipeline: 'Build and test' } }), 403, 'Token has no scope TARGET_MANAGE.');
    });
    it('881 for a user whose permission is DENIED, and the target is unchanged', async () => {
      assertError(await call(emu.url, 'POST', ALLOW, { token: 'denied-token', body: { project: 'web-app', pipeline: 'Build and test' } }), 403, 'Access denied', 881);
      assert.equal((await call(emu.url, 'GET', PROD)).json.allowed_pipelines.length, 1);
    });
    it('881 for a non-admin with USE_ONLY (others), success with MANAGE', async () => {
      assertError(await call(emu.url, 'POST', '/workspaces/acme/targets/tg-5d90/allow-pipeline', { token: 'denied-token', body: { project: 'web-app', pipeline: 'Build and test' } }), 403, 'Access denied', 881);
      const ok = await call(emu.url, 'POST', '/workspaces/acme/targets/tg-b41e/allow-pipeline', { token: 'denied-token', body: { project: 'api-service', pipeline: 'CI' } });
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.json.allowed_pipelines.map((p: { id: number }) => p.id), [202, 201]);
    });
    const bad: [unknown, number, string][] = [
      [{}, 400, "Value of 'project' cannot be empty."],
      [{ pipeline: 'Build and test' }, 400, "Value of 'project' cannot be empty."],
      [{ project: '', pipeline: 'Build and test' }, 400, "Value of 'project' cannot be empty."],
      [{ project: 'web-app' }, 400, "Value of 'pipeline' cannot be empty."],
      [{ project: 'web-app', pipeline: null }, 400, "Value of 'pipeline' cannot be empty."],
      [{ project: 'web-app', pipeline: 101 }, 400, "Value of 'pipeline' is invalid."],
      [{ project: { name: 'web-app' }, pipeline: 'Build and test' }, 400, "Value of 'project' is invalid."],
      [{ project: 'nope', pipeline: 'Build and test' }, 404, 'Project not found.'],
      [{ project: 'web-app', pipeline: 'Nope' }, 404, 'Pipeline not found.'],
      [{ project: 'api-service', pipeline: 'Build and test' }, 404, 'Pipeline not found.'],
    ];
    for (const [body, status, message] of bad) {
      it(`${status} for ${JSON.stringify(body)}`, async () => {
        assertError(await call(emu.url, 'POST', ALLOW, { body }), status, message);
      });
    }
    it('an empty body is an empty object', async () => {
      assertError(await call(emu.url, 'POST', ALLOW, { rawBody: '' }), 400, "Value of 'project' cannot be empty.");
    });
    it('404 for an unknown target or workspace', async () => {
      assertError(await call(emu.url, 'POST', '/workspaces/acme/targets/tg-nope/allow-pipeline', { body: { project: 'web-app', pipeline: 'Build and test' } }), 404, 'Target not found.');
      assertError(await call(emu.url, 'POST', '/workspaces/nowhere/targets/tg-8f2c/allow-pipeline', { body: {} }), 404, 'Workspace not found.');
    });
    it('reset restores the allowed pipelines', async () => {
      await call(emu.url, 'POST', ALLOW, { body: { project: 'web-app', pipeline: 'Build and test' } });
      emu.reset();
      assert.equal((await call(emu.url, 'GET', PROD)).json.allowed_pipelines.length, 1);
    });
  });
});
