// The seams between the extension's parts. extension.ts creates one Services object and passes it
// to every view provider and every command's register(services) function.
import type * as vscode from 'vscode';
import type { ApiClient } from './api';

/** The signed-in account: its client, workspace and scopes. Owned by src/auth. */
export interface Session {
  /** Fires on sign in/out, token change (also from another window) and workspace switch. */
  readonly onDidChange: vscode.Event<void>;
  /** The client for the current account, or undefined while signed out. */
  readonly client: ApiClient | undefined;
  /** The chosen workspace name, or undefined when none is chosen yet. */
  readonly workspace: string | undefined;
  /** The token's scopes (from GET /user/token, which needs TOKEN_INFO) when known: a hint for warnings, never a gate. */
  readonly scopes: readonly string[] | undefined;
  /**
   * Returns client and workspace, asking the user to sign in or pick a workspace when needed;
   * undefined when the user cancels.
   */
  ensureReady(): Promise<{ client: ApiClient; workspace: string } | undefined>;
  /** signedOut | noWorkspace | apiDisabled | unreachable | ready (also the `ContextKey.State` context key). */
  readonly state?: 'signedOut' | 'noWorkspace' | 'apiDisabled' | 'unreachable' | 'ready';
  readonly onDidChangeState?: vscode.Event<NonNullable<Session['state']>>;
  /**
   * Offer the error of a view's first (root) load: API disabled, or no answer from the service,
   * becomes the welcome state of every view; returns true then (the view shows nothing itself).
   * (The three members above are optional so that test doubles of Session keep compiling.)
   */
  reportError?(error: unknown): boolean;
}

/** What commands may ask of the views after they change something. Owned by src/views. */
export interface Views {
  /** The project the Commits view shows; the Projects view sets it. */
  readonly currentProject: import('./currentProject').CurrentProject;
  refreshProjects(): void;
  /** Refreshes Projects and selects (reveals) the named project; it becomes the Commits view's project. */
  selectProject(projectName: string): Promise<void>;
  refreshCommits(): void;
  refreshTargets(): void;
  /** Replaces one target's data in the Targets view without a request (e.g. from allow-pipeline's answer). */
  updateTarget(target: import('./api').Target): void;
  /**
   * The Variables view forgets the variables of one scope (the list filter: none for the
   * workspace) and shows them again, after a command changed them; every scope without a filter.
   */
  refreshVariables(filter?: import('./api').VariableFilter): void;
  /** The Variables view shows the workspace's variables, or the current project's (the title's switch). */
  setVariablesScope(mode: 'workspace' | 'project'): void;
  /** The variables of one scope when the Variables view has every page of them (no request); else undefined. */
  loadedVariables(filter: import('./api').VariableFilter): readonly import('./api').Variable[] | undefined;
  /**
   * The projects the Projects view has loaded, every page of them, so that pickers need no request;
   * undefined while the list is not complete (not loaded, or more pages to load).
   */
  loadedProjects?(): readonly import('./api').ProjectRef[] | undefined;
  /** The pipelines of a project the Projects view has loaded, every page of them; else undefined. */
  loadedPipelines?(projectName: string): readonly import('./api').Pipeline[] | undefined;
}

export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly session: Session;
  readonly views: Views;
  readonly log: vscode.LogOutputChannel;
}
