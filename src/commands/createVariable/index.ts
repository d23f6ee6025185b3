// Create Variable…: from the palette (scope asked first) or from a project, pipeline or action
// of the Projects view (scope preset). On failure "Retry" sends the same answers again and "Edit"
// reopens the steps with every answer kept; an SSH key is read again from its file either way.
import * as vscode from 'vscode';
import type { Variable } from '../../api';
import type { Services } from '../../services';
import { prompterFrom, runSteps, type Prompter } from '../../ui/multiStepInput';
import { describeError, errorForLog, offerRetry, offerRetryOrEdit, scopeWarning } from '../../ui/errorMessages';
import { ApiLists } from '../../ui/pickers';
import { answersFromItem, emptyAnswers, describeScope, type VariableAnswers } from './answers';
import { variableSteps } from './steps';
import { failureMessage, submitVariable, successMessage } from './submit';
import { Command } from '../../commandIds';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.CreateVariable, (item?: unknown, ...rest: unknown[]) =>
      createVariable(services, prompterFrom(rest), answersFromItem(item)),
    ),
  ];
}

/**
 * Runs the flow from `answers` (preset or kept) and resolves to the created variable, or
 * undefined when the user gave up. Exported for the extension-host tests, which script `prompter`.
 */
export async function createVariable(services: Services, prompter: Prompter, answers: VariableAnswers = emptyAnswers()): Promise<Variable | undefined> {
  const ready = await services.session.ensureReady();
  if (!ready) {
    return undefined;
  }
  const { client, workspace } = ready;
  const lists = new ApiLists(client, workspace, services.views);
  let ask = true;
  for (;;) {
    if (ask) {
      try {
        if (!(await runSteps(prompter, vscode.l10n.t('Create Variable'), variableSteps(lists), answers))) {
          return undefined;
        }
      } catch (error) {
        // A list (projects, pipelines, actions) could not be loaded; the answers so far are kept.
        services.log.warn(`Create Variable: loading a list failed: ${errorForLog(error)}`);
        if (!(await offerRetry(prompter, vscode.l10n.t('Could not load the choices: {0}', describeError(error))))) {
          return undefined;
        }
        continue;
      }
    }
    // The token's known scopes only warn; the server decides (its 403 is explained below).
    const warning = scopeWarning('createVariable', services.session.scopes);
    if (warning) {
      void prompter.message('warning', warning);
    }
    try {
      const variable = await submitVariable(client, workspace, answers);
      services.log.info(`Created variable ${variable.key} (${variable.type}, id ${variable.id}) in ${describeScope(answers, workspace)}.`);
      announce(prompter, variable, answers, workspace);
      // The Variables view shows the new variable (its scope's list is read again).
      services.views.refreshVariables(
        answers.scope === 'project'
          ? { projectName: answers.project?.name }
          : answers.scope === 'pipeline'
            ? { pipelineId: answers.pipeline?.id }
            : answers.scope === 'action'
              ? { actionId: answers.action?.id }
              : {},
      );
      return variable;
    } catch (error) {
      services.log.warn(`Create Variable ${answers.key ?? ''} in ${describeScope(answers, workspace)} failed: ${errorForLog(error)}`);
      const choice = await offerRetryOrEdit(prompter, failureMessage(error, answers, workspace));
      if (!choice) {
        return undefined;
      }
      ask = choice === 'edit';
    }
  }
}

/** Shows the result without waiting for the notification to close (it may stay in the center). */
function announce(prompter: Prompter, variable: Variable, answers: VariableAnswers, workspace: string): void {
  const text = successMessage(variable, answers, workspace);
  const publicKey = variable.public_value;
  if (variable.type === 'SSH_KEY' && publicKey) {
    const copy = vscode.l10n.t('Copy Public Key');
    void prompter.message('info', text, copy).then(async (choice) => {
      if (choice === copy) {
        await vscode.env.clipboard.writeText(publicKey);
        vscode.window.setStatusBarMessage(vscode.l10n.t('Public key of {0} copied', variable.key), 5000);
      }
    });
  } else {
    void prompter.message('info', text);
  }
}
