import * as assert from 'node:assert/strict';
import { accountTypeOf, ApiClient, browsableUrl, ConfigurationError, EU_BASE_URL, isLoopbackHost, resolveBaseUrl, SERVICE_LOCATIONS, serviceLocationAt, US_BASE_URL } from '../../../src/api';

describe('api: base address', () => {
  it('maps the account types to the real service addresses', () => {
    assert.equal(resolveBaseUrl({ accountType: 'us' }), 'https://api.buddy.works');
    assert.equal(resolveBaseUrl({ accountType: 'eu' }), 'https://api.eu.buddy.works');
    assert.equal(resolveBaseUrl({ accountType: 'asia' }), 'https://api.asia.buddy.works');
    assert.equal(US_BASE_URL, 'https://api.buddy.works');
    assert.equal(EU_BASE_URL, 'https://api.eu.buddy.works');
    assert.equal(resolveBaseUrl({ accountType: 'self-hosted', host: 'ci.example.com' }), 'https://ci.example.com/api');
    assert.equal(resolveBaseUrl({ accountType: 'self-hosted', host: ' 10.1.2.3:8443 ' }), 'https://10.1.2.3:8443/api');
  });

  it('knows each service location by its own address, https only; a setting\'s unknown account type is the default (issue 32)', () => {
    assert.deepEqual(
      SERVICE_LOCATIONS.map((l) => [l.accountType, l.apiUrl, l.webUrl]),
      [
        ['us', 'https://api.buddy.works', 'https://app.buddy.works'],
        ['eu', 'https://api.eu.buddy.works', 'https://eu.buddy.works'],
        ['asia', 'https://api.asia.buddy.works', 'https://asia.buddy.works'],
      ],
    );
    assert.equal(serviceLocationAt('https://api.asia.buddy.works')?.accountType, 'asia');
    assert.equal(serviceLocationAt('https://api.asia.buddy.works/api'), undefined, 'not another address that resembles it');
    assert.equal(serviceLocationAt('http://api.asia.buddy.works'), undefined);
    assert.deepEqual(['us', 'eu', 'asia', 'self-hosted', 'ap', 'ASIA', undefined, 3].map(accountTypeOf), ['us', 'eu', 'asia', 'self-hosted', 'us', 'us', 'us', 'us']);
  });

  it('refuses a self-hosted host that is empty, has a scheme or a path', () => {
    assert.throws(() => resolveBaseUrl({ accountType: 'self-hosted', host: '' }), ConfigurationError);
    assert.throws(() => resolveBaseUrl({ accountType: 'self-hosted', host: 'https://ci.example.com' }), /without a scheme/);
    assert.throws(() => resolveBaseUrl({ accountType: 'self-hosted', host: 'ci.example.com/api' }), ConfigurationError);
  });

  it('accepts https anywhere and normalises a trailing slash', () => {
    assert.equal(resolveBaseUrl({ apiUrl: 'https://gateway.example.com/ci/api/' }), 'https://gateway.example.com/ci/api');
    assert.equal(resolveBaseUrl({ apiUrl: 'https://API.example.com' }), 'https://api.example.com');
  });

  it('accepts plain http only for loopback hosts', () => {
    assert.equal(resolveBaseUrl({ apiUrl: 'http://127.0.0.1:4010' }), 'http://127.0.0.1:4010');
    assert.equal(resolveBaseUrl({ apiUrl: 'http://127.0.0.1:4010/api' }), 'http://127.0.0.1:4010/api');
    assert.equal(resolveBaseUrl({ apiUrl: 'http://localhost:4010/' }), 'http://localhost:4010');
    assert.equal(resolveBaseUrl({ apiUrl: 'http://[::1]:4010' }), 'http://[::1]:4010');
    const bad = [
      'http://api.example.com',
      'http://10.0.0.1:4010',
      'http://128.0.0.1',
      'http://localhost.example.com',
      'http://[::2]/',
      // Loopback by some systems' rules, not by every resolver's or proxy's: refused (issue 22).
      'http://localhost.:4010',
      'http://127.0.0.2:4010',
      'http://127.8.9.10:4010/api',
      'http://[::ffff:127.0.0.1]:4010',
      // Names that only end in "localhost" are resolved by whoever answers them.
      'http://mylocalhost:4010',
      'http://build-localhost',
      'http://app.localhost:4010',
    ];
    for (const address of bad) {
      assert.throws(
        () => resolveBaseUrl({ apiUrl: address }),
        (e: unknown) => e instanceof ConfigurationError && /Plain http:\/\/ is allowed only/.test(e.message) && e.kind === 'configuration',
        address,
      );
    }
  });

  it('refuses other schemes, credentials, queries and garbage with a clear message', () => {
    assert.throws(() => resolveBaseUrl({ apiUrl: 'ftp://example.com' }), /must start with https/);
    assert.throws(() => resolveBaseUrl({ apiUrl: 'https://user:pw@example.com' }), /user name or password/);
    assert.throws(() => resolveBaseUrl({ apiUrl: 'https://example.com/?a=1' }), /query string/);
    assert.throws(() => resolveBaseUrl({ apiUrl: 'not a url' }), /not a valid address/);
    assert.throws(() => resolveBaseUrl({ apiUrl: '' }), /empty/);
  });

  it('knows this machine by three names exactly: localhost, 127.0.0.1 and [::1] (URL.hostname form, any case)', () => {
    const loopback = ['localhost', 'LOCALHOST', 'LocalHost', '127.0.0.1', '[::1]'];
    assert.deepEqual(loopback.filter((h) => !isLoopbackHost(h)), []);
    const others = [
      // A final dot makes a name the network's resolver answers; the rest of 127/8 and mapped
      // IPv4 are not routed to this machine everywhere, and a proxy would receive them.
      'localhost.',
      'LOCALHOST.',
      '127.0.0.2',
      '127.255.255.254',
      '127.0.0.1.',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '::ffff:127.0.0.1',
      '0:0:0:0:0:0:0:1',
      '::1',
      '[::1].',
      ' localhost',
      'localhost ',
      '0.0.0.0',
      '126.0.0.1',
      '192.168.1.1',
      '127.0.0.256',
      'example.com',
      '::',
      '[::]',
      'localhost.evil.com',
      // Names that merely end like localhost are names, resolved by whoever answers them.
      'app.localhost',
      'evil.localhost',
      'mylocalhost',
      'build-localhost',
      '',
    ];
    assert.deepEqual(others.filter((h) => isLoopbackHost(h)), []);
    assert.throws(() => resolveBaseUrl({ apiUrl: 'http://api.localhost:4010' }), /Plain http:\/\/ is allowed only for this machine/);
  });

  it('the URL parser writes shorthands of 127.0.0.1 and ::1 in the exact form, so they pass; the forms the issue names do not', () => {
    assert.equal(resolveBaseUrl({ apiUrl: 'http://127.1:4010' }), 'http://127.0.0.1:4010');
    assert.equal(resolveBaseUrl({ apiUrl: 'http://[0:0:0:0:0:0:0:1]:4010/' }), 'http://[::1]:4010');
    assert.equal(resolveBaseUrl({ apiUrl: 'http://LOCALHOST:4010' }), 'http://localhost:4010');
    for (const address of ['http://localhost.:4010', 'http://127.0.0.2:4010', 'http://[::ffff:127.0.0.1]:4010']) {
      assert.throws(
        () => resolveBaseUrl({ apiUrl: address }),
        (e: unknown) => e instanceof ConfigurationError && e.message.includes('(localhost, 127.0.0.1, [::1])'),
        address,
      );
    }
    const opts = { getToken: () => 't', fetch: () => Promise.reject(new Error('unused')), userAgent: 'test' };
    assert.throws(() => new ApiClient({ ...opts, baseUrl: 'http://127.0.0.2:4010' }), ConfigurationError);
  });

  it('opens in a browser only https addresses, and http on this machine', () => {
    const opened = ['https://app.buddy.works/acme/web-app', 'http://127.0.0.1:4010/acme', 'http://localhost/x', 'http://[::1]:8080/'];
    assert.deepEqual(
      opened.map((u) => browsableUrl(u)),
      ['https://app.buddy.works/acme/web-app', 'http://127.0.0.1:4010/acme', 'http://localhost/x', 'http://[::1]:8080/'],
    );
    const refused = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'file:///etc/passwd',
      'command:workbench.action.quit',
      'vscode://some.extension/run',
      'data:text/html,<script>alert(1)</script>',
      'http://example.com/plain',
      'http://app.localhost/',
      'http://localhost./x',
      'http://127.0.0.2:4010/acme',
      'http://[::ffff:127.0.0.1]/',
      'https://user:pw@example.com/',
      'ftp://example.com/',
      '/relative/path',
      '',
      undefined,
      42,
    ];
    assert.deepEqual(refused.filter((u) => browsableUrl(u) !== undefined), []);
  });

  it('the client itself refuses a base address that would send the token in clear text', () => {
    const opts = { getToken: () => 't', fetch: () => Promise.reject(new Error('unused')), userAgent: 'test' };
    for (const address of ['http://api.example.com', 'http://mylocalhost:4010', 'http://build-localhost']) {
      assert.throws(() => new ApiClient({ ...opts, baseUrl: address }), ConfigurationError, address);
    }
    assert.equal(new ApiClient({ ...opts, baseUrl: 'http://127.0.0.1:4010/' }).baseUrl, 'http://127.0.0.1:4010');
    assert.equal(new ApiClient({ ...opts, baseUrl: US_BASE_URL }).baseUrl, US_BASE_URL);
  });
});

