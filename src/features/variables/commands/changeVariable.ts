// Change Variable…: from a variable's context menu in the Variables view. Asks what may change (the
// key is kept), sends only what differs, with progress and cancel; on failure "Retry" sends the same
// answers again and "Edit" reopens the steps with every answer kept.
import * as vscode from 'vscode';
import { CancelledError, isForbidden, NotFoundError, ValidationError, type Variable } from '../../../api';
import type { Services } from '../../../services';
import { describeError, errorForLog, forbiddenMessage } from '../../../ui/errorMessages';
import { withCancellableProgress } from '../../../ui/progress';
import { prompterFrom, type Prompter } from '../../../ui/multiStepInput';
import { scopeFilter } from '../../../workspace/variableScope';
import { DataKey } from '../../../workspace/workspaceData';
import { isEditableType } from '../variableFacts';
import { describeVariableScope } from '../variableNode';
import { UserFileError } from '../../../ui/userFile';
import { changeAnswers, changeSteps, toVariableUpdate, valueToSend, type ChangeAnswers } from './changeSteps';
import { variableItemOf } from './items';
import { runWriteFlow, sent } from '../../../ui/writeFlow';
import { Command } from '../../../commandIds';
import { showInformationMessage } from '../../../ui/notify';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.ChangeVariable, (item?: unknown, ...rest: unknown[]) => {
      const target = variableItemOf(item);
      if (!target) {
        void showInformationMessage(vscode.l10n.t('Choose a variable in the Variables view.'));
        return Promise.resolve(undefined);
      }
      return changeVariable(services, prompterFrom(rest, services.context), changeAnswers(target.variable, target.scope));
    }),
  ];
}

/** Runs the flow; resolves to the changed variable, or undefined when the user gave up or nothing changed. */
export async function changeVariable(services: Services, prompter: Prompter, answers: ChangeAnswers): Promise<Variable | undefined> {
  const { variable, scope } = answers;
  const where = describeVariableScope(scope);
  if (!isEditableType(String(variable.type))) {
    void prompter.message('info', vscode.l10n.t('The extension cannot change {0} variables: change {1} in the web application.', String(variable.type), variable.key));
    return undefined;
  }
  const end = await runWriteFlow(services, prompter, answers, ({ client, workspace }) => ({
    title: vscode.l10n.t('Change Variable {0}', variable.key),
    steps: changeSteps(),
    send: async (a) => {
      const update = await withCancellableProgress(vscode.l10n.t('Changing variable {0} in {1}…', variable.key, where), async (signal) => {
        const change = toVariableUpdate(a, await valueToSend(a));
        return Object.keys(change).length === 1 ? undefined : client.updateVariable(workspace, variable.id, change, { signal });
      });
      if (!update) {
        void prompter.message('info', vscode.l10n.t('Nothing to change: {0} is as it was.', variable.key));
        return undefined;
      }
      services.log.info(`Changed variable ${variable.key} (id ${variable.id}) in ${where}.`);
      services.data.invalidate(DataKey.variables(scopeFilter(scope)));
      void prompter.message('info', vscode.l10n.t('Changed variable {0} in {1}.', variable.key, where));
      return update;
    },
    failure: (error, a) => {
      services.log.warn(`Change variable ${variable.key} (id ${variable.id}) in ${where} failed: ${errorForLog(error)}`);
      return failureMessage(error, a);
    },
  }));
  return sent(end);
}

function failureMessage(error: unknown, answers: ChangeAnswers): string {
  const key = answers.variable.key;
  const where = describeVariableScope(answers.scope);
  if (error instanceof UserFileError) {
    return error.message;
  }
  if (error instanceof CancelledError) {
    return vscode.l10n.t('You cancelled changing {0}. If the request had already reached the service, the change is made: Refresh the Variables view to see.', key);
  }
  if (isForbidden(error)) {
    return forbiddenMessage(error, 'manageVariables');
  }
  if (error instanceof NotFoundError) {
    return vscode.l10n.t('{0} Variable {1} may have been deleted from {2}: Refresh the Variables view.', error.message, key, where);
  }
  if (error instanceof ValidationError) {
    return vscode.l10n.t('The server did not accept the change of {0} ({1}). Choose Edit to change it.', key, error.message);
  }
  return vscode.l10n.t('Could not change {0}: {1}', key, describeError(error));
}
