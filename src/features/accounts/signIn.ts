// Workspace Automation: Sign In. Interactive by default (resolves true when signed in);
// `{ token, workspace? }` as argument signs in without prompts (scripts, tests) and resolves
// `{ signedIn, error? }`. The flows are the kernel's (src/auth/signInFlow.ts): the session runs
// this command when a flow needs a sign-in.
import * as vscode from 'vscode';
import { signInInteractive, signInWithToken } from '../../auth/signInFlow';
import { Command } from '../../commandIds';
import type { FeatureContext, SignInArgs } from '../../services';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const kernel = { session: ctx.auth, data: ctx.data };
  return [
    vscode.commands.registerCommand(Command.SignIn, (args?: SignInArgs) =>
      args && typeof args === 'object' && typeof args.token === 'string' ? signInWithToken(kernel, args) : signInInteractive(kernel),
    ),
  ];
}
