// The account-type step of Sign In and Open the Token Page: each service location in words (the
// kernel's auth/locations.ts names them), then a self-hosted installation.
import * as vscode from 'vscode';
import { SERVICE_LOCATIONS, type AccountType } from '../../api/baseUrl';
import { locationName } from '../../auth/locations';

export interface AccountTypeItem extends vscode.QuickPickItem {
  accountType: AccountType;
}

/**
 * The account-type step's items: each service location with the address it shows (`api`: the API
 * address Sign In sends the token to; `web`: the web application), then a self-hosted installation.
 */
export function accountTypeItems(shown: 'api' | 'web'): AccountTypeItem[] {
  return [
    ...SERVICE_LOCATIONS.map((l) => ({
      accountType: l.accountType,
      label: vscode.l10n.t('{0} account', locationName(l.accountType)),
      detail: shown === 'api' ? l.apiUrl : l.webUrl,
    })),
    { accountType: 'self-hosted', label: vscode.l10n.t('Self-hosted installation'), detail: shown === 'api' ? 'https://<host>/api' : 'https://<host>' },
  ];
}
