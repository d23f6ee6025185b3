// Clear Filter: the Commits view shows all commits again (enabled while a date filter is set).
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { Command } from '../../commandIds';

export function register(services: Services): vscode.Disposable[] {
  return [vscode.commands.registerCommand(Command.ClearCommitFilter, () => services.views.setCommitFilter(undefined))];
}
