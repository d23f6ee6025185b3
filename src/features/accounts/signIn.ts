// Workspace Automation: Sign In. Interactive by default (resolves true when signed in);
// `{ token, workspace? }` as argument signs in without prompts (scripts, tests) and resolves
// `{ signedIn, error? }`.
import * as vscode from 'vscode';
import { Command } from '../../commandIds';
import type { Services, SignInArgs } from '../../services';

export function register(services: Services): vscode.Disposable[] {
  const session = services.session;
  return [
    vscode.commands.registerCommand(Command.SignIn, (args?: SignInArgs) =>
      args && typeof args === 'object' && typeof args.token === 'string' ? session.signInWithToken(args) : session.signIn(),
    ),
  ];
}
