// The session as everything but src/auth sees it (the Session interface, its state, the scripted
// sign-in's arguments and answer). A leaf module: the kernel's data, the tree and the session import
// it, and it imports only types of the client, so no circle goes through it.
import type * as vscode from 'vscode';
import type { ApiClient, ConfigurationError } from '../api';

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
