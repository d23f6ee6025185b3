// Workspace Automation: Sign In. Interactive (resolves true when signed in). Under the test
// harness only, `{ token, workspace? }` as argument signs in without prompts and resolves
// `{ signedIn, error? }`; anywhere else (a command link, another extension) it is ignored: the
// person is asked, as always.
import * as vscode from 'vscode';
import { Command } from '../../commandIds';
import type { Services, SignInArgs } from '../../services';
import { underTestHarness } from '../../testHarness';

export function register(services: Services): vscode.Disposable[] {
  const session = services.session;
  return [
    vscode.commands.registerCommand(Command.SignIn, (args?: SignInArgs) =>
      args && typeof args === 'object' && typeof args.token === 'string' && scripted(services) ? session.signInWithToken(args) : session.signIn(),
    ),
  ];
}

/** Scripted arguments count only under the test harness. */
export function scripted(services: Services): boolean {
  return underTestHarness(services.context.extensionMode === vscode.ExtensionMode.Test);
}
