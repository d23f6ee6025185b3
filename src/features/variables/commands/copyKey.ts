// Copy Key: a variable's name to the clipboard (any type).
import * as vscode from 'vscode';
import type { Services } from '../../../services';
import { variableItemOf } from './items';
import { Command } from '../../../commandIds';
import { showInformationMessage } from '../../../ui/notify';

export function register(_services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.CopyVariableKey, async (item?: unknown) => {
      const target = variableItemOf(item);
      if (!target) {
        void showInformationMessage(vscode.l10n.t('Choose a variable in the Variables view.'));
        return undefined;
      }
      await vscode.env.clipboard.writeText(target.variable.key);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the key {0}', target.variable.key), 3000);
      return target.variable.key;
    }),
  ];
}
