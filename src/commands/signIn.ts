// Workspace Automation: Sign In. Interactive by default (resolves true when signed in);
// `{ token, workspace? }` as argument signs in without prompts (scripts, tests) and resolves
// `{ signedIn, error? }`.
import * as vscode from 'vscode';
import { authSessionOf, signInInteractive, signInWithToken, type SignInArgs } from '../auth';
import type { Services } from '../services';
import { Command } from '../commandIds';

export function register(services: Services): vscode.Disposable[] {
  const session = authSessionOf(services);
  return [
    vscode.commands.registerCommand(Command.SignIn, (args?: SignInArgs) =>
      args && typeof args === 'object' && typeof args.token === 'string' ? signInWithToken(session, args) : signInInteractive(session),
    ),
  ];
}
