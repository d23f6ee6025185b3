import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { TOKENS, USERS } from '../../emulator';
import { assertError, call } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

describe('emulator: authentication, URLs, headers, CORS, bodies, check order', () => {
  const emu = useEmulator();

  it('listens on 127.0.0.1 and reports its base address', () => {
    assert.match(emu.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(emu.url, `http://127.0.0.1:${emu.port}`);
  });

  describe('authentication', () => {
    it('401 without Authorization', async () => {
      assertError(await call(emu.url, 'GET', '/user', { token: null }), 401, 'Unauthorized.');
    });
    it('401 for an unknown token', async () => {
      assertError(await call(emu.url, 'GET', '/user', { token: 'nope' }), 401, 'Unauthorized.');
    });
    it('401 for a malformed header (not Bearer)', async () => {
      assertError(await call(emu.url, 'GET', '/user', { token: null, headers: { Authorization: 'Basic YWRtaW4tdG9rZW4=' } }), 401, 'Unauthorized.');
      assertError(await call(emu.url, 'GET', '/user', { token: null, headers: { Authorization: 'admin-token' } }), 401, 'Unauthorized.');
    });
    it('authentication comes before the URL check', async () => {
      assertError(await call(emu.url, 'GET', '/no/such/path', { token: null }), 401, 'Unauthorized.');
    });
  });

  describe('GET /user and /user/token', () => {
    it('answers the calling user', async () => {
      const a = await call(emu.url, 'GET', '/user', { token: 'dev-token' });
      assert.equal(a.status, 200);
      assert.deepEqual(a.json, {
        url: `${emu.url}/user`,
        html_url: a.json.html_url,
        id: USERS.dev.id,
        name: USERS.dev.name,
        avatar_url: USERS.dev.avatar_url,
        email: USERS.dev.email,
        workspaces_url: `${emu.url}/workspaces`,
      });
      assert.match(a.json.html_url, /^https:\/\//);
    });
    it('answers each token that has TOKEN_INFO with its id, name, expiry and scopes', async () => {
      const withInfo = Object.values(TOKENS).filter((t) => (t.scopes as readonly string[]).includes('TOKEN_INFO'));
      assert.ok(withInfo.length >= 4, 'admin, dev, denied and modern tokens have TOKEN_INFO');
      for (const t of withInfo) {
        const a = await call(emu.url, 'GET', '/user/token', { token: t.token });
        assert.equal(a.status, 200, t.token);
        assert.deepEqual(a.json, { id: t.id, name: t.name, expires_at: t.expires_at, scopes: [...t.scopes] });
      }
      const dev = await call(emu.url, 'GET', '/user/token', { token: 'dev-token' });
      assert.ok(!dev.json.scopes.includes('TARGET_MANAGE'));
      assert.ok(dev.json.scopes.includes('VARIABLE_ADD'));
    });
    it('GET /user/token needs TOKEN_INFO, as on the real service', async () => {
      for (const token of ['minimal-token', 'no-token-info-token']) {
        assertError(await call(emu.url, 'GET', '/user/token', { token }), 403, 'Token has no scope TOKEN_INFO.');
      }
      // The tokens the existing tests sign in with keep working.
      for (const token of ['admin-token', 'dev-token', 'denied-token', 'modern-token']) {
        assert.equal((await call(emu.url, 'GET', '/user/token', { token })).status, 200, token);
      }
    });
    it('a token without TOKEN_INFO, and one without USER_INFO, work everywhere else', async () => {
      assert.equal((await call(emu.url, 'GET', '/user', { token: 'no-token-info-token' })).json.name, USERS.admin.name);
      assertError(await call(emu.url, 'GET', '/user', { token: 'no-user-info-token' }), 403, 'Token has no scope USER_INFO.');
      assert.equal((await call(emu.url, 'GET', '/user/token', { token: 'no-user-info-token' })).status, 200);
      for (const token of ['no-token-info-token', 'no-user-info-token']) {
        const ws = await call(emu.url, 'GET', '/workspaces', { token });
        assert.deepEqual(ws.json.workspaces.map((w: { domain: string }) => w.domain), ['acme', 'dormant'], token);
        assert.equal((await call(emu.url, 'GET', '/workspaces/acme/variables', { token })).status, 200, token);
      }
    });
    it('/user needs USER_INFO, and the other endpoints their scopes', async () => {
      await call(emu.url, 'GET', '/user', { token: 'minimal-token' }).then((a) => assert.equal(a.status, 200));
      const cases: [string, string, string][] = [
        ['GET', '/workspaces', 'WORKSPACE'],
        ['GET', '/workspaces/acme/projects', 'WORKSPACE'],
        ['POST', '/workspaces/acme/projects', 'WORKSPACE'],
        ['GET', '/workspaces/acme/projects/web-app', 'WORKSPACE'],
        ['GET', '/workspaces/acme/projects/web-app/pipelines', 'EXECUTION_INFO'],
        ['GET', '/workspaces/acme/projects/web-app/pipelines/101/actions', 'EXECUTION_INFO'],
        ['GET', '/workspaces/acme/projects/web-app/repository/commits', 'REPOSITORY_READ'],
        ['GET', '/workspaces/acme/projects/web-app/repository/commits/abc', 'REPOSITORY_READ'],
        ['GET', '/workspaces/acme/targets', 'TARGET_INFO'],
        ['GET', '/workspaces/acme/targets/tg-8f2c', 'TARGET_INFO'],
        ['POST', '/workspaces/acme/targets/tg-8f2c/allow-pipeline', 'TARGET_MANAGE'],
        ['POST', '/workspaces/acme/variables', 'VARIABLE_ADD'],
        ['GET', '/workspaces/acme/variables', 'VARIABLE_INFO'],
        ['GET', '/workspaces/acme/variables/1', 'VARIABLE_INFO'],
        ['PATCH', '/workspaces/acme/variables/1', 'VARIABLE_MANAGE'],
        ['DELETE', '/workspaces/acme/variables/1', 'VARIABLE_MANAGE'],
        ['GET', '/user/token', 'TOKEN_INFO'],
      ];
      for (const [method, path, scope] of cases) {
        assertError(await call(emu.url, method, path, { token: 'minimal-token', body: method === 'POST' ? {} : undefined }), 403, `Token has no scope ${scope}.`);
      }
    });
  });

  describe('GET /workspaces', () => {
    it('lists the caller\'s workspaces in the envelope', async () => {
      const a = await call(emu.url, 'GET', '/workspaces');
      assert.equal(a.status, 200);
      assert.equal(a.json.url, `${emu.url}/workspaces`);
      assert.equal(typeof a.json.html_url, 'string');
      assert.deepEqual(
        a.json.workspaces.map((w: { domain: string }) => w.domain),
        ['acme', 'dormant'],
      );
      assert.deepEqual(Object.keys(a.json.workspaces[0]).sort(), ['domain', 'html_url', 'id', 'name', 'url']);
      assert.equal(a.json.workspaces[0].url, `${emu.url}/workspaces/acme`);
    });
    it('answers one workspace and its members at the URLs the objects give', async () => {
      const list = await call(emu.url, 'GET', '/workspaces');
      const one = await call(emu.url, 'GET', new URL(list.json.workspaces[0].url).pathname);
      assert.deepEqual(one.json, list.json.workspaces[0]);
      const project = await call(emu.url, 'GET', '/workspaces/acme/projects/web-app');
      const member = await call(emu.url, 'GET', new URL(project.json.created_by.url).pathname);
      assert.deepEqual(member.json, project.json.created_by);
      assertError(await call(emu.url, 'GET', '/workspaces/nowhere'), 404, 'Workspace not found.');
      assertError(await call(emu.url, 'GET', '/workspaces/acme/members/99'), 404, 'Member not found.');
    });
    it('pages', async () => {
      const a = await call(emu.url, 'GET', '/workspaces?per_page=1&page=2');
      assert.deepEqual(a.json.workspaces.map((w: { domain: string }) => w.domain), ['dormant']);
    });
  });

  describe('Invalid url', () => {
    const paths = [
      '/',
      '/nope',
      '/workspaces/acme/nope',
      '/workspaces/acme/projects/',
      '/workspaces//projects',
      '/workspaces/acme/projects/web-app/pipelines/abc/actions',
      '/workspaces/acme/variables/x1',
      '/user/',
      '/workspaces/acme/projects/web-app/repository/commits/abc/extra',
    ];
    for (const path of paths) {
      it(`400 for ${path}`, async () => {
        assertError(await call(emu.url, 'GET', path), 400, `Invalid url: ${path}`);
      });
    }
    it('a numeric id of any length is an id: 404, not Invalid url', async () => {
      const huge = '99999999999999999999';
      assertError(await call(emu.url, 'GET', `/workspaces/acme/variables/${huge}`), 404, 'Variable not found.');
      assertError(await call(emu.url, 'DELETE', `/workspaces/acme/variables/${huge}`), 404, 'Variable not found.');
      assertError(await call(emu.url, 'GET', `/workspaces/acme/projects/web-app/pipelines/${huge}/actions`), 404, 'Pipeline not found.');
      assertError(await call(emu.url, 'GET', `/workspaces/acme/members/${huge}`), 404, 'Member not found.');
    });
    it('gives the path without the query', async () => {
      assertError(await call(emu.url, 'GET', '/nope?x=1'), 400, 'Invalid url: /nope');
    });
    it('a known path with an unsupported method is no endpoint', async () => {
      assertError(await call(emu.url, 'PUT', '/workspaces/acme/projects', { body: {} }), 400, 'Invalid url: /workspaces/acme/projects');
      assertError(await call(emu.url, 'DELETE', '/user'), 400, 'Invalid url: /user');
    });
  });

  describe('API switch', () => {
    it('400 for every path of the dormant workspace, even for an admin with every scope', async () => {
      for (const path of ['/workspaces/dormant', '/workspaces/dormant/projects', '/workspaces/dormant/targets/tg-0c11', '/workspaces/dormant/projects/legacy-portal/repository/commits']) {
        assertError(await call(emu.url, 'GET', path), 400, 'API is disabled in this workspace.');
      }
    });
    it('is checked before the URL, the scope, existence and the body', async () => {
      assertError(await call(emu.url, 'GET', '/workspaces/dormant/nope'), 400, 'API is disabled in this workspace.');
      assertError(await call(emu.url, 'GET', '/workspaces/dormant/projects', { token: 'minimal-token' }), 400, 'API is disabled in this workspace.');
      assertError(await call(emu.url, 'GET', '/workspaces/dormant/projects/missing'), 400, 'API is disabled in this workspace.');
      assertError(await call(emu.url, 'POST', '/workspaces/dormant/projects', { rawBody: '{bad', headers: { 'Content-Type': 'application/json' } }), 400, 'API is disabled in this workspace.');
    });
    it('comes after authentication', async () => {
      assertError(await call(emu.url, 'GET', '/workspaces/dormant/projects', { token: null }), 401, 'Unauthorized.');
    });
  });

  describe('check order', () => {
    it('scope before existence', async () => {
      assertError(await call(emu.url, 'GET', '/workspaces/nowhere/targets', { token: 'minimal-token' }), 403, 'Token has no scope TARGET_INFO.');
      assertError(await call(emu.url, 'POST', '/workspaces/acme/targets/tg-none/allow-pipeline', { token: 'dev-token', body: {} }), 403, 'Token has no scope TARGET_MANAGE.');
    });
    it('existence before permission', async () => {
      assertError(await call(emu.url, 'POST', '/workspaces/acme/targets/tg-none/allow-pipeline', { token: 'denied-token', body: {} }), 404, 'Target not found.');
    });
    it('permission before body values', async () => {
      assertError(await call(emu.url, 'POST', '/workspaces/acme/targets/tg-8f2c/allow-pipeline', { token: 'denied-token', rawBody: '{bad', headers: { 'Content-Type': 'application/json' } }), 403, 'Access denied', 881);
      assertError(await call(emu.url, 'POST', '/workspaces/acme/variables', { token: 'dev-token', body: { key: '1bad' } }), 403, 'Access denied');
    });
    it('existence of the workspace, then of the project', async () => {
      assertError(await call(emu.url, 'GET', '/workspaces/nowhere/projects/missing'), 404, 'Workspace not found.');
      assertError(await call(emu.url, 'GET', '/workspaces/acme/projects/missing'), 404, 'Project not found.');
    });
    it('existence before query values', async () => {
      assertError(await call(emu.url, 'GET', '/workspaces/acme/projects/missing/repository/commits?page=0'), 404, 'Project not found.');
    });
  });

  describe('headers', () => {
    it('every API answer carries the rate-limit headers, CORS origin and exposed headers, errors included', async () => {
      for (const [path, token] of [
        ['/user', 'admin-token'],
        ['/nope', 'admin-token'],
        ['/workspaces/dormant/projects', 'admin-token'],
        ['/user', null],
      ] as const) {
        const a = await call(emu.url, 'GET', path, { token });
        assert.match(a.headers.get('x-rate-limit-limit') ?? '', /^\d+$/, path);
        assert.match(a.headers.get('x-rate-limit-remaining') ?? '', /^\d+$/, path);
        assert.match(a.headers.get('x-rate-limit-reset') ?? '', /^\d{10}$/, path);
        assert.equal(a.headers.get('access-control-allow-origin'), '*');
        assert.equal(a.headers.get('access-control-expose-headers'), 'X-Rate-Limit-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Reset');
      }
    });
    it('JSON answers say so', async () => {
      const a = await call(emu.url, 'GET', '/user');
      assert.match(a.headers.get('content-type') ?? '', /^application\/json/);
    });
  });

  describe('OPTIONS preflight', () => {
    for (const path of ['/user', '/workspaces/acme/variables', '/no/such/path', '/workspaces/dormant/projects', '/user?x=1']) {
      it(`200 with exactly the CORS headers on ${path}, no auth needed`, async () => {
        const res = await fetch(emu.url + path, { method: 'OPTIONS', headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'POST' } });
        assert.equal(res.status, 200);
        assert.equal(await res.text(), '');
        const names: string[] = [];
        res.headers.forEach((_value, name) => names.push(name));
        names.sort();
        const cors = names.filter((k) => !['connection', 'keep-alive', 'content-length', 'date'].includes(k));
        assert.deepEqual(cors, ['access-control-allow-credentials', 'access-control-allow-headers', 'access-control-allow-methods', 'access-control-allow-origin', 'x-service-media-type']);
        assert.equal(res.headers.get('access-control-allow-origin'), '*');
        assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
        assert.equal(res.headers.get('access-control-allow-headers'), 'Content-Type, Authorization');
        assert.equal(res.headers.get('access-control-allow-methods'), 'POST GET');
        assert.equal(res.headers.get('x-service-media-type'), 'service.v1.0.0');
      });
    }
    it('does not count against the rate limit', async () => {
      const before = await call(emu.url, 'GET', '/user');
      await fetch(`${emu.url}/user`, { method: 'OPTIONS' });
      const after = await call(emu.url, 'GET', '/user');
      assert.equal(Number(before.headers.get('x-rate-limit-remaining')) - 1, Number(after.headers.get('x-rate-limit-remaining')));
    });
  });

  describe('request bodies', () => {
    const path = '/workspaces/acme/projects';
    it('400 for a body that is not JSON', async () => {
      assertError(await call(emu.url, 'POST', path, { rawBody: '{"display_name": ', headers: { 'Content-Type': 'application/json' } }), 400, 'Invalid JSON body.');
    });
    it('400 for a JSON body that is no object', async () => {
      assertError(await call(emu.url, 'POST', path, { rawBody: '[1,2]', headers: { 'Content-Type': 'application/json' } }), 400, 'Invalid JSON body.');
    });
    it('400 for a body with another Content-Type', async () => {
      assertError(await call(emu.url, 'POST', path, { rawBody: '{"display_name":"X"}', headers: { 'Content-Type': 'text/plain' } }), 400, 'Content-Type must be application/json.');
      assertError(await call(emu.url, 'POST', path, { rawBody: 'display_name=X', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }), 400, 'Content-Type must be application/json.');
    });
    it('accepts a charset parameter', async () => {
      const a = await call(emu.url, 'POST', path, { rawBody: '{"display_name":"Charset Ok"}', headers: { 'Content-Type': 'application/json; charset=utf-8' } });
      assert.equal(a.status, 201);
    });
    it('413 for a body over 1 MiB, and exactly 1 MiB is accepted', async () => {
      const big = JSON.stringify({ display_name: 'x', pad: 'y'.repeat(1024 * 1024) });
      assertError(await call(emu.url, 'POST', path, { rawBody: big, headers: { 'Content-Type': 'application/json' } }), 413, 'Request body too large.');
      const prefix = '{"display_name":"Exactly One MiB","pad":"';
      const exact = prefix + 'y'.repeat(1024 * 1024 - prefix.length - 2) + '"}';
      assert.equal(Buffer.byteLength(exact), 1024 * 1024);
      assert.equal((await call(emu.url, 'POST', path, { rawBody: exact, headers: { 'Content-Type': 'application/json' } })).status, 201);
    });
    it('400 for a body sent without Content-Type', async () => {
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(`${emu.url}${path}`, { method: 'POST', headers: { Authorization: 'Bearer admin-token' } }, (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
        req.end('{"display_name":"No Type"}');
      });
      assert.equal(answer.status, 400);
      assert.deepEqual(JSON.parse(answer.text), { errors: [{ message: 'Content-Type must be application/json.' }] });
    });
    for (const raw of ['null', '42', '"text"', 'true', '[]']) {
      it(`400 for the JSON body ${raw}, which is no object`, async () => {
        assertError(await call(emu.url, 'POST', path, { rawBody: raw, headers: { 'Content-Type': 'application/json' } }), 400, 'Invalid JSON body.');
      });
    }
    it('an empty body is an empty object: the value checks answer', async () => {
      assertError(await call(emu.url, 'POST', path, { rawBody: '', headers: { 'Content-Type': 'application/json' } }), 400, "Value of 'display_name' cannot be empty.");
      assertError(await call(emu.url, 'POST', path), 400, "Value of 'display_name' cannot be empty.");
    });
    it('a query string on a POST is ignored', async () => {
      assertError(await call(emu.url, 'POST', `${path}?display_name=Query`, { body: {} }), 400, "Value of 'display_name' cannot be empty.");
    });
    it('HEAD is no endpoint: 400 Invalid url with the headers and no body', async () => {
      const res = await fetch(`${emu.url}/user`, { method: 'HEAD', headers: { Authorization: 'Bearer admin-token' } });
      assert.equal(res.status, 400);
      assert.equal(await res.text(), '');
      assert.match(res.headers.get('x-rate-limit-remaining') ?? '', /^\d+$/);
      assertError(await call(emu.url, 'PATCH', '/workspaces/acme/targets/tg-8f2c', { body: {} }), 400, 'Invalid url: /workspaces/acme/targets/tg-8f2c');
    });
    it('a malformed body over a chunked connection is still answered', async () => {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${emu.url}${path}`, { method: 'POST', headers: { Authorization: 'Bearer admin-token', 'Content-Type': 'application/json' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.write('{"display_');
        req.end('name": 1');
      });
      assert.equal(status, 400);
    });
  });
});
