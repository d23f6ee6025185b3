// Wiring only: the session, the views, the commands, the log and the status bar. No request and
// no heavy work here: the client and fetch load when a view or command first needs them.
import * as vscode from 'vscode';
import { ApiClient, RateLimitState, type FetchLike } from './api';
import { AuthSession, selectWorkspace, signInInteractive } from './auth';
import { registerCommands } from './commands';
import { createLog, logRequest } from './log';
import type { Services } from './services';
import { RateLimitItem } from './statusBar/rateLimitItem';
import { SidebarViews } from './views';

/** What activate() returns: handles for the extension-host tests. */
export interface ExtensionApi {
  readonly services: Services;
  readonly session: AuthSession;
  readonly views: SidebarViews;
  readonly rateLimit: RateLimitState;
  readonly statusBar: RateLimitItem;
  /** Milliseconds spent inside activate() (reported by the benchmark, test/bench). */
  readonly activationMs: number;
}

/** node-fetch is loaded on the first request, not at activation. */
const lazyFetch: FetchLike = async (url, init) => {
  const { default: fetch } = await import('node-fetch');
  return fetch(url, init) as unknown as ReturnType<FetchLike>;
};

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const started = performance.now();
  const log = createLog();
  // One budget for the user, whichever client (address) is in use.
  const rateLimit = new RateLimitState();
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  const userAgent = `workspace-automation/${version} (vscode ${vscode.version})`;
  const session: AuthSession = new AuthSession(context, (baseUrl, getToken) =>
    new ApiClient({
      baseUrl,
      getToken,
      fetch: lazyFetch,
      userAgent,
      rateLimit,
      onRequest: (e) => {
        if (e.status !== undefined) {
          session.noteAnswer();
        }
        logRequest(log, e, [getToken()]);
      },
    }),
  );
  session.setPrompts({ signIn: () => signInInteractive(session), selectWorkspace: () => selectWorkspace(session) });
  const views = new SidebarViews();
  const services: Services = { context, session, views, log };
  const statusBar = new RateLimitItem(rateLimit);
  context.subscriptions.push(log, session, views, statusBar);
  views.create(services, session);
  context.subscriptions.push(...registerCommands(services));
  // Reads the settings and SecretStorage (no request) to set the welcome state.
  void session.ready();
  return { services, session, views, rateLimit, statusBar, activationMs: performance.now() - started };
}

export function deactivate(): void {}
