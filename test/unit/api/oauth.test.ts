// The browser half of the OAuth client (src/api/oauth.ts): endpoints, PKCE, state, the authorize
// address and the strict reading of the redirected address. Pure: no server needed.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  AuthorizationRedirectError,
  buildAuthorizeUrl,
  ConfigurationError,
  createPkce,
  createState,
  OAuthError,
  oauthEndpoints,
  parseAuthorizationRedirect,
  pkceChallenge,
  statesMatch,
} from '../../../src/api';

/** RFC 7636, appendix B: the verifier's 32 octets, the verifier and its S256 challenge. */
const RFC7636_OCTETS = [116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121];
const RFC7636_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC7636_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const REDIRECT = 'http://127.0.0.1:33418/callback';
const STATE = 'expected-state-0123456789';

function refusal(fn: () => unknown): AuthorizationRedirectError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof AuthorizationRedirectError, `expected AuthorizationRedirectError, got ${String(e)}`);
    return e;
  }
  throw new Error('expected a refusal');
}

describe('oauth: endpoints', () => {
  it('puts all three under the API base of each account type, as the vendor reference and client do', () => {
    const at = (base: string) => ({ authorizeUrl: `${base}/oauth2/authorize`, tokenUrl: `${base}/oauth2/token`, revokeUrl: `${base}/oauth2/revoke` });
    assert.deepEqual(oauthEndpoints({ accountType: 'us' }), { authorizeUrl: 'https://api.buddy.works/oauth2/authorize', tokenUrl: 'https://api.buddy.works/oauth2/token', revokeUrl: 'https://api.buddy.works/oauth2/revoke' });
    assert.deepEqual(oauthEndpoints({ accountType: 'eu' }), at('https://api.eu.buddy.works'));
    assert.deepEqual(oauthEndpoints({ accountType: 'self-hosted', host: 'ci.example.com:8443' }), at('https://ci.example.com:8443/api'));
    assert.deepEqual(oauthEndpoints({ apiUrl: 'http://127.0.0.1:4010/' }), at('http://127.0.0.1:4010'));
  });

  it('refuses an address the API client refuses (plain http off this machine)', () => {
    assert.throws(() => oauthEndpoints({ apiUrl: 'http://ci.example.com/api' }), ConfigurationError);
  });
});

