// Open Settings: the extension's settings (API address, account type, workspace, page size).
import * as vscode from 'vscode';
import { openSettings } from '../settings';
import type { Services } from '../services';
import { Command } from '../commandIds';

export function register(_services: Services): vscode.Disposable[] {
  return [vscode.commands.registerCommand(Command.OpenSettings, () => openSettings())];
}
