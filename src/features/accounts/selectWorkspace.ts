// Workspace Automation: Select Workspace. A workspace name as argument skips the pick under the
// test harness only; anywhere else (a command link, another extension) the person picks.
import * as vscode from 'vscode';
import { selectWorkspace } from './workspacePicker';
import type { FeatureContext } from '../../services';
import { Command } from '../../commandIds';
import { DataKey } from '../../workspace/workspaceData';
import { scripted } from './signIn';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.SelectWorkspace, (name?: unknown) => {
      const domain = typeof name === 'string' && name && scripted(ctx.context) ? name : undefined;
      if (!domain) {
        // Asked for on purpose (perhaps just added to a workspace): the list is read afresh. The
        // pick that follows a sign-in is not this command and uses the list the token check read.
        ctx.data.invalidate(DataKey.workspaces);
      }
      return selectWorkspace(ctx.session, ctx.data, domain);
    }),
  ];
}
