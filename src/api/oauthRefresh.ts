// Keeps one account's access token fresh, without the editor: the stored token set comes through
// an injected store (the editor's secret storage, shared by its windows). Renews before expiry and
// once after a 401; one renewal at a time in this process; re-reads the store first (another window
// may have renewed); stores a rotated refresh token before the new access token is used; a refused
// renewal ends in one SignInAgainError and is never tried again with the same refresh token.
import { UnauthorizedError } from './errors';
import { InvalidGrantError, SignInAgainError } from './oauthErrors';
import { DEFAULT_REFRESH_SKEW_MS, type TokenSet } from './oauthTokenSet';

/** Where one account's token set is kept; `set(undefined)` removes it. */
export interface TokenStore {
  get(): Promise<TokenSet | undefined>;
  set(tokens: TokenSet | undefined): Promise<void>;
  /** Fires when the stored set changes (in this window or another). */
  onDidChange(listener: () => void): { dispose(): void };
}

export interface RefreshCoordinatorOptions {
  store: TokenStore;
  /** One refresh_token grant (refreshWith() from oauthToken.ts). */
  refresh: (refreshToken: string) => Promise<TokenSet>;
  /** Epoch ms, the same clock the token sets were made with. */
  now: () => number;
  /** Renew this long before expiry (capped at half the lifetime). Default 60 s. */
  skewMs?: number;
}

export class RefreshCoordinator {
  private cached: TokenSet | undefined;
  private inFlight: Promise<TokenSet> | undefined;
  /** The access token a 401 made us renew into: a 401 with it again is not renewed again. */
  private renewedAfter401: string | undefined;
  /** The refresh token the service refused: never sent again (a new sign-in stores another). */
  private refusedRefreshToken: string | undefined;
  private readonly subscription: { dispose(): void };
  private readonly skewMs: number;

  constructor(private readonly opts: RefreshCoordinatorOptions) {
    this.skewMs = opts.skewMs ?? DEFAULT_REFRESH_SKEW_MS;
    // Another window (or a new sign-in) changed the set: read it again when next needed.
    this.subscription = opts.store.onDidChange(() => {
      this.cached = undefined;
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }

  /**
   * A usable access token: the stored one, or a renewed one when it is within the skew of its
   * expiry or a renewal is under way. A renewal that fails for a passing reason (network, timeout, server) while the token
   * has not expired yet leaves the current token in use; SignInAgainError when none can be had.
   */
  async accessToken(): Promise<string> {
    const current = await this.current();
    const now = this.opts.now();
    // A renewal under way (a 401 refused the current token, say) gives the token: never the one it replaces.
    if (!this.inFlight && !current.needsRefresh(now, this.skewMs)) {
      return current.accessToken;
    }
    try {
      return (await this.renew(current.accessToken, false)).accessToken;
    } catch (e) {
      if (!(e instanceof SignInAgainError) && !current.isExpired(this.opts.now())) {
        return current.accessToken;
      }
      throw e;
    }
  }

  /**
   * After the API answered 401 to `rejected`: a renewed token to retry with, once. A token that
   * was itself renewed after a 401 and is refused again ends in SignInAgainError, not in another
   * renewal.
   */
  async afterUnauthorized(rejected: string): Promise<string> {
    if (rejected === this.renewedAfter401) {
      throw new SignInAgainError('rejected-after-refresh');
    }
    const fresh = await this.renew(rejected, true);
    this.renewedAfter401 = fresh.accessToken;
    return fresh.accessToken;
  }

  private async current(): Promise<TokenSet> {
    this.cached ??= await this.opts.store.get();
    if (!this.cached) {
      throw new SignInAgainError('signed-out');
    }
    return this.cached;
  }

  /**
   * Single flight: callers that ask while a renewal runs get its result. A refusal is the caller's
   * that started the renewal to report: those that joined get it marked as already reported.
   */
  private renew(stale: string, forced: boolean): Promise<TokenSet> {
    if (this.inFlight) {
      return this.inFlight.catch((e: unknown) => {
        throw e instanceof SignInAgainError && !e.alreadyReported ? new SignInAgainError(e.reason, { alreadyReported: true, cause: e }) : e;
      });
    }
    const started = this.renewNow(stale, forced).finally(() => {
      this.inFlight = undefined;
    });
    this.inFlight = started;
    return started;
  }

  private async renewNow(stale: string, forced: boolean): Promise<TokenSet> {
    const now = this.opts.now();
    // Read again: another window may have renewed meanwhile; its newer, valid token is used as it is.
    const stored = await this.opts.store.get();
    this.cached = stored;
    if (!stored) {
      throw new SignInAgainError('signed-out');
    }
    if ((stored.accessToken !== stale || !forced) && !stored.needsRefresh(now, this.skewMs)) {
      return stored;
    }
    if (stored.refreshToken === undefined) {
      throw new SignInAgainError('no-refresh-token');
    }
    if (!stored.canRefresh(now)) {
      throw new SignInAgainError('refresh-expired');
    }
    if (stored.refreshToken === this.refusedRefreshToken) {
      throw new SignInAgainError('refused', { alreadyReported: true });
    }
    let fresh: TokenSet;
    try {
      fresh = await this.opts.refresh(stored.refreshToken);
    } catch (e) {
      if (e instanceof InvalidGrantError) {
        return this.refused(stored, e);
      }
      throw e;
    }
    const kept = fresh.keepingRefreshTokenOf(stored);
    // Stored before anyone uses the new access token: the old refresh token no longer works.
    await this.opts.store.set(kept);
    this.cached = kept;
    return kept;
  }

  /**
   * The service refused the refresh token: another window may have renewed with it first (its
   * newer set is then used); otherwise SignInAgainError, once. The stored set is left for the
   * editor to remove with the account: removing it here could remove what another window has
   * just stored (the store has no compare-and-set).
   */
  private async refused(used: TokenSet, cause: InvalidGrantError): Promise<TokenSet> {
    const again = await this.opts.store.get();
    this.cached = again;
    if (again && again.refreshToken !== used.refreshToken && !again.needsRefresh(this.opts.now(), this.skewMs)) {
      return again;
    }
    this.refusedRefreshToken = used.refreshToken;
    throw new SignInAgainError('refused', { cause });
  }
}

/**
 * Runs `call` with a fresh access token; on a 401 renews once (afterUnauthorized) and runs it once
 * more. Any other error, or a second 401, is the caller's.
 */
export async function withAccessToken<T>(coordinator: RefreshCoordinator, call: (accessToken: string) => Promise<T>): Promise<T> {
  const token = await coordinator.accessToken();
  try {
    return await call(token);
  } catch (e) {
    if (!(e instanceof UnauthorizedError) || e.status !== 401) {
      throw e;
    }
    return call(await coordinator.afterUnauthorized(token));
  }
}
