// The control endpoints: the dialect switch (HTTP and the importable API), and the refusal of
// requests that web pages of another origin send (issue 12).
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { Emulator, startEmulator } from '../../emulator';
import { call } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

const control = (emu: Emulator, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${emu.url}/__emulator/${path}`, { method, headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

/** True when the answers are the vendor's: the reduced target list ends with the MATCH item. */
async function speaksVendor(emu: Emulator): Promise<boolean> {
  const a = await call(emu.url, 'GET', '/workspaces/acme/targets');
  assert.equal(a.status, 200);
  return a.json.targets.at(-1).type === 'MATCH';
}

describe('emulator: the dialect switch', () => {
  const emu = useEmulator();

  it('POST /__emulator/dialect switches, from that dialect’s demo data; GET tells which', async () => {
    await call(emu.url, 'POST', '/workspaces/acme/projects', { body: { display_name: 'Made Before' } });
    assert.equal(await speaksVendor(emu), false);
    assert.equal((await control(emu, 'POST', 'dialect', { dialect: 'vendor' })).status, 204);
    assert.equal(await speaksVendor(emu), true);
    assert.equal(emu.dialect, 'vendor');
    assert.deepEqual(await (await control(emu, 'GET', 'dialect')).json(), { dialect: 'vendor', started: 'default', dialects: ['default', 'vendor'] });
    assert.equal((await call(emu.url, 'GET', '/workspaces/acme/projects/made-before')).status, 404, 'the switch restarts from the demo data');
    assert.equal((await call(emu.url, 'GET', '/workspaces/acme/projects/infra')).status, 200, 'with the vendor extras');
    assert.equal((await control(emu, 'POST', 'dialect', { dialect: 'default' })).status, 204);
    assert.equal(await speaksVendor(emu), false);
    assert.equal((await call(emu.url, 'GET', '/workspaces/acme/projects/infra')).status, 404);
  });

  it('POST /__emulator/reset takes an optional dialect; without one it goes back to the start dialect', async () => {
    assert.equal((await control(emu, 'POST', 'reset', { dialect: 'vendor' })).status, 204);
    assert.equal(await speaksVendor(emu), true);
    assert.equal((await control(emu, 'POST', 'reset')).status, 204);
    assert.equal(await speaksVendor(emu), false);
  });

  it('a dialect that is not one is refused and changes nothing', async () => {
    for (const [path, body, message] of [
      ['dialect', { dialect: 'klingon' }, "Value of 'dialect' is invalid."],
      ['dialect', { dialect: 5 }, "Value of 'dialect' is invalid."],
      ['dialect', {}, "Value of 'dialect' cannot be empty."],
      ['reset', { dialect: 'VENDOR' }, "Value of 'dialect' is invalid."],
    ] as const) {
      const res = await control(emu, 'POST', path, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(await res.json(), { errors: [{ message }] });
    }
    assert.equal(emu.dialect, 'default');
  });

  it('from code: startEmulator({dialect}), reset() keeps the start dialect, reset({dialect}) and setDialect() switch', async () => {
    const vendor = await startEmulator({ dialect: 'vendor' });
    try {
      assert.equal(vendor.dialect, 'vendor');
      assert.equal(await speaksVendor(vendor), true);
      vendor.reset();
      assert.equal(await speaksVendor(vendor), true);
      vendor.setDialect('default');
      assert.equal(await speaksVendor(vendor), false);
      vendor.reset({ dialect: 'vendor' });
      assert.equal(vendor.dialect, 'vendor');
      assert.equal(await speaksVendor(vendor), true);
    } finally {
      await vendor.close();
    }
  });
});

describe('emulator: controls refuse web pages of another origin', () => {
  const emu = useEmulator();

  const other = ['https://evil.example', 'http://127.0.0.1:1', 'http://localhost', 'null'];
  const browserHeaders: Record<string, string>[] = [...other.map((origin) => ({ Origin: origin })), { 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }];

  for (const headers of browserHeaders) {
    it(`403, no CORS header, nothing done, for ${JSON.stringify(headers)}`, async () => {
      await call(emu.url, 'POST', '/workspaces/acme/projects', { body: { display_name: 'Still Here' } });
      for (const [method, path, body] of [
        ['POST', 'reset', undefined],
        ['POST', 'dialect', { dialect: 'vendor' }],
        ['POST', 'faults', { kind: '500' }],
        ['POST', 'latency', { ms: 5000 }],
        ['GET', 'requests', undefined],
        ['DELETE', 'requests', undefined],
        ['OPTIONS', 'reset', undefined],
      ] as const) {
        const res = await control(emu, method, path, body, method === 'OPTIONS' ? { ...headers, 'Access-Control-Request-Method': 'POST' } : headers);
        assert.equal(res.status, 403, `${method} ${path}`);
        assert.equal(res.headers.get('access-control-allow-origin'), null, `${method} ${path}`);
        const text = await res.text();
        assert.doesNotMatch(text, /"requests"/, 'the log is not read out');
      }
      // Nothing happened: the project is still there, no fault, no latency, same dialect, log kept.
      const still = await call(emu.url, 'GET', '/workspaces/acme/projects/still-here');
      assert.equal(still.status, 200);
      assert.equal(emu.dialect, 'default');
      assert.ok(emu.requests.length >= 2);
    });
  }

  it('tools without Origin (curl, Node, the extension host) and the emulator’s own origin are served, still without CORS headers', async () => {
    for (const headers of [{}, { Origin: emu.url }, { Origin: `http://localhost:${emu.port}` }, { 'Sec-Fetch-Site': 'same-origin' }, { 'Sec-Fetch-Site': 'none' }] as Record<string, string>[]) {
      const res = await control(emu, 'POST', 'reset', undefined, headers);
      assert.equal(res.status, 204, JSON.stringify(headers));
      assert.equal(res.headers.get('access-control-allow-origin'), null);
      const log = await control(emu, 'GET', 'requests', undefined, headers);
      assert.equal(log.status, 200);
      assert.equal(log.headers.get('access-control-allow-origin'), null);
    }
    const preflight = await control(emu, 'OPTIONS', 'reset');
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
  });

  it('the API itself still answers any origin (conventions.md: CORS for browser clients)', async () => {
    const a = await call(emu.url, 'GET', '/user', { headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } });
    assert.equal(a.status, 200);
    assert.equal(a.headers.get('access-control-allow-origin'), '*');
    const preflight = await fetch(`${emu.url}/user`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' } });
    assert.equal(preflight.status, 200);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  });
});

