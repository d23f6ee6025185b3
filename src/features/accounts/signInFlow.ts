// Sign In: account type (unless apiUrl is set), host for self-hosted, then the token in a password
// box, checked with the server before anything is stored; then the workspace. The steps run on the
// step runner (ui/multiStepInput.ts), as every other multi-step flow does.
import * as vscode from 'vscode';
import {
  AccessDeniedError,
  CancelledError,
  ConfigurationError,
  personName,
  resolveBaseUrl,
  UnauthorizedError,
  type AccountType,
  MissingScopeError,
  type ApiClient,
  type Workspace,
} from '../../api';
import type { WorkspaceData } from '../../workspace/workspaceData';
import { describeError } from '../../ui/errorMessages';
import type { SignInArgs, SignInResult } from '../../auth/sessionTypes';
import type { AuthSession } from '../../auth/session';
import type { AccountRecord } from '../../auth/accounts';
import { addressChoice, getAccountType, getApiUrl, getHost, getWorkspace, openSettings, saveSetting, Setting } from '../../settings';
import { QuickInputPrompter, runSteps, type Prompter, type Step } from '../../ui/multiStepInput';
import { hostProblem } from './tokenPage';
import { accountTypeItems } from './accountTypeItems';
import type { TokenChecks } from './tokenExpiry';
import { selectWorkspace } from './workspacePicker';
import { showErrorMessage, showInformationMessage } from '../../ui/notify';

export type { SignInArgs, SignInResult };

