// The accounts feature: Sign In, Sign Out, Select Workspace, Open the Token Page. The session and
// its sign-in and workspace flows are the kernel's (src/auth/): other features need them too.
import type * as vscode from 'vscode';
import type { FeatureContext } from '../../services';
import * as openTokenPage from './openTokenPage';
import * as selectWorkspace from './selectWorkspace';
import * as signIn from './signIn';
import * as signOut from './signOut';
import * as signInWithOAuth from './signInWithOAuth';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  return [signIn, signInWithOAuth, signOut, selectWorkspace, openTokenPage].flatMap((m) => m.register(ctx));
}
