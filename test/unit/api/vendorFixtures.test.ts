// The vendor's own examples (test/fixtures/vendor/, transcribed from its public API reference, each
// with its source and date in `_source`), served over a loopback HTTP server exactly as written
// (the `_source` field stripped) and read through the ApiClient: parse, model, display fallbacks,
// "may this pipeline use this target", redaction. Every fixture file must have its test here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import {
  AccessDeniedError,
  actionName,
  allowsAllPipelines,
  ApiClient,
  canOpenTarget,
  isEncryptedValue,
  itemProblems,
  mayPipelineUse,
  parseApiDate,
  personName,
  pipelineName,
  pipelineRefs,
  pipelinesAccessLevel,
  pipelineTrigger,
  projectName,
  redact,
  redactValue,
  targetName,
  workspaceName,
  type ItemProblem,
} from '../../../src/api';
import { nodeFetch, rejection, USER_AGENT } from './helpers';

const FIXTURES = path.resolve(__dirname, '../../fixtures/vendor');
const TOKEN = 'vendor-fixture-token';

interface Source {
  url: string;
  retrieved: string;
  pageDate: string | null;
  pageDateNote?: string;
  endpoint: string;
  status: number;
  headers?: Record<string, string>;
  composed?: string;
}

interface Fixture {
  source: Source;
  method: string;
  path: string;
  body: string;
}

function loadFixtures(): Map<string, Fixture> {
  const out = new Map<string, Fixture>();
  for (const file of fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json'))) {
    const json = JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as Record<string, unknown>;
    const { _source, ...answer } = json;
    const source = _source as Source;
    const [method, endpoint] = source.endpoint.split(' ');
    out.set(file.replace(/\.json$/, ''), { source, method, path: endpoint.split('?')[0], body: JSON.stringify(answer) });
  }
  return out;
}

