// The signed-in account: the token (in SecretStorage only, keyed by API address: a personal access
// token, or the access token of an OAuth token set, its one stored copy; or from the
// WORKSPACE_AUTOMATION_TOKEN environment variable, for an address the user chose), the client
// for it (from the ApiConnection given by connect(), which loads with the features), the chosen
// workspace, and the state the welcome views show. Nothing here sends a request by itself; signing
// in and choosing a workspace are the accounts feature's commands, which this runs by their ids.
import * as vscode from 'vscode';
import type { ApiClient } from '../api';
import { ApiDisabledError, ConfigurationError, NetworkError, TimeoutError } from '../api/errors';
import type { Session, SessionState, SignInArgs, SignInResult } from './sessionTypes';
import { resolveBaseUrl } from '../api/baseUrl';
import { ENV_TOKEN, envTokenApplies } from './address';
import { addressChoice, affectsAddress, affectsWorkspace, getWorkspace, saveAddress, saveSetting, Setting } from '../settings';
import { Command, ContextKey } from '../commandIds';
import type { ApiConnection } from './apiConnection';
import { accountLabel, AccountRegistry, type AccountRecord } from './accounts';
import { oauthTokenKey, scopesKey, tokenKey, TOKEN_SET_MARKER } from './storageKeys';

export { ENV_TOKEN };
export type { SessionState };
export { tokenKey };

