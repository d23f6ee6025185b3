// Workspace Automation: Show Log. The output channel with one line per request (secrets removed).
import * as vscode from 'vscode';
import type { Services } from '../services';
import { Command } from '../commandIds';

export function register(services: Services): vscode.Disposable[] {
  return [vscode.commands.registerCommand(Command.ShowLog, () => services.log.show())];
}
