// Delete Variable: after a modal confirmation that names the key and the scope, deletes it (one
// request, with progress and cancel) and refreshes that scope in the Variables view. A failure says
// why, with Retry; a variable already gone is said so and the view refreshed.
import * as vscode from 'vscode';
import { CancelledError, isForbidden, NotFoundError } from '../../../api';
import type { Services } from '../../../services';
import { describeError, errorForLog, forbiddenMessage, offerRetry } from '../../../ui/errorMessages';
import { prompterFrom } from '../../../ui/multiStepInput';
import { withCancellableProgress } from '../../../ui/progress';
import { scopeFilter } from '../../../workspace/variableScope';
import { DataKey } from '../../../workspace/workspaceData';
import { describeVariableScope } from '../variableNode';
import { variableItemOf } from './items';
import { Command } from '../../../commandIds';

/** Asks before deleting; true to go on. Tests pass their own as `{ confirm }` (last argument). */
type Confirm = (message: string, detail: string, action: string) => Thenable<boolean>;

function confirmFrom(args: readonly unknown[]): Confirm {
  const last = args.at(-1) as { confirm?: unknown } | undefined;
  if (typeof last?.confirm === 'function') {
    return last.confirm as Confirm;
  }
  return async (message, detail, action) => (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action;
}

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.DeleteVariable, async (item?: unknown, ...rest: unknown[]): Promise<boolean> => {
      const target = variableItemOf(item);
      if (!target) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Choose a variable in the Variables view.'));
        return false;
      }
      const { variable, scope } = target;
      const where = describeVariableScope(scope);
      const action = vscode.l10n.t('Delete');
      const confirmed = await confirmFrom(rest)(
        vscode.l10n.t('Delete variable {0} from {1}?', variable.key, where),
        vscode.l10n.t('Runs will no longer receive it (a variable of the same name in a broader scope takes its place). This cannot be undone.'),
        action,
      );
      if (!confirmed) {
        return false;
      }
      const ready = await services.session.ensureReady();
      if (!ready) {
        return false;
      }
      const prompter = prompterFrom(rest);
      for (;;) {
        try {
          await withCancellableProgress(vscode.l10n.t('Deleting variable {0} from {1}…', variable.key, where), (signal) =>
            ready.client.deleteVariable(ready.workspace, variable.id, { signal }),
          );
          services.log.info(`Deleted variable ${variable.key} (id ${variable.id}) from ${where}.`);
          services.data.invalidate(DataKey.variables(scopeFilter(scope)));
          void prompter.message('info', vscode.l10n.t('Deleted variable {0} from {1}.', variable.key, where));
          return true;
        } catch (error) {
          services.log.warn(`Delete variable ${variable.key} (id ${variable.id}) from ${where} failed: ${errorForLog(error)}`);
          if (error instanceof NotFoundError) {
            services.data.invalidate(DataKey.variables(scopeFilter(scope)));
            void prompter.message('warning', vscode.l10n.t('Variable {0} is no longer in {1}: someone deleted it already. The view shows it again as it is.', variable.key, where));
            return false;
          }
          const text =
            error instanceof CancelledError
              ? vscode.l10n.t('You cancelled deleting {0}. If the request had already reached the service, it is deleted: Refresh the Variables view to see.', variable.key)
              : isForbidden(error)
                ? forbiddenMessage(error, 'manageVariables')
                : vscode.l10n.t('Could not delete {0}: {1}', variable.key, describeError(error));
          if (!(await offerRetry(prompter, text))) {
            return false;
          }
        }
      }
    }),
  ];
}
