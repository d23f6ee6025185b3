// Workspace Automation: Select Workspace. An optional workspace name as argument skips the pick.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { Command } from '../../commandIds';

export function register(services: Services): vscode.Disposable[] {
  const session = services.session;
  return [
    vscode.commands.registerCommand(Command.SelectWorkspace, (name?: unknown) =>
      session.selectWorkspace(typeof name === 'string' && name ? name : undefined),
    ),
  ];
}
