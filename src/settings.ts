// The extension's settings (package.json `configuration`), read in one place. The address
// settings (apiUrl, accountType, host) are `application` scoped and read from the user's own
// settings only: a folder's .vscode/settings.json never chooses where the token goes.
import * as vscode from 'vscode';
import { accountTypeOf, resolveBaseUrl, type AccountType, type BaseUrlInput } from './api/baseUrl';
import { chooseAddress, userValue, type AddressChoice, type UserAddressSettings } from './auth/address';

export const SECTION = 'workspaceAutomation';

export const Setting = {
  AccountType: 'accountType',
  Host: 'host',
  ApiUrl: 'apiUrl',
  Workspace: 'workspace',
  CommitsPageSize: 'commits.pageSize',
} as const;

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION);
}

/** A setting's value in the user's settings (or its default), never a workspace or folder value. */
function userSetting(key: string): string | undefined {
  const value = userValue(config().inspect<string>(key));
  return typeof value === 'string' ? value : undefined;
}

/** The address settings as the user set them, default values left out. */
function userAddressSettings(): UserAddressSettings {
  const set = (key: string): string | undefined => {
    const inspected = config().inspect<string>(key);
    return typeof inspected?.globalValue === 'string' ? inspected.globalValue : undefined;
  };
  return { apiUrl: set(Setting.ApiUrl), accountType: set(Setting.AccountType), host: set(Setting.Host) };
}

/** The address the user chose (or the environment beside its token, or the default), and where it came from. */
export function addressChoice(env: Readonly<Record<string, string | undefined>> = process.env): AddressChoice {
  return chooseAddress(userAddressSettings(), env);
}

/** A full API address, when the user's settings (or the environment beside its token) give one. */
export function getApiUrl(): string | undefined {
  const input = addressChoice().input;
  return 'apiUrl' in input ? input.apiUrl : undefined;
}

export function getAccountType(): AccountType {
  return accountTypeOf(userSetting(Setting.AccountType));
}

export function getHost(): string | undefined {
  return userSetting(Setting.Host)?.trim() || undefined;
}

export function getWorkspace(): string | undefined {
  return config().get<string>(Setting.Workspace)?.trim() || undefined;
}

export function getCommitsPageSize(): number {
  const n = Math.trunc(Number(config().get<number>(Setting.CommitsPageSize) ?? 20));
  return Number.isFinite(n) ? Math.min(100, Math.max(1, n)) : 20;
}

/** What the user's settings say about the API's address: apiUrl wins over account type and host. */
export function baseUrlInput(): BaseUrlInput {
  return addressChoice().input;
}

/** The base address the settings give; throws ConfigurationError when it is not acceptable. */
export function configuredBaseUrl(): string {
  return resolveBaseUrl(baseUrlInput());
}

/** Settings are saved for the user (Global), so every window and folder uses the same account. */
export async function saveSetting(key: string, value: unknown): Promise<void> {
  await config().update(key, value, vscode.ConfigurationTarget.Global);
}

/**
 * Writes the settings that give `input` (Switch Account): a full API address in apiUrl, else apiUrl
 * cleared and the account type (and host) set. Only what differs is written: each write is a
 * configuration change. The other account's account type and host stay for when apiUrl is cleared.
 */
export async function saveAddress(input: BaseUrlInput): Promise<void> {
  const user = userAddressSettings();
  const wanted: [string, string | undefined][] =
    'apiUrl' in input
      ? [[Setting.ApiUrl, input.apiUrl]]
      : [
          [Setting.ApiUrl, undefined],
          [Setting.AccountType, input.accountType],
          ...(input.accountType === 'self-hosted' ? [[Setting.Host, input.host] as [string, string]] : []),
        ];
  const now: Record<string, string | undefined> = { [Setting.ApiUrl]: user.apiUrl, [Setting.AccountType]: user.accountType, [Setting.Host]: user.host };
  for (const [key, value] of wanted) {
    if (now[key] !== value) {
      await saveSetting(key, value);
    }
  }
}

export function affectsAddress(e: vscode.ConfigurationChangeEvent): boolean {
  return [Setting.ApiUrl, Setting.AccountType, Setting.Host].some((k) => e.affectsConfiguration(`${SECTION}.${k}`));
}

export function affectsWorkspace(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration(`${SECTION}.${Setting.Workspace}`);
}

export async function openSettings(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openSettings', `@ext:workspace-automation.workspace-automation`);
}
