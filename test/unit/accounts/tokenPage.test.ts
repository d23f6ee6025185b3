import * as assert from 'node:assert/strict';
import { resolveBaseUrl } from '../../../src/api/baseUrl';
import { EU_TOKEN_PAGE, hostProblem, tokenPageUrl, US_TOKEN_PAGE } from '../../../src/features/accounts/tokenPage';

describe('token page (where to create a personal access token)', () => {
  it('is the profile\'s Security page of the account type\'s web application', () => {
    assert.equal(US_TOKEN_PAGE, 'https://app.buddy.works/security');
    assert.equal(EU_TOKEN_PAGE, 'https://eu.buddy.works/security');
    assert.equal(tokenPageUrl(resolveBaseUrl({ accountType: 'us' })), US_TOKEN_PAGE);
    assert.equal(tokenPageUrl(resolveBaseUrl({ accountType: 'eu' })), EU_TOKEN_PAGE);
    assert.equal(tokenPageUrl(resolveBaseUrl({ accountType: 'asia' })), 'https://asia.buddy.works/security');
    assert.equal(tokenPageUrl(resolveBaseUrl({ accountType: 'self-hosted', host: 'ci.example.com' })), 'https://ci.example.com/security');
    assert.equal(tokenPageUrl(resolveBaseUrl({ accountType: 'self-hosted', host: '10.0.0.5:8443' })), 'https://10.0.0.5:8443/security');
  });

  it('knows the real service given as a full API address too', () => {
    assert.equal(tokenPageUrl(resolveBaseUrl({ apiUrl: 'https://api.buddy.works/' })), US_TOKEN_PAGE);
    assert.equal(tokenPageUrl(resolveBaseUrl({ apiUrl: 'https://API.EU.buddy.works' })), EU_TOKEN_PAGE);
    assert.equal(tokenPageUrl('https://ci.example.com/api'), 'https://ci.example.com/security');
  });

  it('is unknown for a gateway, a proxy or the local emulator', () => {
    assert.equal(tokenPageUrl('http://127.0.0.1:4010'), undefined);
    assert.equal(tokenPageUrl('https://gateway.example.com/buddy'), undefined);
    assert.equal(tokenPageUrl('http://localhost:4010/api'), undefined, 'plain http is no installation\'s web application');
    assert.equal(tokenPageUrl('not a url'), undefined);
  });
});

describe('auth: token page, the address forms', () => {
  it('trailing slashes, however many, do not change the service; /api itself, not a path ending in it, is self-hosted', () => {
    assert.equal(tokenPageUrl('https://api.buddy.works//'), US_TOKEN_PAGE);
    assert.equal(tokenPageUrl('https://api.eu.buddy.works///'), EU_TOKEN_PAGE);
    assert.equal(tokenPageUrl('https://ci.example.com/api/'), 'https://ci.example.com/security');
    assert.equal(tokenPageUrl('https://ci.example.com/x/api'), undefined);
    assert.equal(tokenPageUrl('https://ci.example.com/api/x'), undefined);
    assert.equal(tokenPageUrl('not an address'), undefined);
  });
});

describe('the host step of a self-hosted installation', () => {
  it('takes a host name, an address with a port; says why it refuses one with a scheme, a path, or nothing', () => {
    assert.equal(hostProblem('ci.example.com'), undefined);
    assert.equal(hostProblem('10.0.0.5:8443'), undefined);
    assert.match(hostProblem('https://ci.example.com') ?? '', /without a scheme/);
    assert.equal(typeof hostProblem('ci.example.com/api'), 'string');
    assert.equal(typeof hostProblem(''), 'string');
  });
});
