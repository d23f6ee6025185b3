// Sign In: account type (unless apiUrl is set), host for self-hosted, then the token in a password
// box, checked with GET /user and GET /user/token before anything is stored; then the workspace.
import * as vscode from 'vscode';
import { ConfigurationError, MissingScopeError, resolveBaseUrl, UnauthorizedError, type AccountType, type ApiClient } from '../api';
import { describeError } from '../ui/errorMessages';
import type { AuthSession } from './session';
import { getAccountType, getApiUrl, getHost, getWorkspace, openSettings, saveSetting, Setting } from './settings';
import { inputText, pickOne } from './quickInput';
import { selectWorkspace } from './workspacePicker';

/** Arguments of `workspaceAutomation.signIn` for scripts and tests: no prompt for the token. */
export interface SignInArgs {
  token: string;
  /** Workspace to choose (saved in the `workspace` setting); asked for when not given and none is set. */
  workspace?: string;
}

export interface VerifiedToken {
  userName: string | undefined;
  scopes: readonly string[];
}

/** Checks a token with the server: GET /user and GET /user/token. Throws the client's error. */
export async function verifyToken(client: ApiClient, signal?: AbortSignal): Promise<VerifiedToken> {
  const [user, info] = await Promise.all([
    // A token without USER_INFO is still a valid token: /user/token needs no scope.
    client.getUser({ signal }).catch((e: unknown) => {
      if (e instanceof MissingScopeError) {
        return undefined;
      }
      throw e;
    }),
    client.getTokenInfo({ signal }),
  ]);
  return { userName: user?.name, scopes: info.scopes };
}

/** Words for a refused token, with the server's reason. */
export function refusalMessage(error: unknown, baseUrl: string): string {
  if (error instanceof UnauthorizedError) {
    return vscode.l10n.t('The server refused this token: {0}', error.message);
  }
  return vscode.l10n.t('Could not check the token with {0}: {1}', baseUrl, describeError(error));
}

const TITLE = () => vscode.l10n.t('Workspace Automation: Sign In');

interface AccountItem extends vscode.QuickPickItem {
  accountType: AccountType;
}

