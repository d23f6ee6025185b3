// Workspace Automation: Select Workspace. A workspace name as argument skips the pick under the
// test harness only; anywhere else (a command link, another extension) the person picks.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { Command } from '../../commandIds';
import { scripted } from './signIn';

export function register(services: Services): vscode.Disposable[] {
  const session = services.session;
  return [
    vscode.commands.registerCommand(Command.SelectWorkspace, (name?: unknown) =>
      session.selectWorkspace(typeof name === 'string' && name && scripted(services) ? name : undefined),
    ),
  ];
}
