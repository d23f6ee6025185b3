// Sends the Create Variable request under a progress notification, and turns the outcome into
// words: what was created and where, or why the server refused it.
import * as vscode from 'vscode';
import {
  CancelledError,
  isForbidden,
  MissingScopeError,
  NotFoundError,
  ValidationError,
  type ApiClient,
  type Variable,
} from '../../../api';
import { describeError, forbiddenMessage, scopesSentence } from '../../../ui/errorMessages';
import { withCancellableProgress } from '../../../ui/progress';
import { describeScope, type VariableAnswers } from './answers';
import { UserFileError } from '../../../ui/userFile';
import { KeyFileError, readPrivateKey, readPublicKey } from './keyFiles';
import { toVariableCreate } from './variableRequest';

/**
 * Creates the variable. For SSH_KEY the private key is read from its file here, sent, and
 * dropped: it lives only in this call's stack frame.
 */
export async function submitVariable(client: ApiClient, workspace: string, answers: VariableAnswers): Promise<Variable> {
  return withCancellableProgress(
    vscode.l10n.t('Creating variable {0} in {1}…', answers.key ?? '', describeScope(answers, workspace)),
    async (signal) => client.createVariable(workspace, toVariableCreate(answers, await valueToSend(answers)), { signal }),
  );
}

async function valueToSend(answers: VariableAnswers): Promise<string> {
  switch (answers.type) {
    case 'SSH_KEY':
      if (!answers.keyFile) {
        throw new KeyFileError(vscode.l10n.t('Choose the private key file (Edit).'));
      }
      return readPrivateKey(answers.keyFile);
    case 'SSH_PUBLIC_KEY':
      if (answers.publicKeySource === 'file' && answers.keyFile) {
        return readPublicKey(answers.keyFile);
      }
      return (answers.pastedPublicKey ?? '').trim();
    default:
      return answers.value ?? '';
  }
}

/** The success message: the variable, its kind and its scope. */
export function successMessage(variable: Variable, answers: VariableAnswers, workspace: string): string {
  const where = describeScope(answers, workspace);
  switch (answers.type) {
    case 'SSH_KEY':
      return vscode.l10n.t(
        'Created SSH key variable {0} in {1}. Public key: {2} Fingerprint (MD5): {3}',
        variable.key,
        where,
        variable.public_value ?? vscode.l10n.t('(not returned)'),
        variable.key_fingerprint ?? vscode.l10n.t('(not returned)'),
      );
    case 'SSH_PUBLIC_KEY':
      return vscode.l10n.t('Created public key variable {0} in {1}.', variable.key, where);
    default:
      // Never the value: a secret one is stored encrypted and only its name is shown.
      return answers.secret
        ? vscode.l10n.t('Created secret variable {0} in {1}: stored encrypted, nobody can read it back.', variable.key, where)
        : vscode.l10n.t('Created variable {0} in {1}.', variable.key, where);
  }
}

/** Why the variable was not created, in words that say what to do. */
export function failureMessage(error: unknown, answers: VariableAnswers, workspace: string): string {
  const key = answers.key ?? '';
  const where = describeScope(answers, workspace);
  if (error instanceof UserFileError) {
    return error.message;
  }
  if (error instanceof CancelledError) {
    return vscode.l10n.t(
      'You cancelled creating {0}. If the request had already reached the service, the variable may exist: Retry tells you so if the key is now taken.',
      key,
    );
  }
  if (error instanceof MissingScopeError) {
    return forbiddenMessage(error, 'createVariable');
  }
  if (isForbidden(error)) {
    // A 403 from the real service may mean a missing scope as well as a role that does not allow it.
    return answers.scope === 'workspace'
      ? vscode.l10n.t(
          'The server refused this (403: {0}). Only workspace administrators may create workspace variables in {1}, and the token needs the scopes for it: {2} Choose Edit to create it in a project, pipeline or action, create a token with those scopes, or ask an administrator.',
          error.message,
          workspace,
          scopesSentence('createVariable'),
        )
      : forbiddenMessage(error, 'createVariable');
  }
  if (error instanceof NotFoundError) {
    return vscode.l10n.t('{0} The {1} may have been deleted or renamed: choose Edit to pick another.', error.message, where);
  }
  if (error instanceof ValidationError) {
    if (/already exists/i.test(error.message)) {
      return vscode.l10n.t('A variable named {0} already exists in {1}. Choose Edit to give it another name.', key, where);
    }
    if (error.param === 'value') {
      return answers.type === 'SSH_KEY'
        ? vscode.l10n.t('The server did not accept the private key as a key ({0}). Choose Edit to pick another file.', error.message)
        : vscode.l10n.t('The server did not accept the value of {0} ({1}). Choose Edit to change it.', key, error.message);
    }
    return vscode.l10n.t('The server did not accept the variable ({0}). Choose Edit to change it.', error.message);
  }
  return vscode.l10n.t('Could not create {0}: {1}', key, describeError(error));
}
