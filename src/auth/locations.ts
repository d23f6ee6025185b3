// The service's locations in words, for naming where an account is (account labels) and for the
// accounts feature's account-type step. The addresses themselves are src/api/baseUrl.ts's
// (SERVICE_LOCATIONS): a new location is added there and named here.
import * as vscode from 'vscode';
import { serviceLocationAt, type ServiceLocationType } from '../api/baseUrl';

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
