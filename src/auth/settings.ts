// The extension's settings (package.json `configuration`), read in one place.
import * as vscode from 'vscode';
import { resolveBaseUrl, type AccountType, type BaseUrlInput } from '../api/baseUrl';

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

export function getApiUrl(): string | undefined {
  return config().get<string>(Setting.ApiUrl)?.trim() || undefined;
}

export function getAccountType(): AccountType {
  const value = config().get<string>(Setting.AccountType);
  return value === 'eu' || value === 'self-hosted' ? value : 'us';
}

export function getHost(): string | undefined {
  return config().get<string>(Setting.Host)?.trim() || undefined;
}

export function getWorkspace(): string | undefined {
  return config().get<string>(Setting.Workspace)?.trim() || undefined;
}

export function getCommitsPageSize(): number {
  const n = Math.trunc(Number(config().get<number>(Setting.CommitsPageSize) ?? 20));
  return Number.isFinite(n) ? Math.min(100, Math.max(1, n)) : 20;
}

/** What the settings say about the API's address: apiUrl wins over account type and host. */
export function baseUrlInput(): BaseUrlInput {
  const apiUrl = getApiUrl();
  if (apiUrl) {
    return { apiUrl };
  }
  const accountType = getAccountType();
  return accountType === 'self-hosted' ? { accountType, host: getHost() ?? '' } : { accountType };
}

/** The base address the settings give; throws ConfigurationError when it is not acceptable. */
export function configuredBaseUrl(): string {
  return resolveBaseUrl(baseUrlInput());
}

/** Settings are saved for the user (Global), so every window and folder uses the same account. */
export async function saveSetting(key: string, value: unknown): Promise<void> {
  await config().update(key, value, vscode.ConfigurationTarget.Global);
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
