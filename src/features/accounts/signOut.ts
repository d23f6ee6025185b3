// Workspace Automation: Sign Out. Deletes the stored token of the current API address.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { Command } from '../../commandIds';
import { showInformationMessage } from '../../ui/notify';

export function register(services: Services): vscode.Disposable[] {
  const session = services.session;
  return [
    vscode.commands.registerCommand(Command.SignOut, async () => {
      await session.signOut();
      void showInformationMessage(vscode.l10n.t('Signed out of Workspace Automation.'));
    }),
  ];
}
