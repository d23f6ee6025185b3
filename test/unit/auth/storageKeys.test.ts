// The secrets' keys and the one stored copy of an OAuth access token (src/auth/storageKeys.ts).
import * as assert from 'node:assert/strict';
import { TokenSet } from '../../../src/api/oauthTokenSet';
import { oauthTokenKey, storedAccessToken, tokenKey, TOKEN_SET_MARKER } from '../../../src/auth/storageKeys';

describe('auth: storage keys', () => {
  it('reads the access token of a set as the client stores it, without the client\'s code', () => {
    const set = new TokenSet({ accessToken: 'wa-at-123', refreshToken: 'wa-rt-456', expiresAt: 2_000, obtainedAt: 1_000 });
    assert.equal(storedAccessToken(set.serialize()), 'wa-at-123');
  });

  it('reads nothing from what is not a stored set', () => {
    for (const stored of [undefined, '', 'null', '[]', '"wa-at-1"', '{', '{"accessToken":42}', '{"accessToken":"two words"}', '{"accessToken":""}', `{"accessToken":"${'a'.repeat(70_000)}"}`]) {
      assert.equal(storedAccessToken(stored), undefined, String(stored).slice(0, 40));
    }
  });

  it('names each address in its keys (what earlier versions stored stays readable)', () => {
    assert.equal(tokenKey('https://api.buddy.works'), 'workspaceAutomation.token:https://api.buddy.works');
    assert.equal(oauthTokenKey('https://api.eu.buddy.works'), 'workspaceAutomation.oauth:https://api.eu.buddy.works');
    assert.equal(TOKEN_SET_MARKER, 'oauth-token-set');
  });
});
