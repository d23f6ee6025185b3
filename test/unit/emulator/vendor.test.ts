// The vendor dialect: every answer shape of conventions.md's last section, over real HTTP, and
// the default dialect without any of them.
import * as assert from 'node:assert/strict';
import { demoCommits, DIALECTS, NAMELESS_TARGET_ID, NON_MEMBERS, PRODUCTION_TARGET_ID, STAGING_TARGET_ID, TARGETS, TOKENS, VARIABLES, VENDOR_VARIABLES } from '../../emulator';
import { Answer, assertError, call, sortedKeys } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

const REDUCED_TARGET_KEYS = ['auth', 'host', 'id', 'identifier', 'path', 'port', 'type'];
const MATCH_ITEM = { type: 'MATCH', identifier: 'prod-hosts', scope: 'WORKSPACE' };
const VENDOR_403 = /^Cannot receive data/;
/** A date with a fraction of a second of exactly `digits` digits. */
const fractional = (digits: number): RegExp => new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{${digits}}Z$`);
const COMMITS = '/workspaces/acme/projects/web-app/repository/commits';

describe('emulator: the vendor dialect', () => {
  const emu = useEmulator({ dialect: 'vendor' });

  const get = (path: string, token?: string): Promise<Answer> => call(emu.url, 'GET', path, { token });

  describe('tokens and scopes', () => {
    it('GET /user/token: opaque id, links, fractional expiry, restrictions', async () => {
      const a = await get('/user/token', 'modern-token');
      assert.equal(a.status, 200);
      assert.deepEqual(sortedKeys(a.json), ['expires_at', 'expires_in', 'html_url', 'id', 'ip_restrictions', 'name', 'scopes', 'url', 'workspace_restrictions']);
      assert.match(a.json.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.notEqual(a.json.id, TOKENS.modern.id);
      assert.equal(a.json.url, `${emu.url}/user/tokens/${a.json.id}`);
      assert.match(a.json.expires_at, fractional(9));
      assert.equal(a.json.expires_at.slice(0, 19), TOKENS.modern.expires_at.slice(0, 19));
      assert.equal(a.json.expires_in, 365);
      assert.deepEqual(a.json.ip_restrictions, ['127.0.0.0/8']);
      assert.deepEqual(a.json.workspace_restrictions, []);
      assert.deepEqual(a.json.scopes, [...TOKENS.modern.scopes]);
      const admin = await get('/user/token');
      assert.equal(admin.json.expires_in, undefined, 'only some tokens carry expires_in');
      assert.notEqual(admin.json.id, a.json.id);
    });
    it('GET /user/token needs TOKEN_INFO; a missing scope is a 403 in the vendor’s words, naming no scope', async () => {
      for (const [token, path] of [
        ['no-token-info-token', '/user/token'],
        ['minimal-token', '/user/token'],
        ['no-user-info-token', '/user'],
        ['minimal-token', '/workspaces/acme/variables'],
      ]) {
        const a = await get(path, token);
        assert.equal(a.status, 403, `${token} ${path}`);
        assert.equal(a.json.errors.length, 1);
        assert.match(a.json.errors[0].message, VENDOR_403);
        assert.doesNotMatch(a.json.errors[0].message, /[A-Z]+_[A-Z]+/, 'no scope name in the words');
      }
    });
    it('the 2026 scope names work on every route the journeys use, and the older names too', async () => {
      for (const token of ['modern-token', 'admin-token']) {
        assert.equal((await get('/workspaces', token)).status, 200, token);
        assert.equal((await get('/workspaces/acme/projects', token)).status, 200, token);
        assert.equal((await get('/workspaces/acme/targets', token)).status, 200, token);
        assert.equal((await get(`/workspaces/acme/targets/${PRODUCTION_TARGET_ID}`, token)).status, 200, token);
        assert.equal((await get('/workspaces/acme/variables?project_name=web-app', token)).status, 200, token);
        const created = await call(emu.url, 'POST', '/workspaces/acme/variables', { token, body: { key: `BY_${token.split('-')[0].toUpperCase()}`, value: 'v', pipeline: { id: 101 } } });
        assert.equal(created.status, 201, token);
        const allowed = await call(emu.url, 'POST', `/workspaces/acme/targets/${PRODUCTION_TARGET_ID}/allow-pipeline`, { token, body: { project: 'web-app', pipeline: 'Nightly end-to-end' } });
        assert.equal(allowed.status, 200, token);
        const project = await call(emu.url, 'POST', '/workspaces/acme/projects', { token, body: { display_name: `Made by ${token}` } });
        assert.equal(project.status, 201, token);
      }
    });
  });

  describe('lists without paging', () => {
    it('GET /workspaces ignores page and per_page (even invalid ones) and answers all', async () => {
      for (const query of ['', '?per_page=1', '?per_page=1&page=2', '?page=0&per_page=1000']) {
        const a = await get(`/workspaces${query}`);
        assert.equal(a.status, 200, query);
        assert.deepEqual(a.json.workspaces.map((w: { domain: string }) => w.domain), ['acme', 'dormant'], query);
      }
    });
    it('GET /targets ignores page and per_page: the same whole list on every page', async () => {
      const all = await get('/workspaces/acme/targets');
      const second = await get('/workspaces/acme/targets?per_page=2&page=2');
      assert.equal(second.status, 200);
      assert.deepEqual(second.json, all.json);
      assert.equal(all.json.targets.length, TARGETS.filter((t) => t.workspace === 'acme').length + 2, 'the demo targets, edge-sftp and the MATCH item');
    });
  });

  describe('targets', () => {
    it('list items are reduced to id, identifier, type, host, port, path, auth; a MATCH item has only type, identifier, scope', async () => {
      const a = await get('/workspaces/acme/targets');
      const items: Record<string, unknown>[] = a.json.targets;
      const match = items.filter((t) => t.type === 'MATCH');
      assert.deepEqual(match, [MATCH_ITEM]);
      const others = items.filter((t) => t.type !== 'MATCH');
      assert.ok(others.length >= 5);
      for (const t of others) {
        assert.deepEqual(sortedKeys(t), REDUCED_TARGET_KEYS, String(t.identifier));
      }
      const prod = others.find((t) => t.id === PRODUCTION_TARGET_ID) as { auth: Record<string, string> };
      assert.equal(prod.auth.method, 'PASSWORD');
      assert.match(prod.auth.password, /^!encrypted \S+$/);
      const edge = others.find((t) => t.id === NAMELESS_TARGET_ID) as { auth: Record<string, string | null> };
      assert.equal(edge.auth.method, 'SSH_KEY');
      assert.match(edge.auth.key ?? '', /^!encrypted \S+$/);
      assert.doesNotMatch(a.text, /secure!|pr0d-Secret|edge-Secret/);
    });
    it('filters by project_name and pipeline_id (the newer names) as by projectName and pipelineId; a pipeline list has no MATCH item', async () => {
      for (const [project, pipeline] of [
        ['project_name', 'pipeline_id'],
        ['projectName', 'pipelineId'],
      ]) {
        const a = await get(`/workspaces/acme/targets?${project}=web-app&${pipeline}=101`);
        assert.equal(a.status, 200);
        assert.deepEqual(a.json.targets.map((t: { identifier: string }) => t.identifier), ['staging', 'edge-sftp'], project);
        assertError(await get(`/workspaces/acme/targets?${project}=nope`), 404, 'Project not found.');
        assertError(await get(`/workspaces/acme/targets?${pipeline}=x`), 400, `Value of '${pipeline}' is invalid.`);
        assertError(await get(`/workspaces/acme/targets?${project}=api-service&${pipeline}=101`), 404, 'Pipeline not found.');
      }
      const byProject = await get('/workspaces/acme/targets?project_name=web-app');
      assert.deepEqual(byProject.json.targets.at(-1), MATCH_ITEM);
    });
    it('a full target has pipelines_access_level (ALLOWED: every pipeline) instead of all_pipelines_allowed', async () => {
      const levels: Record<string, string> = {};
      for (const t of TARGETS.filter((x) => x.workspace === 'acme')) {
        const a = await get(`/workspaces/acme/targets/${t.id}`);
        assert.equal(a.status, 200);
        assert.ok(!('all_pipelines_allowed' in a.json), t.id);
        assert.equal(a.json.sandboxes_access_level, 'DENIED');
        assert.deepEqual(a.json.allowed_sandboxes, []);
        assert.equal(a.json.disabled, false);
        levels[t.identifier] = a.json.pipelines_access_level;
        assert.equal(a.json.pipelines_access_level === 'ALLOWED', t.all_pipelines_allowed, t.identifier);
      }
      assert.deepEqual(levels, { production: 'DEFAULT', staging: 'ALLOWED', 'assets-ftp': 'DEFAULT', 'k8s-main': 'STAGE' });
      const k8s = await get('/workspaces/acme/targets/tg-b41e');
      assert.match(k8s.json.auth.token, /^!encrypted /);
      assert.equal(k8s.json.cluster_url, 'https://k8s.example.com:6443');
    });
    it('target edge-sftp has name null', async () => {
      const a = await get(`/workspaces/acme/targets/${NAMELESS_TARGET_ID}`);
      assert.equal(a.status, 200);
      assert.ok('name' in a.json);
      assert.equal(a.json.name, null);
      assert.equal(a.json.identifier, 'edge-sftp');
      assert.equal(a.json.type, 'SFTP');
    });
    it('allow-pipeline works in that model: the list grows, the level stays, the pipeline filter follows', async () => {
      const before = await get('/workspaces/acme/targets?pipeline_id=104');
      assert.ok(!before.json.targets.some((t: { id: string }) => t.id === PRODUCTION_TARGET_ID));
      const a = await call(emu.url, 'POST', `/workspaces/acme/targets/${PRODUCTION_TARGET_ID}/allow-pipeline`, { body: { project: 'web-app', pipeline: 'Nightly end-to-end' } });
      assert.equal(a.status, 200);
      assert.equal(a.json.pipelines_access_level, 'DEFAULT');
      assert.ok(!('all_pipelines_allowed' in a.json));
      assert.deepEqual(a.json.allowed_pipelines.map((p: { id: number }) => p.id), [103, 104]);
      const after = await get('/workspaces/acme/targets?pipeline_id=104');
      assert.ok(after.json.targets.some((t: { id: string }) => t.id === PRODUCTION_TARGET_ID));
      const staging = await call(emu.url, 'POST', `/workspaces/acme/targets/${STAGING_TARGET_ID}/allow-pipeline`, { body: { project: 'web-app', pipeline: 'Release notes' } });
      assert.equal(staging.json.pipelines_access_level, 'ALLOWED');
      assert.deepEqual(staging.json.allowed_pipelines.map((p: { id: number }) => p.id), [105]);
      assertError(await call(emu.url, 'POST', `/workspaces/acme/targets/${PRODUCTION_TARGET_ID}/allow-pipeline`, { token: 'denied-token', body: { project: 'web-app', pipeline: 'Release notes' } }), 403, 'Access denied', 881);
    });
  });

  describe('projects and pipelines', () => {
    it('project infra has display_name null and works like any other', async () => {
      const list = await get('/workspaces/acme/projects');
      const infra = list.json.projects.find((p: { name: string }) => p.name === 'infra');
      assert.ok(infra);
      assert.ok('display_name' in infra);
      assert.equal(infra.display_name, null);
      const full = await get('/workspaces/acme/projects/infra');
      assert.equal(full.json.display_name, null);
      assert.match(full.json.create_date, fractional(6));
      const pipelines = await get('/workspaces/acme/projects/infra/pipelines');
      assert.deepEqual(pipelines.json.pipelines.map((p: { id: number }) => p.id), [601]);
      const commits = await get('/workspaces/acme/projects/infra/repository/commits');
      assert.equal(commits.json.commits.length, 8);
    });
    it('pipelines are listed with trigger_mode and ref_name instead of on and refs', async () => {
      const a = await get('/workspaces/acme/projects/web-app/pipelines');
      const byId = new Map<number, Record<string, unknown>>(a.json.pipelines.map((p: { id: number }) => [p.id, p]));
      for (const p of byId.values()) {
        assert.ok(!('on' in p) && !('refs' in p), String(p.id));
        assert.deepEqual(sortedKeys(p), ['definition_source', 'git_config_ref', 'html_url', 'id', 'identifier', 'last_execution_revision', 'last_execution_status', 'name', 'ref_name', 'trigger_mode', 'url']);
      }
      assert.deepEqual([101, 103, 104].map((id) => [byId.get(id)?.trigger_mode, byId.get(id)?.ref_name]), [
        ['ON_EVERY_PUSH', '*'],
        ['MANUAL', 'main'],
        ['SCHEDULED', 'main'],
      ]);
      const one = await get('/workspaces/acme/projects/web-app/pipelines/103');
      assert.deepEqual(one.json, byId.get(103));
    });
  });

  describe('commits', () => {
    const history = demoCommits('web-app');

    it('some authors and committers are non-members: {name, email} only', async () => {
      const a = await get(`${COMMITS}?per_page=12`);
      const commits: { revision: string; author: Record<string, unknown>; committer: Record<string, unknown> }[] = a.json.commits;
      assert.equal(commits.length, 12);
      const outsiders = NON_MEMBERS.map((n) => ({ ...n }));
      for (const [i, c] of commits.entries()) {
        assert.equal(c.revision, history[i].revision);
        const authorOutside = i % 4 === 3;
        assert.equal(authorOutside, sortedKeys(c.author).join() === 'email,name', `author of commit ${i}`);
        if (authorOutside) {
          assert.ok(outsiders.some((o) => o.name === c.author.name && o.email === c.author.email));
        } else {
          assert.equal(c.author.id, history[i].authorId);
        }
        const committerOutside = i % 6 === 5;
        assert.equal(committerOutside, sortedKeys(c.committer).join() === 'email,name', `committer of commit ${i}`);
      }
      assert.equal(commits.filter((c) => !('id' in c.author)).length, 3);
    });
    it('dates carry fractions of a second: nine digits on author_date, three on commit_date, within the same second', async () => {
      const a = await get(`${COMMITS}?per_page=5`);
      for (const [i, c] of a.json.commits.entries()) {
        assert.match(c.author_date, fractional(9));
        assert.match(c.commit_date, fractional(3));
        assert.equal(Math.floor(Date.parse(c.commit_date) / 1000) * 1000, history[i].commitDate);
      }
    });
    it('since and until accept fractions, and a commit’s own date still includes it', async () => {
      const a = await get(`${COMMITS}?per_page=3`);
      const third = a.json.commits[2];
      const since = await get(`${COMMITS}?since=${encodeURIComponent(third.commit_date)}`);
      assert.equal(since.status, 200);
      assert.deepEqual(since.json.commits.map((c: { revision: string }) => c.revision), history.slice(0, 3).map((c) => c.revision));
      const until = await get(`${COMMITS}?per_page=1&until=${encodeURIComponent(third.commit_date)}`);
      assert.equal(until.json.commits[0].revision, third.revision);
      assertError(await get(`${COMMITS}?since=2026-09-01T00:00:00.1234567890Z`), 400, "Value of 'since' is invalid.");
    });
    it('a full commit has short_revision and no content_url or parents', async () => {
      const a = await get(`${COMMITS}/${history[3].revision}`);
      assert.equal(a.status, 200);
      assert.equal(a.json.short_revision, history[3].revision.slice(0, 7));
      assert.ok(!('content_url' in a.json) && !('parents' in a.json));
      assert.deepEqual(sortedKeys(a.json), ['author', 'author_date', 'commit_date', 'committer', 'files', 'html_url', 'message', 'revision', 'short_revision', 'stats', 'url']);
      assert.deepEqual(sortedKeys(a.json.author), ['email', 'name']);
      assert.ok(a.json.files.length > 0);
    });
  });

  describe('variables', () => {
    it('the vendor kinds FILE and GPG_KEY in the workspace, IOS_* in mobile-app; every item has html_url; file_place NONE when none', async () => {
      const ws = await get('/workspaces/acme/variables');
      const expected = [...VARIABLES, ...VENDOR_VARIABLES].filter((v) => v.workspace === 'acme' && v.scope === null);
      assert.deepEqual(ws.json.variables.map((v: { key: string; type: string }) => [v.key, v.type]), expected.map((v) => [v.key, v.type]));
      assert.deepEqual(
        ws.json.variables.map((v: { type: string }) => v.type),
        ['VAR', 'VAR', 'FILE', 'GPG_KEY'],
      );
      const file = ws.json.variables.find((v: { type: string }) => v.type === 'FILE');
      assert.deepEqual([file.file_path, file.file_chmod, file.file_place, file.encrypted], ['~/.npmrc', '600', 'CONTAINER', false]);
      const gpg = ws.json.variables.find((v: { type: string }) => v.type === 'GPG_KEY');
      assert.match(gpg.value, /^!encrypted \S+$/);
      assert.equal(gpg.file_place, 'NONE');
      assert.doesNotMatch(ws.text, /PGP PRIVATE KEY|secure!/);
      const mobile = await get('/workspaces/acme/variables?project_name=mobile-app');
      assert.deepEqual(mobile.json.variables.map((v: { type: string }) => v.type), ['IOS_KEYCHAIN', 'IOS_PROVISION_PROFILES']);
      for (const v of [...ws.json.variables, ...mobile.json.variables]) {
        assert.match(v.html_url, /^https:\/\/app\.example\.com\/acme\/.*variables$/, v.key);
      }
      const pipeline = await get('/workspaces/acme/variables?pipeline_id=103');
      assert.deepEqual(sortedKeys(pipeline.json.variables[0]), ['encrypted', 'html_url', 'id', 'key', 'type', 'url', 'value']);
      assert.equal(pipeline.json.variables[0].html_url, 'https://app.example.com/acme/web-app/pipelines/pipeline/103/variables');
    });
    it('the vendor kinds cannot be created here (read-only), the usual ones can, answered with !encrypted', async () => {
      assertError(await call(emu.url, 'POST', '/workspaces/acme/variables', { body: { key: 'F', type: 'FILE', value: 'x' } }), 400, "Value of 'type' is invalid.");
      const made = await call(emu.url, 'POST', '/workspaces/acme/variables', { body: { key: 'TOKEN', type: 'VAR', value: 'plain-secret', encrypted: true, file_place: 'NONE' } });
      assert.equal(made.status, 201);
      assert.match(made.json.value, /^!encrypted \S+$/);
      assert.equal(made.json.file_place, 'NONE');
      assert.ok(!made.text.includes('plain-secret'));
    });
  });

  describe('rate-limit headers', () => {
    it('limit and remaining only, on answers, errors and 401s alike', async () => {
      for (const [path, token, status] of [
        ['/user', 'admin-token', 200],
        ['/workspaces/acme/projects/nope', 'admin-token', 404],
        ['/user', 'wrong-token', 401],
      ] as const) {
        const a = await get(path, token);
        assert.equal(a.status, status);
        assert.match(a.headers.get('x-rate-limit-limit') ?? '', /^\d+$/);
        assert.match(a.headers.get('x-rate-limit-remaining') ?? '', /^\d+$/);
        assert.equal(a.headers.get('x-rate-limit-reset'), null, path);
        assert.equal(a.headers.get('access-control-expose-headers'), 'X-Rate-Limit-Limit, X-Rate-Limit-Remaining');
      }
    });
  });
});

describe('emulator: the default dialect has none of the vendor shapes', () => {
  const emu = useEmulator({ resetEachTest: false });

  it('no vendor demo items, markers, fractions, reduced items or renamed fields', async () => {
    assert.equal(emu.dialect, 'default');
    assert.deepEqual(DIALECTS, ['default', 'vendor']);
    const text = async (path: string): Promise<string> => (await call(emu.url, 'GET', path)).text;
    const all = [
      await text('/user/token'),
      await text('/workspaces?per_page=1'),
      await text('/workspaces/acme/projects'),
      await text('/workspaces/acme/projects/web-app'),
      await text('/workspaces/acme/projects/web-app/pipelines'),
      await text(`${COMMITS}?per_page=12`),
      await text(`${COMMITS}/${demoCommits('web-app')[3].revision}`),
      await text('/workspaces/acme/targets'),
      await text(`/workspaces/acme/targets/${PRODUCTION_TARGET_ID}`),
      await text('/workspaces/acme/variables'),
      await text('/workspaces/acme/variables?project_name=mobile-app'),
    ].join('\n');
    assert.doesNotMatch(all, /!encrypted|"MATCH"|edge-sftp|"infra"|pipelines_access_level|trigger_mode|ref_name|short_revision|IOS_|GPG_KEY|"FILE"|"NONE"|workspace_restrictions|\d{2}:\d{2}:\d{2}\.\d+Z/);
    assert.match(all, /secure!/);
    assertError(await call(emu.url, 'GET', `/workspaces/acme/targets/${NAMELESS_TARGET_ID}`), 404, 'Target not found.');
    const ws = await call(emu.url, 'GET', '/workspaces?per_page=1');
    assert.equal(ws.json.workspaces.length, 1, 'workspaces are paged');
    assert.match(ws.headers.get('x-rate-limit-reset') ?? '', /^\d{10}$/);
    assertError(await call(emu.url, 'GET', '/workspaces', { token: 'minimal-token' }), 403, 'Token has no scope WORKSPACE.');
  });
});
