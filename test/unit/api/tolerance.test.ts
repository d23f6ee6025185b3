// Validation at the edge: real emulator answers edited on the way (a fetch wrapper) to carry
// extra fields, unknown enum values, other date forms, missing or mistyped fields, and the other
// error-body forms (`<code>=<message>`, HTML, not JSON).
import * as assert from 'node:assert/strict';
import {
  AccessDeniedError,
  type ApiClient,
  itemProblems,
  parseApiDate,
  sentCount,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
} from '../../../src/api';
import { ADMIN_TOKEN, DENIED_TOKEN, PRODUCTION_TARGET_ID, WEB_APP_PIPELINE_IDS } from '../../emulator/demo-data';
import { editingFetch, makeClient, nodeFetch, rejection } from './helpers';
import { useEmulator } from '../../harness/useEmulator';
type Json = Record<string, unknown>;

describe('api client: tolerance and validation of answers', function () {
  const emu = useEmulator();


  /** A client whose answers for URLs containing `match` are rewritten by `edit` (JSON in, JSON out). */
  async function editing(match: string, edit: (json: Json) => unknown, token = ADMIN_TOKEN) {
    const fetch = editingFetch(await nodeFetch(), (url, _status, text) =>
      url.includes(match) ? { text: JSON.stringify(edit(JSON.parse(text) as Json)) } : undefined,
    );
    return (await makeClient(emu.url, token, { fetch })).client;
  }

  it('keeps extra fields and unknown target types', async () => {
    const client = await editing('/targets', (j) => {
      const targets = j.targets as Json[];
      targets[0].type = 'DOCKER_REGISTRY';
      targets[0].registry = 'registry.example.com';
      return { ...j, total: 99 };
    });
    const targets = await client.listTargets('acme');
    assert.equal(targets[0].type, 'DOCKER_REGISTRY');
    assert.equal((targets[0] as unknown as Json).registry, 'registry.example.com');
  });

  it('keeps unknown variable types and file places', async () => {
    const client = await editing('/variables', (j) => {
      const vars = j.variables as Json[];
      vars[0].type = 'FILE';
      vars[0].file_place = 'HOST';
      vars[0].future_field = { nested: true };
      return j;
    });
    const vars = await client.listVariables('acme');
    assert.ok(vars.length > 0);
    assert.equal(vars[0].type, 'FILE');
    assert.equal(vars[0].file_place, 'HOST');
    assert.deepEqual((vars[0] as unknown as Json).future_field, { nested: true });
  });

  it('accepts dates ending in +0000 and +00:00', async () => {
    const plain = (await makeClient(emu.url, ADMIN_TOKEN)).client;
    const original = await plain.listCommits('acme', 'web-app', { perPage: 3 });
    const client = await editing('/repository/commits', (j) => {
      const commits = j.commits as Json[];
      commits[0].commit_date = String(commits[0].commit_date).replace('Z', '+0000');
      commits[1].commit_date = String(commits[1].commit_date).replace('Z', '+00:00');
      return j;
    });
    const commits = await client.listCommits('acme', 'web-app', { perPage: 3 });
    assert.match(commits[0].commit_date ?? '', /\+0000$/);
    for (let i = 0; i < 3; i++) {
      assert.equal(parseApiDate(commits[i].commit_date)?.getTime(), parseApiDate(original[i].commit_date)?.getTime());
    }
  });

  it('an item without a required field is left out and named (commits[2]: no revision); the others stay', async () => {
    const plain = (await makeClient(emu.url, ADMIN_TOKEN)).client;
    const original = await plain.listCommits('acme', 'web-app');
    const client = await editing('/repository/commits', (j) => {
      delete (j.commits as Json[])[2].revision;
      return j;
    });
    const commits = await client.listCommits('acme', 'web-app');
    assert.deepEqual(
      commits.map((c) => c.revision),
      original.filter((_, i) => i !== 2).map((c) => c.revision),
    );
    const problems = itemProblems(commits);
    assert.deepEqual(
      problems.map((p) => p.message),
      ['commits[2]: no revision'],
    );
    assert.ok(problems[0].excerpt.length > 0 && problems[0].excerpt.length <= 200, problems[0].excerpt);
    assert.equal(sentCount(commits), original.length, 'the left-out item still counts for paging');
  });

  describe('what the code cannot work without', () => {
    // Per list: the field each item is opened, changed or named in a path by. An item without it is
    // left out and named; the other items come through as they were.
    type Lister = (c: ApiClient) => Promise<object[]>;
    const lists: { envelope: string; match: string; field: string; list: Lister; identity: string }[] = [
      { envelope: 'workspaces', match: '/workspaces', field: 'domain', list: (c) => c.listWorkspaces(), identity: 'domain' },
      { envelope: 'projects', match: '/projects', field: 'name', list: (c) => c.listProjects('acme'), identity: 'name' },
      { envelope: 'pipelines', match: '/pipelines', field: 'id', list: (c) => c.listPipelines('acme', 'web-app'), identity: 'id' },
      {
        envelope: 'actions',
        match: '/actions',
        field: 'id',
        list: (c) => c.listActions('acme', 'web-app', WEB_APP_PIPELINE_IDS.deployProduction),
        identity: 'id',
      },
      { envelope: 'targets', match: '/targets', field: 'id', list: (c) => c.listTargets('acme'), identity: 'id' },
      { envelope: 'variables', match: '/variables', field: 'id', list: (c) => c.listVariables('acme'), identity: 'key' },
      { envelope: 'variables', match: '/variables', field: 'key', list: (c) => c.listVariables('acme'), identity: 'id' },
      { envelope: 'commits', match: '/repository/commits', field: 'revision', list: (c) => c.listCommits('acme', 'web-app'), identity: 'revision' },
    ];
    for (const { envelope, match, field, list, identity } of lists) {
      it(`${envelope}: an item without ${field} is left out as "${envelope}[0]: no ${field}", the others kept`, async () => {
        const original = await list((await makeClient(emu.url, ADMIN_TOKEN)).client);
        assert.ok(original.length >= 2, `${envelope}: ${original.length} item(s) in the demo data`);
        const read = await list(
          await editing(match, (j) => {
            delete (j[envelope] as Json[])[0][field];
            return j;
          }),
        );
        const identities = (items: object[]) => items.map((x) => (x as Json)[identity]);
        assert.deepEqual(identities(read), identities(original.slice(1)));
        assert.deepEqual(
          itemProblems(read).map((p) => p.message),
          [`${envelope}[0]: no ${field}`],
        );
      });
    }

    it('a lone answer without what opens it fails as a whole, naming the field', async () => {
      const cases: { match: string; field: string; call: (c: ApiClient) => Promise<unknown> }[] = [
        { match: `/targets/${PRODUCTION_TARGET_ID}`, field: 'id', call: (c) => c.getTarget('acme', PRODUCTION_TARGET_ID) },
        { match: '/projects/web-app', field: 'name', call: (c) => c.getProject('acme', 'web-app') },
        { match: '/repository/commits/', field: 'revision', call: async (c) => c.getCommit('acme', 'web-app', (await c.listCommits('acme', 'web-app'))[0].revision) },
      ];
      for (const { match, field, call } of cases) {
        const client = await editing(match, (j) => {
          delete j[field];
          return j;
        });
        const e = await rejection(() => call(client));
        assert.ok(e instanceof UnexpectedResponseError, `${match}: ${String(e)}`);
        assert.match(e.message, new RegExp(`\\b${field}: expected a value, got nothing`), match);
      }
    });

    it('a created variable answered without its id fails (it could not be changed or deleted)', async () => {
      const client = await editing('/variables', (j) => {
        delete j.id;
        return j;
      });
      const e = await rejection(() => client.createVariable('acme', { key: 'NO_ID_ANSWER', value: 'v', type: 'VAR', scope: 'workspace' }));
      assert.ok(e instanceof UnexpectedResponseError, String(e));
      assert.match(e.message, /\bid: expected a value, got nothing/);
    });
  });

  it('an item with a wrongly typed id is left out with the reason; the others stay', async () => {
    const client = await editing('/pipelines', (j) => {
      (j.pipelines as Json[])[0].id = 'one-hundred-one';
      return j;
    });
    const pipelines = await client.listPipelines('acme', 'web-app');
    assert.ok(pipelines.length > 0);
    assert.ok(pipelines.every((p) => typeof p.id === 'number'));
    const [problem] = itemProblems(pipelines);
    assert.equal(problem.message, 'pipelines[0]: id: expected a number, got a string');
    assert.match(problem.excerpt, /one-hundred-one/);
  });

  it('an answer that is not the envelope at all is an UnexpectedResponseError', async () => {
    const client = await editing('/projects', () => ['not', 'an', 'envelope']);
    const e = await rejection(() => client.listProjects('acme'));
    assert.ok(e instanceof UnexpectedResponseError, String(e));
  });

  it('the excerpt of a bad field never shows a secure! value or a password', async () => {
    const client = await editing(`/targets/${PRODUCTION_TARGET_ID}`, (j) => {
      (j.auth as Json).password = 'secure!OPAQUE-ENCRYPTED';
      j.allowed_pipelines = { password: 'hunter2-plain' };
      return j;
    });
    const e = await rejection(() => client.getTarget('acme', PRODUCTION_TARGET_ID));
    assert.ok(e instanceof UnexpectedResponseError, String(e));
    assert.doesNotMatch(`${e.message} ${e.excerpt}`, /hunter2-plain|OPAQUE-ENCRYPTED/);
  });

  describe('error bodies', () => {
    async function errorRewriting(status: number, text: string) {
      const fetch = editingFetch(await nodeFetch(), (url) => (url.includes('/allow-pipeline') ? { status, text } : undefined));
      return (await makeClient(emu.url, DENIED_TOKEN, { fetch })).client;
    }
    const allow = (c: Awaited<ReturnType<typeof errorRewriting>>) =>
      c.allowPipeline('acme', PRODUCTION_TARGET_ID, { project: 'web-app', pipeline: 'Deploy to staging' });

    it('reads 881 in either form, whatever the status (the specification does not give it)', async () => {
      for (const status of [403, 400, 422]) {
        for (const body of [{ errors: [{ message: '881=Access denied' }] }, { errors: [{ code: 881, message: 'Access denied' }] }]) {
          const e = await rejection(async () => allow(await errorRewriting(status, JSON.stringify(body))));
          assert.ok(e instanceof AccessDeniedError, `${status} ${JSON.stringify(body)}: ${String(e)}`);
          assert.equal(e.code, 881);
          assert.equal(e.status, status);
          assert.equal(e.isTargetPermission, true);
          assert.equal(e.isPipelineNotAllowed, false);
          assert.deepEqual(e.messages, ['Access denied']);
        }
      }
    });

    it('a coded 881 with HTTP status 400 is still the target permission error (not a plain 400)', async () => {
      const e = await rejection(async () => allow(await errorRewriting(400, JSON.stringify({ errors: [{ code: 881, message: 'Access denied' }] }))));
      assert.ok(e instanceof AccessDeniedError, String(e));
      assert.equal(e.status, 400);
      assert.equal(e.code, 881);
      assert.equal(e.isTargetPermission, true);
    });

    it('reads 2678004 in either form, whatever the status', async () => {
      for (const body of [
        { errors: [{ message: '2678004=Pipeline is not allowed to use target [production]' }] },
        { errors: [{ code: 2678004, message: 'Pipeline is not allowed to use target [production]' }] },
      ]) {
        const e = await rejection(async () => allow(await errorRewriting(400, JSON.stringify(body))));
        assert.ok(e instanceof AccessDeniedError, String(e));
        assert.equal(e.isPipelineNotAllowed, true);
        assert.equal(e.isTargetPermission, false);
        assert.match(e.message, /not allowed to use target \[production\]/);
      }
    });

    it('keeps every message', async () => {
      const body = { errors: [{ message: "Value of 'project' cannot be empty." }, { message: "Value of 'pipeline' cannot be empty." }] };
      const e = await rejection(async () => allow(await errorRewriting(400, JSON.stringify(body))));
      assert.ok(e instanceof ValidationError);
      assert.equal(e.messages.length, 2);
      assert.equal(e.param, 'project');
    });

    it('an HTML or plain-text 4xx is an UnexpectedResponseError; an HTML 401 still means unauthorized', async () => {
      const html = '<html><body><h1>403 Forbidden</h1><p>by the corporate proxy</p></body></html>';
      const e = await rejection(async () => allow(await errorRewriting(403, html)));
      assert.ok(e instanceof UnexpectedResponseError, String(e));
      assert.equal(e.status, 403);
      assert.match(e.excerpt ?? '', /corporate proxy/);
      const plain = await rejection(async () => allow(await errorRewriting(404, 'Not Found')));
      assert.ok(plain instanceof UnexpectedResponseError);
      const unauth = await rejection(async () => allow(await errorRewriting(401, '<html>401</html>')));
      assert.ok(unauth instanceof UnauthorizedError);
    });

    it('a token or secret echoed in an error body is redacted', async () => {
      const body = { errors: [{ message: `Token ${DENIED_TOKEN} rejected; password: "pw-12345"` }] };
      const e = await rejection(async () => allow(await errorRewriting(400, JSON.stringify(body))));
      assert.ok(e instanceof ValidationError);
      assert.doesNotMatch(`${e.message} ${e.messages.join(' ')}`, /denied-token|pw-12345/);
    });
  });
});
