// Wiring only: the kernel, then the features. Activation makes what the signed-out welcome needs
// (dist/extension.js): the log and the session (settings and SecretStorage, no request). The rest of
// the kernel (src/kernel.ts: the API connection, the workspace's data, the sidebar) and every
// feature (the list in src/lazy.ts) come with dist/lazy.js, started by the first command, as soon
// as the session has a token, or right after activation for a returning user (src/lazyLoad.ts);
// node-fetch with the first request (dist/fetch.js). It activates once the editor has started
// (onStartupFinished, off the editor's critical path): the Accounts menu lists the accounts from the
// start, and a returning user's views have their code loaded and their token read before the
// sidebar opens (their rows are asked only once shown). A signed-out window loads no more than this.
// The route of a request: a feature's command → the workspace's data or the session's client
// (src/auth/session.ts) → the API connection's client for the session's address and token
// (src/auth/apiConnection.ts) → src/api/.
import * as vscode from 'vscode';
import type { RateLimitState, Target } from './api';
import { AccountsAuthProvider, registerAccountsProvider } from './features/accounts/authProvider';
import { AuthSession } from './auth/session';
import type { TokenExpiryWatcher } from './features/accounts/tokenExpiryWatcher';
import type { CommitsProvider } from './features/commits/provider';
import type { ProjectsProvider } from './features/projects/provider';
import type { RateLimitItem } from './features/rateLimit/rateLimitItem';
import type { TargetsProvider } from './features/targets/provider';
import type { VariablesProvider } from './features/variables/provider';
import type { WalkthroughProgress } from './features/walkthrough/progress';
import type { Kernel } from './kernel';
import type { AccountItem } from './features/accounts/accountItem';
import type { OAuthRedirects } from './features/accounts/oauthSignIn';
import { FeaturesOnFirstUse, lazy } from './lazyLoad';
import { createLog } from './log';
import { getWorkspace } from './settings';
import { underTestHarness } from './testHarness';
import type { Services } from './services';
import type { CommitFilter } from './features/commits/commitFilter';
import type { CurrentProject } from './workspace/currentProject';

/** The views for the extension-host tests: the providers the features expose, the current project, and a few shortcuts. */
export interface TestViews {
  readonly projects: ProjectsProvider;
  readonly commits: CommitsProvider;
  readonly targets: TargetsProvider;
  readonly variables: VariablesProvider;
  /** The project the Commits and Variables views show (the kernel's selection); the Projects view sets it. */
  readonly currentProject: CurrentProject;
  /** Selects (reveals) the named project in Projects, reloaded; it becomes the current project. */
  selectProject(projectName: string): Promise<void>;
  /** The Commits view's date filter, if one is set. */
  readonly commitFilter: CommitFilter | undefined;
  /** Sets (or with undefined, clears) the Commits view's date filter and reloads it from page 1. */
  setCommitFilter(filter: CommitFilter | undefined): void;
  /** The Variables view shows the workspace's variables, or the current project's (the title's switch). */
  setVariablesScope(mode: 'workspace' | 'project'): void;
  /** What allow-pipeline does with its answer: the target put in the workspace's data (its row shows it). */
  updateTarget(target: Target): void;
  /** The Projects view's Refresh. */
  refreshProjects(): void;
  /** Every view forgets its data and loads again (as Retry from a welcome view does). */
  refreshAll(): void;
}

/** What the features expose (FeatureContext.expose), by name: the test API reads them typed from here. */
interface Exposed {
  projects: ProjectsProvider;
  commits: CommitsProvider;
  targets: TargetsProvider;
  variables: VariablesProvider;
  statusBar: RateLimitItem;
  accountItem: AccountItem;
  tokenExpiry: TokenExpiryWatcher;
  walkthrough: WalkthroughProgress;
  oauthRedirects: OAuthRedirects;
}