describe('api client: the vendor reference examples (test/fixtures/vendor)', () => {
  const fixtures = loadFixtures();
  let server: http.Server;
  let origin: string;
  /** Every request the loopback server saw: `<fixture> <METHOD> <path>`. */
  const seen: string[] = [];
  const problems: ItemProblem[] = [];

  before(async () => {
    // Each fixture under its own base path: http://127.0.0.1:<port>/<fixture>/<endpoint path>.
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const [, name, ...rest] = url.pathname.split('/');
      const fixture = fixtures.get(name);
      const rel = `/${rest.join('/')}`;
      seen.push(`${name} ${req.method} ${rel}`);
      if (!fixture || fixture.method !== req.method || fixture.path !== rel || req.headers.authorization !== `Bearer ${TOKEN}`) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'Not found.' }] }));
        return;
      }
      res.writeHead(fixture.source.status, { 'Content-Type': 'application/json', ...fixture.source.headers }).end(fixture.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    seen.length = 0;
    problems.length = 0;
  });

  async function clientFor(name: string): Promise<ApiClient> {
    assert.ok(fixtures.has(name), `no fixture ${name}`);
    return new ApiClient({
      baseUrl: `${origin}/${name}`,
      getToken: () => TOKEN,
      fetch: await nodeFetch(),
      userAgent: USER_AGENT,
      maxRetries: 0,
      onItemProblem: (p) => problems.push(p),
    });
  }

  const tested = new Set<string>();
  function fixtureIt(name: string, title: string, fn: () => Promise<void>): void {
    tested.add(name);
    it(`${name}: ${title}`, fn);
  }

  it('every fixture says where and when it was transcribed, and has its test below', () => {
    assert.ok(fixtures.size >= 20, `fixtures: ${fixtures.size}`);
    for (const [name, f] of fixtures) {
      assert.match(f.source.url, /^https:\/\/(www\.)?buddy\.works\//, name);
      assert.match(f.source.retrieved, /^\d{4}-\d{2}-\d{2}$/, name);
      assert.ok(
        (typeof f.source.pageDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(f.source.pageDate)) || !!f.source.pageDateNote,
        `${name}: a page date or a note why there is none`,
      );
      assert.match(f.source.endpoint, /^(GET|POST) \//, name);
    }
    assert.deepEqual([...fixtures.keys()].filter((n) => !tested.has(n)), [], 'fixtures without a test');
  });

  fixtureIt('user.2022-04', 'the older profile: no e-mail; the rate limit without a reset time', async () => {
    const client = await clientFor('user.2022-04');
    const user = await client.getUser();
    assert.equal(user.name, 'Mike Benson');
    assert.equal(user.email, undefined);
    assert.equal(user.id, 1);
    assert.equal(personName(user), 'Mike Benson');
    assert.deepEqual(client.rateLimit.snapshot(), { limit: 1, remaining: 999, resetAt: undefined });
    assert.equal(client.rateLimit.isExhausted(), false);
  });

  fixtureIt('user.2026-03', 'the 2026 profile with its e-mail', async () => {
    const user = await (await clientFor('user.2026-03')).getUser();
    assert.equal(user.name, 'john.doe');
    assert.equal(user.email, 'john.doe@company.com');
    assert.equal(user.workspaces_url, 'https://api.buddy.works/workspaces');
  });

  fixtureIt('token-current.2026', 'token info: opaque id, nine fractional digits, scopes and restrictions', async () => {
    const info = await (await clientFor('token-current.2026')).getTokenInfo();
    assert.equal(info.id, 'ed0f8927-c116-4afe-b555-c888dfd86c92');
    assert.deepEqual(info.scopes, ['WORKSPACE', 'REPOSITORY_READ']);
    assert.deepEqual(info.workspace_restrictions, ['my-workspace']);
    assert.equal(parseApiDate(info.expires_at)?.getTime(), Date.UTC(2025, 9, 17, 10, 30, 18, 123));
  });

  fixtureIt('workspaces.2026', 'an unpaginated list ends after one request, without duplicates', async () => {
    const client = await clientFor('workspaces.2026');
    const all = [];
    for await (const page of client.pages((q) => client.listWorkspaces(q), 1)) {
      all.push(...page);
    }
    assert.deepEqual(
      all.map((w) => `${w.domain}=${workspaceName(w)}`),
      ['my-company=My Company', 'other-company=Other Company'],
    );
    assert.deepEqual(seen, ['workspaces.2026 GET /workspaces'], 'one request: the answer was longer than asked');
  });

  fixtureIt('projects.general', 'projects list', async () => {
    const [p] = await (await clientFor('projects.general')).listProjects('buddy');
    assert.equal(p.name, 'company-website');
    assert.equal(projectName(p), 'Company Website');
    assert.equal(p.status, 'ACTIVE');
  });

  fixtureIt('project.general', 'one project with its creator and repositories, extra fields kept', async () => {
    const p = await (await clientFor('project.general')).getProject('buddy', 'company-website');
    assert.equal(p.default_branch, 'master');
    assert.equal(p.ssh_repository, 'buddy@app.buddy.works:buddy/company-website');
    assert.equal(personName(p.created_by), 'Mike Benson');
    assert.equal((p as unknown as { access: string }).access, 'PUBLIC');
  });

  fixtureIt('pipelines.trigger-mode', 'trigger_mode and ref_name instead of on and refs', async () => {
    const [p] = await (await clientFor('pipelines.trigger-mode')).listPipelines('buddy', 'company-website');
    assert.equal(p.id, 2);
    assert.equal(pipelineName(p), 'dev');
    assert.equal(p.on, null);
    assert.equal(pipelineTrigger(p), 'CLICK', 'MANUAL reads as a manual run');
    assert.deepEqual(pipelineRefs(p), ['master']);
    assert.equal(p.last_execution_status, 'SUCCESSFUL');
  });

  fixtureIt('actions.2024-10', 'actions list', async () => {
    const [a] = await (await clientFor('actions.2024-10')).listActions('buddy', 'company-website', 2);
    assert.equal(a.id, 5);
    assert.equal(actionName(a), 'Upload files to dev');
    assert.equal(a.type, 'FTP');
  });

  fixtureIt('targets.2025-10', 'reduced target items and a MATCH item without id: all kept, named by identifier', async () => {
    const targets = await (await clientFor('targets.2025-10')).listTargets('buddy');
    assert.equal(targets.length, 2);
    assert.deepEqual(itemProblems(targets), []);
    const [ssh, match] = targets;
    assert.equal(ssh.id, 'tg-plib9o13mdapr');
    assert.equal(targetName(ssh), 'ubuntu_tests', 'no name: the identifier');
    assert.deepEqual(ssh.tags, []);
    assert.equal(ssh.port, '22');
    assert.equal(canOpenTarget(ssh), true);
    assert.equal(allowsAllPipelines(ssh), undefined, 'the reduced item does not say');
    assert.equal(match.type, 'MATCH');
    assert.equal(match.id, undefined);
    assert.equal(canOpenTarget(match), false);
    assert.equal(targetName(match), 'dev*');
    assert.equal(match.scope, 'ANY');
    assert.equal(isEncryptedValue(ssh.auth?.password), true);
    const shown = JSON.stringify(redactValue(targets));
    assert.doesNotMatch(shown, /AF\+pL5fhP8FQ2xjf15IbiQ/);
    assert.match(shown, /"username":"buddy"/);
  });

  fixtureIt('target.2026-01', 'a full target without the access fields; the password in the !encrypted form', async () => {
    const t = await (await clientFor('target.2026-01')).getTarget('buddy', 'tg-nd2oxobzr7p2r');
    assert.equal(targetName(t), 'Staging environment');
    assert.deepEqual(t.allowed_pipelines, []);
    assert.equal(allowsAllPipelines(t), undefined);
    assert.equal(mayPipelineUse(t, 1), false, 'no flag, no level, an empty list: no pipeline');
    assert.deepEqual(t.permissions?.users, [{ id: 5, access_level: 'MANAGE' }]);
    assert.equal(isEncryptedValue(t.auth?.password), true);
    assert.doesNotMatch(redact(JSON.stringify(t)), /3PA3jdHEb0WutNZNaGFXvWMSh0oAD0CxLkUzSq0cKCxPYPxtmIL3dQlFMAjvbcvL/);
    assert.doesNotMatch(JSON.stringify(redactValue(t)), /3PA3jdHEb0/);
  });

  fixtureIt('target.allow-pipeline.2026-01', "allow-pipeline's answer: the older model decides by its list", async () => {
    const t = await (await clientFor('target.allow-pipeline.2026-01')).allowPipeline('buddy', 'tg-nd2oxobzr7p2r', {
      project: 'my-project',
      pipeline: 'deploy-pipeline',
    });
    assert.equal(allowsAllPipelines(t), false);
    assert.equal(mayPipelineUse(t, 1), true);
    assert.equal(mayPipelineUse(t, 2), false);
    assert.equal(t.allowed_pipelines[0].name, 'deploy-pipeline');
  });

  fixtureIt('target.access-level.2026', 'the newer model: pipelines_access_level shown as it is, the list decides; ALLOWED admits all', async () => {
    const t = await (await clientFor('target.access-level.2026')).getTarget('buddy', 'tg-nd2oxobzr7p2r');
    assert.equal(pipelinesAccessLevel(t), 'DEFAULT');
    assert.equal(allowsAllPipelines(t), false);
    assert.equal(mayPipelineUse(t, 1), true);
    assert.equal(mayPipelineUse(t, 2), false);
    assert.equal(t.sandboxes_access_level, 'DENIED');
    assert.equal(t.disabled, false);
    const allowed = { ...t, pipelines_access_level: 'ALLOWED' };
    assert.equal(allowsAllPipelines(allowed), true);
    assert.equal(mayPipelineUse(allowed, 2), true);
  });

  fixtureIt('commits.2024-09', 'the older commit list', async () => {
    const [c] = await (await clientFor('commits.2024-09')).listCommits('buddy', 'company-website');
    assert.equal(c.revision, '506a3963507943d6908154f4bc9646e829128a08');
    assert.equal(personName(c.author), 'Mike Benson');
    assert.equal(parseApiDate(c.commit_date)?.toISOString(), '2016-01-19T12:36:33.000Z');
  });

  fixtureIt('commits.2026-01', 'a commit list with a non-member author: both commits shown', async () => {
    const commits = await (await clientFor('commits.2026-01')).listCommits('my-workspace', 'my-project');
    assert.deepEqual(itemProblems(commits), []);
    assert.deepEqual(
      commits.map((c) => personName(c.author)),
      ['John Doe', 'Jane Outside'],
    );
    assert.equal(commits[1].author?.email, 'jane@contractor.example');
    assert.equal(commits[1].author?.id, undefined);
    assert.equal(parseApiDate(commits[1].author_date)?.getTime(), Date.UTC(2025, 9, 9, 16, 2, 11, 123));
  });

  fixtureIt('commit.2026-01', 'a full commit without content_url and parents', async () => {
    const c = await (await clientFor('commit.2026-01')).getCommit('my-workspace', 'my-project', 'a089d82fe56335c8abd8790859bba925ad10f9d1');
    assert.equal(c.files[0].file_name, '/vitest-output.xml');
    assert.equal(c.stats?.additions, 255);
    assert.deepEqual(c.parents, []);
    assert.equal(c.content_url, null);
    assert.equal(c.author?.admin, true);
  });

  fixtureIt('commit.non-member-author.2026', 'a full commit by a non-member, with short_revision', async () => {
    const c = await (await clientFor('commit.non-member-author.2026')).getCommit('my-workspace', 'my-project', 'c4afae9e62392c0b71f75fe571cbaa745b9b0aa5');
    assert.deepEqual(c.author, { name: 'Jane Outside', email: 'jane@contractor.example' });
    assert.equal(personName(c.author), 'Jane Outside');
    assert.equal(c.short_revision, 'c4afae9');
    assert.deepEqual(c.parents, []);
    assert.equal(c.files[0].status, 'MODIFIED');
  });

  fixtureIt('variables.2026-01', 'variables list: both encrypted values redacted, also one without a marker', async () => {
    const vars = await (await clientFor('variables.2026-01')).listVariables('my-company');
    assert.deepEqual(
      vars.map((v) => `${v.key}:${v.type}:${String(v.encrypted)}`),
      ['API_TOKEN:VAR:true', 'SSH_KEY:SSH_KEY:true'],
    );
    assert.equal(isEncryptedValue(vars[1].value), true);
    assert.equal(vars[1].file_place, 'CONTAINER');
    const shown = JSON.stringify(redactValue(vars));
    assert.doesNotMatch(shown, /secret-token-value|SmFXMKglBP8n/);
    assert.match(shown, /"key":"API_TOKEN"/);
    assert.doesNotMatch(redact(JSON.stringify(vars[1])), /SmFXMKglBP8n/);
  });

  fixtureIt('variables.types.2026', 'every variable type of the reference, file_place NONE', async () => {
    const vars = await (await clientFor('variables.types.2026')).listVariables('my-company', { projectName: 'my-project' });
    assert.deepEqual(
      vars.map((v) => v.type),
      ['FILE', 'GPG_KEY', 'IOS_KEYCHAIN', 'IOS_PROVISION_PROFILES', 'SSH_PUBLIC_KEY'],
    );
    assert.deepEqual(
      vars.map((v) => v.file_place),
      ['CONTAINER', 'NONE', 'NONE', 'NONE', 'NONE'],
    );
    assert.deepEqual(
      vars.map((v) => isEncryptedValue(v.value)),
      [true, true, true, true, false],
    );
    const shown = redact(JSON.stringify(vars));
    assert.doesNotMatch(shown, /Q29uZmlnRmlsZQ|R1BHS2V5|S2V5Y2hhaW4|UHJvZmlsZXM/);
    assert.match(shown, /ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleKeyOnlyForTheFixture/, 'a public key is no secret');
  });

  fixtureIt('variable.2026', 'one variable', async () => {
    const v = await (await clientFor('variable.2026')).getVariable('my-company', 124);
    assert.equal(v.key, 'SSH_KEY');
    assert.equal(v.file_place, 'NONE');
    assert.equal(v.file_chmod, '600');
    assert.equal(isEncryptedValue(v.value), true);
  });

  fixtureIt('error.881.2026-01', 'the coded 881 error', async () => {
    const client = await clientFor('error.881.2026-01');
    const e = await rejection(() => client.allowPipeline('buddy', 'tg-nd2oxobzr7p2r', { project: 'my-project', pipeline: 'deploy-pipeline' }));
    assert.ok(e instanceof AccessDeniedError, String(e));
    assert.equal(e.isTargetPermission, true);
    assert.equal(e.status, 403);
    assert.deepEqual(e.messages, ['Access denied']);
  });

  fixtureIt('error.2678004.2026-01', 'the coded 2678004 error', async () => {
    const client = await clientFor('error.2678004.2026-01');
    const e = await rejection(() => client.getTarget('buddy', 'tg-nd2oxobzr7p2r'));
    assert.ok(e instanceof AccessDeniedError, String(e));
    assert.equal(e.isPipelineNotAllowed, true);
    assert.match(e.message, /not allowed to use target \[BE2810035\]/);
    assert.equal(e.targetIdentifier, 'BE2810035');
  });

  it('a reduced SSH item without its id is left out and named, and reported through onItemProblem (redacted)', async () => {
    // The vendor's reduced SSH item without its id: the client cannot open it, so it is left out and named.
    const client = await clientFor('targets.2025-10');
    const broken = new ApiClient({
      baseUrl: client.baseUrl,
      getToken: () => TOKEN,
      userAgent: USER_AGENT,
      maxRetries: 0,
      onItemProblem: (p) => problems.push(p),
      fetch: async (url, init) => {
        const res = await (await nodeFetch())(url, init);
        const json = JSON.parse(await res.text()) as { targets: Record<string, unknown>[] };
        delete json.targets[0].id;
        return { status: res.status, headers: res.headers, text: async () => JSON.stringify(json) };
      },
    });
    const targets = await broken.listTargets('buddy');
    assert.deepEqual(
      targets.map((t) => targetName(t)),
      ['dev*'],
    );
    assert.deepEqual(
      itemProblems(targets).map((p) => `${p.message} (${String(p.label)})`),
      ['targets[0]: no id (ubuntu_tests)'],
    );
    assert.deepEqual(
      problems.map((p) => p.message),
      ['targets[0]: no id'],
    );
    assert.doesNotMatch(problems[0].excerpt, /AF\+pL5fhP8FQ2xjf15IbiQ/);
    assert.match(problems[0].excerpt, /ubuntu\.tests/);
  });
});
