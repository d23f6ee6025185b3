// What commands and views tell the user about a failure, and what they offer next.
import * as vscode from 'vscode';
import {
  AccessDeniedError,
  ApiDisabledError,
  MissingScopeError,
  NetworkError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
} from '../api/errors';
import type { Prompter } from './multiStepInput';

/** A sentence a user understands, for any error a load or command can meet. Never holds a token. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UnauthorizedError) {
    return vscode.l10n.t('The server refused the token ({0}). Sign in again.', message);
  }
  if (error instanceof ApiDisabledError) {
    return vscode.l10n.t(
      'The developer API is disabled in this workspace. An administrator enables it in the workspace settings, Developer API section, "Enable developer API".',
    );
  }
  if (error instanceof MissingScopeError) {
    return vscode.l10n.t('{0} Create a token with that scope and sign in with it.', message);
  }
  if (error instanceof AccessDeniedError) {
    return vscode.l10n.t('Access denied: your permissions do not allow this ({0}).', message);
  }
  if (error instanceof RateLimitError) {
    return error.resetAt
      ? vscode.l10n.t('Rate limit exceeded; it resets at {0}.', error.resetAt.toLocaleTimeString())
      : vscode.l10n.t('Rate limit exceeded; try again later.');
  }
  if (error instanceof TimeoutError) {
    return vscode.l10n.t('The service did not answer in time ({0}).', message);
  }
  if (error instanceof NetworkError) {
    return vscode.l10n.t('Could not reach the service: {0}', message);
  }
  if (error instanceof ServerError) {
    return vscode.l10n.t('The service failed: {0}', message);
  }
  if (error instanceof UnexpectedResponseError) {
    return vscode.l10n.t('The server answered something that is not the API: {0}', message);
  }
  return message;
}

/** What to do about a token without `scope`: the same words for every command that needs one. */
export function missingScopeMessage(scope: string): string {
  return vscode.l10n.t(
    'Your token lacks the {0} scope: create a token with it in your account\'s API token settings, then run "Workspace Automation: Sign In" with the new token.',
    scope,
  );
}

/** An error for the log: the client's messages are redacted; other errors are ours. Never a value. */
export function errorForLog(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Shows a failure with Retry; true when the user chose it. */
export async function offerRetry(prompter: Prompter, text: string): Promise<boolean> {
  const retry = vscode.l10n.t('Retry');
  return (await prompter.message('error', text, retry)) === retry;
}

/** Shows a failed send with Retry (the same answers) and Edit (the steps again); undefined when dismissed. */
export async function offerRetryOrEdit(prompter: Prompter, text: string): Promise<'retry' | 'edit' | undefined> {
  const retry = vscode.l10n.t('Retry');
  const edit = vscode.l10n.t('Edit');
  const choice = await prompter.message('error', text, retry, edit);
  return choice === retry ? 'retry' : choice === edit ? 'edit' : undefined;
}
