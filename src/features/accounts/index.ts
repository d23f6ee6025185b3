// The accounts feature: Sign In (a token or OAuth), Sign Out, Switch Account… and the account's
// status bar item, Select Workspace, Open the Token Page, the warning before a token expires. The
// flows (signInFlow.ts, oauthSignIn.ts, workspacePicker.ts) are this feature's; the session, the
// accounts registry, the connection and the OAuth renewal are the kernel's (src/auth/): every
// feature's requests need them.
import type * as vscode from 'vscode';
import type { FeatureContext } from '../../services';
import { AccountItem } from './accountItem';
import * as openTokenPage from './openTokenPage';
import * as selectWorkspace from './selectWorkspace';
import * as signIn from './signIn';
import * as signOut from './signOut';
import * as signInWithOAuth from './signInWithOAuth';
import * as switchAccount from './switchAccount';
import { TokenChecks } from './tokenExpiry';
import { TokenExpiryWatcher } from './tokenExpiryWatcher';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const item = new AccountItem(ctx.session);
  const tokenChecks = new TokenChecks();
  const tokenExpiry = new TokenExpiryWatcher(
    // Its writes take their turn with the accounts' (AccountRegistry.updateState).
    { get: (key) => ctx.context.globalState.get(key), update: (key, value) => ctx.session.accounts.updateState(key, value) },
    ctx.session,
    tokenChecks,
  );
  ctx.expose('accountItem', item);
  ctx.expose('tokenExpiry', tokenExpiry);
  return [item, tokenExpiry, ...signIn.register(ctx, tokenChecks), ...[signInWithOAuth, signOut, switchAccount, selectWorkspace, openTokenPage].flatMap((m) => m.register(ctx))];
}
