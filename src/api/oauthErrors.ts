// Typed errors of the OAuth client: the RFC 6749 errors a server answers (token endpoint or
// redirect), a redirect the client refuses, a token answer it cannot keep, and the coordinator's
// "sign in again". Messages are English through @vscode/l10n; a server's description is shown
// cut, without control characters, and never with a secret the request carried.
import * as l10n from '@vscode/l10n';
import { ApiError, UnexpectedResponseError, type ApiErrorInit } from './errors';
import { redact } from './redact';

/** The error codes of RFC 6749 (4.1.2.1 and 5.2). A server may send others: they are kept as sent. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'server_error'
  | 'temporarily_unavailable';

/** The longest server description an error keeps. */
const MAX_DESCRIPTION_CHARS = 300;

export interface OAuthErrorInit extends ApiErrorInit {
  /** The RFC 6749 code, as the server sent it (checked: short, printable). */
  error: string;
  /** The server's `error_description`, already cleaned. */
  description?: string;
}

/** An OAuth error the server answered (`error`, `error_description`) or the client decided. */
export class OAuthError extends ApiError {
  override name = 'OAuthError';
  override readonly kind = 'oauth';
  readonly error: string;
  readonly description: string | undefined;
  constructor(message: string, init: OAuthErrorInit) {
    super(message, { ...init, messages: init.description === undefined ? init.messages : [init.description] });
    this.error = init.error;
    this.description = init.description;
  }
}

/** invalid_grant: the code or refresh token is expired, used, revoked or not this client's. */
export class InvalidGrantError extends OAuthError {
  override name = 'InvalidGrantError';
}

/** invalid_client or unauthorized_client: the application's id or secret, or what it may do. */
export class InvalidClientError extends OAuthError {
  override name = 'InvalidClientError';
}

export type RedirectProblem = 'other-address' | 'state-mismatch' | 'no-code' | 'malformed';

/** The address the browser came back to is refused: nothing in it is used. */
export class AuthorizationRedirectError extends OAuthError {
  override name = 'AuthorizationRedirectError';
  readonly problem: RedirectProblem;
  constructor(message: string, init: Omit<OAuthErrorInit, 'error'> & { problem: RedirectProblem }) {
    super(message, { ...init, error: 'invalid_redirect' });
    this.problem = init.problem;
  }
}

export type TokenAnswerProblem = 'not-json' | 'no-access-token' | 'token-type' | 'no-expiry' | 'bad-expiry' | 'expiry-too-long' | 'bad-refresh-token';

/** A token answer the client does not keep (nothing of it is stored). */
export class TokenAnswerError extends UnexpectedResponseError {
  override name = 'TokenAnswerError';
  readonly problem: TokenAnswerProblem;
  constructor(message: string, init: ApiErrorInit & { problem: TokenAnswerProblem }) {
    super(message, init);
    this.problem = init.problem;
  }
}

/**
 * Why the account has to sign in again: `refused` (the server refused the refresh token),
 * `signed-out` (no tokens stored),
 * `no-refresh-token`, `refresh-expired`, `rejected-after-refresh` (a fresh token got 401 too).
 */
export type SignInAgainReason = 'refused' | 'signed-out' | 'no-refresh-token' | 'refresh-expired' | 'rejected-after-refresh';

export class SignInAgainError extends OAuthError {
  override name = 'SignInAgainError';
  readonly reason: SignInAgainReason;
  /** True when this was already reported (the same refusal, asked again): show it once. */
  readonly alreadyReported: boolean;
  constructor(reason: SignInAgainReason, init: ApiErrorInit & { alreadyReported?: boolean } = {}) {
    super(signInAgainMessage(reason), { ...init, error: 'sign_in_again' });
    this.reason = reason;
    this.alreadyReported = init.alreadyReported ?? false;
  }
}

function signInAgainMessage(reason: SignInAgainReason): string {
  switch (reason) {
    case 'refused':
      return l10n.t('The service no longer accepts this sign-in (the refresh token expired or was revoked). Sign in again.');
    case 'signed-out':
      return l10n.t('This account is signed out. Sign in again.');
    case 'no-refresh-token':
      return l10n.t('The access token has expired and the service gave no refresh token to renew it. Sign in again.');
    case 'refresh-expired':
      return l10n.t('The sign-in has expired (its refresh token is past its lifetime). Sign in again.');
    case 'rejected-after-refresh':
      return l10n.t('The service refused a freshly renewed access token. Sign in again.');
  }
}

/** What an RFC 6749 error code means, in a sentence. */
export function oauthErrorText(error: string): string {
  switch (error as OAuthErrorCode) {
    case 'invalid_request':
      return l10n.t('The service refused the sign-in request as incomplete or malformed (invalid_request).');
    case 'invalid_client':
      return l10n.t("The service did not accept the application's credentials (invalid_client): check the OAuth application's client id and secret.");
    case 'invalid_grant':
      return l10n.t('The sign-in is no longer valid (invalid_grant): the code or refresh token expired, was already used or was revoked. Sign in again.');
    case 'unauthorized_client':
      return l10n.t('The OAuth application may not use this kind of sign-in (unauthorized_client): check its settings on the service.');
    case 'unsupported_grant_type':
      return l10n.t('The service does not support this kind of sign-in (unsupported_grant_type).');
    case 'invalid_scope':
      return l10n.t('The service refused the requested scopes (invalid_scope).');
    case 'access_denied':
      return l10n.t('Access was denied in the browser (access_denied): the sign-in was not approved.');
    case 'unsupported_response_type':
      return l10n.t('The service does not offer the authorization code flow to this application (unsupported_response_type).');
    case 'server_error':
      return l10n.t('The service failed during the sign-in (server_error). Try again later.');
    case 'temporarily_unavailable':
      return l10n.t('The service cannot sign you in right now (temporarily_unavailable). Try again later.');
    default:
      return l10n.t('The service refused the sign-in ({0}).', error);
  }
}

/** An `error` value as RFC 6749 allows it (printable ASCII without `"` and `\`), else undefined. */
export function cleanErrorCode(raw: unknown): string | undefined {
  return typeof raw === 'string' && /^[\x20\x21\x23-\x5B\x5D-\x7E]{1,64}$/.test(raw) ? raw : undefined;
}

/** A server's `error_description`: text only, control characters removed, secrets redacted, cut. */
export function cleanDescription(raw: unknown, secrets: readonly string[]): string | undefined {
  if (typeof raw !== 'string') {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  const text = redact(raw.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim(), secrets);
  if (text === '') {
    return undefined;
  }
  return text.length > MAX_DESCRIPTION_CHARS ? `${text.slice(0, MAX_DESCRIPTION_CHARS - 1)}…` : text;
}

/** The typed error for an RFC 6749 error code and the server's (cleaned) description. */
export function oauthErrorFor(error: string, description: string | undefined, init: ApiErrorInit = {}): OAuthError {
  const text = oauthErrorText(error);
  const message = description === undefined ? text : l10n.t('{0} The service said: {1}', text, description);
  const full = { ...init, error, description };
  if (error === 'invalid_grant') {
    return new InvalidGrantError(message, full);
  }
  if (error === 'invalid_client' || error === 'unauthorized_client') {
    return new InvalidClientError(message, full);
  }
  return new OAuthError(message, full);
}
