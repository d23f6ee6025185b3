// Workspace Automation: Select Workspace. A workspace name as argument skips the pick under the
// test harness only; anywhere else (a command link, another extension) the person picks.
import * as vscode from 'vscode';
import { selectWorkspace } from '../../auth/workspacePicker';
import type { FeatureContext } from '../../services';
import { Command } from '../../commandIds';
import { scripted } from './signIn';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.SelectWorkspace, (name?: unknown) =>
      selectWorkspace(ctx.auth, ctx.data, typeof name === 'string' && name && scripted(ctx.context) ? name : undefined),
    ),
  ];
}
