// Workspace Automation: Select Workspace. An optional workspace name as argument skips the pick.
import * as vscode from 'vscode';
import { selectWorkspace } from '../../auth/workspacePicker';
import type { FeatureContext } from '../../services';
import { Command } from '../../commandIds';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.SelectWorkspace, (name?: unknown) =>
      selectWorkspace(ctx.auth, ctx.data, typeof name === 'string' && name ? name : undefined),
    ),
  ];
}
