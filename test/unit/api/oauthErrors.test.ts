// The OAuth errors' types and words (src/api/oauthErrors.ts): each RFC 6749 code, the cleaning of
// a server's description, and the reasons to sign in again.
import * as assert from 'node:assert/strict';
import { InvalidClientError, InvalidGrantError, OAuthError, SignInAgainError } from '../../../src/api';
import { cleanDescription, cleanErrorCode, oauthErrorFor } from '../../../src/api/oauthErrors';

describe('oauth: errors', () => {
  it('words each RFC 6749 code and types the ones a caller acts on', () => {
    const expected: [string, string, typeof OAuthError][] = [
      ['invalid_request', 'The service refused the sign-in request as incomplete or malformed (invalid_request).', OAuthError],
      ['invalid_client', "The service did not accept the application's credentials (invalid_client): check the OAuth application's client id and secret.", InvalidClientError],
      ['invalid_grant', 'The sign-in is no longer valid (invalid_grant): the code or refresh token expired, was already used or was revoked. Sign in again.', InvalidGrantError],
      ['unauthorized_client', 'The OAuth application may not use this kind of sign-in (unauthorized_client): check its settings on the service.', InvalidClientError],
      ['unsupported_grant_type', 'The service does not support this kind of sign-in (unsupported_grant_type).', OAuthError],
      ['invalid_scope', 'The service refused the requested scopes (invalid_scope).', OAuthError],
      ['access_denied', 'Access was denied in the browser (access_denied): the sign-in was not approved.', OAuthError],
      ['unsupported_response_type', 'The service does not offer the authorization code flow to this application (unsupported_response_type).', OAuthError],
      ['server_error', 'The service failed during the sign-in (server_error). Try again later.', OAuthError],
      ['temporarily_unavailable', 'The service cannot sign you in right now (temporarily_unavailable). Try again later.', OAuthError],
      ['slow_down', 'The service refused the sign-in (slow_down).', OAuthError],
    ];
    for (const [code, message, type] of expected) {
      const e = oauthErrorFor(code, undefined, { status: 400, method: 'POST', path: '/oauth2/token' });
      assert.equal(e.constructor, type, code);
      assert.equal(e.message, message);
      assert.deepEqual([e.error, e.description, e.status, e.request, e.kind, e.messages], [code, undefined, 400, 'POST /oauth2/token', 'oauth', []]);
    }
    const said = oauthErrorFor('invalid_scope', 'Scope X is unknown.');
    assert.equal(said.message, 'The service refused the requested scopes (invalid_scope). The service said: Scope X is unknown.');
    assert.deepEqual(said.messages, ['Scope X is unknown.']);
  });

  it('keeps a server’s error code only in RFC 6749’s characters', () => {
    assert.equal(cleanErrorCode('invalid_grant'), 'invalid_grant');
    assert.equal(cleanErrorCode('x'.repeat(64)), 'x'.repeat(64));
    for (const bad of ['', 'x'.repeat(65), 'a"b', 'a\\b', 'a\nb', 'é', 5, null, undefined]) {
      assert.equal(cleanErrorCode(bad), undefined, String(bad));
    }
  });

  it('cleans a server’s description: text only, one line, secrets out, cut at 300 characters', () => {
    assert.equal(cleanDescription('  two\r\nlines\u2028and\ttabs\u0007 ', []), 'two lines and tabs');
    assert.equal(cleanDescription('the secret-code-123 is bad', ['secret-code-123']), 'the [REDACTED] is bad');
    assert.equal(cleanDescription('x'.repeat(300), []), 'x'.repeat(300));
    assert.equal(cleanDescription('x'.repeat(301), []), `${'x'.repeat(299)}…`);
    for (const nothing of ['', '  \n ', 5, null, undefined, { text: 'x' }]) {
      assert.equal(cleanDescription(nothing, []), undefined, String(nothing));
    }
  });

  it('says why to sign in again, for each reason', () => {
    const expected = {
      refused: 'The service no longer accepts this sign-in (the refresh token expired or was revoked). Sign in again.',
      'signed-out': 'This account is signed out. Sign in again.',
      'no-refresh-token': 'The access token has expired and the service gave no refresh token to renew it. Sign in again.',
      'refresh-expired': 'The sign-in has expired (its refresh token is past its lifetime). Sign in again.',
      'rejected-after-refresh': 'The service refused a freshly renewed access token. Sign in again.',
    } as const;
    for (const [reason, message] of Object.entries(expected)) {
      const e = new SignInAgainError(reason as keyof typeof expected);
      assert.deepEqual([e.message, e.reason, e.error, e.alreadyReported, e.name], [message, reason, 'sign_in_again', false, 'SignInAgainError']);
    }
    assert.equal(new SignInAgainError('refused', { alreadyReported: true }).alreadyReported, true);
  });
});
