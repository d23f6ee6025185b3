// Keeps the OAuth accounts' access tokens fresh in the editor: one RefreshCoordinator per address
// over the token set in SecretStorage (shared by the windows: re-read after secrets.onDidChange),
// renewed before expiry and once after a 401. A refused renewal ends in one "sign in again" for
// that account (its secrets removed; its workspace setting and everything else stay), never a loop.
import * as vscode from 'vscode';
import { oauthEndpoints } from '../api/oauth';
import { SignInAgainError } from '../api/oauthErrors';
import { RefreshCoordinator } from '../api/oauthRefresh';
import { requestToken } from '../api/oauthToken';
import { TokenSet } from '../api/oauthTokenSet';
import { accountLabel, oauthTokenKey, type AccountRegistry } from './accounts';
import { lazyFetch, type TokenRenewal } from './apiConnection';
import { Command } from '../commandIds';
import { showWarningMessage } from '../ui/notify';

type Secrets = Pick<vscode.SecretStorage, 'get' | 'store' | 'delete'>;

/** The OAuth token set of an address, when it has one that can be read (here, not in src/auth/accounts.ts: activation loads that one, and the set's reading is the client's code). */
export async function readTokenSet(secrets: Secrets, baseUrl: string): Promise<TokenSet | undefined> {
  return TokenSet.deserialize(await secrets.get(oauthTokenKey(baseUrl)));
}

export async function storeTokenSet(secrets: Secrets, baseUrl: string, tokens: TokenSet): Promise<void> {
  await secrets.store(oauthTokenKey(baseUrl), tokens.serialize());
}

export class OAuthTokens implements vscode.Disposable {
  private readonly coordinators = new Map<string, RefreshCoordinator>();
  /** The client id each address's coordinator renews with. */
  private readonly coordinatorClients = new Map<string, string>();
  /** The last access token handed out per address (for redaction in the log). */
  private readonly handedOut = new Map<string, string>();
  /**
   * A refusal already told: the requests that waited on one renewal all get its error, and
   * requests made while the account is being signed out must not tell it again.
   */
  private readonly told = new WeakSet<SignInAgainError>();
  private readonly signingOut = new Set<string>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly accounts: AccountRegistry,
  ) {}

  private coordinator(baseUrl: string): RefreshCoordinator | undefined {
    const account = this.accounts.get(baseUrl);
    if (account?.kind !== 'oauth' || !account.clientId) {
      return undefined;
    }
    const clientId = account.clientId;
    let c = this.coordinators.get(baseUrl);
    // A new sign-in may use another application (client id): its coordinator must not renew with the old one.
    if (c && this.coordinatorClients.get(baseUrl) !== clientId) {
      c.dispose();
      c = undefined;
    }
    if (!c) {
      this.coordinatorClients.set(baseUrl, clientId);
      const key = oauthTokenKey(baseUrl);
      c = new RefreshCoordinator({
        store: {
          get: () => readTokenSet(this.context.secrets, baseUrl),
          set: async (tokens) => (tokens === undefined ? this.context.secrets.delete(oauthTokenKey(baseUrl)) : storeTokenSet(this.context.secrets, baseUrl, tokens)),
          onDidChange: (listener) => this.context.secrets.onDidChange((e) => e.key === key && listener()),
        },
        refresh: async (refreshToken) =>
          requestToken(
            { grantType: 'refresh_token', refreshToken },
            { tokenUrl: oauthEndpoints({ apiUrl: baseUrl }).tokenUrl, clientId, clientSecret: (await this.accounts.clientSecret(clientId)) || undefined, fetch: lazyFetch, now: Date.now },
          ),
        now: Date.now,
      });
      this.coordinators.set(baseUrl, c);
    }
    return c;
  }

  /** A fresh access token of an OAuth account; undefined for an account signed in with a token. */
  async accessToken(baseUrl: string): Promise<string | undefined> {
    const c = this.coordinator(baseUrl);
    return c ? this.handOut(baseUrl, () => c.accessToken()) : undefined;
  }

  async afterUnauthorized(baseUrl: string, rejected: string): Promise<string | undefined> {
    const c = this.coordinator(baseUrl);
    return c ? this.handOut(baseUrl, () => c.afterUnauthorized(rejected)) : undefined;
  }

  /** The connection's view of one address. */
  forAddress(baseUrl: string): TokenRenewal {
    return {
      accessToken: () => this.accessToken(baseUrl),
      afterUnauthorized: (rejected) => this.afterUnauthorized(baseUrl, rejected),
      lastKnown: () => this.handedOut.get(baseUrl),
    };
  }

  private async handOut(baseUrl: string, get: () => Promise<string>): Promise<string> {
    try {
      const token = await get();
      this.handedOut.set(baseUrl, token);
      return token;
    } catch (e) {
      if (e instanceof SignInAgainError && !e.alreadyReported && !this.told.has(e) && !this.signingOut.has(baseUrl)) {
        this.told.add(e);
        await this.signInAgain(baseUrl, e);
      }
      throw e;
    }
  }

  /** Once per refused renewal: the account's secrets go, the user is told and offered a new sign-in. */
  private async signInAgain(baseUrl: string, error: SignInAgainError): Promise<void> {
    const account = this.accounts.get(baseUrl);
    const label = account ? accountLabel(account) : baseUrl;
    // The coordinator stays until the account is gone: it refuses the same refresh token again
    // without a request, where a new one would send it once more.
    this.signingOut.add(baseUrl);
    try {
      if (error.reason === 'refused' || error.reason === 'refresh-expired' || error.reason === 'rejected-after-refresh') {
        await this.accounts.remove(baseUrl);
      }
    } finally {
      this.signingOut.delete(baseUrl);
      this.coordinators.get(baseUrl)?.dispose();
      this.coordinators.delete(baseUrl);
    }
    const again = vscode.l10n.t('Sign In with OAuth');
    // Not awaited: the request that learned it fails now, with the account signed out.
    void showWarningMessage(vscode.l10n.t('The sign-in to {0} has ended: sign in again to go on.', label), again).then(async (choice) => {
      if (choice === again) {
        await vscode.commands.executeCommand(Command.SignInWithOAuth);
      }
    });
  }

  dispose(): void {
    for (const c of this.coordinators.values()) {
      c.dispose();
    }
  }
}
