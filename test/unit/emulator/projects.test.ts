import * as assert from 'node:assert/strict';
import { GIT_HOST, PROJECTS, USERS } from '../../emulator';
import { assertError, call, DATE } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

const REF_KEYS = ['display_name', 'html_url', 'name', 'status', 'url'];

describe('emulator: projects, pipelines, actions', () => {
  const emu = useEmulator();

  const acmeProjects = PROJECTS.filter((p) => p.workspace === 'acme');

  describe('GET /workspaces/:workspace/projects', () => {
    it('answers project references in the envelope', async () => {
      const a = await call(emu.url, 'GET', '/workspaces/acme/projects');
      assert.equal(a.status, 200);
      assert.equal(a.json.url, `${emu.url}/workspaces/acme/projects`);
      assert.equal(typeof a.json.html_url, 'string');
      assert.deepEqual(a.json.projects.map((p: { name: string }) => p.name), acmeProjects.map((p) => p.name));
      for (const p of a.json.projects) {
        assert.deepEqual(Object.keys(p).sort(), REF_KEYS);
        assert.equal(p.status, 'ACTIVE');
        assert.equal(p.url, `${emu.url}/workspaces/acme/projects/${p.name}`);
      }
      assert.equal(a.json.projects[0].display_name, 'Web App');
    });
    it('pages with page and per_page; past the end is empty', async () => {
      const one = await call(emu.url, 'GET', '/workspaces/acme/projects?per_page=2&page=2');
      assert.deepEqual(one.json.projects.map((p: { name: string }) => p.name), acmeProjects.slice(2, 4).map((p) => p.name));
      const past = await call(emu.url, 'GET', '/workspaces/acme/projects?page=9');
      assert.deepEqual(past.json.projects, []);
    });
    it('accepts status=ACTIVE and rejects other values', async () => {
      assert.equal((await call(emu.url, 'GET', '/workspaces/acme/projects?status=ACTIVE')).json.projects.length, acmeProjects.length);
      assertError(await call(emu.url, 'GET', '/workspaces/acme/projects?status=GONE'), 400, "Value of 'status' is invalid.");
    });
    for (const [query, message] of [
      ['page=0', "Value of 'page' is invalid."],
      ['page=-1', "Value of 'page' is invalid."],
      ['page=x', "Value of 'page' is invalid."],
      ['page=1.5', "Value of 'page' is invalid."],
      ['page=', "Value of 'page' cannot be empty."],
      ['per_page=0', "Value of 'per_page' is invalid."],
      ['per_page=101', "Value of 'per_page' is invalid."],
      ['per_page=', "Value of 'per_page' cannot be empty."],
    ]) {
      it(`400 for ${query}`, async () => {
        assertError(await call(emu.url, 'GET', `/workspaces/acme/projects?${query}`), 400, message);
      });
    }
    it('per_page 100 and 1 are accepted', async () => {
      assert.equal((await call(emu.url, 'GET', '/workspaces/acme/projects?per_page=100')).status, 200);
      assert.equal((await call(emu.url, 'GET', '/workspaces/acme/projects?per_page=1')).json.projects.length, 1);
    });
    it('404 for an unknown workspace', async () => {
      assertError(await call(emu.url, 'GET', '/workspaces/nowhere/projects'), 404, 'Workspace not found.');
    });
  });

  describe('GET /workspaces/:workspace/projects/:project_name', () => {
    it('answers the full project', async () => {
      const a = await call(emu.url, 'GET', '/workspaces/acme/projects/web-app');
      assert.equal(a.status, 200);
      assert.deepEqual(Object.keys(a.json).sort(), [...REF_KEYS, 'create_date', 'created_by', 'default_branch', 'http_repository', 'ssh_repository'].sort());
      assert.equal(a.json.http_repository, `https://${GIT_HOST}/acme/web-app.git`);
      assert.equal(a.json.ssh_repository, `git@${GIT_HOST}:acme/web-app.git`);
      assert.match(a.json.create_date, DATE);
      assert.equal(a.json.created_by.id, USERS.admin.id);
      assert.deepEqual(Object.keys(a.json.created_by).sort(), ['admin', 'avatar_url', 'email', 'html_url', 'id', 'name', 'url', 'workspace_owner']);
      assert.equal(a.json.created_by.admin, true);
      assert.equal(a.json.created_by.workspace_owner, true);
    });
    it('has null, not a missing field, for an empty default branch', async () => {
      const a = await call(emu.url, 'GET', '/workspaces/acme/projects/docs');
      assert.ok('default_branch' in a.json);
      assert.equal(a.json.default_branch, null);
    });
    it('404 for an unknown project', async () => {
      assertError(await call(emu.url, 'GET', '/workspaces/acme/projects/nope'), 404, 'Project not found.');
    });
  });

  describe('POST /workspaces/:workspace/projects', () => {
    const path = '/workspaces/acme/projects';
    it('creates a project, deriving the name from display_name; 201 with the full project', async () => {
      const a = await call(emu.url, 'POST', path, { token: 'dev-token', body: { display_name: 'Payment Gateway v2' } });
      assert.equal(a.status, 201);
      assert.equal(a.json.name, 'payment-gateway-v2');
      assert.equal(a.json.display_name, 'Payment Gateway v2');
      assert.equal(a.json.status, 'ACTIVE');
      assert.equal(a.json.created_by.id, USERS.dev.id);
      assert.match(a.json.create_date, DATE);
      assert.ok(Math.abs(Date.parse(a.json.create_date) - Date.now()) < 60_000);
      assert.equal(a.json.http_repository, `https://${GIT_HOST}/acme/payment-gateway-v2.git`);
      const again = await call(emu.url, 'GET', `${path}/payment-gateway-v2`);
      assert.deepEqual(again.json, a.json);
      const list = await call(emu.url, 'GET', `${path}?per_page=100`);
      assert.ok(list.json.projects.some((p: { name: string }) => p.name === 'payment-gateway-v2'));
      const commits = await call(emu.url, 'GET', `${path}/payment-gateway-v2/repository/commits`);
      assert.deepEqual(commits.json.commits, []);
    });
    it('uses the name sent', async () => {
      const a = await call(emu.url, 'POST', path, { body: { display_name: 'Anything', name: 'my-name-1' } });
      assert.equal(a.status, 201);
      assert.equal(a.json.name, 'my-name-1');
    });
    it('slugs accents and punctuation', async () => {
      const a = await call(emu.url, 'POST', path, { body: { display_name: '  Café — Déjà Vu!  ' } });
      assert.equal(a.json.name, 'cafe-deja-vu');
      assert.equal(a.json.display_name, 'Café — Déjà Vu!');
    });
    it('400 when the name is taken, given or derived', async () => {
      assertError(await call(emu.url, 'POST', path, { body: { display_name: 'Web App' } }), 400, "Project with name 'web-app' already exists.");
      assertError(await call(emu.url, 'POST', path, { body: { display_name: 'Other', name: 'api-service' } }), 400, "Project with name 'api-service' already exists.");
    });
    const bad: [unknown, string][] = [
      [{}, "Value of 'display_name' cannot be empty."],
      [{ display_name: '' }, "Value of 'display_name' cannot be empty."],
      [{ display_name: '   ' }, "Value of 'display_name' cannot be empty."],
      [{ display_name: null }, "Value of 'display_name' cannot be empty."],
      [{ display_name: 7 }, "Value of 'display_name' is invalid."],
      [{ display_name: '!!!' }, "Value of 'display_name' is invalid."],
      [{ display_name: 'x'.repeat(101) }, "Value of 'display_name' is invalid."],
      [{ display_name: 'Ok', name: '' }, "Value of 'name' cannot be empty."],
      [{ display_name: 'Ok', name: 'Has Spaces' }, "Value of 'name' is invalid."],
      [{ display_name: 'Ok', name: 'UPPER' }, "Value of 'name' is invalid."],
      [{ display_name: 'Ok', name: 5 }, "Value of 'name' is invalid."],
    ];
    for (const [body, message] of bad) {
      it(`400 for ${JSON.stringify(body).slice(0, 60)}`, async () => {
        assertError(await call(emu.url, 'POST', path, { body }), 400, message);
      });
    }
    it('404 for an unknown workspace', async () => {
      assertError(await call(emu.url, 'POST', '/workspaces/nowhere/projects', { body: { display_name: 'X' } }), 404, 'Workspace not found.');
    });
    it('is forgotten on reset', async () => {
      await call(emu.url, 'POST', path, { body: { display_name: 'Temporary' } });
      emu.reset();
      assertError(await call(emu.url, 'GET', `${path}/temporary`), 404, 'Project not found.');
    });
  });

  describe('pipelines and actions', () => {
    it('lists pipeline summaries of a project', async () => {
      const a = await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines');
      assert.equal(a.status, 200);
      assert.equal(a.json.url, `${emu.url}/workspaces/acme/projects/web-app/pipelines`);
      const demo = PROJECTS[0].pipelines;
      assert.deepEqual(a.json.pipelines.map((p: { id: number }) => p.id), demo.map((p) => p.id));
      for (const p of a.json.pipelines) {
        assert.deepEqual(Object.keys(p).sort(), ['definition_source', 'html_url', 'id', 'identifier', 'last_execution_revision', 'last_execution_status', 'name', 'on', 'refs', 'url']);
        assert.match(p.identifier, /^[a-z][a-z0-9_]*$/);
        assert.equal(p.url, `${emu.url}/workspaces/acme/projects/web-app/pipelines/${p.id}`);
        assert.ok(Array.isArray(p.refs));
      }
      const never = a.json.pipelines.find((p: { name: string }) => p.name === 'Release notes');
      assert.equal(never.last_execution_status, null);
      assert.equal(never.last_execution_revision, null);
      const ran = a.json.pipelines.find((p: { name: string }) => p.name === 'Build and test');
      assert.match(ran.last_execution_revision, /^[0-9a-f]{40}$/);
    });
    it('answers one pipeline at its url', async () => {
      const list = await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines');
      const one = await call(emu.url, 'GET', new URL(list.json.pipelines[2].url).pathname);
      assert.deepEqual(one.json, list.json.pipelines[2]);
      assertError(await call(emu.url, 'GET', '/workspaces/acme/projects/api-service/pipelines/103'), 404, 'Pipeline not found.');
    });
    it('pages pipelines', async () => {
      const a = await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines?per_page=2&page=3');
      assert.deepEqual(a.json.pipelines.map((p: { id: number }) => p.id), [105]);
    });
    it('lists actions of a pipeline', async () => {
      const a = await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines/103/actions');
      assert.equal(a.status, 200);
      assert.deepEqual(a.json.actions.map((x: { name: string }) => x.name), ['Build bundle', 'Upload to production', 'Restart service']);
      for (const x of a.json.actions) {
        assert.deepEqual(Object.keys(x).sort(), ['html_url', 'id', 'name', 'type', 'url']);
        assert.equal(x.url, `${emu.url}/workspaces/acme/projects/web-app/pipelines/103/actions/${x.id}`);
      }
      const one = await call(emu.url, 'GET', new URL(a.json.actions[0].url).pathname);
      assert.deepEqual(one.json, a.json.actions[0]);
    });
    it('every demo project has pipelines with actions', async () => {
      for (const p of acmeProjects) {
        const pipelines = await call(emu.url, 'GET', `/workspaces/acme/projects/${p.name}/pipelines`);
        assert.ok(pipelines.json.pipelines.length > 0, p.name);
        for (const pl of pipelines.json.pipelines) {
          const actions = await call(emu.url, 'GET', `/workspaces/acme/projects/${p.name}/pipelines/${pl.id}/actions`);
          assert.ok(actions.json.actions.length > 0, `${p.name}/${pl.name}`);
        }
      }
    });
    it('404s', async () => {
      assertError(await call(emu.url, 'GET', '/workspaces/acme/projects/nope/pipelines'), 404, 'Project not found.');
      assertError(await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines/999/actions'), 404, 'Pipeline not found.');
      // A pipeline of another project is not found under this one.
      assertError(await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines/201/actions'), 404, 'Pipeline not found.');
      assertError(await call(emu.url, 'GET', '/workspaces/acme/projects/web-app/pipelines/103/actions/2011'), 404, 'Action not found.');
    });
  });
});
