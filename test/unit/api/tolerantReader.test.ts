// The tolerant reader, point by point (issue 11, part 2): real emulator answers edited on the way
// (a fetch wrapper) into the shapes the real service sends, read through the ApiClient; and the
// pure helpers that decide "may this pipeline use this target", the scope hints and the paging.
import * as assert from 'node:assert/strict';
import {
  AccessDeniedError,
  actionForRequest,
  ApiError,
  isEncryptedValue,
  isForbidden,
  itemProblems,
  MissingScopeError,
  personName,
  RateLimitError,
  redact,
  redactValue,
  seeminglyMissingScopes,
  targetName,
  UNNAMED,
  UnexpectedResponseError,
  type FetchLike,
} from '../../../src/api';
import { ADMIN_TOKEN, PRODUCTION_TARGET_ID } from '../../emulator/demo-data';
import { editingFetch, makeClient, nodeFetch, rejection } from './helpers';
import { useEmulator } from '../../harness/useEmulator';
type Json = Record<string, unknown>;

describe('api client: the tolerant reader (shapes of the real service)', function () {
  const emu = useEmulator();


  /** A client whose answers for URLs containing `match` are rewritten by `edit`; `sent` records the requests. */
  async function editing(match: string, edit: (json: Json, url: string) => unknown, sent: { url: string }[] = []) {
    const fetch = editingFetch(
      await nodeFetch(),
      (url, _status, text) => (url.includes(match) ? { text: JSON.stringify(edit(JSON.parse(text) as Json, url)) } : undefined),
      sent as never,
    );
    return (await makeClient(emu.url, ADMIN_TOKEN, { fetch })).client;
  }

  describe('lists keep their good items', () => {
    it('target items without url, html_url, name, tags and all_pipelines_allowed are read, named by identifier', async () => {
      const client = await editing('/targets', (j) => {
        for (const t of j.targets as Json[]) {
          for (const k of ['url', 'html_url', 'name', 'tags', 'all_pipelines_allowed']) {
            delete t[k];
          }
        }
        return j;
      });
      const targets = await client.listTargets('acme');
      assert.ok(targets.length >= 3, `targets: ${targets.length}`);
      assert.deepEqual(itemProblems(targets), []);
      const production = targets.find((t) => t.id === PRODUCTION_TARGET_ID);
      assert.equal(targetName(production ?? {}), production?.identifier);
      assert.deepEqual(production?.tags, []);
    });

    it('a MATCH item without id is kept; another target without id is left out as "targets[1]: no id"', async () => {
      const client = await editing('/targets', (j) => {
        const targets = j.targets as Json[];
        delete targets[1].id;
        targets.push({ type: 'MATCH', identifier: 'dev*', scope: 'ANY' });
        return j;
      });
      const targets = await client.listTargets('acme', { perPage: 100 });
      const match = targets.find((t) => t.type === 'MATCH');
      assert.equal(match?.identifier, 'dev*');
      assert.equal(match?.id, undefined);
      assert.deepEqual(
        itemProblems(targets).map((p) => p.message),
        ['targets[1]: no id'],
      );
    });

    it('a target without name, identifier and type is called "(unnamed)"', () => {
      assert.equal(targetName({}), UNNAMED);
      assert.equal(targetName({ type: 'K8S' }), 'K8S');
      assert.equal(targetName({ name: '', identifier: 'prod' }), 'prod');
    });

    it('commit authors who are not members ({name, email} only) keep the page', async () => {
      const client = await editing('/repository/commits', (j) => {
        const commits = j.commits as Json[];
        commits[0].author = { name: 'Jane Outside', email: 'jane@contractor.example' };
        commits[1].committer = { email: 'bot@ci.example' };
        return j;
      });
      const commits = await client.listCommits('acme', 'web-app', { perPage: 5 });
      assert.equal(commits.length, 5);
      assert.equal(personName(commits[0].author), 'Jane Outside');
      assert.equal(personName(commits[1].committer), 'bot@ci.example');
    });

    it('a variable without a key is left out; the others are read', async () => {
      const client = await editing('/variables', (j) => {
        delete (j.variables as Json[])[0].key;
        return j;
      });
      const all = await (await makeClient(emu.url, ADMIN_TOKEN)).client.listVariables('acme');
      const vars = await client.listVariables('acme');
      assert.equal(vars.length, all.length - 1);
      assert.deepEqual(
        itemProblems(vars).map((p) => p.message),
        ['variables[0]: no key'],
      );
    });

    it('an item left out still counts for paging: a full page with one bad item is not the last', async () => {
      const sent: { url: string }[] = [];
      const client = await editing(
        '/repository/commits',
        (j, url) => {
          if (url.includes('page=1&')) {
            delete (j.commits as Json[])[0].revision;
          }
          return j;
        },
        sent,
      );
      const revisions: string[] = [];
      for await (const page of client.pages((q) => client.listCommits('acme', 'web-app', q), 10)) {
        revisions.push(...page.map((c) => c.revision));
      }
      assert.equal(revisions.length, 52 - 1, 'every commit but the bad one');
      assert.equal(new Set(revisions).size, revisions.length);
    });
  });

  describe('single objects', () => {
    it('GET /user with only an id (every field is optional in the reference)', async () => {
      const client = await editing('/user', (j, url) => (url.endsWith('/user') ? { id: j.id } : j));
      const user = await client.getUser();
      assert.equal(typeof user.id, 'number');
      assert.equal(user.name, undefined);
      assert.equal(personName(user), undefined);
    });

    it('token info without scopes: unknown, not "none"', async () => {
      const client = await editing('/user/token', (j) => ({ id: String(j.id) }));
      const info = await client.getTokenInfo();
      assert.equal(info.scopes, undefined);
    });

    it('a full target keeps failing as a whole when what it lists is not a list', async () => {
      const client = await editing(`/targets/${PRODUCTION_TARGET_ID}`, (j) => ({ ...j, allowed_pipelines: { id: 1 } }));
      const e = await rejection(() => client.getTarget('acme', PRODUCTION_TARGET_ID));
      assert.ok(e instanceof UnexpectedResponseError, String(e));
      assert.match(e.message, /allowed_pipelines: expected an array/);
    });

    it('an allowed pipeline without id is left out of the full target, the others kept', async () => {
      const client = await editing(`/targets/${PRODUCTION_TARGET_ID}`, (j) => {
        (j.allowed_pipelines as Json[]).push({ name: 'ghost' });
        return j;
      });
      const t = await client.getTarget('acme', PRODUCTION_TARGET_ID);
      assert.ok(t.allowed_pipelines.length > 0);
      assert.ok(t.allowed_pipelines.every((p) => typeof p.id === 'number'));
      assert.match(itemProblems(t.allowed_pipelines)[0]?.message ?? '', /^allowed_pipelines\[\d+\]: no id$/);
    });
  });

  describe('paging of lists the server does not page', () => {
    /** A list source of `all` items that ignores `page` (every page is everything). */
    function unpaged(all: { id: number }[]) {
      let calls = 0;
      return {
        calls: () => calls,
        list: async () => {
          calls++;
          return all.map((x) => ({ ...x }));
        },
      };
    }

    it('a page longer than asked is everything: one request, no duplicate', async () => {
      const client = (await makeClient(emu.url, ADMIN_TOKEN)).client;
      const source = unpaged(Array.from({ length: 25 }, (_, i) => ({ id: i + 1 })));
      const ids: number[] = [];
      for await (const item of client.items(source.list, 20)) {
        ids.push(item.id);
      }
      assert.equal(ids.length, 25);
      assert.equal(source.calls(), 1);
    });

    it('a next page that repeats items already seen adds none of them, and ends the list when it brings nothing new', async () => {
      const client = (await makeClient(emu.url, ADMIN_TOKEN)).client;
      // Overlapping windows: page 1 is 1..3, page 2 is 3..5 (one repeated), page 3 is 3..5 again.
      const pages: Record<number, number[]> = { 1: [1, 2, 3], 2: [3, 4, 5], 3: [3, 4, 5] };
      let calls = 0;
      const list = async (q: { page: number }) => {
        calls++;
        return (pages[q.page] ?? []).map((id) => ({ id }));
      };
      const ids: number[] = [];
      for await (const item of client.items(list, 3)) {
        ids.push(item.id);
      }
      assert.deepEqual(ids, [1, 2, 3, 4, 5]);
      assert.equal(calls, 3);
    });
  });

  describe('encrypted values: secure! and !encrypted alike', () => {
    it('both markers are encrypted values', () => {
      assert.equal(isEncryptedValue('secure!AF+pL5fhP8FQ2xjf15IbiQ=='), true);
      assert.equal(isEncryptedValue('!encrypted 3PA3jdHEb0WutNZ'), true);
      assert.equal(isEncryptedValue('plain'), false);
      assert.equal(isEncryptedValue('encrypted!'), false);
    });

    it('redact() removes both forms from text and from structured values', () => {
      const text = redact('password "!encrypted 3PA3jdHEb0WutNZNaGFXvWMSh0oAD0Cx.hLyKo3tOx==" and value=!encrypted SmFXMKglBP8n');
      assert.doesNotMatch(text, /3PA3jdHEb0|SmFXMKglBP8n/);
      assert.match(text, /!encrypted \[REDACTED\]/);
      const value = JSON.stringify(redactValue({ note: 'see !encrypted QUJDREVGR0g=', auth: { method: 'PASSWORD' } }));
      assert.doesNotMatch(value, /QUJDREVGR0g/);
    });

    it('an !encrypted value never appears in the excerpt of a bad answer', async () => {
      const client = await editing(`/targets/${PRODUCTION_TARGET_ID}`, (j) => ({
        ...j,
        // Not a list: the whole target fails, and the excerpt shows this value.
        allowed_pipelines: { note: '!encrypted OPAQUE-CIPHER-TEXT', also: 'secure!OTHER-CIPHER' },
      }));
      const e = await rejection(() => client.getTarget('acme', PRODUCTION_TARGET_ID));
      assert.ok(e instanceof UnexpectedResponseError, String(e));
      assert.match(e.excerpt ?? '', /!encrypted \[REDACTED\]/);
      assert.doesNotMatch(`${e.message} ${e.excerpt}`, /OPAQUE-CIPHER-TEXT|OTHER-CIPHER/);
    });
  });

  describe('rate limit without a reset time', () => {
    it('limit and remaining are read, the reset stays unknown, and requests are still sent', async () => {
      const inner = await nodeFetch();
      const fetch: FetchLike = async (url, init) => {
        const res = await inner(url, init);
        return {
          status: res.status,
          text: () => res.text(),
          headers: {
            get: (name: string) =>
              name.toLowerCase() === 'x-rate-limit-reset' ? null : name.toLowerCase() === 'x-rate-limit-remaining' ? '0' : res.headers.get(name),
          },
        };
      };
      const client = (await makeClient(emu.url, ADMIN_TOKEN, { fetch })).client;
      await client.getUser();
      assert.equal(client.rateLimit.remaining, 0);
      assert.equal(client.rateLimit.resetAt, undefined);
      assert.equal(client.rateLimit.isExhausted(), false, 'without a reset time the client does not refuse by itself');
      await client.getUser();
    });
  });

  describe('scopes: hints, never gates', () => {
    it('the older and the 2026 names both satisfy an action', () => {
      assert.equal(seeminglyMissingScopes('createVariable', ['WORKSPACE', 'VARIABLE_ADD']), undefined);
      assert.equal(seeminglyMissingScopes('createVariable', ['VARIABLE_WRITE', 'PROJECT_READ']), undefined);
      assert.equal(seeminglyMissingScopes('allowPipeline', ['TARGET_MANAGE']), undefined);
      assert.equal(seeminglyMissingScopes('readTargets', ['TARGET_READ']), undefined);
      assert.equal(seeminglyMissingScopes('createVariable', undefined), undefined, 'unknown scopes: no hint');
    });

    it('a token lacking them gets the names of the scheme it is closest to', () => {
      assert.deepEqual(seeminglyMissingScopes('createVariable', ['USER_INFO']), ['VARIABLE_WRITE']);
      assert.deepEqual(seeminglyMissingScopes('createVariable', ['WORKSPACE', 'VARIABLE_INFO']), ['VARIABLE_ADD']);
      assert.deepEqual(seeminglyMissingScopes('allowPipeline', ['WORKSPACE', 'TARGET_INFO']), ['TARGET_MANAGE']);
    });

    it('which action a request belongs to', () => {
      assert.equal(actionForRequest('POST', '/workspaces/acme/variables'), 'createVariable');
      assert.equal(actionForRequest('GET', '/workspaces/acme/variables?project_name=x'), 'readVariables');
      assert.equal(actionForRequest('GET', '/workspaces/acme/variables/7'), 'readVariables');
      assert.equal(actionForRequest('PATCH', '/workspaces/acme/variables/7'), 'manageVariables');
      assert.equal(actionForRequest('DELETE', '/workspaces/acme/variables/7'), 'manageVariables');
      assert.equal(actionForRequest('POST', '/workspaces/acme/targets/tg-1/allow-pipeline'), 'allowPipeline');
      assert.equal(actionForRequest('GET', '/workspaces/acme/targets?page=1'), 'readTargets');
      assert.equal(actionForRequest('GET', '/workspaces/acme/projects/web/repository/commits/abc'), 'readCommits');
      assert.equal(actionForRequest('GET', '/workspaces/acme/projects/web/pipelines/1/actions'), 'readPipelines');
      assert.equal(actionForRequest('POST', '/workspaces/acme/projects'), 'createProject');
      assert.equal(actionForRequest('GET', '/workspaces'), 'listWorkspaces');
      assert.equal(actionForRequest('GET', '/user/token'), 'readToken');
    });

    it('a 403 is "forbidden" unless it is the rate limit or a coded error', () => {
      assert.equal(isForbidden(new MissingScopeError('Token has no scope VARIABLE_ADD.', { status: 403, scope: 'VARIABLE_ADD' })), true);
      assert.equal(isForbidden(new AccessDeniedError('cannot receive data', { status: 403 })), true);
      assert.equal(isForbidden(new UnexpectedResponseError('<html>403</html>', { status: 403 })), true);
      assert.equal(isForbidden(new AccessDeniedError('Access denied', { status: 403, code: 881 })), false);
      assert.equal(isForbidden(new RateLimitError('Rate limit exceeded.', { status: 403 })), false);
      assert.equal(isForbidden(new ApiError('Not found', { status: 404 })), false);
    });
  });
});
