// Workspace Automation: Sign In with OAuth, and Show the OAuth Redirect Address (with a Copy
// button: the address to register with the application). The URI handler that takes the
// browser's answer is registered here, with the feature: a sign-in always starts the feature first.
// Under the test harness only, `{ clientId, clientSecret?, redirect?, workspace?, prompter? }` as
// argument asks nothing, or answers the questions from `prompter`; anywhere else (a command link, another extension) the person is asked as always.
import * as vscode from 'vscode';
import { Command } from '../../commandIds';
import type { FeatureContext } from '../../services';
import { showInformationMessage } from '../../ui/notify';
import { OAuthRedirects, redirectAddress, signInWithOAuth, type OAuthSignInArgs } from './oauthSignIn';
import { scripted } from './signIn';
import { prompterFrom } from '../../ui/multiStepInput';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const redirects = new OAuthRedirects((line) => ctx.log.info(line));
  ctx.expose('oauthRedirects', redirects);
  const kernel = { session: ctx.session, data: ctx.data, context: ctx.context, redirects, log: ctx.log };
  return [
    vscode.window.registerUriHandler(redirects),
    vscode.commands.registerCommand(Command.SignInWithOAuth, (args?: OAuthSignInArgs) =>
      scripted(ctx.context) && args && typeof args === 'object' ? signInWithOAuth(kernel, args, prompterFrom([args], ctx.context)) : signInWithOAuth(kernel),
    ),
    vscode.commands.registerCommand(Command.ShowOAuthRedirect, () => showRedirectAddress()),
    vscode.commands.registerCommand(Command.PasteOAuthAddress, () => redirects.paste?.()),
  ];
}

/** Shows the redirect address to register, with Copy; resolves with the address. */
async function showRedirectAddress(): Promise<string> {
  const address = await redirectAddress();
  const copy = vscode.l10n.t('Copy');
  void showInformationMessage(vscode.l10n.t('Register this redirect address with your OAuth application: {0}', address), copy)
    .then(async (choice) => {
      if (choice === copy) {
        await vscode.env.clipboard.writeText(address);
      }
    });
  return address;
}
