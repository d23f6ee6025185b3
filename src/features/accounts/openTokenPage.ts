// Workspace Automation: Open the Token Page. Opens the profile page where the user creates a
// personal access token, for their account type: the one in the settings once chosen, else asked
// (US, EU, Asia or self-hosted, as Sign In asks). Resolves with the page opened, if any.
import * as vscode from 'vscode';
import { resolveBaseUrl, type AccountType } from '../../api/baseUrl';
import { baseUrlInput, getApiUrl, getHost, SECTION, Setting } from '../../settings';
import { hostProblem, tokenPageUrl } from './tokenPage';
import { accountTypeItems } from './accountTypeItems';
import type { Services } from '../../services';
import { Command } from '../../commandIds';
import { showInformationMessage } from '../../ui/notify';

export function register(_ctx: Services): vscode.Disposable[] {
  return [vscode.commands.registerCommand(Command.OpenTokenPage, () => openTokenPage())];
}

const WHERE = () => vscode.l10n.t('In the web application: your avatar (top right), the Security tab, the Personal Access Tokens section.');

export async function openTokenPage(): Promise<string | undefined> {
  const baseUrl = await chosenBaseUrl();
  if (baseUrl === undefined) {
    return undefined;
  }
  const page = tokenPageUrl(baseUrl);
  if (!page) {
    void showInformationMessage(
      vscode.l10n.t('The token page of {0} is not known: create the token in your profile on the service.', baseUrl),
      { detail: WHERE() },
    );
    return undefined;
  }
  void vscode.env.openExternal(vscode.Uri.parse(page));
  return page;
}

/** The API address the token is for: from the settings, or from the user's answer; undefined when cancelled. */
async function chosenBaseUrl(): Promise<string | undefined> {
  const chosen = getApiUrl() !== undefined || accountTypeChosen();
  if (chosen) {
    try {
      return resolveBaseUrl(baseUrlInput());
    } catch {
      // A self-hosted account without a usable host: ask for it below.
    }
  }
  const accountType = await askAccountType();
  if (!accountType) {
    return undefined;
  }
  if (accountType !== 'self-hosted') {
    return resolveBaseUrl({ accountType });
  }
  const host = await vscode.window.showInputBox({
    title: vscode.l10n.t('Workspace Automation: Open the Token Page'),
    prompt: vscode.l10n.t('Host name or IP address of your installation'),
    placeHolder: 'ci.example.com',
    value: getHost() ?? '',
    ignoreFocusOut: true,
    validateInput: hostProblem,
  });
  return host === undefined ? undefined : resolveBaseUrl({ accountType: 'self-hosted', host });
}

/** True when the user set the account type (the default "us" alone is no choice). */
function accountTypeChosen(): boolean {
  const inspected = vscode.workspace.getConfiguration(SECTION).inspect<string>(Setting.AccountType);
  return inspected?.globalValue !== undefined;
}

async function askAccountType(): Promise<AccountType | undefined> {
  const picked = await vscode.window.showQuickPick(accountTypeItems('web'), {
    title: vscode.l10n.t('Workspace Automation: Open the Token Page'),
    placeHolder: vscode.l10n.t('Where is your account?'),
    ignoreFocusOut: true,
  });
  return picked?.accountType;
}
