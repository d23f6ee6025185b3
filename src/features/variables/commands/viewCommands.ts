// The Variables view's title: Refresh, and the switch between the workspace's variables and the
// current project's (with its pipelines and actions); Reveal Variable (a pipeline file's hover).
import * as vscode from 'vscode';
import type { Services } from '../../../services';
import type { VariablesProvider } from '../provider';
import { Command } from '../../../commandIds';

export function register(_services: Services, view: VariablesProvider): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.RefreshVariables, () => view.refresh()),
    vscode.commands.registerCommand(Command.ShowWorkspaceVariables, () => view.setMode('workspace')),
    vscode.commands.registerCommand(Command.ShowProjectVariables, () => view.setMode('project')),
    // From a pipeline file's hover link: it only shows and selects (arguments checked, nothing changed).
    vscode.commands.registerCommand(Command.RevealVariable, (scope?: unknown, key?: unknown) =>
      typeof key === 'string' && key !== '' && key.length <= 200 ? view.revealVariable(scope === 'workspace' ? 'workspace' : 'project', key) : false,
    ),
  ];
}
