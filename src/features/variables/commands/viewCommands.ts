// The Variables view's title: Refresh, and the switch between the workspace's variables and the
// current project's (with its pipelines and actions).
import * as vscode from 'vscode';
import type { Services } from '../../../services';
import type { VariablesProvider } from '../provider';
import { Command } from '../../../commandIds';

export function register(_services: Services, view: VariablesProvider): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.RefreshVariables, () => view.refresh()),
    vscode.commands.registerCommand(Command.ShowWorkspaceVariables, () => view.setMode('workspace')),
    vscode.commands.registerCommand(Command.ShowProjectVariables, () => view.setMode('project')),
  ];
}
