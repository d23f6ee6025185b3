// Workspace Automation: Sign Out. Signs out of the account shown: every secret of it deleted (the
// token, an OAuth token set with its refresh token, the client secret), the account gone from the
// Accounts menu, an OAuth grant revoked at the service.
import * as vscode from 'vscode';
import type { FeatureContext } from '../../services';
import { Command } from '../../commandIds';
import { showInformationMessage } from '../../ui/notify';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const session = ctx.session;
  return [
    vscode.commands.registerCommand(Command.SignOut, async () => {
      const baseUrl = session.baseUrl;
      if (baseUrl) {
        // First: the session's sign-out deletes the token, which would forget the entry before its other secrets are read.
        await session.accounts.remove(baseUrl, { revoke: true });
      }
      await session.signOut();
      void showInformationMessage(vscode.l10n.t('Signed out of Workspace Automation.'));
    }),
  ];
}