describe('oauth: PKCE and state', () => {
  it('derives the S256 challenge of RFC 7636’s example', () => {
    assert.equal(pkceChallenge(RFC7636_VERIFIER), RFC7636_CHALLENGE);
    const pair = createPkce(() => Uint8Array.from(RFC7636_OCTETS));
    assert.deepEqual(pair, { verifier: RFC7636_VERIFIER, challenge: RFC7636_CHALLENGE, method: 'S256' });
  });

  it('makes a new 43-character verifier from 32 random bytes each time', () => {
    const sizes: number[] = [];
    const a = createPkce((n) => {
      sizes.push(n);
      return new Uint8Array(n).fill(7);
    });
    assert.deepEqual(sizes, [32]);
    assert.equal(a.verifier, Buffer.alloc(32, 7).toString('base64url'));
    const b = createPkce();
    const c = createPkce();
    assert.match(b.verifier, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(b.verifier, c.verifier);
    assert.equal(b.challenge, createHash('sha256').update(b.verifier).digest('base64url'));
  });

  it('makes a 43-character random state, and compares states exactly', () => {
    assert.equal(createState(() => new Uint8Array(32).fill(1)), Buffer.alloc(32, 1).toString('base64url'));
    const s = createState();
    assert.match(s, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(s, createState());
    assert.equal(statesMatch(s, s), true);
    assert.equal(statesMatch(s, `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`), false);
    assert.equal(statesMatch(s, s.slice(1)), false);
    assert.equal(statesMatch(s, `${s}x`), false);
    assert.equal(statesMatch(s, null), false);
    assert.equal(statesMatch(s, undefined), false);
    assert.equal(statesMatch('', ''), false, 'an empty expected state matches nothing');
  });
});

describe('oauth: the authorize address', () => {
  const base = { authorizeUrl: 'https://api.buddy.works/oauth2/authorize', clientId: 'app-1', redirectUri: REDIRECT, scopes: ['USER_INFO', 'WORKSPACE'], state: STATE };

  it('carries every parameter, the scopes joined by + as the vendor writes them', () => {
    const url = buildAuthorizeUrl({ ...base, codeChallenge: RFC7636_CHALLENGE, loginHint: 'alice@example.com' });
    assert.equal(
      url,
      `https://api.buddy.works/oauth2/authorize?type=web_server&client_id=app-1&redirect_uri=http%3A%2F%2F127.0.0.1%3A33418%2Fcallback&response_type=code&scope=USER_INFO+WORKSPACE&state=${STATE}&code_challenge=${RFC7636_CHALLENGE}&code_challenge_method=S256&login_hint=alice%40example.com`,
    );
  });

  it('leaves PKCE and the hint out when not given', () => {
    const params = new URL(buildAuthorizeUrl(base)).searchParams;
    assert.deepEqual([...params.keys()], ['type', 'client_id', 'redirect_uri', 'response_type', 'scope', 'state']);
  });

  it('refuses a redirect address that cannot receive the answer, and an authorize address that is no web address', () => {
    for (const redirectUri of ['http://127.0.0.1:1/cb#frag', 'javascript:alert(1)', 'not an address', 'https://u:p@x.example/cb']) {
      assert.throws(() => buildAuthorizeUrl({ ...base, redirectUri }), ConfigurationError, redirectUri);
    }
    assert.throws(() => buildAuthorizeUrl({ ...base, authorizeUrl: 'ftp://x.example/oauth2/authorize' }), ConfigurationError);
  });
});

describe('oauth: reading the redirected address', () => {
  const expected = { redirectUri: REDIRECT, state: STATE };
  const back = (query: string, to = REDIRECT): string => `${to}?${query}`;

  it('returns the code when the address and the state are ours', () => {
    assert.equal(parseAuthorizationRedirect(back(`code=abc-123&state=${STATE}`), expected), 'abc-123');
    const editor = 'vscode://workspace-automation.workspace-automation/oauth/callback';
    assert.equal(parseAuthorizationRedirect(`vscode://Workspace-Automation.workspace-automation/oauth/callback?state=${STATE}&code=c`, { redirectUri: editor, state: STATE }), 'c');
  });

  it('refuses another address: host, port, scheme or path', () => {
    for (const to of ['http://127.0.0.1:33419/callback', 'http://localhost:33418/callback', 'https://127.0.0.1:33418/callback', 'http://127.0.0.1:33418/callback/x', 'http://evil@127.0.0.1:33418/callback']) {
      const e = refusal(() => parseAuthorizationRedirect(back(`code=c&state=${STATE}`, to), expected));
      assert.equal(e.problem, 'other-address', to);
      assert.match(e.message, /address other than the expected one/);
    }
  });

  it('refuses a missing or different state, even for an error answer', () => {
    assert.equal(refusal(() => parseAuthorizationRedirect(back('code=c'), expected)).problem, 'state-mismatch');
    assert.equal(refusal(() => parseAuthorizationRedirect(back('code=c&state=other'), expected)).problem, 'state-mismatch');
    const forged = refusal(() => parseAuthorizationRedirect(back('error=access_denied&state=other'), expected));
    assert.equal(forged.problem, 'state-mismatch');
    assert.match(forged.message, /does not match the request/);
  });

  it('turns an error answer into its typed error, with the service’s words cleaned', () => {
    let e: unknown;
    try {
      parseAuthorizationRedirect(back(`error=access_denied&error_description=${encodeURIComponent('The user\u0000 said\nno')}&state=${STATE}`), expected);
    } catch (err) {
      e = err;
    }
    assert.ok(e instanceof OAuthError && !(e instanceof AuthorizationRedirectError));
    assert.equal(e.error, 'access_denied');
    assert.equal(e.description, 'The user said no');
    assert.equal(e.message, 'Access was denied in the browser (access_denied): the sign-in was not approved. The service said: The user said no');
    assert.equal(e.kind, 'oauth');
    let odd: unknown;
    try {
      parseAuthorizationRedirect(back(`error=${encodeURIComponent('bad"code')}&state=${STATE}`), expected);
    } catch (err) {
      odd = err;
    }
    assert.ok(odd instanceof OAuthError);
    assert.equal(odd.error, 'invalid_request', 'an error code outside RFC 6749’s characters is not repeated');
  });

  it('refuses a parameter sent twice, no code, a huge code and an unreadable address', () => {
    assert.equal(refusal(() => parseAuthorizationRedirect(back(`code=a&code=b&state=${STATE}`), expected)).problem, 'malformed');
    assert.equal(refusal(() => parseAuthorizationRedirect(back(`code=a&state=${STATE}&state=${STATE}`), expected)).problem, 'malformed');
    assert.equal(refusal(() => parseAuthorizationRedirect(back(`state=${STATE}`), expected)).problem, 'no-code');
    assert.equal(refusal(() => parseAuthorizationRedirect(back(`code=&state=${STATE}`), expected)).problem, 'no-code');
    assert.equal(refusal(() => parseAuthorizationRedirect(back(`code=${'c'.repeat(2049)}&state=${STATE}`), expected)).problem, 'no-code');
    assert.equal(parseAuthorizationRedirect(back(`code=${'c'.repeat(2048)}&state=${STATE}`), expected).length, 2048);
    assert.equal(refusal(() => parseAuthorizationRedirect('not an address', expected)).problem, 'malformed');
    assert.equal(refusal(() => parseAuthorizationRedirect(back(`code=c&state=${STATE}&pad=${'x'.repeat(8192)}`), expected)).problem, 'malformed');
  });
});
