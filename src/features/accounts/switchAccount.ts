// Workspace Automation: Switch Account… (the views' title menu, the palette, the account's status
// bar item). Picks one of the signed-in accounts, or Sign In to another; the views then show that
// account with the workspace it showed last (and, per address and workspace, its project). Under
// the test harness only, an account's API address (or a prompter) as argument picks it without
// asking; anywhere else (a command link, another extension) the person picks.
import * as vscode from 'vscode';
import { accountLabel, type AccountRecord } from '../../auth/accounts';
import type { AuthSession } from '../../auth/session';
import { Command } from '../../commandIds';
import type { FeatureContext } from '../../services';
import { prompterFrom, QuickInputPrompter, runSteps, type Prompter } from '../../ui/multiStepInput';
import { showErrorMessage } from '../../ui/notify';
import { scripted } from './signIn';

interface AccountItem extends vscode.QuickPickItem {
  account?: AccountRecord;
  /** Sign In to another account instead. */
  signIn?: true;
}

export function register(ctx: FeatureContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.SwitchAccount, (...args: unknown[]) => {
      // Another extension's arguments (a prompter of its own) are taken under the test harness only.
      const harness = scripted(ctx.context);
      const baseUrl = typeof args[0] === 'string' && harness ? args[0] : undefined;
      return switchAccount(ctx.session, baseUrl, harness ? prompterFrom(args, ctx.context) : new QuickInputPrompter());
    }),
  ];
}

/** The accounts as picked: by label, the one shown first marked. */
function accountItems(session: AuthSession): AccountItem[] {
  const shown = session.signedIn ? session.baseUrl : undefined;
  return session.accounts
    .list()
    .map((account) => ({ account, label: accountLabel(account) }))
    .sort((a, b) => Number(b.account.baseUrl === shown) - Number(a.account.baseUrl === shown) || a.label.localeCompare(b.label))
    .map(({ account, label }) => ({
      account,
      label: account.baseUrl === shown ? `$(check) ${label}` : label,
      description: account.workspace ?? vscode.l10n.t('no workspace chosen'),
      detail: [
        account.baseUrl === shown ? vscode.l10n.t('Shown now') : undefined,
        account.kind === 'oauth' ? vscode.l10n.t('Signed in with OAuth') : vscode.l10n.t('Signed in with a personal access token'),
      ]
        .filter(Boolean)
        .join(' · '),
    }));
}

/** Resolves true when the views show the chosen account (signed in, with a workspace) or a new one. */
export async function switchAccount(session: AuthSession, baseUrl: string | undefined, prompter: Prompter): Promise<boolean> {
  await session.ready();
  let chosen: AccountItem | undefined;
  if (baseUrl !== undefined) {
    chosen = accountItems(session).find((i) => i.account?.baseUrl === baseUrl);
    if (!chosen) {
      void showErrorMessage(vscode.l10n.t('No account is signed in at {0}.', baseUrl));
      return false;
    }
  } else {
    const answers: { item?: AccountItem } = {};
    const picked = await runSteps(prompter, vscode.l10n.t('Workspace Automation: Switch Account'), [
      {
        async run(ui, state) {
          state.item = await ui.pick<AccountItem>({
            placeholder: vscode.l10n.t('The account the views show'),
            items: [...accountItems(session), { signIn: true, label: `$(add) ${vscode.l10n.t('Sign In to Another Account…')}`, alwaysShow: true }],
            matchOnDescription: true,
          });
        },
      },
    ], answers);
    chosen = picked ? answers.item : undefined;
  }
  if (!chosen) {
    return false;
  }
  if (chosen.signIn || !chosen.account) {
    return session.signIn();
  }
  if (chosen.account.baseUrl !== session.baseUrl || !session.signedIn) {
    await session.showAccount(chosen.account);
  }
  if (!session.signedIn) {
    // Signed out meanwhile (another window): the account is no longer there to show.
    void showErrorMessage(vscode.l10n.t('{0} is no longer signed in: sign in again to show it.', accountLabel(chosen.account)));
    return false;
  }
  return session.workspace ? true : session.selectWorkspace();
}
