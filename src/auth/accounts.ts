// The accounts the user signed in to, one per API address: who (the user's name, when it could be
// read), where (US, EU, a self-hosted host, or the address), how (a personal access token or
// OAuth 2.0), and the workspace and project last shown for it. The list (no secret) is in the
// global state; the tokens stay in SecretStorage, keyed by the account's address: a token is
// never read for another address. A secret deleted anywhere (another window, the Accounts menu)
// removes the account here too.
import * as vscode from 'vscode';
import type { BaseUrlInput } from '../api/baseUrl';
import { locationNameAt } from './locations';
import { ACCOUNTS_KEY, clientSecretKey, oauthTokenKey, scopesKey, storedAccessToken, tokenKey, TOKEN_KEY_PREFIX, TOKEN_SET_MARKER } from './storageKeys';

/** More accounts than anyone uses: the stored list is bounded. */
const MAX_ACCOUNTS = 50;

/** What an OAuth account's sign-out hands the service's revocation (read before its secrets go). */
export interface RevokedGrant {
  baseUrl: string;
  /** The account's name, for a message. */
  label: string;
  clientId: string;
  /** The stored token set, serialized (src/api/oauthTokenSet.ts). */
  tokenSet: string;
}

export interface AccountRecord {
  /** The API address: the account's identity (one account per address). */
  baseUrl: string;
  /** The settings that give this address (written back by Switch Account). */
  address: BaseUrlInput;
  userName?: string;
  kind: 'token' | 'oauth';
  /** The OAuth application signed in with at this address (its secret, if any, is in SecretStorage under this address and id). */
  clientId?: string;
  /** The workspace and project last shown for this account. */
  workspace?: string;
  project?: string;
}

/** Where an account is, in words: US, EU, Asia, the host of a self-hosted installation, or the address. */
export function accountWhere(baseUrl: string): string {
  const location = locationNameAt(baseUrl);
  if (location) {
    return location;
  }
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'https:' && url.pathname === '/api' ? url.host : baseUrl;
  } catch {
    return baseUrl;
  }
}

/** The account's name in the Accounts menu and the pickers: "Alice Admin (EU)". */
export function accountLabel(account: Pick<AccountRecord, 'baseUrl' | 'userName'>): string {
  const where = accountWhere(account.baseUrl);
  return account.userName ? `${account.userName} (${where})` : where;
}

function isRecord(value: unknown): value is AccountRecord {
  const r = value as AccountRecord | undefined;
  return typeof r === 'object' && r !== null && typeof r.baseUrl === 'string' && typeof r.address === 'object' && r.address !== null && (r.kind === 'token' || r.kind === 'oauth');
}

