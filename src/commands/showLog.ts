// Workspace Automation: Show Log. The output channel with one line per request (secrets removed).
import * as vscode from 'vscode';
import type { Services } from '../services';

export const SHOW_LOG = 'workspaceAutomation.showLog';

export function register(services: Services): vscode.Disposable[] {
  return [vscode.commands.registerCommand(SHOW_LOG, () => services.log.show())];
}