/** The interactive flow; resolves true when a token was stored (and a workspace chosen if needed). */
export async function signInInteractive(session: AuthSession): Promise<boolean> {
  const apiUrl = getApiUrl();
  let accountType = getAccountType();
  let host = getHost() ?? '';
  let baseUrl: string | undefined;
  let verified: VerifiedToken | undefined;
  let token: string | undefined;

  type StepName = 'account' | 'host' | 'token';
  const steps = (): StepName[] =>
    apiUrl ? ['token'] : accountType === 'self-hosted' ? ['account', 'host', 'token'] : ['account', 'token'];
  let index = 0;
  while (index < steps().length) {
    const list = steps();
    const step = list[index];
    const position = { title: TITLE(), step: index + 1, totalSteps: list.length, canGoBack: index > 0 };
    if (step === 'account') {
      const items: AccountItem[] = [
        { accountType: 'us', label: vscode.l10n.t('US account'), detail: 'https://api.buddy.works' },
        { accountType: 'eu', label: vscode.l10n.t('EU account'), detail: 'https://api.eu.buddy.works' },
        { accountType: 'self-hosted', label: vscode.l10n.t('Self-hosted installation'), detail: 'https://<host>/api' },
      ];
      const chosen = await pickOne({
        ...position,
        placeholder: vscode.l10n.t('Where is your account?'),
        items,
        active: items.find((i) => i.accountType === accountType),
      });
      if (chosen === undefined) {
        return false;
      }
      if (chosen === 'back') {
        index--;
        continue;
      }
      accountType = chosen.accountType;
      index++;
      continue;
    }
    if (step === 'host') {
      const value = await inputText({
        ...position,
        prompt: vscode.l10n.t('Host name or IP address of your installation (the API is https://<host>/api)'),
        placeholder: 'ci.example.com',
        value: host,
        validate: (v) => {
          try {
            resolveBaseUrl({ accountType: 'self-hosted', host: v });
            return undefined;
          } catch (e) {
            return e instanceof Error ? e.message : String(e);
          }
        },
      });
      if (value === undefined) {
        return false;
      }
      if (value === 'back') {
        index--;
        continue;
      }
      host = value.trim();
      index++;
      continue;
    }
    try {
      baseUrl = resolveBaseUrl(apiUrl ? { apiUrl } : accountType === 'self-hosted' ? { accountType, host } : { accountType });
    } catch (e) {
      await showConfigurationError(e);
      return false;
    }
    const address = baseUrl;
    const value = await inputText({
      ...position,
      prompt: vscode.l10n.t('Paste a personal access token for {0}. It is kept in the editor\'s secret storage only.', address),
      placeholder: vscode.l10n.t('Access token'),
      password: true,
      validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter the token.')),
      accept: async (v, signal) => {
        const client = session.clientFor(address, () => v.trim());
        try {
          verified = await vscode.window.withProgress(
            { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Checking the token with {0}…', address) },
            () => verifyToken(client, signal),
          );
          return undefined;
        } catch (e) {
          return refusalMessage(e, address);
        }
      },
    });
    if (value === undefined) {
      return false;
    }
    if (value === 'back') {
      index--;
      continue;
    }
    token = value.trim();
    index++;
  }
  if (!token || !baseUrl || !verified) {
    return false;
  }
  if (!apiUrl) {
    // The address first, so the session reads the token from the key of the new address.
    if (accountType !== getAccountType()) {
      await saveSetting(Setting.AccountType, accountType);
    }
    if (accountType === 'self-hosted' && host !== getHost()) {
      await saveSetting(Setting.Host, host);
    }
  }
  await session.storeToken(token, verified.scopes, baseUrl);
  void vscode.window.showInformationMessage(
    verified.userName
      ? vscode.l10n.t('Signed in to {0} as {1}.', baseUrl, verified.userName)
      : vscode.l10n.t('Signed in to {0}.', baseUrl),
  );
  if (!getWorkspace()) {
    return selectWorkspace(session);
  }
  return true;
}

/** What the scripted form answers: whether it signed in, and the message shown when not. */
export interface SignInResult {
  signedIn: boolean;
  error?: string;
}

/** The scripted form (`signIn` command with `{token}`): checks, stores, and picks the workspace. */
export async function signInWithToken(session: AuthSession, args: SignInArgs): Promise<SignInResult> {
  await session.ready();
  const baseUrl = session.baseUrl;
  if (!baseUrl) {
    void showConfigurationError(session.configError);
    return { signedIn: false, error: session.configError?.message ?? 'No API address is configured.' };
  }
  const token = String(args.token ?? '').trim();
  if (!token) {
    const error = vscode.l10n.t('Sign in needs a token.');
    void vscode.window.showErrorMessage(error);
    return { signedIn: false, error };
  }
  let verified: VerifiedToken;
  try {
    verified = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Checking the token with {0}…', baseUrl) },
      () => verifyToken(session.clientFor(baseUrl, () => token)),
    );
  } catch (e) {
    const error = refusalMessage(e, baseUrl);
    void vscode.window.showErrorMessage(error);
    return { signedIn: false, error };
  }
  await session.storeToken(token, verified.scopes, baseUrl);
  if (args.workspace) {
    await saveSetting(Setting.Workspace, args.workspace);
    await session.reload();
  } else if (!getWorkspace()) {
    await selectWorkspace(session);
  }
  return { signedIn: true };
}

export async function showConfigurationError(error: unknown): Promise<void> {
  const message =
    error instanceof ConfigurationError
      ? vscode.l10n.t('The API address in the settings is not usable: {0}', error.message)
      : vscode.l10n.t('No API address is configured.');
  const open = vscode.l10n.t('Open Settings');
  if ((await vscode.window.showErrorMessage(message, open)) === open) {
    await openSettings();
  }
}
