// The extension's accounts in the editor's Accounts menu (an authentication provider with several
// accounts): one session per signed-in account, named by who and where it is. Sign Out there
// removes exactly that account (every secret of it deleted, an OAuth grant revoked); other extensions may ask for a session (the
// editor asks the user first). A session's token is the one stored for that account's address.
// The one file of a feature that activation loads (src/extension.ts registers it): the editor lists
// the accounts from its start, before any view or command loads the features.
import * as vscode from 'vscode';
import { accountLabel, type AccountRegistry } from '../../auth/accounts';
import type { AuthSession } from '../../auth/session';
import { addressChoice } from '../../settings';
import { Command } from '../../commandIds';

export const AUTH_PROVIDER_ID = 'workspace-automation';

export class AccountsAuthProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changeEmitter.event;
  /** The sessions last announced: one not among them is announced as added, one that differs as changed. */
  private announced = new Map<string, vscode.AuthenticationSession>();
  /** Sessions getSessions handed out since the last announcement: one gone by then is announced as removed. */
  private handedOut = new Map<string, vscode.AuthenticationSession>();
  private readonly disposables: vscode.Disposable[] = [];
  private announcing: Promise<void> = Promise.resolve();

  constructor(
    private readonly accounts: AccountRegistry,
    private readonly session: AuthSession,
    /** Loads the features, with them the OAuth renewal (src/auth/oauthTokens.ts): an OAuth account's token may need it. */
    private readonly startRenewal: () => void,
  ) {
    this.disposables.push(
      this.changeEmitter,
      accounts.onDidChange(() => void this.announce()),
      // A token stored another way (an earlier version, another window): the account is listed too.
      session.onDidChange(() => void this.noteCurrent()),
    );
    void session.ready().then(() => this.noteCurrent());
  }

  private async noteCurrent(): Promise<void> {
    const baseUrl = this.session.baseUrl;
    if (!baseUrl || !this.session.signedIn || this.session.tokenSource !== 'secretStorage') {
      return;
    }
    const kept = this.accounts.get(baseUrl);
    if (!kept) {
      // The sign-in notes its own record (who, how) meanwhile: this one only when none is there then.
      await this.accounts.noteIfMissing({ baseUrl, address: addressChoice().input, kind: 'token', workspace: this.session.workspace });
    } else if (this.session.workspace && kept.workspace !== this.session.workspace) {
      await this.accounts.remember(baseUrl, { workspace: this.session.workspace });
    }
  }

  async getSessions(_scopes: readonly string[] | undefined, options?: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession[]> {
    const sessions = await this.readSessions();
    // The editor may list these now: one removed later is announced as removed, though never
    // announced as added (else an account listed at a reload and then ended by a refused renewal
    // stayed in its menu). They do not count as announced: the editor reads sessions for other
    // reasons than its Accounts menu (which extensions use which account: read at a provider's
    // registration, and by every window about 2.5 s after it opened), and an account whose sign-in
    // ended during such a read must still be announced as added, or the menu never lists it.
    for (const s of sessions) {
      this.handedOut.set(s.id, s);
    }
    // An account removed while they were read (a refused renewal as the window opens) is announced now.
    void this.announce();
    // The service's scope names vary (2026 names, older ones): a session is never withheld for a name it does not list.
    return options?.account ? sessions.filter((s) => s.account.id === options.account?.id) : sessions;
  }

  private async readSessions(): Promise<vscode.AuthenticationSession[]> {
    const sessions: vscode.AuthenticationSession[] = [];
    for (const account of this.accounts.list()) {
      let token: string | undefined;
      if (account.kind === 'oauth' && !this.session.connected) {
        this.startRenewal();
      }
      try {
        // An OAuth account's token renewed first (a stored access token may have expired).
        token = (await this.session.renewedToken(account.baseUrl)) ?? (await this.accounts.storedToken(account.baseUrl));
      } catch {
        // Cannot be renewed: the account stays listed (so that it can be signed out) with its stored token.
        token = await this.accounts.storedToken(account.baseUrl);
      }
      // Signed out while its token was read (a refused renewal): an answer must not list it again.
      if (!token || !this.accounts.get(account.baseUrl)) {
        continue;
      }
      sessions.push({
        id: account.baseUrl,
        accessToken: token,
        account: { id: account.baseUrl, label: accountLabel(account) },
        scopes: this.accounts.scopes(account.baseUrl),
      });
    }
    return sessions;
  }

  /** Signs in (the Sign In flow, which asks where and how); the new account's session. */
  async createSession(): Promise<vscode.AuthenticationSession> {
    const signedIn = (await vscode.commands.executeCommand<boolean>(Command.SignIn)) === true;
    const baseUrl = this.session.baseUrl;
    const created = signedIn && baseUrl ? (await this.readSessions()).find((s) => s.id === baseUrl) : undefined;
    if (!created) {
      throw new Error(vscode.l10n.t('The sign-in was cancelled.'));
    }
    await this.announce();
    return created;
  }

  /** Sign Out in the Accounts menu: exactly this account goes, every secret of it, its OAuth grant taken back. */
  async removeSession(sessionId: string): Promise<void> {
    if (this.accounts.get(sessionId)?.kind === 'oauth') {
      // The revocation is the renewal's (it loads with the features).
      this.startRenewal();
    }
    await this.accounts.remove(sessionId, { revoke: true });
    if (sessionId === this.session.baseUrl) {
      // The account the views show: the session's own sign-out (its budget forgotten too).
      await this.session.signOut();
    }
    await this.announce();
  }

  /** Tells the editor what changed since the last announcement (one comparison at a time). */
  private announce(): Promise<void> {
    this.announcing = this.announcing.then(async () => {
      const now = new Map((await this.readSessions()).map((s) => [s.id, s]));
      // Announcing again what the editor knows is harmless (its menu updates an account by label); leaving out what it does not know is not.
      const added = [...now.values()].filter((s) => !this.announced.has(s.id));
      const removed = [...new Map([...this.handedOut, ...this.announced]).values()].filter((s) => !now.has(s.id));
      const changed = [...now.values()].filter((s) => {
        const before = this.announced.get(s.id);
        return before !== undefined && (before.accessToken !== s.accessToken || before.account.label !== s.account.label);
      });
      this.announced = now;
      this.handedOut = new Map();
      if (added.length || removed.length || changed.length) {
        this.changeEmitter.fire({ added, removed, changed });
      }
    });
    return this.announcing;
  }

  dispose(): void {
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}

/** Registers the provider (at activation: the Accounts menu lists the accounts before any view opens). */
export function registerAccountsProvider(provider: AccountsAuthProvider): vscode.Disposable {
  return vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, vscode.l10n.t('Workspace Automation'), provider, {
    supportsMultipleAccounts: true,
  });
}
