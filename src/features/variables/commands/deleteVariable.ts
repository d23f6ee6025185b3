// Delete Variable: after a modal confirmation that names the key and the scope, deletes it (one
// request, with progress and cancel, on the one write flow: ui/writeFlow.ts) and refreshes that
// scope in the Variables view. A failure says why, with Retry; a variable already gone is said so
// and the view refreshed.
import * as vscode from 'vscode';
import { CancelledError, isForbidden, NotFoundError } from '../../../api';
import type { Services } from '../../../services';
import { describeError, errorForLog, forbiddenMessage } from '../../../ui/errorMessages';
import { prompterFrom, type Prompter } from '../../../ui/multiStepInput';
import { scriptOf } from '../../../ui/scripted';
import { withCancellableProgress } from '../../../ui/progress';
import { runWriteFlow, sent } from '../../../ui/writeFlow';
import { scopeFilter } from '../../../workspace/variableScope';
import { DataKey } from '../../../workspace/workspaceData';
import { describeVariableScope } from '../variableNode';
import { variableItemOf, type VariableItem } from './items';
import { Command } from '../../../commandIds';
import { showInformationMessage, showWarningMessage } from '../../../ui/notify';

/** Asks before deleting; true to go on. Tests pass their own as `{ confirm }` (last argument, under the test harness only). */
type Confirm = (message: string, detail: string, action: string) => Thenable<boolean>;

function confirmFrom(args: readonly unknown[], context: Services['context']): Confirm {
  const confirm = scriptOf(args, context)?.confirm;
  if (typeof confirm === 'function') {
    return confirm as Confirm;
  }
  return async (message, detail, action) => (await showWarningMessage(message, { modal: true, detail }, action)) === action;
}

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.DeleteVariable, async (item?: unknown, ...rest: unknown[]): Promise<boolean> => {
      const target = variableItemOf(item);
      if (!target) {
        void showInformationMessage(vscode.l10n.t('Choose a variable in the Variables view.'));
        return false;
      }
      const where = describeVariableScope(target.scope);
      const action = vscode.l10n.t('Delete');
      const confirmed = await confirmFrom(rest, services.context)(
        vscode.l10n.t('Delete variable {0} from {1}?', target.variable.key, where),
        vscode.l10n.t('Runs will no longer receive it (a variable of the same name in a broader scope takes its place). This cannot be undone.'),
        action,
      );
      return confirmed && deleteVariable(services, prompterFrom(rest, services.context), target);
    }),
  ];
}

/** Deletes the confirmed variable on the write flow (no steps: Retry only); true when it is deleted. */
async function deleteVariable(services: Services, prompter: Prompter, { variable, scope }: VariableItem): Promise<boolean> {
  const where = describeVariableScope(scope);
  const logFailure = (error: unknown) => services.log.warn(`Delete variable ${variable.key} (id ${variable.id}) from ${where} failed: ${errorForLog(error)}`);
  const end = await runWriteFlow(services, prompter, {}, ({ client, workspace }) => ({
    title: vscode.l10n.t('Delete'), // never shown: there are no steps
    steps: [],
    retryOnly: vscode.l10n.t('Retry'),
    send: async () => {
      try {
        await withCancellableProgress(vscode.l10n.t('Deleting variable {0} from {1}…', variable.key, where), (signal) =>
          client.deleteVariable(workspace, variable.id, { signal }),
        );
      } catch (error) {
        if (!(error instanceof NotFoundError)) {
          throw error;
        }
        logFailure(error);
        services.data.invalidate(DataKey.variables(scopeFilter(scope)));
        void prompter.message('warning', vscode.l10n.t('Variable {0} is no longer in {1}: someone deleted it already. The view shows it again as it is.', variable.key, where));
        return false;
      }
      services.log.info(`Deleted variable ${variable.key} (id ${variable.id}) from ${where}.`);
      services.data.invalidate(DataKey.variables(scopeFilter(scope)));
      void prompter.message('info', vscode.l10n.t('Deleted variable {0} from {1}.', variable.key, where));
      return true;
    },
    failure: (error) => {
      logFailure(error);
      return error instanceof CancelledError
        ? vscode.l10n.t('You cancelled deleting {0}. If the request had already reached the service, it is deleted: Refresh the Variables view to see.', variable.key)
        : isForbidden(error)
          ? forbiddenMessage(error, 'manageVariables')
          : vscode.l10n.t('Could not delete {0}: {1}', variable.key, describeError(error));
    },
  }));
  return sent(end) ?? false;
}
