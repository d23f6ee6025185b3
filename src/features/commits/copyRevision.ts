// Copy Revision: the commit's full hash to the clipboard (a commit item, or a file item under it).
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { commitOfNode } from './commitNode';
import { Command } from '../../commandIds';
import { showInformationMessage } from '../../ui/notify';

export function register(_services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.CopyRevision, async (node?: unknown) => {
      const commit = commitOfNode(node);
      if (!commit) {
        void showInformationMessage(vscode.l10n.t('Choose a commit in the Commits view.'));
        return undefined;
      }
      await vscode.env.clipboard.writeText(commit.ref.revision);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied revision {0}', commit.ref.revision.slice(0, 12)), 3000);
      return commit.ref.revision;
    }),
  ];
}