describe('api: base address, each rule on its own', () => {
  it('a browser opens neither an address with a user name or a password alone, nor another scheme on this machine', () => {
    for (const u of ['https://user@example.com/', 'https://:pw@example.com/', 'ftp://127.0.0.1/', 'ws://localhost/', 'file://localhost/etc/passwd', '   ']) {
      assert.equal(browsableUrl(u), undefined, u);
    }
    assert.equal(browsableUrl('\u00a0https://app.buddy.works/x\n'), 'https://app.buddy.works/x', 'spaces around are ignored, a no-break space too');
  });

  it('the API address: a user name or password alone is refused, an empty or missing one named so, every trailing slash dropped', () => {
    for (const u of ['https://user@example.com', 'https://:pw@example.com']) {
      assert.throws(() => resolveBaseUrl({ apiUrl: u }), /must not contain a user name or password/, u);
    }
    assert.throws(() => resolveBaseUrl({ apiUrl: undefined as unknown as string }), (e: unknown) => e instanceof ConfigurationError && /is empty/.test(e.message));
    assert.throws(() => resolveBaseUrl({ apiUrl: 'file:///etc/passwd' }), /"file:\/\/\/etc\/passwd" is not a valid address/);
    assert.equal(resolveBaseUrl({ apiUrl: 'https://ci.example.com/api//' }), 'https://ci.example.com/api');
  });

  it('self-hosted: messages name the problem; a long host is shown cut to 80 characters', () => {
    assert.throws(() => resolveBaseUrl({ accountType: 'self-hosted', host: '  ' }), /needs its host name or IP address/);
    assert.throws(() => resolveBaseUrl({ accountType: 'self-hosted' } as never), /needs its host name or IP address/);
    assert.throws(() => resolveBaseUrl({ accountType: 'self-hosted', host: 'ci example' }), /"ci example" is not a host name or IP address/);
    assert.throws(() => resolveBaseUrl({ accountType: 'nowhere' } as never), /Unknown account type "nowhere"/);
    const long = `https://${'a'.repeat(100)}.com`;
    assert.throws(
      () => resolveBaseUrl({ accountType: 'self-hosted', host: long }),
      (e: unknown) => e instanceof ConfigurationError && e.message.includes(`"${long.slice(0, 77)}..."`) && !e.message.includes(long),
    );
    const exactly80 = `https://${'b'.repeat(72)}`;
    assert.equal(exactly80.length, 80);
    assert.throws(() => resolveBaseUrl({ accountType: 'self-hosted', host: exactly80 }), (e: unknown) => e instanceof ConfigurationError && e.message.includes(`"${exactly80}"`));
  });
});
