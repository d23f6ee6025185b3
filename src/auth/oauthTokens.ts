// Keeps the OAuth accounts' access tokens fresh in the editor: one RefreshCoordinator per address
// over the token set in SecretStorage (shared by the windows: re-read after secrets.onDidChange),
// renewed before expiry and once after a 401. A renewal that can no longer work (refused, or the
// token set gone: a sign-out cut short by a reload) ends that account in one "sign in again" (its
// secrets removed; its workspace setting and everything else stay), never a loop; while it is
// being signed out, no token of it is handed out. Sign Out takes the grant back at the service.
import * as vscode from 'vscode';
import { oauthEndpoints } from '../api/oauth';
import { SignInAgainError } from '../api/oauthErrors';
import { RefreshCoordinator } from '../api/oauthRefresh';
import { requestToken, revokeToken } from '../api/oauthToken';
import { TokenSet } from '../api/oauthTokenSet';
import { accountLabel, type AccountRegistry, type RevokedGrant } from './accounts';
import { oauthTokenKey } from './storageKeys';
import { lazyFetch, type TokenRenewal } from './apiConnection';
import { Command } from '../commandIds';
import { describeError } from '../ui/errorMessages';
import { showWarningMessage } from '../ui/notify';

type Secrets = Pick<vscode.SecretStorage, 'get' | 'store' | 'delete'>;

/** The OAuth token set of an address, when it has one that can be read (here, not in src/auth/accounts.ts: activation loads that one, and the set's reading is the client's code; its key: storageKeys.ts). */
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
  /** The sign-outs under way after a refusal: until one ends, no token of that address is handed out. */
  private readonly signingOut = new Map<string, Promise<void>>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly accounts: AccountRegistry,
  ) {
    accounts.revoker = (grant) => this.revoke(grant);
  }

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
            { tokenUrl: oauthEndpoints({ apiUrl: baseUrl }).tokenUrl, clientId, clientSecret: (await this.accounts.clientSecret(baseUrl, clientId)) || undefined, fetch: lazyFetch, now: Date.now },
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
    await this.signedOut(baseUrl);
    let token: string;
    try {
      token = await get();
    } catch (e) {
      if (e instanceof SignInAgainError) {
        // The first request to meet it ends the account; the others (those that waited on the
        // same renewal, those made meanwhile) fail once it is gone, so nothing lists it after.
        let ending = this.signingOut.get(baseUrl);
        if (!ending) {
          ending = this.signInAgain(baseUrl).finally(() => this.signingOut.delete(baseUrl));
          this.signingOut.set(baseUrl, ending);
        }
        await ending;
      }
      throw e;
    }
    // Ended meanwhile (another request's refusal): the token must not outlive its account.
    await this.signedOut(baseUrl);
    this.handedOut.set(baseUrl, token);
    return token;
  }

  /** Waits for a sign-out of this address under way, then refuses: its account is over. */
  private async signedOut(baseUrl: string): Promise<void> {
    const ending = this.signingOut.get(baseUrl);
    if (ending) {
      await ending;
      throw new SignInAgainError('signed-out', { alreadyReported: true });
    }
  }

  /**
   * Once per renewal that can no longer work: the account goes with every secret of it (whatever
   * the reason: a token set gone while the account is listed is a sign-out a reload cut short),
   * the user is told and offered a new sign-in.
   */
  private async signInAgain(baseUrl: string): Promise<void> {
    const account = this.accounts.get(baseUrl);
    // The coordinator stays until the account is gone: it refuses the same refresh token again
    // without a request, where a new one would send it once more.
    try {
      await this.accounts.remove(baseUrl);
    } finally {
      this.coordinators.get(baseUrl)?.dispose();
      this.coordinators.delete(baseUrl);
    }
    if (!account) {
      // Signed out already (another window, Sign Out): nothing to tell.
      return;
    }
    const again = vscode.l10n.t('Sign In with OAuth');
    // Not awaited: the request that learned it fails now, with the account signed out.
    void showWarningMessage(vscode.l10n.t('The sign-in to {0} has ended: sign in again to go on.', accountLabel(account)), again).then(async (choice) => {
      if (choice === again) {
        await vscode.commands.executeCommand(Command.SignInWithOAuth);
      }
    });
  }

  /** Sign Out: takes the grant back at the service (its reference's Revoke Token); tells the user when that failed. */
  private async revoke(grant: RevokedGrant): Promise<void> {
    const tokens = TokenSet.deserialize(grant.tokenSet);
    if (!tokens) {
      return;
    }
    try {
      await revokeToken({
        revokeUrl: oauthEndpoints({ apiUrl: grant.baseUrl }).revokeUrl,
        clientId: grant.clientId,
        token: tokens.refreshToken ?? tokens.accessToken,
        tokenTypeHint: tokens.refreshToken !== undefined ? 'refresh_token' : 'access_token',
        accessToken: tokens.accessToken,
        fetch: lazyFetch,
      });
    } catch (e) {
      void showWarningMessage(
        vscode.l10n.t('Signed out of {0}, but the service could not be told to revoke the sign-in: {1} Revoke the application\'s access in the service\'s web app.', grant.label, describeError(e)),
      );
    }
  }

  dispose(): void {
    for (const c of this.coordinators.values()) {
      c.dispose();
    }
  }
}
