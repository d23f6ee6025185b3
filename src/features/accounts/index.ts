// The accounts feature: Sign In (a token or OAuth), Sign Out, Switch Account… and the account's
// status bar item, Select Workspace, Open the Token Page. The session, the accounts and the
// token-based sign-in and workspace flows are the kernel's (src/auth/): other features need them too.
import type * as vscode from 'vscode';
import type { FeatureContext } from '../../services';
import { AccountItem } from './accountItem';
import * as openTokenPage from './openTokenPage';
import * as selectWorkspace from './selectWorkspace';
import * as signIn from './signIn';
import * as signOut from './signOut';
import * as signInWithOAuth from './signInWithOAuth';
import * as switchAccount from './switchAccount';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const item = new AccountItem(ctx.session);
  ctx.expose('accountItem', item);
  return [item, ...[signIn, signInWithOAuth, signOut, switchAccount, selectWorkspace, openTokenPage].flatMap((m) => m.register(ctx))];
}
