// Create Variable…: from the palette (scope asked first) or from a project, pipeline or action
// of the Projects view (scope preset). On failure "Retry" sends the same answers again and "Edit"
// reopens the steps with every answer kept; an SSH key is read again from its file either way.
import * as vscode from 'vscode';
import type { Variable } from '../../../api';
import type { Services } from '../../../services';
import { prompterFrom, type Prompter } from '../../../ui/multiStepInput';
import { errorForLog, scopeWarning } from '../../../ui/errorMessages';
import { runWriteFlow, sent } from '../../../ui/writeFlow';
import { ApiLists } from '../../../ui/pickers';
import { DataKey } from '../../../workspace/workspaceData';
import { answersFromItem, emptyAnswers, describeScope, type VariableAnswers } from './answers';
import { variableSteps } from './steps';
import { failureMessage, submitVariable, successMessage } from './submit';
import { Command } from '../../../commandIds';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.CreateVariable, (item?: unknown, ...rest: unknown[]) =>
      createVariable(services, prompterFrom(rest, services.context), answersFromItem(item)),
    ),
  ];
}

/**
 * Runs the flow from `answers` (preset or kept) and resolves to the created variable, or
 * undefined when the user gave up. Exported for the extension-host tests, which script `prompter`.
 */
export async function createVariable(services: Services, prompter: Prompter, answers: VariableAnswers = emptyAnswers()): Promise<Variable | undefined> {
  const end = await runWriteFlow(services, prompter, answers, ({ client, workspace }) => ({
    title: vscode.l10n.t('Create Variable'),
    steps: variableSteps(new ApiLists(services.data)),
    loadsLists: 'Create Variable',
    send: async (a) => {
      // The token's known scopes only warn; the server decides (its 403 is explained by failure()).
      const warning = scopeWarning('createVariable', services.session.scopes);
      if (warning) {
        void prompter.message('warning', warning);
      }
      const variable = await submitVariable(client, workspace, a);
      services.log.info(`Created variable ${variable.key} (${variable.type}, id ${variable.id}) in ${describeScope(a, workspace)}.`);
      announce(prompter, variable, a, workspace);
      // The Variables view shows the new variable (its scope's list is read again).
      services.data.invalidate(
        DataKey.variables(
          a.scope === 'project'
            ? { projectName: a.project?.name }
            : a.scope === 'pipeline'
              ? { pipelineId: a.pipeline?.id }
              : a.scope === 'action'
                ? { actionId: a.action?.id }
                : {},
        ),
      );
      return variable;
    },
    failure: (error, a) => {
      services.log.warn(`Create Variable ${a.key ?? ''} in ${describeScope(a, workspace)} failed: ${errorForLog(error)}`);
      return failureMessage(error, a, workspace);
    },
  }));
  return sent(end);
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
