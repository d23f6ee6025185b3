// The service's locations in words, for the account-type steps (Sign In, Open the Token Page) and
// for naming where an account is. The addresses themselves are src/api/baseUrl.ts's
// (SERVICE_LOCATIONS): a new location is added there and named here.
import * as vscode from 'vscode';
import { SERVICE_LOCATIONS, serviceLocationAt, type AccountType, type ServiceLocationType } from '../api/baseUrl';

/** A location's short name: "US", "EU", "Asia". */
export function locationName(type: ServiceLocationType): string {
  switch (type) {
    case 'us':
      return vscode.l10n.t('US');
    case 'eu':
      return vscode.l10n.t('EU');
    case 'asia':
      return vscode.l10n.t('Asia');
  }
}

/** The short name of the service location at `baseUrl` (a resolved API address), if it is one. */
export function locationNameAt(baseUrl: string): string | undefined {
  const location = serviceLocationAt(baseUrl);
  return location && locationName(location.accountType);
}

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