/** What activate() returns under the test harness (testHarness.ts): handles for the extension-host tests (each starts the features); elsewhere nothing. */
export interface ExtensionApi {
  readonly services: Services;
  readonly session: AuthSession;
  /** The Accounts menu's provider (its sessions, Sign Out of one account). */
  readonly accounts: AccountsAuthProvider;
  readonly views: TestViews;
  /** The rate-limit state of the address in use (each address has its own). */
  readonly rateLimit: RateLimitState;
  /** The rate-limit state of one API address. */
  rateLimitFor(baseUrl: string): RateLimitState;
  readonly statusBar: RateLimitItem;
  /** The status bar item of the shown account (while several are signed in): Switch Account…. */
  readonly accountItem: AccountItem;
  readonly tokenExpiry: TokenExpiryWatcher;
  readonly walkthrough: WalkthroughProgress;
  /** The OAuth sign-in's browser side (tests put their own browser in `open`, or call handleUri). */
  readonly oauthRedirects: OAuthRedirects;
  /** Milliseconds spent inside activate() (reported by the benchmark, test/bench). */
  readonly activationMs: number;
}

export function activate(context: vscode.ExtensionContext): ExtensionApi | undefined {
  const started = performance.now();
  const log = createLog(() => lazy().logLine);
  const session = new AuthSession(context);
  const features = new FeaturesOnFirstUse({ context, session, log });
  const accountsProvider = new AccountsAuthProvider(session.accounts, session, () => void features.start());
  context.subscriptions.push(
    log,
    session,
    accountsProvider,
    registerAccountsProvider(accountsProvider),
    features,
    // A token (at start, from a sign-in, or from another window): the views have rows to show.
    session.onDidChangeState(() => session.signedIn && features.start()),
  );
  // Reads the settings and SecretStorage (no request) to set the welcome state.
  void session.ready().then(() => session.signedIn && features.start());
  if (getWorkspace()) {
    // A returning user (a workspace is chosen): the features start right after activation, while
    // the session reads its token (a round trip to the editor's secret storage), so that the views
    // ask for their rows the moment it has one.
    setImmediate(() => features.start());
  }
  // Other extensions read what activate() returns: the handles (secret storage, token) only for the test harness.
  return underTestHarness(context.extensionMode === vscode.ExtensionMode.Test)
    ? testApi(session, accountsProvider, () => features.start(), performance.now() - started)
    : undefined;
}

export function deactivate(): void {}

function testApi(session: AuthSession, accounts: AccountsAuthProvider, kernel: () => Kernel, activationMs: number): ExtensionApi {
  const exposed = <K extends keyof Exposed>(name: K): Exposed[K] => kernel().exposed.get(name) as Exposed[K];
  const views: TestViews = {
    get projects() {
      return exposed('projects');
    },
    get commits() {
      return exposed('commits');
    },
    get targets() {
      return exposed('targets');
    },
    get variables() {
      return exposed('variables');
    },
    get currentProject() {
      return kernel().selection.project;
    },
    get commitFilter() {
      return exposed('commits').filter;
    },
    selectProject: (name) => exposed('projects').selectProject(name),
    setCommitFilter: (filter) => exposed('commits').setFilter(filter),
    setVariablesScope: (mode) => exposed('variables').setMode(mode),
    updateTarget: (target) => kernel().data.setTarget(target),
    refreshProjects: () => void exposed('projects').refresh(),
    refreshAll: () => kernel().data.invalidateAll(),
  };
  return {
    get services() {
      return kernel();
    },
    session,
    accounts,
    views,
    get rateLimit() {
      return kernel().connection.rateLimitFor(session.baseUrl ?? '');
    },
    rateLimitFor: (baseUrl) => kernel().connection.rateLimitFor(baseUrl),
    get statusBar() {
      return exposed('statusBar');
    },
    get accountItem() {
      return exposed('accountItem');
    },
    get tokenExpiry() {
      return exposed('tokenExpiry');
    },
    get walkthrough() {
      return exposed('walkthrough');
    },
    get oauthRedirects() {
      return exposed('oauthRedirects');
    },
    activationMs,
  };
}
