// Wiring only: the session, the views, the commands and the log. No request and no heavy work
// here: activation loads what the signed-out welcome needs (dist/extension.js); the commands, the
// prompts, the API client, the views' providers, the rate-limit item and the expiry watcher load on
// first use (dist/lazy.js, src/lazyLoad.ts, src/loadedParts.ts), and node-fetch with the first
// request (dist/fetch.js; see esbuild.js).
import * as vscode from 'vscode';
import type { RateLimitState } from './api';
import { AuthSession } from './auth';
import type { TokenExpiryWatcher } from './auth/tokenExpiryWatcher';
import { Command } from './commandIds';
import type { LoadedParts } from './loadedParts';
import { lazy, registerCommandsOnFirstUse, whenLazyLoaded } from './lazyLoad';
import { createLog } from './log';
import type { Services } from './services';
import type { RateLimitItem } from './features/rateLimit/rateLimitItem';
import { SidebarViews } from './views';
import { WalkthroughProgress } from './features/walkthrough/progress';

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

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const started = performance.now();
  const log = createLog();
  const walkthrough = new WalkthroughProgress();
  // The client factory, the rate-limit item and the expiry watcher come with dist/lazy.js
  // (src/loadedParts.ts): made by the first command, client or view, before any request.
  let loadedParts: LoadedParts | undefined;
  const parts = (): LoadedParts => {
    lazy();
    return loadedParts!;
  };
  const session: AuthSession = new AuthSession(context, (baseUrl, getToken) => parts().createClient(baseUrl, getToken));
  whenLazyLoaded((module) => {
    loadedParts = module.createLoadedParts({ context, session, log, onRequest: (e) => walkthrough.noteRequest(e) });
    context.subscriptions.push(loadedParts);
  });
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
  const services: Services = {
    context,
    session,
    get data() {
      return parts().data;
    },
    views,
    log,
  };
  context.subscriptions.push(
    log,
    session,
    views,
    walkthrough,
    session.onDidChangeState((state) => state === 'signedOut' && walkthrough.reset()),
    vscode.commands.registerCommand(Command.ShowRateLimit, () => parts().statusBar.showDetails()),
  );
  const commands = registerCommandsOnFirstUse(services, new Set([Command.ShowRateLimit, Command.OpenWalkthrough]));
  context.subscriptions.push(commands);
  views.create(services);
  // Reads the settings and SecretStorage (no request) to set the welcome state. Signed in, the
  // token's expiry is checked (the watcher comes with dist/lazy.js, which the views load anyway
  // once a workspace is chosen).
  void session.ready().then(() => session.signedIn && lazy());
  return {
    services,
    session,
    views,
    get rateLimit() {
      return parts().rateLimitFor(session.baseUrl ?? '');
    },
    rateLimitFor: (baseUrl) => parts().rateLimitFor(baseUrl),
    get statusBar() {
      return parts().statusBar;
    },
    get tokenExpiry() {
      return parts().tokenExpiry;
    },
    walkthrough,
    activationMs: performance.now() - started,
  };
}

export function deactivate(): void {}