/** One request with the Host header given as is (fetch writes its own), or none: status, CORS header, body. */
function withHost(emu: Emulator, method: string, path: string, host: string | undefined): Promise<{ status: number; cors: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: 'Bearer admin-token', ...(host === undefined ? {} : { Host: host }) };
    const req = http.request({ host: '127.0.0.1', port: emu.port, method, path, headers, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cors: res.headers['access-control-allow-origin'] as string | undefined, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('emulator: answers only at its own address (Host), against DNS rebinding (issue 22)', () => {
  const emu = useEmulator();

  const foreign = (port: number): string[] => [
    'evil.example',
    `evil.example:${port}`,
    `rebind.attacker.test:${port}`,
    `127.0.0.1:${port + 1}`,
    `localhost:${port + 1}`,
    '127.0.0.1',
    'localhost',
    `127.0.0.2:${port}`,
    `[::1]:${port}`,
    `localhost.:${port}`,
    `0.0.0.0:${port}`,
    `127.0.0.1:${port}.evil.example`,
  ];

  it('403 for the API, the preflight and every control when Host names anything else; nothing done, nothing read out', async () => {
    await call(emu.url, 'POST', '/workspaces/acme/projects', { body: { display_name: 'Still Here' } });
    const logged = emu.requests.length;
    const refused: string[] = [];
    for (const host of foreign(emu.port)) {
      for (const [method, path] of [
        ['GET', '/user'],
        ['GET', '/workspaces/acme/variables'],
        ['OPTIONS', '/user'],
        ['POST', '/__emulator/reset'],
        ['GET', '/__emulator/requests'],
        ['DELETE', '/__emulator/requests'],
      ]) {
        const a = await withHost(emu, method, path, host);
        assert.doesNotMatch(a.text, /"requests"|"login"|"variables"/, `${method} ${path} with Host ${host} reads nothing out`);
        refused.push(`${a.status} ${method} ${path} Host=${host}`);
      }
    }
    assert.equal(refused.length, foreign(emu.port).length * 6);
    assert.deepEqual(
      refused.filter((r) => !r.startsWith('403 ')),
      [],
    );
    // Nothing happened: the project is still there and the request log was neither cleared nor grown.
    assert.equal((await call(emu.url, 'GET', '/workspaces/acme/projects/still-here')).status, 200);
    assert.equal(emu.requests.length, logged + 1);
    // Without any Host header Node's server itself answers 400 before the emulator sees the request.
    assert.equal((await withHost(emu, 'GET', '/__emulator/requests', undefined)).status, 400);
  });

  it('its own address, as 127.0.0.1:PORT or localhost:PORT (any case), is served as before, CORS headers of the API included', async () => {
    for (const host of [`127.0.0.1:${emu.port}`, `localhost:${emu.port}`, `LocalHost:${emu.port}`]) {
      const user = await withHost(emu, 'GET', '/user', host);
      assert.equal(user.status, 200, host);
      assert.equal(user.cors, '*', host);
      const preflight = await withHost(emu, 'OPTIONS', '/user', host);
      assert.equal(preflight.status, 200, host);
      assert.equal(preflight.cors, '*', host);
      const log = await withHost(emu, 'GET', '/__emulator/requests', host);
      assert.equal(log.status, 200, host);
      assert.equal(log.cors, undefined, `${host}: the controls carry no CORS header`);
    }
  });
});
