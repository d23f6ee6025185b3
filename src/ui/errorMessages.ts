// What commands and views tell the user about a failure, and what they offer next. No vscode
// import (strings through @vscode/l10n): the unit tests run it in plain Node.
import * as l10n from '@vscode/l10n';
import {
  AccessDeniedError,
  ApiDisabledError,
  type ApiError,
  MissingScopeError,
  NetworkError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
} from '../api/errors';
import { actionForRequest, isForbidden, SCOPES_FOR, seeminglyMissingScopes, type ScopeAction } from '../api/scopes';
import type { Prompter } from './multiStepInput';

/** Where the developer API is switched on, in the vendor's own words (admins only). */
export function apiDisabledMessage(): string {
  return l10n.t(
    'The developer API is disabled in this workspace (new workspaces start with it off). A workspace administrator turns it on: Workspace Settings, Workspace tab, Developer API section, check "Enable developer API". Then choose Retry.',
  );
}

/** What an action is, for "… usually needs the scope …". */
function actionText(action: ScopeAction): string {
  switch (action) {
    case 'listWorkspaces':
      return l10n.t('Listing your workspaces');
    case 'readUser':
      return l10n.t('Reading your profile');
    case 'readToken':
      return l10n.t("Reading the token's scopes");
    case 'readProjects':
      return l10n.t('Reading projects');
    case 'createProject':
      return l10n.t('Creating a project');
    case 'readPipelines':
      return l10n.t('Reading pipelines and actions');
    case 'readCommits':
      return l10n.t('Reading commits');
    case 'readTargets':
      return l10n.t('Reading deployment targets');
    case 'allowPipeline':
      return l10n.t('Changing the pipelines of a target');
    case 'readVariables':
      return l10n.t('Reading variables');
    case 'createVariable':
      return l10n.t('Creating a variable');
    case 'manageVariables':
      return l10n.t('Changing or deleting a variable');
    case 'readRuns':
      return l10n.t('Reading runs');
    case 'readRunLogs':
      return l10n.t("Reading a run's logs");
    case 'runPipeline':
      return l10n.t('Starting, cancelling, retrying or approving a run');
  }
}

/** "A and B" for a list of scope names. */
function scopeList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : l10n.t('{0} and {1}', names.slice(0, -1).join(', '), names[names.length - 1]);
}

/** The scopes an action usually needs, in both naming schemes, as one sentence. */
export function scopesSentence(action: ScopeAction): string {
  const need = SCOPES_FOR[action];
  return l10n.t(
    '{0} usually needs the scopes {1} (older scope names) or {2} (2026 scope names).',
    actionText(action),
    scopeList(need.older),
    scopeList(need.newer),
  );
}

/**
 * A server's 403 (missing scope, or a role that does not allow it) in words: what the server said,
 * the scopes the action usually needs in both naming schemes, and what to do. `action` defaults to
 * the one of the request that failed.
 */
export function forbiddenMessage(error: ApiError, action?: ScopeAction): string {
  const what = action ?? actionForRequest(error.method, error.path);
  const said = error instanceof MissingScopeError && error.scope ? l10n.t('the token has no scope {0}', error.scope) : error.message;
  const head = l10n.t('The server refused this (403: {0}): the token or your role in the workspace does not allow it.', said);
  const scopes = what ? ` ${scopesSentence(what)}` : '';
  return `${head}${scopes} ${l10n.t(
    'Create a token with those scopes in your account\'s API token settings, then run "Workspace Automation: Sign In" with it; if the token has them, ask a workspace administrator for the permission.',
  )}`;
}

/**
 * A warning before sending, when the token's known scopes (read at sign-in) seem to lack what the
 * action needs; undefined when they do not or are unknown. Never a reason not to send.
 */
export function scopeWarning(action: ScopeAction, known: readonly string[] | undefined): string | undefined {
  const missing = seeminglyMissingScopes(action, known);
  if (!missing) {
    return undefined;
  }
  return l10n.t(
    'Your token may lack {0} (its scopes as read at sign-in): {1} Sending anyway: the server decides.',
    scopeList(missing),
    scopesSentence(action),
  );
}

/** A sentence a user understands, for any error a load or command can meet. Never holds a token. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UnauthorizedError) {
    return l10n.t('The server refused the token ({0}). Sign in again.', message);
  }
  if (error instanceof ApiDisabledError) {
    return apiDisabledMessage();
  }
  if (isForbidden(error)) {
    return forbiddenMessage(error);
  }
  if (error instanceof AccessDeniedError) {
    return l10n.t('Access denied: your permissions do not allow this ({0}).', message);
  }
  if (error instanceof RateLimitError) {
    return error.resetAt
      ? l10n.t('Rate limit exceeded; it resets at {0}.', error.resetAt.toLocaleTimeString())
      : l10n.t('Rate limit exceeded; try again later.');
  }
  if (error instanceof TimeoutError) {
    return l10n.t('The service did not answer in time ({0}).', message);
  }
  if (error instanceof NetworkError) {
    return l10n.t('Could not reach the service: {0}', message);
  }
  if (error instanceof ServerError) {
    return l10n.t('The service failed: {0}', message);
  }
  if (error instanceof UnexpectedResponseError) {
    return l10n.t('The server answered something that is not the API: {0}', message);
  }
  return message;
}

/** An error for the log: the client's messages are redacted; other errors are ours. Never a value. */
export function errorForLog(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Shows a failure with Retry; true when the user chose it. */
export async function offerRetry(prompter: Prompter, text: string): Promise<boolean> {
  const retry = l10n.t('Retry');
  return (await prompter.message('error', text, retry)) === retry;
}

/** Shows a failed send with Retry (the same answers) and Edit (the steps again); undefined when dismissed. */
export async function offerRetryOrEdit(prompter: Prompter, text: string): Promise<'retry' | 'edit' | undefined> {
  const retry = l10n.t('Retry');
  const edit = l10n.t('Edit');
  const choice = await prompter.message('error', text, retry, edit);
  return choice === retry ? 'retry' : choice === edit ? 'edit' : undefined;
}
