// The Variables view's title: Refresh, and the switch between the workspace's variables and the
// current project's (with its pipelines and actions).
import * as vscode from 'vscode';
import type { Services } from '../../services';

export const REFRESH_VARIABLES = 'workspaceAutomation.refreshVariables';
export const SHOW_WORKSPACE_VARIABLES = 'workspaceAutomation.showWorkspaceVariables';
export const SHOW_PROJECT_VARIABLES = 'workspaceAutomation.showProjectVariables';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(REFRESH_VARIABLES, () => services.views.refreshVariables()),
    vscode.commands.registerCommand(SHOW_WORKSPACE_VARIABLES, () => services.views.setVariablesScope('workspace')),
    vscode.commands.registerCommand(SHOW_PROJECT_VARIABLES, () => services.views.setVariablesScope('project')),
  ];
}
