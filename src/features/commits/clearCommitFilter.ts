// Clear Filter: the Commits view shows all commits again (enabled while a date filter is set).
import * as vscode from 'vscode';
import type { CommitsProvider } from './provider';
import { Command } from '../../commandIds';

export function register(view: Pick<CommitsProvider, 'setFilter'>): vscode.Disposable[] {
  return [vscode.commands.registerCommand(Command.ClearCommitFilter, () => view.setFilter(undefined))];
}
