// Wiring, like src/extension.ts: the parts made when dist/lazy.js loads (the first command, the
// first API client or the first view with rows), not at activation, because none of them has
// anything to do before then: a rate-limit budget comes with an answer, a token's expiry with a
// sign-in, a log line with a request. They are the API client factory with one rate-limit budget
// per address, the rate-limit status-bar item, and the token expiry watcher.
import * as vscode from 'vscode';
import { ApiClient, RateLimitState, redact, type FetchLike, type RequestEvent } from './api';
import type { AuthSession } from './auth/session';
import { TokenExpiryWatcher } from './auth/tokenExpiryWatcher';
import { logRequest } from './requestLog';
import { RateLimitItem } from './features/rateLimit/rateLimitItem';
import { WorkspaceData } from './workspace/workspaceData';

/** What extension.ts gives: the session, the log, and who else hears of each request. */
export interface LoadedPartsNeeds {
  readonly context: vscode.ExtensionContext;
  readonly session: AuthSession;
  readonly log: vscode.LogOutputChannel;
  /** Every request attempt, after the log has it (the walkthrough's milestones). */
  readonly onRequest: (e: RequestEvent) => void;
}

export interface LoadedParts extends vscode.Disposable {
  /** The session's client factory: a client for one API address, the token read per request. */
  createClient(baseUrl: string, getToken: () => string | undefined): ApiClient;
  /** The rate-limit state of one API address (each address has its own budget). */
  rateLimitFor(baseUrl: string): RateLimitState;
  readonly statusBar: RateLimitItem;
  readonly tokenExpiry: TokenExpiryWatcher;
  /** The workspace's data: what views, pickers and commands read. */
  readonly data: WorkspaceData;
}

/** node-fetch is loaded on the first request: it is dist/fetch.js (esbuild.js). */
const lazyFetch: FetchLike = async (url, init) => {
  const { default: fetch } = await import('node-fetch');
  return fetch(url, init) as unknown as ReturnType<FetchLike>;
};

export function createLoadedParts({ context, session, log, onRequest }: LoadedPartsNeeds): LoadedParts {
  // One budget per API address: a server's headers never block another address's requests.
  const rateLimits = new Map<string, RateLimitState>();
  const rateLimitFor = (baseUrl: string): RateLimitState => {
    let state = rateLimits.get(baseUrl);
    if (!state) {
      state = new RateLimitState();
      rateLimits.set(baseUrl, state);
    }
    return state;
  };
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const userAgent = `workspace-automation/${version} (vscode ${vscode.version})`;
  const statusBar = new RateLimitItem(log);
  const followAddress = (): void => statusBar.follow(session.baseUrl ? rateLimitFor(session.baseUrl) : undefined);
  followAddress();
  const tokenExpiry = new TokenExpiryWatcher(context.globalState, session);
  const data = new WorkspaceData(session);
  const subscription = session.onDidChange(followAddress);
  return {
    createClient: (baseUrl, getToken) =>
      new ApiClient({
        baseUrl,
        getToken,
        fetch: lazyFetch,
        userAgent,
        rateLimit: rateLimitFor(baseUrl),
        onRequest: (e) => {
          if (e.status !== undefined) {
            session.noteAnswer();
          }
          logRequest(log, e, [getToken()]);
          onRequest(e);
        },
        // The view shows an error row for it; the log keeps what the item was (redacted).
        onItemProblem: (p, request) => log.warn(redact(`${request.method} ${request.path}: left out ${p.message}; the item: ${p.excerpt}`, [getToken()])),
      }),
    rateLimitFor,
    statusBar,
    tokenExpiry,
    data,
    dispose: () => {
      data.dispose();
      subscription.dispose();
      statusBar.dispose();
      tokenExpiry.dispose();
    },
  };
}
