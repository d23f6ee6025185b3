// Refresh, per view (view/title buttons): forgets the view's data and loads it again.
import * as vscode from 'vscode';
import type { Services } from '../services';
import { Command } from '../commandIds';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.RefreshProjects, () => services.views.refresh('projects')),
    vscode.commands.registerCommand(Command.RefreshCommits, () => services.views.refresh('commits')),
    vscode.commands.registerCommand(Command.RefreshTargets, () => services.views.refresh('targets')),
  ];
}
