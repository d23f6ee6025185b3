import * as assert from 'node:assert/strict';
import { parse } from 'yaml';
import { DENIED_TOKEN, MINIMAL_TOKEN, MODERN_TOKEN } from '../../emulator';
import { useEmulator } from '../../harness/useEmulator';
import { assertError, call } from './helpers';

const P = '/workspaces/acme/projects/api-service/pipelines';
const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string): string => Buffer.from(text, 'base64').toString('utf8');

for (const dialect of ['default', 'vendor'] as const) {
  describe(`emulator: pipeline definitions as YAML (${dialect})`, () => {
    const emu = useEmulator({ dialect });
    const vendor = dialect === 'vendor';

    it('a pipeline carries its identifier and where its definition is kept', async () => {
      const a = await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines');
      const byId = new Map<number, Record<string, unknown>>(a.json.pipelines.map((p: { id: number }) => [p.id, p]));
      assert.deepEqual([byId.get(103)?.identifier, byId.get(103)?.definition_source, byId.get(103)?.git_config_ref], ['deploy_to_production', 'LOCAL', vendor ? 'NONE' : undefined]);
      assert.deepEqual([byId.get(101)?.identifier, byId.get(101)?.definition_source, byId.get(101)?.git_config_ref], ['build_and_test', 'REMOTE', vendor ? 'FIXED' : undefined]);
    });

    it('GET …/:id?yaml=true answers the definition in base64, consistent with actions, variables and targets', async () => {
      const a = await call(emu.url, 'GET', `${P}/204?yaml=true`);
      assert.equal(a.status, 200);
      assert.deepEqual(Object.keys(a.json).sort(), ['html_url', 'url', 'yaml']);
      assert.equal(a.json.url, `${emu.url}${P}/204`);
      const def = parse(unb64(a.json.yaml));
      // Default: generation 2 (`pipeline` is the name, `on`); vendor: the current one.
      assert.equal(def.pipeline, vendor ? 'release_to_production' : 'Release to production');
      assert.equal(def.name, vendor ? 'Release to production' : undefined);
      assert.equal(def.on, vendor ? undefined : 'CLICK');
      const actions = await call(emu.url, 'GET', `${P}/204/actions`);
      assert.deepEqual(
        def.actions.map((x: { action: string; type: string }) => [x.action, x.type]),
        actions.json.actions.map((x: { name: string; type: string }) => [x.name, x.type]),
      );
      // The deployment that meets 2678004 names target production.
      assert.deepEqual(def.actions[1].targets, ['production']);
    });

    it('pipeline- and action-level variables are in the definition, secrets masked in the dialect', async () => {
      const web = parse(unb64((await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines/103?yaml=true')).json.yaml));
      assert.deepEqual(web.variables, [{ key: 'DEPLOY_DIR', value: '/var/www/web-app', type: 'VAR' }]);
      assert.equal(web.actions[1].remote_path, '$DEPLOY_DIR');
      const build = parse(unb64((await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines/101?yaml=true')).json.yaml));
      assert.deepEqual(build.actions[1].variables, [{ key: 'RETRIES', value: '3', type: 'VAR' }]);
      const created = await call(emu.url, 'POST', '/workspaces/acme/variables', {
        body: { key: 'SIGNING', value: 'plain-secret', type: 'VAR', encrypted: true, pipeline: { id: 203 } },
      });
      assert.equal(created.status, 201, created.text);
      const text = unb64((await call(emu.url, 'GET', `${P}/203?yaml=true`)).json.yaml);
      assert.ok(!text.includes('plain-secret'), text);
      assert.match(parse(text).variables[0].value, vendor ? /^!encrypted / : /^secure!/);
    });

    it('GET …/pipelines?yaml=true answers every pipeline of the project in one list', async () => {
      const a = await call(emu.url, 'GET', `${P}?yaml=true`);
      assert.equal(a.status, 200);
      const all = parse(unb64(a.json.yaml));
      assert.ok(Array.isArray(all));
      assert.equal(all.length, 7);
      assert.equal(all[3].pipeline, vendor ? 'release_to_production' : 'Release to production');
    });

    it('PATCH …/:id/yaml keeps the definition sent; GET answers it', async () => {
      const text = vendor
        ? 'pipeline: release_to_production\nname: Release to prod\nrefs: [refs/heads/main]\nactions:\n  - action: Upload\n    type: SFTP\n    targets: [production]\n'
        : 'pipeline: Release to production\non: CLICK\nactions:\n  - action: Upload\n    type: SFTP\n';
      const a = await call(emu.url, 'PATCH', `${P}/204/yaml`, { body: { yaml: b64(text) } });
      assert.equal(a.status, 200, a.text);
      assert.equal(a.json.id, 204);
      assert.equal(a.json.identifier, 'release_to_production');
      assert.equal(a.json.name, vendor ? 'Release to prod' : 'Release to production');
      assert.equal(unb64((await call(emu.url, 'GET', `${P}/204?yaml=true`)).json.yaml), text);
    });

    it('PATCH refuses a malformed definition with 400 and an errors body naming each problem', async () => {
      const bad = await call(emu.url, 'PATCH', `${P}/204/yaml`, { body: { yaml: b64('pipeline: x\nactions:\n  - action: a\n   type: BUILD\n') } });
      assert.equal(bad.status, 400);
      assert.ok(Array.isArray(bad.json.errors) && bad.json.errors.length >= 1, bad.text);
      assert.match(bad.json.errors[0].message, /^YAML is invalid: .*line 4/);
      const noType = await call(emu.url, 'PATCH', `${P}/204/yaml`, { body: { yaml: b64('pipeline: x\nactions:\n  - action: a\n') } });
      assertError(noType, 400, "Value of 'actions[0].type' cannot be empty.");
      const noPipeline = await call(emu.url, 'PATCH', `${P}/204/yaml`, { body: { yaml: b64('actions: []\n') } });
      assertError(noPipeline, 400, "Value of 'pipeline' cannot be empty.");
      const two = await call(emu.url, 'PATCH', `${P}/204/yaml`, { body: { yaml: b64('- pipeline: a\n- pipeline: b\n') } });
      assertError(two, 400, 'Definition must contain only one pipeline.');
      const bomb = 'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\npipeline: p\n';
      const aliases = await call(emu.url, 'PATCH', `${P}/204/yaml`, { body: { yaml: b64(bomb) } });
      assert.equal(aliases.status, 400);
      assert.match(aliases.json.errors[0].message, /^YAML is invalid: /);
      assertError(await call(emu.url, 'PATCH', `${P}/204/yaml`, { body: { yaml: 'not base64!' } }), 400, "Value of 'yaml' is invalid.");
      assertError(await call(emu.url, 'PATCH', `${P}/204/yaml`, { body: {} }), 400, "Value of 'yaml' cannot be empty.");
      // Nothing was kept.
      assert.equal(parse(unb64((await call(emu.url, 'GET', `${P}/204?yaml=true`)).json.yaml)).actions.length, 3);
    });

    it('PATCH refuses a pipeline whose definition is kept in Git', async () => {
      const a = await call(emu.url, 'PATCH', '/workspaces/acme/projects/web-app/pipelines/101/yaml', { body: { yaml: b64('pipeline: build_and_test\n') } });
      assertError(a, 400, 'The definition of this pipeline is kept in Git: change it in the repository.');
    });

    it('POST …/pipelines/yaml creates a pipeline from a definition', async () => {
      const text = 'pipeline: smoke_checks\nname: Smoke checks\nactions:\n  - action: Ping\n    type: HTTP\n';
      const a = await call(emu.url, 'POST', `${P}/yaml`, { body: { yaml: b64(text) } });
      assert.equal(a.status, 201, a.text);
      assert.equal(a.json.identifier, 'smoke_checks');
      const list = await call(emu.url, 'GET', P);
      assert.ok(list.json.pipelines.some((p: { id: number; name: string }) => p.id === a.json.id && p.name === 'Smoke checks'));
      assert.equal(unb64((await call(emu.url, 'GET', `${P}/${a.json.id}?yaml=true`)).json.yaml), text);
      assertError(await call(emu.url, 'POST', `${P}/yaml`, { body: { yaml: b64(text) } }), 400, 'Pipeline with this name already exists.');
    });

    it('scopes: reading needs EXECUTION_INFO, writing EXECUTION_MANAGE or PIPELINE_WRITE; unknown pipeline 404', async () => {
      assert.equal((await call(emu.url, 'GET', `${P}/204?yaml=true`, { token: MINIMAL_TOKEN })).status, 403);
      assert.equal((await call(emu.url, 'PATCH', `${P}/204/yaml`, { token: MINIMAL_TOKEN, body: { yaml: b64('pipeline: a\n') } })).status, 403);
      const modern = await call(emu.url, 'PATCH', `${P}/204/yaml`, { token: MODERN_TOKEN, body: { yaml: b64('pipeline: a\n') } });
      assert.equal(modern.status, 200, modern.text);
      assert.equal((await call(emu.url, 'PATCH', `${P}/204/yaml`, { token: DENIED_TOKEN, body: { yaml: b64('pipeline: a\n') } })).status, 200);
      assertError(await call(emu.url, 'GET', `${P}/999?yaml=true`), 404, 'Pipeline not found.');
      assertError(await call(emu.url, 'PATCH', `${P}/101/yaml`, { body: { yaml: b64('pipeline: a\n') } }), 404, 'Pipeline not found.');
    });
  });
}
