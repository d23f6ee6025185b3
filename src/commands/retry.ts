// Retry (an error item, or the welcome views' button) and Load more (the item at the end of a
// paged list): both re-run a load.
import * as vscode from 'vscode';
import type { Services } from '../services';
import { ErrorNode } from '../tree/errorNode';
import { LoadMoreNode } from '../tree/loadMoreNode';
import { Command } from '../commandIds';

export function register(services: Services): vscode.Disposable[] {
  const session = services.session;
  return [
    vscode.commands.registerCommand(Command.Retry, async (node?: unknown) => {
      if (node instanceof ErrorNode) {
        await node.retry();
        return;
      }
      // From a welcome view (API disabled, unreachable): forget what was learned and load again.
      session.retry();
      services.data.invalidateAll();
    }),
    vscode.commands.registerCommand(Command.LoadMore, async (node?: unknown) => {
      if (node instanceof LoadMoreNode) {
        await node.loadMore();
      }
    }),
  ];
}