export class AccountRegistry implements vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** An account added, removed or changed (its name, its workspace). */
  readonly onDidChange = this.changeEmitter.event;
  private readonly subscription: vscode.Disposable;
  /** The global state's writes, in turn (stateTurn). */
  private stateWrites: Promise<void> = Promise.resolve();
  /** The sign-ins' ends and the token deletions heard, in turn (oneAtATime). */
  private turns: Promise<void> = Promise.resolve();
  /** Addresses being removed here: their deletions are not news to the listener below. */
  private readonly removing = new Set<string>();
  /**
   * Addresses a sign-in is adding (its record is written before its token): a deletion heard
   * meanwhile is an earlier sign-out's, whose event came late, and must not remove the new account.
   */
  private readonly adding = new Set<string>();
  /**
   * Takes an OAuth grant back at its service after the account's secrets are deleted (set by the
   * OAuth renewal, src/auth/oauthTokens.ts, which loads with the features; it tells the user
   * when the service could not be told).
   */
  revoker: ((grant: RevokedGrant) => Promise<void>) | undefined;

  constructor(private readonly context: Pick<vscode.ExtensionContext, 'globalState' | 'secrets'>) {
    this.subscription = context.secrets.onDidChange((e) => {
      if (!e.key.startsWith(TOKEN_KEY_PREFIX)) {
        return;
      }
      const baseUrl = e.key.slice(TOKEN_KEY_PREFIX.length);
      if (this.removing.has(baseUrl) || this.adding.has(baseUrl)) {
        return;
      }
      // One at a time with the sign-ins: a deletion read before a sign-in of the same address
      // began is acted on before it (else its removal, ending after, took the new account's
      // record and token), and one heard after it finds the new token.
      void this.oneAtATime(async () => {
        if (this.removing.has(baseUrl)) {
          return;
        }
        if (this.get(baseUrl) && !(await context.secrets.get(e.key))) {
          // The whole account: its token set and client secret too, never left behind unlisted.
          await this.remove(baseUrl);
        } else {
          this.changeEmitter.fire();
        }
      });
    });
  }

  list(): AccountRecord[] {
    const stored = this.context.globalState.get<unknown[]>(ACCOUNTS_KEY);
    return Array.isArray(stored) ? stored.filter(isRecord).slice(0, MAX_ACCOUNTS) : [];
  }

  get(baseUrl: string): AccountRecord | undefined {
    return this.list().find((a) => a.baseUrl === baseUrl);
  }

  /**
   * Changes the stored list in the global state's turn (stateTurn): each change reads the list the
   * write before left (a sign-in's record and the provider's note of the same account must not
   * overwrite each other).
   */
  private change(edit: (list: AccountRecord[]) => AccountRecord[] | undefined): Promise<void> {
    return this.stateTurn(async () => {
      const edited = edit(this.list());
      if (edited) {
        await this.context.globalState.update(ACCOUNTS_KEY, edited.slice(-MAX_ACCOUNTS));
        this.changeEmitter.fire();
      }
    });
  }

  /** Writes one key of the global state in its turn (stateTurn): the scopes, the token expiry. */
  updateState(key: string, value: unknown): Promise<void> {
    return this.stateTurn(() => Promise.resolve(this.context.globalState.update(key, value)));
  }

  /**
   * Every write of the extension's global state in this window (the accounts, the scopes, the
   * token expiry), one after the other. The editor keeps the global state as one object, sends
   * the whole of it with each write and echoes it back: a write made while an earlier one's echo
   * is on its way is applied to the older object, and sends that back, losing what was written in
   * between (seen: a new account's record gone, noted again without its name). A write begins
   * once the one before has been answered, whose echo then has come.
   */
  private stateTurn(work: () => Promise<void>): Promise<void> {
    const next = this.stateWrites.then(work);
    this.stateWrites = next.catch(() => undefined);
    return next;
  }

  /** Adds the account or updates it (what is given replaces what was kept). */
  note(account: AccountRecord): Promise<void> {
    return this.change((list) => [...list.filter((a) => a.baseUrl !== account.baseUrl), { ...list.find((a) => a.baseUrl === account.baseUrl), ...account }]);
  }

  /**
   * A sign-in's end: the account (who, how) noted first, so the Accounts menu shows it by name, not
   * by address; then `storeSecrets` (its token). A late event of an earlier deletion of this
   * address's token, heard in between, removes nothing.
   */
  add(account: AccountRecord, storeSecrets: () => Promise<void>): Promise<void> {
    return this.oneAtATime(async () => {
      this.adding.add(account.baseUrl);
      try {
        await this.note(account);
        await storeSecrets();
      } finally {
        this.adding.delete(account.baseUrl);
        // Its token is there now (the listener above let the change pass): the Accounts menu lists it.
        this.changeEmitter.fire();
      }
    });
  }

  /** Runs the sign-ins' ends and the deletions heard, one after the other (a failure ends only its own). */
  private oneAtATime(work: () => Promise<void>): Promise<void> {
    const next = this.turns.then(work);
    this.turns = next.catch(() => undefined);
    return next;
  }

  /** Adds the account when it is not listed yet (a token stored by an earlier version or another way). */
  noteIfMissing(account: AccountRecord): Promise<void> {
    return this.change((list) => (list.some((a) => a.baseUrl === account.baseUrl) ? undefined : [...list, account]));
  }

  /** Remembers what this account showed last (its workspace, its project). */
  remember(baseUrl: string, shown: { workspace?: string; project?: string }): Promise<void> {
    return this.change((list) => {
      const kept = list.find((a) => a.baseUrl === baseUrl);
      if (!kept || (kept.workspace === shown.workspace && kept.project === (shown.project ?? kept.project))) {
        return undefined;
      }
      return [...list.filter((a) => a.baseUrl !== baseUrl), { ...kept, ...shown }];
    });
  }

  /**
   * Signs out of one account: every secret of it deleted (the OAuth token set first, with the
   * refresh token; the client secret; the access token), its scopes and its entry forgotten. With
   * `revoke` (Sign Out), an OAuth grant is then taken back at the service (the account is gone
   * whether or not that works).
   */
  async remove(baseUrl: string, opts: { revoke?: boolean } = {}): Promise<void> {
    // Read first: deleting the access token would otherwise make the listener above remove the entry.
    const account = this.get(baseUrl);
    const clientId = account?.clientId;
    this.removing.add(baseUrl);
    let tokenSet: string | undefined;
    try {
      tokenSet = opts.revoke && clientId ? await this.context.secrets.get(oauthTokenKey(baseUrl)) : undefined;
      await this.context.secrets.delete(oauthTokenKey(baseUrl));
      if (clientId) {
        await this.context.secrets.delete(clientSecretKey(baseUrl, clientId));
      }
      await this.context.secrets.delete(tokenKey(baseUrl));
      await this.forgetRecord(baseUrl);
    } finally {
      this.removing.delete(baseUrl);
    }
    if (account && tokenSet && clientId && this.revoker) {
      await this.revoker({ baseUrl, label: accountLabel(account), clientId, tokenSet });
    }
  }

  private async forgetRecord(baseUrl: string): Promise<void> {
    await this.updateState(scopesKey(baseUrl), undefined);
    // Fired even when it was not listed: the provider compares its sessions again.
    await this.change((list) => list.filter((a) => a.baseUrl !== baseUrl));
  }

  /**
   * What is stored for an address: its personal access token, or TOKEN_SET_MARKER with the OAuth
   * token set's access token as last stored (src/auth/oauthTokens.ts renews it; the set is read
   * only then). An earlier version's copy of an OAuth access token under `token:` (stale since its
   * first renewal) gives way to the marker here.
   */
  async storedCredential(baseUrl: string): Promise<{ token?: string; tokenOfSet?: string }> {
    let token = (await this.context.secrets.get(tokenKey(baseUrl))) || undefined;
    if (!token || (token !== TOKEN_SET_MARKER && this.get(baseUrl)?.kind !== 'oauth')) {
      return { token };
    }
    const tokenOfSet = storedAccessToken(await this.context.secrets.get(oauthTokenKey(baseUrl)));
    if (token !== TOKEN_SET_MARKER && tokenOfSet) {
      await this.context.secrets.store(tokenKey(baseUrl), TOKEN_SET_MARKER);
      token = TOKEN_SET_MARKER;
    }
    return { token, tokenOfSet: token === TOKEN_SET_MARKER ? tokenOfSet : undefined };
  }

  /** The token stored for an account's address: its personal access token, or its OAuth token set's access token. */
  async storedToken(baseUrl: string): Promise<string | undefined> {
    const { token, tokenOfSet } = await this.storedCredential(baseUrl);
    return token === TOKEN_SET_MARKER ? tokenOfSet : token;
  }

  scopes(baseUrl: string): readonly string[] {
    const scopes = this.context.globalState.get<unknown>(scopesKey(baseUrl));
    return Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [];
  }

  /** A token sign-in replaces an OAuth one of the same address: its token set and client secret go. */
  async forgetTokenSet(baseUrl: string, clientId: string | undefined): Promise<void> {
    await this.context.secrets.delete(oauthTokenKey(baseUrl));
    if (clientId) {
      await this.context.secrets.delete(clientSecretKey(baseUrl, clientId));
    }
  }

  /** The client secret stored for an application at this address: '' when it has none, undefined when never given here. */
  clientSecret(baseUrl: string, clientId: string): Thenable<string | undefined> {
    return this.context.secrets.get(clientSecretKey(baseUrl, clientId));
  }

  async storeClientSecret(baseUrl: string, clientId: string, secret: string): Promise<void> {
    await this.context.secrets.store(clientSecretKey(baseUrl, clientId), secret);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changeEmitter.dispose();
  }
}
