// The seams between the extension's parts: what a feature gets (FeatureContext, made by
// src/kernel.ts) and gives (Feature: register(ctx)), and the interfaces of the kernel's parts that
// commands and flows depend on (Services: the session, the workspace's data, the view intents).
import type * as vscode from 'vscode';
import type { ApiClient, ConfigurationError } from './api';
import type { ApiConnection } from './auth/apiConnection';
import type { AuthSession } from './auth/session';
import type { CurrentProject } from './workspace/currentProject';
import type { Sidebar } from './tree/sidebar';
import type { RunTracker } from './workspace/runTracker';
import type { WorkspaceData } from './workspace/workspaceData';

/** Where the session stands (also the `ContextKey.State` context key, which the welcome views follow). */
export type SessionState = 'signedOut' | 'noWorkspace' | 'apiDisabled' | 'unreachable' | 'ready';

/** Arguments of the Sign In command for scripts and tests: no prompt for the token. */
export interface SignInArgs {
  token: string;
  /** Workspace to choose (saved in the `workspace` setting); asked for when not given and none is set. */
  workspace?: string;
}

/** What a scripted sign-in (SignInArgs) resolves. */
export interface SignInResult {
  signedIn: boolean;
  /** The words the interactive sign-in greets with (the scripted form shows none). */
  greeting?: string;
  error?: string;
}

/** The signed-in account: its client, workspace and scopes, and signing in and out. Owned by src/auth. */
export interface Session {
  /** Fires on sign in/out, token change (also from another window) and workspace switch. */
  readonly onDidChange: vscode.Event<void>;
  /** The client for the current account, or undefined while signed out. */
  readonly client: ApiClient | undefined;
  /** The chosen workspace name, or undefined when none is chosen yet. */
  readonly workspace: string | undefined;
  /** The token's scopes (from GET /user/token, which needs TOKEN_INFO) when known: a hint for warnings, never a gate. */
  readonly scopes: readonly string[] | undefined;
  /** The API address in use; undefined while the settings give none (see configError). */
  readonly baseUrl: string | undefined;
  /** Why the settings give no usable API address, if they do not. */
  readonly configError: ConfigurationError | undefined;
  /** A token is stored (or given by the environment) for the address in use. */
  readonly signedIn: boolean;
  /** Who and where the shown account is ("Alice Admin (EU)"), when several accounts are signed in; undefined for one. */
  readonly accountLabel: string | undefined;
  /** Fires when an account is added, removed or renamed (accountLabel may change with it). */
  readonly onDidChangeAccounts: vscode.Event<void>;
  readonly state: SessionState;
  readonly onDidChangeState: vscode.Event<SessionState>;
  /** Reads the settings and the stored token (no request). Safe to call many times. */
  ready(): Promise<void>;
  /**
   * Returns client and workspace, asking the user to sign in or pick a workspace when needed;
   * undefined when the user cancels.
   */
  ensureReady(): Promise<{ client: ApiClient; workspace: string } | undefined>;
  /**
   * Offer the error of a view's first (root) load: API disabled, or no answer from the service,
   * becomes the welcome state of every view; returns true then (the view shows nothing itself).
   */
  reportError(error: unknown): boolean;
  /** Forgets a learned apiDisabled/unreachable state, so the views load again. */
  retry(): void;
  /** Asks for a token (and a workspace when none is set); resolves true when signed in. */
  signIn(): Promise<boolean>;
  /** Checks and stores a given token, without prompts (scripts, tests). */
  signInWithToken(args: SignInArgs): Promise<SignInResult>;
  /** Asks for a workspace, or takes the given name without asking; resolves true when one is chosen. */
  selectWorkspace(name?: string): Promise<boolean>;
  /** Deletes the stored token of the address in use. */
  signOut(): Promise<void>;
}

/**
 * What commands may ask of the views: what the user sees, never data (that is WorkspaceData's).
 * src/tree/sidebar.ts carries it out with what each feature's view provides.
 */
export interface Views {
  /** The project the Commits and Variables views show; the Projects view sets it. */
  readonly currentProject: CurrentProject;
  /** Selects (reveals) the named project in Projects, reloaded; it becomes the current project. */
  selectProject(projectName: string): Promise<void>;
  /** The Commits view's date filter, if one is set. */
  readonly commitFilter: CommitFilter | undefined;
  /** Sets (or with undefined, clears) the Commits view's date filter and reloads it from page 1. */
  setCommitFilter(filter: CommitFilter | undefined): void;
  /** The Variables view shows the workspace's variables, or the current project's (the title's switch). */
  setVariablesScope(mode: 'workspace' | 'project'): void;
}

/** Days as typed (`YYYY-MM-DD`); an absent bound is open-ended (src/features/commits/commitFilter.ts). */
export interface CommitFilter {
  readonly since?: string;
  readonly until?: string;
}

/** What commands and flows use: the session, the workspace's data, the view intents, the log. */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly session: Session;
  /** What the service said about the workspace: read by views, pickers and commands; writes invalidate it. */
  readonly data: WorkspaceData;
  readonly views: Views;
  readonly log: vscode.LogOutputChannel;
}

/** What each feature's register(ctx) gets: the kernel (src/kernel.ts). */
export interface FeatureContext extends Services {
  /** The sidebar: a feature adds its views there, and provides the view intents they carry out. */
  readonly views: Sidebar;
  /** The session's own side (storing a checked token, reloading): for the accounts feature's sign-in flows. */
  readonly auth: AuthSession;
  /** How requests go out: the rate-limit budget of each address, every request attempt. */
  readonly connection: ApiConnection;
  /** The runs polled because they are shown or followed (follow(), their end told); paced by focus and budget. */
  readonly runs: RunTracker;
  /** Shows the extension-host tests a part of the feature (ExtensionApi), by name. */
  expose(name: string, part: unknown): void;
}

/** A feature: one folder under src/features/, listed once in src/lazy.ts. */
export interface Feature {
  /** Registers the feature's views, commands and document providers; what it returns is disposed with the extension. */
  register(ctx: FeatureContext): vscode.Disposable[];
}
