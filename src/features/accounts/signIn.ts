// Workspace Automation: Sign In. Interactive (resolves true when signed in). Under the test
// harness only, `{ token, workspace? }` as argument signs in without prompts and resolves
// `{ signedIn, error? }`; anywhere else (a command link, another extension) it is ignored: the
// person is asked, as always. Under the harness too, `{ prompter }` answers the steps instead of the
// quick input (the extension-host tests' ScriptedPrompter).
import * as vscode from 'vscode';
import { signInInteractive, signInWithToken } from './signInFlow';
import { Command } from '../../commandIds';
import type { FeatureContext, SignInArgs } from '../../services';
import type { TokenChecks } from './tokenExpiry';
import { scripted } from '../../ui/scripted';
import { prompterFrom, QuickInputPrompter } from '../../ui/multiStepInput';

export function register(ctx: FeatureContext, tokenChecks: TokenChecks): vscode.Disposable[] {
  const kernel = { session: ctx.session, data: ctx.data, tokenChecks };
  return [
    vscode.commands.registerCommand(Command.SignIn, (args?: SignInArgs) =>
      args && typeof args === 'object' && typeof args.token === 'string' && scripted(ctx.context) ? signInWithToken(kernel, args) : signInInteractive(kernel, scripted(ctx.context) ? prompterFrom([args], ctx.context) : new QuickInputPrompter()),
    ),
  ];
}

/** Scripted arguments count only under the test harness (src/ui/scripted.ts). */
export { scripted } from '../../ui/scripted';
