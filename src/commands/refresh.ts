// Refresh, per view (view/title buttons): forgets the view's data and loads it again.
import * as vscode from 'vscode';
import type { Services } from '../services';

export const REFRESH_PROJECTS = 'workspaceAutomation.refreshProjects';
export const REFRESH_COMMITS = 'workspaceAutomation.refreshCommits';
export const REFRESH_TARGETS = 'workspaceAutomation.refreshTargets';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(REFRESH_PROJECTS, () => services.views.refreshProjects()),
    vscode.commands.registerCommand(REFRESH_COMMITS, () => services.views.refreshCommits()),
    vscode.commands.registerCommand(REFRESH_TARGETS, () => services.views.refreshTargets()),
  ];
}