export interface VerifiedToken {
  /** For the greeting; undefined when the user cannot be read (a token without USER_INFO). */
  userName: string | undefined;
  /** The token's scopes when GET /user/token could be read (it needs TOKEN_INFO): a hint only. */
  scopes: readonly string[] | undefined;
  /** GET /user/token's `expires_at` when it could be read (null: never expires). */
  expiresAt?: string | null;
  /** GET /workspaces's answer (its first page) when it could be read: the workspace pick starts from it. */
  workspaces?: readonly Workspace[];
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

function outcome<T>(p: Promise<T>): Promise<Outcome<T>> {
  return p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/**
 * Checks a token with the server. It is good when the server accepts it for something the
 * extension needs: the workspaces list, or failing that the user or the token's info. A 401
 * refuses it; a 403 (a token without WORKSPACE, USER_INFO or TOKEN_INFO) does not, as long as one
 * of the three answered; any other failure refuses it too. Throws the client's error.
 */
export async function verifyToken(client: ApiClient, signal?: AbortSignal): Promise<VerifiedToken> {
  const [workspaces, user, info] = await Promise.all([
    outcome(client.listWorkspaces({}, { signal })),
    outcome(client.getUser({ signal })),
    outcome(client.getTokenInfo({ signal })),
  ]);
  const failures = [workspaces, user, info].flatMap((o) => (o.ok ? [] : [o.error]));
  // A 403 only says the token lacks that one scope; anything else (a redirect, an unusable answer,
  // no answer) says the address or the token cannot be trusted with the others either.
  const refused =
    failures.find((e) => e instanceof UnauthorizedError) ??
    failures.find((e) => e instanceof CancelledError) ??
    failures.find((e) => !(e instanceof AccessDeniedError || e instanceof MissingScopeError));
  if (refused !== undefined) {
    throw refused;
  }
  if (!workspaces.ok && !user.ok && !info.ok) {
    throw workspaces.error;
  }
  const scopes = info.ok && Array.isArray(info.value.scopes) ? info.value.scopes : undefined;
  return {
    userName: user.ok ? personName(user.value) : undefined,
    scopes,
    expiresAt: info.ok ? info.value.expires_at : undefined,
    workspaces: workspaces.ok ? workspaces.value : undefined,
  };
}

/** Words for a refused token, with the server's reason. */
export function refusalMessage(error: unknown, baseUrl: string): string {
  if (error instanceof UnauthorizedError) {
    return vscode.l10n.t('The server refused this token: {0}', error.message);
  }
  return vscode.l10n.t('Could not check the token with {0}: {1}', baseUrl, describeError(error));
}

const TITLE = () => vscode.l10n.t('Workspace Automation: Sign In');

interface SignInAnswers {
  accountType: AccountType;
  host: string;
  /** Set by the token step, with the token once the server accepted it. */
  baseUrl?: string;
  token?: string;
  verified?: VerifiedToken;
}

/** Account type → host (self-hosted only) → token, the first two skipped when apiUrl is set. */
function signInSteps(session: AuthSession, apiUrl: string | undefined): Step<SignInAnswers>[] {
  return [
    {
      applies: () => !apiUrl,
      async run(ui, answers) {
        const items = accountTypeItems('api');
        const chosen = await ui.pick({
          placeholder: vscode.l10n.t('Where is your account?'),
          items,
          isActive: (i) => i.accountType === answers.accountType,
          ignoreFocusOut: true,
        });
        answers.accountType = chosen.accountType;
      },
    },
    {
      applies: (answers) => !apiUrl && answers.accountType === 'self-hosted',
      async run(ui, answers) {
        const value = await ui.input({
          prompt: vscode.l10n.t('Host name or IP address of your installation (the API is https://<host>/api)'),
          placeholder: 'ci.example.com',
          value: answers.host,
          validate: hostProblem,
        });
        answers.host = value.trim();
      },
    },
    {
      async run(ui, answers) {
        let address: string;
        try {
          const { accountType, host } = answers;
          address = resolveBaseUrl(apiUrl ? { apiUrl } : accountType === 'self-hosted' ? { accountType, host } : { accountType });
        } catch (e) {
          await showConfigurationError(e);
          return ui.cancel();
        }
        let verified: VerifiedToken | undefined;
        const value = await ui.input({
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
        Object.assign(answers, { baseUrl: address, token: value.trim(), verified });
      },
    },
  ];
}

/** What the sign-in flows change: the session (its token, its address), and the workspace's data (the workspaces the check listed). */
export interface SignInKernel {
  readonly session: AuthSession;
  readonly data: WorkspaceData;
  /** Told of each checked token (its expiry): the token sign-in's; the OAuth sign-in has none. */
  readonly tokenChecks?: TokenChecks;
}

/** The interactive flow; resolves true when a token was stored (and a workspace chosen if needed). */
export async function signInInteractive(kernel: SignInKernel, prompter: Prompter = new QuickInputPrompter()): Promise<boolean> {
  const { session } = kernel;
  // The address shown, once the session has read it: before, it is unknown, and a sign-in to the
  // shown address would be taken for one to another (whose workspace, not the shown one's, is kept).
  await session.ready();
  const apiUrl = getApiUrl();
  const shownAddress = session.baseUrl;
  const answers: SignInAnswers = { accountType: getAccountType(), host: getHost() ?? '' };
  if (!(await runSteps(prompter, TITLE(), signInSteps(session, apiUrl), answers))) {
    return false;
  }
  const { accountType, host, token, baseUrl, verified } = answers;
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
  if (baseUrl !== shownAddress) {
    // Another account than the one shown: its own workspace (kept from before, else asked), not the shown one's.
    const kept = session.accounts.get(baseUrl)?.workspace;
    if (getWorkspace() !== kept) {
      await saveSetting(Setting.Workspace, kept);
    }
  }
  return endSignIn(kernel, tokenAccount(kernel, token, verified, baseUrl), verified, { greet: true, prompter });
}

/** The greeting after a sign-in: with the user's name when it could be read, without otherwise. */
export function greeting(baseUrl: string, verified: VerifiedToken): string {
  return verified.userName
    ? vscode.l10n.t('Signed in to {0} as {1}.', baseUrl, verified.userName)
    : vscode.l10n.t('Signed in to {0}.', baseUrl);
}

/** What a sign-in ends with: the account and how its secrets are stored (endSignIn). */
export interface SignedInAccount {
  readonly record: AccountRecord;
  /** Stores the account's secrets (its access token last: the session then shows it). */
  readonly storeSecrets: () => Promise<void>;
}

/** A checked token's account: it replaces an OAuth sign-in of the same address (its token set and client secret go). */
function tokenAccount({ session, tokenChecks }: SignInKernel, token: string, verified: VerifiedToken, baseUrl: string): SignedInAccount {
  const replaced = session.accounts.get(baseUrl);
  return {
    record: { baseUrl, address: addressChoice().input, userName: verified.userName, kind: 'token', clientId: undefined, workspace: getWorkspace() },
    storeSecrets: async () => {
      // After the record says 'token': the renewal no longer reads the set it deletes.
      await session.accounts.forgetTokenSet(baseUrl, replaced?.clientId);
      await session.storeToken(token, verified.scopes, baseUrl);
      tokenChecks?.noteTokenChecked({ baseUrl, expiresAt: verified.expiresAt });
    },
  };
}

/**
 * The end of every sign-in (a token, OAuth), once its token was checked: the account recorded and
 * its secrets stored (the session is another then: the data forgets the old one's), the workspaces
 * the check listed given to the data (the workspace pick asks nothing again), the greeting, then
 * the workspace: the one given, else the one set, else asked. Resolves false when none was chosen.
 */
export async function endSignIn(
  { session, data }: SignInKernel,
  account: SignedInAccount,
  verified: VerifiedToken,
  options: { greet: boolean; workspace?: string; prompter?: Prompter },
): Promise<boolean> {
  await session.accounts.add(account.record, account.storeSecrets);
  if (verified.workspaces) {
    data.seedWorkspaces(verified.workspaces);
  }
  if (options.greet) {
    void showInformationMessage(greeting(account.record.baseUrl, verified));
  }
  if (options.workspace) {
    await saveSetting(Setting.Workspace, options.workspace);
    await session.reload();
    return true;
  }
  return getWorkspace() ? true : selectWorkspace(session, data, undefined, options.prompter);
}

/** The scripted form (`signIn` command with `{token}`): checks, stores, and picks the workspace. */
export async function signInWithToken(kernel: SignInKernel, args: SignInArgs): Promise<SignInResult> {
  const { session } = kernel;
  await session.ready();
  const baseUrl = session.baseUrl;
  if (!baseUrl) {
    void showConfigurationError(session.configError);
    return { signedIn: false, error: session.configError?.message ?? 'No API address is configured.' };
  }
  const token = String(args.token ?? '').trim();
  if (!token) {
    const error = vscode.l10n.t('Sign in needs a token.');
    void showErrorMessage(error);
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
    void showErrorMessage(error);
    return { signedIn: false, error };
  }
  await endSignIn(kernel, tokenAccount(kernel, token, verified, baseUrl), verified, { greet: false, workspace: args.workspace });
  return { signedIn: true, greeting: greeting(baseUrl, verified) };
}

export async function showConfigurationError(error: unknown): Promise<void> {
  const message =
    error instanceof ConfigurationError
      ? vscode.l10n.t('The API address in the settings is not usable: {0}', error.message)
      : vscode.l10n.t('No API address is configured.');
  const open = vscode.l10n.t('Open Settings');
  if ((await showErrorMessage(message, open)) === open) {
    await openSettings();
  }
}
