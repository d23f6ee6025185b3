// Wiring only: the session, the views, the commands, the log and the status bar. No request and
// no heavy work here: activation loads what the signed-out welcome needs (dist/extension.js); the
// commands, the prompts, the API client and the views' providers load on first use (dist/lazy.js,
// src/lazyLoad.ts), and node-fetch with the first request (dist/fetch.js; see esbuild.js).
import * as vscode from 'vscode';
import { RateLimitState, redact, type FetchLike } from './api';
import { AuthSession } from './auth';
import { TokenExpiryWatcher } from './auth/tokenExpiryWatcher';
import { lazy, registerCommandsOnFirstUse } from './lazyLoad';
import { createLog, logRequest } from './log';
import type { Services } from './services';
import { RateLimitItem } from './statusBar/rateLimitItem';
import { SidebarViews } from './views';
import { WalkthroughProgress } from './walkthrough/progress';

/** What activate() returns: handles for the extension-host tests. */
export interface ExtensionApi {
  readonly services: Services;
  readonly session: AuthSession;
  readonly views: SidebarViews;
  /** The rate-limit state of the address in use (each address has its own). */
  readonly rateLimit: RateLimitState;
  /** The rate-limit state of one API address. */
  rateLimitFor(baseUrl: string): RateLimitState;
  readonly statusBar: RateLimitItem;
  readonly tokenExpiry: TokenExpiryWatcher;
  readonly walkthrough: WalkthroughProgress;
  /** Milliseconds spent inside activate() (reported by the benchmark, test/bench). */
  readonly activationMs: number;
}

/** node-fetch is loaded on the first request, not at activation: it is dist/fetch.js (esbuild.js). */
const lazyFetch: FetchLike = async (url, init) => {
  const { default: fetch } = await import('node-fetch');
  return fetch(url, init) as unknown as ReturnType<FetchLike>;
};

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const started = performance.now();
  const log = createLog();
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
  const walkthrough = new WalkthroughProgress();
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const userAgent = `workspace-automation/${version} (vscode ${vscode.version})`;
  const session: AuthSession = new AuthSession(context, (baseUrl, getToken) =>
    new (lazy().ApiClient)({
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
        walkthrough.noteRequest(e);
      },
      // The view shows an error row for it; the log keeps what the item was (redacted).
      onItemProblem: (p, request) => log.warn(redact(`${request.method} ${request.path}: left out ${p.message}; the item: ${p.excerpt}`, [getToken()])),
    }),
  );
  session.setPrompts({
    signIn: () => lazy().signInInteractive(session),
    signInWithToken: (args) => lazy().signInWithToken(session, args),
    selectWorkspace: (name) => lazy().selectWorkspace(session, name),
  });
  // The views' rows come with their commands (the row commands have no stand-in).
  const views = new SidebarViews((...args) => {
    const providers = lazy().createViewProviders(...args);
    commands.loadReal();
    return providers;
  });
  const services: Services = { context, session, views, log };
  const statusBar = new RateLimitItem(log);
  const followAddress = (): void => statusBar.follow(session.baseUrl ? rateLimitFor(session.baseUrl) : undefined);
  const tokenExpiry = new TokenExpiryWatcher(context.globalState, session);
  context.subscriptions.push(
    log,
    session,
    views,
    statusBar,
    tokenExpiry,
    walkthrough,
    session.onDidChange(followAddress),
    session.onDidChangeState((state) => state === 'signedOut' && walkthrough.reset()),
  );
  const commands = registerCommandsOnFirstUse(services);
  context.subscriptions.push(commands);
  views.create(services);
  // Reads the settings and SecretStorage (no request) to set the welcome state.
  void session.ready();
  return {
    services,
    session,
    views,
    get rateLimit() {
      return rateLimitFor(session.baseUrl ?? '');
    },
    rateLimitFor,
    statusBar,
    tokenExpiry,
    walkthrough,
    activationMs: performance.now() - started,
  };
}

export function deactivate(): void {}
