// Clear Filter: the Commits view shows all commits again (enabled while a date filter is set).
import * as vscode from 'vscode';
import type { Services } from '../services';
import { CLEAR_COMMIT_FILTER_COMMAND } from '../views/commits/provider';
import { commitsViewOf } from './filterCommits';

export function register(services: Services): vscode.Disposable[] {
  return [vscode.commands.registerCommand(CLEAR_COMMIT_FILTER_COMMAND, () => commitsViewOf(services)?.setFilter(undefined))];
}
