// Workspace Automation: Select Workspace. An optional workspace name as argument skips the pick.
import * as vscode from 'vscode';
import { authSessionOf, selectWorkspace } from '../auth';
import type { Services } from '../services';
import { Command } from '../commandIds';

export function register(services: Services): vscode.Disposable[] {
  const session = authSessionOf(services);
  return [
    vscode.commands.registerCommand(Command.SelectWorkspace, (name?: unknown) =>
      selectWorkspace(session, typeof name === 'string' && name ? name : undefined),
    ),
  ];
}
