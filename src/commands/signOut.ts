// Workspace Automation: Sign Out. Deletes the stored token of the current API address.
import * as vscode from 'vscode';
import { authSessionOf } from '../auth';
import type { Services } from '../services';

export const SIGN_OUT = 'workspaceAutomation.signOut';

export function register(services: Services): vscode.Disposable[] {
  const session = authSessionOf(services);
  return [
    vscode.commands.registerCommand(SIGN_OUT, async () => {
      await session.signOut();
      void vscode.window.showInformationMessage(vscode.l10n.t('Signed out of Workspace Automation.'));
    }),
  ];
}
