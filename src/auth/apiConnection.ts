// How requests leave the extension: an API client per address and token, node-fetch loaded with
// the first request (dist/fetch.js, esbuild.js), one rate-limit budget per address (a server's
// headers never block another address's requests), a log line per request attempt (redacted), and
// an event for whoever else hears of requests (the session learns that the service answers, the
// walkthrough its milestones). It knows no session: the session asks it for clients (connect()).
import * as vscode from 'vscode';
import { ApiClient, RateLimitState, redact, type FetchLike, type RequestEvent } from '../api';
import { logRequest } from '../requestLog';
import { Emitter, type Event } from '../workspace/events';

/** node-fetch is loaded on the first request: it is dist/fetch.js (esbuild.js). */
export const lazyFetch: FetchLike = async (url, init) => {
  const { default: fetch } = await import('node-fetch');
  return fetch(url, init) as unknown as ReturnType<FetchLike>;
};

/** An OAuth account's side of its client: a fresh token, a renewal after a 401 (undefined: not an OAuth account). */
export interface TokenRenewal {
  accessToken(): Promise<string | undefined>;
  afterUnauthorized(rejected: string): Promise<string | undefined>;
  /** The last token handed out (redacted from the log too). */
  lastKnown(): string | undefined;
}

/** The OAuth accounts' renewal (src/auth/oauthTokens.ts), per address; nothing for an account signed in with a token. */
export interface AccountRenewal {
  forAddress(baseUrl: string): TokenRenewal;
  /** A fresh access token of the OAuth account at `baseUrl`; undefined for a token account. */
  accessToken(baseUrl: string): Promise<string | undefined>;
}

export class ApiConnection implements vscode.Disposable {
  private readonly rateLimits = new Map<string, RateLimitState>();
  private readonly requests = new Emitter<RequestEvent>();
  /** Every request attempt, after the log has it. */
  readonly onDidRequest: Event<RequestEvent> = this.requests.event;
  private readonly userAgent: string;

  /** `renewal`: the OAuth accounts' (given when the connection is made, as the kernel makes both). */
  constructor(
    private readonly log: vscode.LogOutputChannel,
    version: string,
    private readonly renewal?: AccountRenewal,
  ) {
    this.userAgent = `workspace-automation/${version} (vscode ${vscode.version})`;
  }

  /** The client of an account: its token read per request, renewed by the OAuth renewal when the account at `baseUrl` is an OAuth one. */
  accountClient(baseUrl: string, getToken: () => string | undefined): ApiClient {
    return this.clientFor(baseUrl, getToken, this.renewal?.forAddress(baseUrl));
  }

  /** A fresh access token of the OAuth account at `baseUrl` (the Accounts menu's sessions); undefined for a token account. */
  renewedToken(baseUrl: string): Promise<string | undefined> {
    return this.renewal ? this.renewal.accessToken(baseUrl) : Promise.resolve(undefined);
  }

  /** A client for one API address and a token of the caller's (a token checked before it is stored: no renewal); the token is read per request (never kept by the client). */
  clientFor(baseUrl: string, getToken: () => string | undefined, renewal?: TokenRenewal): ApiClient {
    const secrets = (): (string | undefined)[] => [getToken(), renewal?.lastKnown()];
    return new ApiClient({
      baseUrl,
      getToken: renewal ? async () => (await renewal.accessToken()) ?? getToken() : getToken,
      renewAfterUnauthorized: renewal
        ? async (rejected) => {
            this.log.info('A 401: renewing the OAuth access token once.');
            try {
              return await renewal.afterUnauthorized(rejected);
            } catch (e) {
              // The 401 stands; the log says why the renewal gave nothing (redacted).
              this.log.warn(redact(`The OAuth renewal after a 401 failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`, [...secrets(), rejected]));
              throw e;
            }
          }
        : undefined,
      fetch: lazyFetch,
      userAgent: this.userAgent,
      rateLimit: this.rateLimitFor(baseUrl),
      onRequest: (e) => {
        logRequest(this.log, e, secrets());
        this.requests.fire(e);
      },
      // The view shows an error row for it; the log keeps what the item was (redacted).
      onItemProblem: (p, request) => this.log.warn(redact(`${request.method} ${request.path}: left out ${p.message}; the item: ${p.excerpt}`, secrets())),
    });
  }

  /** Loads node-fetch (dist/fetch.js) now, for a request about to come: a returning user's first rows. */
  prepare(): void {
    void import('node-fetch');
  }

  /** The rate-limit state of one API address (each address has its own budget). */
  rateLimitFor(baseUrl: string): RateLimitState {
    let state = this.rateLimits.get(baseUrl);
    if (!state) {
      state = new RateLimitState();
      this.rateLimits.set(baseUrl, state);
    }
    return state;
  }

  dispose(): void {
    this.requests.dispose();
  }
}
