// Open Commit: the commit's full view (stats, parents, every file's patch) as a read-only diff
// document; from a file item, opened at that file. A failed load offers Retry.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { showCommit } from './commitDocument';
import { CommitFileNode } from './commitFileNode';
import { commitOfNode } from './commitNode';
import { describeError } from '../../ui/errorMessages';
import { Command } from '../../commandIds';
import { showErrorMessage, showInformationMessage } from '../../ui/notify';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.OpenCommit, async (node?: unknown, fileName?: unknown) => {
      const commit = commitOfNode(node);
      const file = node instanceof CommitFileNode ? String(node.file.file_name) : typeof fileName === 'string' ? fileName : undefined;
      if (!commit) {
        void showInformationMessage(vscode.l10n.t('Choose a commit in the Commits view.'));
        return undefined;
      }
      for (;;) {
        try {
          return await showCommit(commit.data, commit.ref, file);
        } catch (error) {
          services.log.warn(`Open commit ${commit.ref.revision}: ${describeError(error)}`);
          const retry = vscode.l10n.t('Retry');
          const answer = await showErrorMessage(
            vscode.l10n.t('Could not open commit {0}: {1}', commit.ref.revision.slice(0, 7), describeError(error)),
            retry,
          );
          if (answer !== retry) {
            return undefined;
          }
        }
      }
    }),
  ];
}
