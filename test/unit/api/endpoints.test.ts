// Each endpoint's happy path and each error class, over real HTTP against the emulator.
import * as assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import * as sshpk from 'sshpk';
import {
  AccessDeniedError,
  ApiDisabledError,
  ApiError,
  MissingScopeError,
  NotFoundError,
  parseApiDate,
  ServerError,
  UnauthorizedError,
  ValidationError,
  type ApiClient,
  type FetchLike,
} from '../../../src/api';
import { ADMIN_TOKEN, DENIED_TOKEN, DEV_TOKEN, PRODUCTION_TARGET_ID, STAGING_TARGET_ID } from '../../emulator/demo-data';
import { editingFetch, globalFetch, makeClient, nodeFetch, rejection, USER_AGENT } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

describe('api client: endpoints against the emulator', function () {
  const emu = useEmulator();
  let admin: ApiClient;

  const requestsTo = (method: string, path: string) =>
    emu.requests.filter((r) => r.method === method && r.path.split('?')[0] === path).length;

  before(async () => {
    admin = (await makeClient(emu.url, ADMIN_TOKEN)).client;
  });

  describe('what every request carries', () => {
    it('sends Bearer token, User-Agent, Accept, and a JSON body only with Content-Type', async () => {
      const sent: { url: string; init: Parameters<FetchLike>[1] }[] = [];
      const { client } = await makeClient(emu.url, ADMIN_TOKEN, { fetch: editingFetch(await nodeFetch(), () => undefined, sent) });
      await client.getUser();
      await client.createProject('acme', { display_name: 'Header Check' });
      assert.equal(sent.length, 2);
      assert.equal(sent[0].init.headers.Authorization, `Bearer ${ADMIN_TOKEN}`);
      assert.equal(sent[0].init.headers['User-Agent'], USER_AGENT);
      assert.equal(sent[0].init.headers['Content-Type'], undefined);
      assert.equal(sent[0].init.body, undefined);
      assert.equal(sent[1].init.method, 'POST');
      assert.equal(sent[1].init.headers['Content-Type'], 'application/json');
      assert.deepEqual(JSON.parse(sent[1].init.body ?? ''), { display_name: 'Header Check' });
    });

    it('asks for the token on every request, so a token change or sign-out takes effect at once', async () => {
      let token: string | undefined = ADMIN_TOKEN;
      const { client } = await makeClient(emu.url, () => token);
      assert.equal((await client.getUser()).name, 'Alice Admin');
      token = DEV_TOKEN;
      assert.equal((await client.getUser()).name, 'Dave Developer');
      token = undefined;
      emu.clearRequests();
      const e = await rejection(() => client.getUser());
      assert.ok(e instanceof UnauthorizedError);
      assert.equal(emu.requests.length, 0, 'no request is sent without a token');
    });

    it('works with Node’s global fetch as well as node-fetch', async () => {
      const { client } = await makeClient(emu.url, ADMIN_TOKEN, { fetch: globalFetch });
      const user = await client.getUser();
      assert.equal(user.id, 1);
      assert.equal(client.rateLimit.limit, 5000);
    });
  });

  describe('user, token, workspaces', () => {
    it('GET /user', async () => {
      const u = await admin.getUser();
      assert.equal(u.name, 'Alice Admin');
      assert.equal(u.email, 'alice@example.com');
      assert.equal(typeof u.url, 'string');
      assert.equal(typeof u.workspaces_url, 'string');
    });

    it('GET /user/token tells the scopes', async () => {
      const dev = (await makeClient(emu.url, DEV_TOKEN)).client;
      const t = await dev.getTokenInfo();
      assert.equal(t.name, 'Dave laptop');
      assert.ok(t.scopes?.includes('TARGET_INFO'));
      assert.ok(t.scopes && !t.scopes.includes('TARGET_MANAGE'));
      assert.equal(parseApiDate(t.expires_at)?.toISOString(), '2027-04-01T12:00:00.000Z');
    });

    it('GET /workspaces', async () => {
      const ws = await admin.listWorkspaces();
      assert.deepEqual(ws.map((w) => w.domain).sort(), ['acme', 'dormant']);
    });
  });

  describe('projects, pipelines, actions', () => {
    it('lists projects, one page and all pages', async () => {
      const first = await admin.listProjects('acme', { perPage: 2 });
      assert.equal(first.length, 2);
      const all = [];
      for await (const p of admin.items((q) => admin.listProjects('acme', q), 3)) {
        all.push(p.name);
      }
      assert.ok(all.includes('web-app') && all.includes('docs'), all.join());
      assert.equal(new Set(all).size, all.length, 'no project twice');
      const active = await admin.listProjects('acme', { status: 'ACTIVE' });
      assert.deepEqual(
        active.map((p) => [p.name, p.status]),
        ['web-app', 'api-service', 'mobile-app', 'docs'].map((name) => [name, 'ACTIVE']),
      );
    });

    it('gets the full project', async () => {
      const p = await admin.getProject('acme', 'web-app');
      assert.equal(p.display_name, 'Web App');
      assert.equal(p.default_branch, 'main');
      assert.equal(p.created_by?.name, 'Alice Admin');
      assert.equal(parseApiDate(p.create_date)?.toISOString(), '2026-03-02T09:15:00.000Z');
      const docs = await admin.getProject('acme', 'docs');
      assert.equal(docs.default_branch, null);
    });

    it('creates a project (name derived), and a taken name is a ValidationError', async () => {
      const p = await admin.createProject('acme', { display_name: 'Billing Service' });
      assert.equal(p.name, 'billing-service');
      assert.equal(p.status, 'ACTIVE');
      assert.equal((await admin.getProject('acme', 'billing-service')).display_name, 'Billing Service');
      const e = await rejection(() => admin.createProject('acme', { display_name: 'Other', name: 'billing-service' }));
      assert.ok(e instanceof ValidationError, String(e));
      assert.equal(e.status, 400);
      const empty = await rejection(() => admin.createProject('acme', { display_name: '' }));
      assert.ok(empty instanceof ValidationError);
      assert.equal(empty.param, 'display_name');
    });

    it('lists pipelines and actions', async () => {
      const pipelines = await admin.listPipelines('acme', 'web-app');
      assert.deepEqual(pipelines.map((p) => p.id).sort(), [101, 102, 103, 104, 105]);
      const deploy = pipelines.find((p) => p.id === 103);
      assert.equal(deploy?.name, 'Deploy to production');
      assert.equal(deploy?.on, 'CLICK');
      const actions = await admin.listActions('acme', 'web-app', 101);
      assert.deepEqual(actions.map((a) => a.name), ['Install dependencies', 'Unit tests', 'Lint']);
    });
  });

  describe('targets', () => {
    it('lists summaries, keeping non-SSH types', async () => {
      const targets = await admin.listTargets('acme');
      const byIdent = new Map(targets.map((t) => [t.identifier, t]));
      assert.equal(byIdent.get('production')?.id, PRODUCTION_TARGET_ID);
      assert.equal(byIdent.get('production')?.type, 'SSH');
      assert.equal(byIdent.get('staging')?.all_pipelines_allowed, true);
      assert.ok(targets.some((t) => t.type !== 'SSH'), 'a non-SSH target is listed, not rejected');
    });

    it('filters by project and pipeline', async () => {
      const all = await admin.listTargets('acme');
      const filtered = await admin.listTargets('acme', { projectName: 'web-app', pipelineId: 103 });
      assert.ok(filtered.length >= 1);
      assert.deepEqual(
        filtered.filter((t) => !all.some((a) => a.id === t.id)),
        [],
        'the filtered targets are among all targets',
      );
      const last = emu.requests[emu.requests.length - 1];
      assert.match(last.path, /projectName=web-app/);
      assert.match(last.path, /pipelineId=103/);
    });

    it('gets the full target, its password only in the secure! form', async () => {
      const t = await admin.getTarget('acme', PRODUCTION_TARGET_ID);
      assert.equal(t.identifier, 'production');
      assert.equal(t.all_pipelines_allowed, false);
      assert.deepEqual(t.allowed_pipelines.map((p) => p.id), [103]);
      assert.equal(t.auth?.method, 'PASSWORD');
      assert.match(t.auth?.password ?? '', /^secure!/);
      assert.equal(t.permissions?.others, 'USE_ONLY');
    });

    it('allows a pipeline; a second call changes nothing', async () => {
      const t = await admin.allowPipeline('acme', PRODUCTION_TARGET_ID, { project: 'web-app', pipeline: 'Deploy to staging' });
      assert.deepEqual(t.allowed_pipelines.map((p) => p.id).sort(), [102, 103]);
      const again = await admin.allowPipeline('acme', PRODUCTION_TARGET_ID, { project: 'web-app', pipeline: 'Deploy to staging' });
      assert.deepEqual(again.allowed_pipelines.map((p) => p.id).sort(), [102, 103]);
      assert.deepEqual((await admin.getTarget('acme', PRODUCTION_TARGET_ID)).allowed_pipelines.map((p) => p.id).sort(), [102, 103]);
    });

    it('881 for a DENIED user is an AccessDeniedError that says so', async () => {
      const denied = (await makeClient(emu.url, DENIED_TOKEN)).client;
      const e = await rejection(() => denied.allowPipeline('acme', PRODUCTION_TARGET_ID, { project: 'web-app', pipeline: 'Deploy to staging' }));
      assert.ok(e instanceof AccessDeniedError, String(e));
      assert.equal(e.status, 403);
      assert.equal(e.code, 881);
      assert.equal(e.isTargetPermission, true);
      assert.equal(e.method, 'POST');
      assert.equal(e.path, `/workspaces/acme/targets/${PRODUCTION_TARGET_ID}/allow-pipeline`);
      // The same user may manage staging.
      const ok = await denied.allowPipeline('acme', STAGING_TARGET_ID, { project: 'web-app', pipeline: 'Deploy to staging' });
      assert.equal(ok.id, STAGING_TARGET_ID);
    });

    it('a token without TARGET_MANAGE is a MissingScopeError naming the scope', async () => {
      const dev = (await makeClient(emu.url, DEV_TOKEN)).client;
      const e = await rejection(() => dev.allowPipeline('acme', PRODUCTION_TARGET_ID, { project: 'web-app', pipeline: 'Deploy to staging' }));
      assert.ok(e instanceof MissingScopeError, String(e));
      assert.equal(e.scope, 'TARGET_MANAGE');
      assert.equal(e.status, 403);
    });

    it('an unknown target is a NotFoundError naming the kind', async () => {
      const e = await rejection(() => admin.getTarget('acme', 'tg-nope'));
      assert.ok(e instanceof NotFoundError, String(e));
      assert.equal(e.resource, 'Target');
      assert.equal(e.status, 404);
      assert.deepEqual(e.messages, ['Target not found.']);
    });
  });

  describe('commits', () => {
    it('lists the first page (default 20), newest first', async () => {
      const commits = await admin.listCommits('acme', 'web-app');
      assert.equal(commits.length, 20);
      const times = commits.map((c) => parseApiDate(c.commit_date)!.getTime());
      assert.deepEqual([...times].sort((a, b) => b - a), times);
      assert.equal(typeof commits[0].author?.name, 'string');
      assert.equal((commits[0] as unknown as Record<string, unknown>).files, undefined, 'summaries have no files');
    });

    it('gets a full commit with stats, files and parents', async () => {
      const [, second] = await admin.listCommits('acme', 'web-app', { perPage: 2 });
      const c = await admin.getCommit('acme', 'web-app', second.revision);
      assert.equal(c.revision, second.revision);
      assert.deepEqual(c.files.map((f) => f.status).sort(), ['ADDED', 'DELETED', 'MODIFIED', 'REPLACED']);
      assert.equal(c.stats?.total, (c.stats?.additions ?? NaN) + (c.stats?.deletions ?? NaN));
      assert.ok(c.parents.length >= 1);
      assert.equal(typeof c.files[0].patch, 'string');
      const e = await rejection(() => admin.getCommit('acme', 'web-app', 'f'.repeat(40)));
      assert.ok(e instanceof NotFoundError);
    });
  });

  describe('variables', () => {
    function rsaKey(): { privatePem: string; publicLine: string } {
      const { privateKey } = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      });
      const publicLine = sshpk.parsePrivateKey(privateKey, 'pem').toPublic().toString('ssh');
      return { privatePem: privateKey, publicLine };
    }

    it('creates a variable in each scope and lists and deletes it', async () => {
      const ws = await admin.createVariable('acme', { scope: 'workspace', key: 'WS_VAR', type: 'VAR', value: 'one', description: 'd' });
      assert.equal(ws.key, 'WS_VAR');
      assert.equal(ws.value, 'one');
      assert.equal(ws.type, 'VAR');
      const proj = await admin.createVariable('acme', {
        scope: 'project',
        project: 'web-app',
        key: 'PROJ_VAR',
        type: 'VAR',
        value: 'two',
        settable: true,
        run_only_settable: false,
      });
      assert.equal(proj.project.name, 'web-app');
      assert.equal(proj.settable, true);
      assert.equal(proj.run_only_settable, false);
      assert.equal(proj.description, '');
      const pipe = await admin.createVariable('acme', { scope: 'pipeline', pipelineId: 103, key: 'PIPE_VAR', type: 'VAR', value: 'three' });
      assert.equal(pipe.encrypted, false);
      const actions = await admin.listActions('acme', 'web-app', 101);
      const act = await admin.createVariable('acme', { scope: 'action', actionId: actions[0].id, key: 'ACT_VAR', type: 'VAR', value: 'four' });
      assert.equal(act.key, 'ACT_VAR');

      const wsList = await admin.listVariables('acme');
      assert.ok(wsList.some((v) => v.id === ws.id));
      assert.ok(!wsList.some((v) => v.id === proj.id), 'no filter: workspace scope only');
      assert.ok((await admin.listVariables('acme', { projectName: 'web-app' })).some((v) => v.id === proj.id));
      assert.ok((await admin.listVariables('acme', { pipelineId: 103 })).some((v) => v.id === pipe.id));
      assert.ok((await admin.listVariables('acme', { actionId: actions[0].id })).some((v) => v.id === act.id));

      await admin.deleteVariable('acme', ws.id);
      assert.ok(!(await admin.listVariables('acme')).some((v) => v.id === ws.id));
      const e = await rejection(() => admin.deleteVariable('acme', ws.id));
      assert.ok(e instanceof NotFoundError, String(e));
      assert.equal(e.method, 'DELETE');
    });

    it('creates an encrypted SSH key and a public key', async () => {
      const { privatePem, publicLine } = rsaKey();
      const key = await admin.createVariable('acme', {
        scope: 'project',
        project: 'web-app',
        key: 'DEPLOY_KEY',
        type: 'SSH_KEY',
        value: privatePem,
        encrypted: true,
        file_path: '~/.ssh/id_deploy',
        file_chmod: '600',
        file_place: 'CONTAINER',
      });
      assert.equal(key.type, 'SSH_KEY');
      assert.equal(key.encrypted, true);
      assert.match(key.value, /^secure!/);
      assert.equal(key.public_value.split(' ').slice(0, 2).join(' '), publicLine.split(' ').slice(0, 2).join(' '));
      assert.match(key.key_fingerprint, /^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
      assert.match(key.checksum, /^[0-9a-f]{64}$/);
      const pub = await admin.createVariable('acme', {
        scope: 'workspace',
        key: 'DEPLOY_KEY_PUB',
        type: 'SSH_PUBLIC_KEY',
        value: publicLine,
        file_path: '~/.ssh/id_deploy.pub',
        file_chmod: '644',
        file_place: 'CONTAINER',
      });
      assert.equal(pub.file_chmod, '644');
      assert.equal(pub.file_place, 'CONTAINER');
    });

    it('a value that is no private key is a ValidationError that does not echo the value', async () => {
      const secret = 'not-a-key-but-SECRET-1234';
      const e = await rejection(() =>
        admin.createVariable('acme', { scope: 'workspace', key: 'BAD_KEY', type: 'SSH_KEY', value: secret, encrypted: true }),
      );
      assert.ok(e instanceof ValidationError, String(e));
      assert.equal(e.param, 'value');
      assert.doesNotMatch(`${e.message} ${e.stack} ${JSON.stringify(e)}`, /SECRET-1234/);
    });

    it('a duplicate key is a ValidationError on key; a non-admin at workspace scope is AccessDenied (not 881)', async () => {
      await admin.createVariable('acme', { scope: 'workspace', key: 'DUP', type: 'VAR', value: 'a' });
      const dup = await rejection(() => admin.createVariable('acme', { scope: 'workspace', key: 'DUP', type: 'VAR', value: 'b' }));
      assert.ok(dup instanceof ValidationError, String(dup));
      assert.equal(dup.param, 'key');
      const dev = (await makeClient(emu.url, DEV_TOKEN)).client;
      const denied = await rejection(() => dev.createVariable('acme', { scope: 'workspace', key: 'NOPE', type: 'VAR', value: 'x' }));
      assert.ok(denied instanceof AccessDeniedError, String(denied));
      assert.equal(denied.isTargetPermission, false);
      assert.equal(denied.code, undefined);
    });
  });

  describe('errors', () => {
    it('an unknown token is an UnauthorizedError (401), and the token is in nothing the error carries', async () => {
      const token = 'wrong-token-0123456789';
      const { client, events } = await makeClient(emu.url, token);
      const e = await rejection(() => client.listProjects('acme'));
      assert.ok(e instanceof UnauthorizedError, String(e));
      assert.equal(e.status, 401);
      assert.equal(e.kind, 'unauthorized');
      const everything = `${e.message} ${e.stack} ${JSON.stringify(e)} ${e.path} ${JSON.stringify(events)}`;
      assert.doesNotMatch(everything, /wrong-token-0123456789/);
    });

    it('a workspace with the API off is an ApiDisabledError', async () => {
      const e = await rejection(() => admin.listProjects('dormant'));
      assert.ok(e instanceof ApiDisabledError, String(e));
      assert.equal(e.status, 400);
      assert.deepEqual(e.messages, ['API is disabled in this workspace.']);
    });

    it('an unknown project is a NotFoundError', async () => {
      const e = await rejection(() => admin.getProject('acme', 'no-such-project'));
      assert.ok(e instanceof NotFoundError);
      assert.equal(e.resource, 'Project');
      assert.equal(e.path, '/workspaces/acme/projects/no-such-project');
      assert.equal(e.method, 'GET');
    });

    it('a page size outside 1..100 is refused before any request', async () => {
      for (const perPage of [0, 101, 2.5]) {
        const e = await rejection(() => admin.listCommits('acme', 'web-app', { perPage }));
        assert.ok(e instanceof ValidationError);
        assert.equal(e.param, 'per_page');
      }
      await assert.rejects(admin.pages((q) => admin.listProjects('acme', q), 0)[Symbol.asyncIterator]().next(), ValidationError);
      assert.equal(requestsTo('GET', '/workspaces/acme/projects/web-app/repository/commits'), 0);
    });

    it('a 500 is a ServerError', async () => {
      emu.injectFault({ kind: '500', count: 1, method: 'GET', path: '/user' });
      const e = await rejection(() => admin.getUser());
      assert.ok(e instanceof ServerError, String(e));
      assert.equal(e.status, 500);
      assert.ok(e instanceof ApiError);
    });
  });
});