export class AuthSession implements Session, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changeEmitter.event;
  private readonly stateEmitter = new vscode.EventEmitter<SessionState>();
  /** Fires when the welcome state changes (also for apiDisabled/unreachable learned from a load). */
  readonly onDidChangeState = this.stateEmitter.event;

  private _baseUrl: string | undefined;
  private _configError: ConfigurationError | undefined;
  /** The stored token, TOKEN_SET_MARKER for an OAuth sign-in. */
  private token: string | undefined;
  /** An OAuth sign-in's access token as its set held it at the last reading (the renewal's own copy is the one requests use). */
  private tokenOfSet: string | undefined;
  private _tokenSource: 'secretStorage' | 'environment' | undefined;
  /** The environment's token at Sign Out: not picked up again in this window (until it changes or a sign-in). */
  private refusedEnvToken: string | undefined;
  /** True while the environment holds a token that is not used: the address is not one the user chose for it. */
  private _envTokenIgnored = false;
  private _client: ApiClient | undefined;
  private clientBaseUrl: string | undefined;
  private _scopes: readonly string[] | undefined;
  private _state: SessionState = 'signedOut';
  /** apiDisabled or unreachable, learned from a load; cleared by retry() and every session change. */
  private problem: 'apiDisabled' | 'unreachable' | undefined;
  /** True once the server answered anything since the last change: "unreachable" no longer fits. */
  private answered = false;
  private loaded: Promise<void> | undefined;
  private reloading: Promise<void> = Promise.resolve();
  /** What the last onDidChange was about (address, token, workspace), to skip echoes. */
  private announced: string | undefined;
  private connection: ApiConnection | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** Every signed-in account (src/auth/accounts.ts); this session shows the one of the configured address. */
  readonly accounts: AccountRegistry;
  /** Switch Account's writes in progress: a workspace change waits for them (see showAccount). */
  private switching = 0;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.accounts = new AccountRegistry(context);
    this.disposables.push(
      this.accounts,
      this.changeEmitter,
      this.stateEmitter,
      context.secrets.onDidChange((e) => {
        // Another window signed in or out (SecretStorage is shared), or an OAuth access token was renewed: follow it.
        if (this._baseUrl && (e.key === tokenKey(this._baseUrl) || e.key === oauthTokenKey(this._baseUrl))) {
          void this.reload();
        }
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (affectsAddress(e)) {
          void this.reload();
        } else if (affectsWorkspace(e)) {
          // During Switch Account the address may not be written yet: read both once it is.
          if (this.switching > 0) {
            void this.reloading.then(() => this.announce(false));
          } else {
            this.announce(false);
          }
        }
      }),
    );
  }

  /**
   * Reads settings and the stored token (no request). Safe to call many times. Resolves once a
   * reload under way (a settings change just made) is read too: a sign-in then uses the address
   * the settings name now, not the one before.
   */
  ready(): Promise<void> {
    this.loaded ??= this.reload();
    return this.loaded.then(() => this.reloading);
  }

  /** True once the kernel gave the connection (with the OAuth renewal): the API code is loaded. */
  get connected(): boolean {
    return this.connection !== undefined;
  }

  /** A fresh access token of the OAuth account at `baseUrl` (renewed if due); undefined for a token account or before the connection. */
  renewedToken(baseUrl: string): Promise<string | undefined> {
    return this.connection ? this.connection.renewedToken(baseUrl) : Promise.resolve(undefined);
  }

  /** Where clients come from (the kernel gives it when the API code loads, with the features, made with the OAuth renewal); it tells of every answer. */
  connect(connection: ApiConnection): void {
    this.connection = connection;
    this.disposables.push(connection.onDidRequest((e) => e.status !== undefined && this.noteAnswer()));
  }

  get client(): ApiClient | undefined {
    if (!this.token || !this._baseUrl) {
      return undefined;
    }
    // Made on first use: a signed-out window never loads the client's code (dist/lazy.js).
    if (this._client === undefined || this.clientBaseUrl !== this._baseUrl) {
      const baseUrl = this._baseUrl;
      const tokenOfAddress = (): string | undefined => this.tokenFor(baseUrl);
      this._client = this.connection ? this.connection.accountClient(baseUrl, tokenOfAddress) : this.clientFor(baseUrl, tokenOfAddress);
      this.clientBaseUrl = this._baseUrl;
    }
    return this._client;
  }

  /**
   * The session's token while the session is at `baseUrl`, else nothing: a client kept by a flow,
   * a poll or a Retry after Switch Account (here or in another window) never sends the new
   * account's token to the old account's address. Its request is refused before it leaves.
   */
  private tokenFor(baseUrl: string): string | undefined {
    const token = this.token === TOKEN_SET_MARKER ? this.tokenOfSet : this.token;
    return this._baseUrl === baseUrl ? token : undefined;
  }
  /** A client for an address and token of the caller's choice: checks a token before it is stored. */
  clientFor(baseUrl: string, getToken: () => string | undefined): ApiClient {
    if (!this.connection) {
      throw new Error('No API connection yet: the kernel gives it (AuthSession.connect) when the features load.');
    }
    return this.connection.clientFor(baseUrl, getToken);
  }
  get workspace(): string | undefined {
    return getWorkspace();
  }
  get scopes(): readonly string[] | undefined {
    return this._scopes;
  }
  get baseUrl(): string | undefined {
    return this._baseUrl;
  }
  /** Why the settings give no usable address, when they do not. */
  get configError(): ConfigurationError | undefined {
    return this._configError;
  }
  get signedIn(): boolean {
    return this.token !== undefined;
  }
  get tokenSource(): 'secretStorage' | 'environment' | undefined {
    return this._tokenSource;
  }
  /** The environment holds a token, not used because the address is not the one chosen for it. */
  get envTokenIgnored(): boolean {
    return this._envTokenIgnored;
  }
  get state(): SessionState {
    return this._state;
  }

  /** Fires when an account is added, removed or renamed (accountLabel may change with it). */
  get onDidChangeAccounts(): vscode.Event<void> {
    return this.accounts.onDidChange;
  }

  /** Who and where the shown account is, when several accounts are signed in (the views' titles say it). */
  get accountLabel(): string | undefined {
    const accounts = this.accounts.list();
    if (accounts.length < 2 || !this._baseUrl || !this.token) {
      return undefined;
    }
    const baseUrl = this._baseUrl;
    return accountLabel(accounts.find((a) => a.baseUrl === baseUrl) ?? { baseUrl });
  }

  /**
   * Switch Account: the views show `account` with its workspace. Its address and workspace go to
   * the settings (which choose what every window shows) inside the reload queue, so no reload reads
   * them half written: the views never ask one account's address for another account's workspace.
   * The account shown until now keeps its workspace (and, per address and workspace, its project).
   */
  async showAccount(account: Pick<AccountRecord, 'address' | 'workspace'>): Promise<void> {
    if (this._baseUrl && this.token) {
      await this.accounts.remember(this._baseUrl, { workspace: getWorkspace() });
    }
    this.switching++;
    const next = this.reloading
      .then(async () => {
        await saveAddress(account.address);
        if (getWorkspace() !== account.workspace) {
          await saveSetting(Setting.Workspace, account.workspace);
        }
      })
      .then(() => this.readState(false))
      .finally(() => this.switching--);
    this.reloading = next.catch(() => undefined);
    return next;
  }

  /**
   * Re-reads settings, SecretStorage and the environment; tells listeners when the address, the
   * token or the workspace changed (always with `force`). Runs one at a time.
   */
  reload(force = false): Promise<void> {
    const next = this.reloading.then(() => this.readState(force));
    this.reloading = next.catch(() => undefined);
    return next;
  }

  private async readState(force: boolean): Promise<void> {
    const choice = addressChoice(this.env);
    let baseUrl: string | undefined;
    let configError: ConfigurationError | undefined;
    try {
      baseUrl = resolveBaseUrl(choice.input);
    } catch (e) {
      configError = e instanceof ConfigurationError ? e : new ConfigurationError(String(e));
    }
    let token: string | undefined;
    let source: 'secretStorage' | 'environment' | undefined;
    let tokenOfSet: string | undefined;
    if (baseUrl) {
      ({ token, tokenOfSet } = await this.accounts.storedCredential(baseUrl));
      source = token ? 'secretStorage' : undefined;
    }
    const envToken = this.env[ENV_TOKEN]?.trim();
    // The environment's token goes only to the address named beside it, or chosen in the user's settings.
    const envAllowed = !!envToken && envTokenApplies(choice, baseUrl, this.env);
    this._envTokenIgnored = !!envToken && !envAllowed;
    if (!token && envToken && envAllowed && envToken !== this.refusedEnvToken) {
      token = envToken;
      source = 'environment';
    }
    // The address and its token change together, after the token was read: a request made while
    // the secret was read goes to the old address with the old token, never to the new one with it.
    this._baseUrl = baseUrl;
    this._configError = configError;
    this.token = token;
    this.tokenOfSet = tokenOfSet;
    this._tokenSource = source;
    if (!this._baseUrl) {
      this._client = undefined;
      this.clientBaseUrl = undefined;
    }
    this._scopes = this._baseUrl && token ? this.context.globalState.get<string[]>(scopesKey(this._baseUrl)) : undefined;
    this.announce(force);
  }

  /**
   * Fires onDidChange (views reset and load again) only when what they show depends on changed:
   * one sign-in writes the secret and the workspace setting, and each echo must not cost a reload.
   */
  private announce(force: boolean): void {
    const signature = JSON.stringify([this._baseUrl ?? this._configError?.message, this.token, getWorkspace()]);
    if (!force && signature === this.announced) {
      this.updateState();
      return;
    }
    this.announced = signature;
    this.problem = undefined;
    this.answered = false;
    this.updateState();
    this.changeEmitter.fire();
  }

  /**
   * Stores a token that was checked with the server at `baseUrl` (the configured address by
   * default), with its scopes (not secret), then reloads.
   */
  async storeToken(token: string, scopes: readonly string[] | undefined, baseUrl = this._baseUrl): Promise<void> {
    if (!baseUrl) {
      throw this._configError ?? new ConfigurationError('No API address is configured.');
    }
    this.refusedEnvToken = undefined;
    await this.accounts.updateState(scopesKey(baseUrl), scopes ? [...scopes] : undefined);
    await this.context.secrets.store(tokenKey(baseUrl), token);
    await this.reload();
  }

  /**
   * The end of an OAuth sign-in at `baseUrl`, whose token set (with the access token's one stored
   * copy) is stored: the marker under the address's token key tells every window, then reloads.
   */
  useTokenSet(scopes: readonly string[] | undefined, baseUrl: string): Promise<void> {
    return this.storeToken(TOKEN_SET_MARKER, scopes, baseUrl);
  }

  /** Deletes the stored token; an environment token is ignored in this window until the next sign-in. */
  async signOut(): Promise<void> {
    // The address a settings change is being read for: its reload ends before the token is deleted.
    await this.reloading;
    this.refusedEnvToken = this.env[ENV_TOKEN]?.trim() || undefined;
    if (this._baseUrl) {
      await this.context.secrets.delete(tokenKey(this._baseUrl));
      await this.accounts.updateState(scopesKey(this._baseUrl), undefined);
    }
    this.client?.rateLimit.clear();
    await this.reload();
  }

  /** Called for every answer the client receives: the service is reachable. */
  noteAnswer(): void {
    this.answered = true;
  }

  /**
   * Offered the error of a view's first load. API disabled, or no answer at all before any answer
   * came, becomes the view-wide welcome state; returns true then (the view shows the welcome).
   */
  reportError(error: unknown): boolean {
    let problem: 'apiDisabled' | 'unreachable' | undefined;
    if (error instanceof ApiDisabledError) {
      problem = 'apiDisabled';
    } else if ((error instanceof NetworkError || error instanceof TimeoutError) && !this.answered) {
      problem = 'unreachable';
    }
    if (!problem) {
      return false;
    }
    if (this.problem !== problem) {
      this.problem = problem;
      this.updateState();
    }
    return true;
  }

  /** Forgets a learned apiDisabled/unreachable state, so the views load again. */
  retry(): void {
    this.problem = undefined;
    this.answered = false;
    this.updateState();
  }

  // The flows are the accounts feature's (src/features/accounts/): run by their command ids.
  async signIn(): Promise<boolean> {
    return (await vscode.commands.executeCommand<boolean>(Command.SignIn)) === true;
  }

  async signInWithToken(args: SignInArgs): Promise<SignInResult> {
    return (await vscode.commands.executeCommand<SignInResult>(Command.SignIn, args)) ?? { signedIn: false };
  }

  async selectWorkspace(name?: string): Promise<boolean> {
    return (await vscode.commands.executeCommand<boolean>(Command.SelectWorkspace, name)) === true;
  }

  async ensureReady(): Promise<{ client: ApiClient; workspace: string } | undefined> {
    await this.ready();
    if (!this.client) {
      if (!(await this.signIn()) || !this.client) {
        return undefined;
      }
    }
    if (!this.workspace) {
      if (!(await this.selectWorkspace()) || !this.workspace) {
        return undefined;
      }
    }
    const client = this.client;
    const workspace = this.workspace;
    return client && workspace ? { client, workspace } : undefined;
  }

  private updateState(): void {
    const state: SessionState = !this.token
      ? 'signedOut'
      : this._configError
        ? 'unreachable'
        : !this.workspace
          ? 'noWorkspace'
          : (this.problem ?? 'ready');
    const signedIn = this.token !== undefined;
    void vscode.commands.executeCommand('setContext', ContextKey.SignedIn, signedIn);
    if (state !== this._state) {
      this._state = state;
      this.stateEmitter.fire(state);
    }
    void vscode.commands.executeCommand('setContext', ContextKey.State, state);
  }

  dispose(): void {
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}
