// The commands of the generic rows every view shows: Retry (an error row, or the welcome views'
// button) and Load more (the row at the end of a paged list) re-run a load; Open in Browser opens
// a row's page (src/tree/openInBrowser.ts).
import * as vscode from 'vscode';
import type { Services } from '../services';
import { ErrorNode } from './errorNode';
import { LoadMoreNode } from './loadMoreNode';
import * as openInBrowser from './openInBrowser';
import { Command } from '../commandIds';

export function registerRowCommands(services: Services): vscode.Disposable[] {
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
    ...openInBrowser.register(),
  ];
}
