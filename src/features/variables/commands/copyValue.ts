// Copy Value: a plain VAR's value to the clipboard. An encrypted value is never copied (the service
// gives only a marker, which is no value), nor a key or a file's content.
import * as vscode from 'vscode';
import type { Services } from '../../../services';
import { isPlainVar } from '../variableFacts';
import { variableItemOf } from './items';
import { Command } from '../../../commandIds';
import { showInformationMessage } from '../../../ui/notify';

export function register(_services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.CopyVariableValue, async (item?: unknown) => {
      const target = variableItemOf(item);
      if (!target) {
        void showInformationMessage(vscode.l10n.t('Choose a variable in the Variables view.'));
        return undefined;
      }
      const { variable } = target;
      if (!isPlainVar(variable)) {
        void showInformationMessage(
          vscode.l10n.t('The value of {0} is not copied: only the value of a plain VAR can be (an encrypted one is never given back by the service).', variable.key),
        );
        return undefined;
      }
      await vscode.env.clipboard.writeText(variable.value);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the value of {0}', variable.key), 3000);
      return variable.value;
    }),
  ];
}
