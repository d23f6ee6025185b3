// The seams between the extension's parts: what a feature gets (FeatureContext, made by
// src/kernel.ts) and gives (Feature: register(ctx)), and what commands and flows depend on
// (Services: the session, the workspace's data, the log). The kernel's parts named here never
// import this file (test/unit/house/importGraph.test.ts: no circle, type imports included); the
// Session interface is src/auth/sessionTypes.ts's, re-exported.
import type * as vscode from 'vscode';
import type { ApiConnection } from './auth/apiConnection';
import type { AuthSession } from './auth/session';
import type { Session } from './auth/sessionTypes';
import type { RunTracker } from './workspace/runTracker';
import type { Selection } from './workspace/selection';
import type { WorkspaceData } from './workspace/workspaceData';

export type { Session, SessionState, SignInArgs, SignInResult } from './auth/sessionTypes';

/** What commands and flows use: the session, the workspace's data, the log. */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly session: Session;
  /** What the service said about the workspace: read by views, pickers and commands; writes invalidate it. */
  readonly data: WorkspaceData;
  readonly log: vscode.LogOutputChannel;
}

/**
 * What each feature's register(ctx) gets: the kernel (src/kernel.ts), eight members. A member is
 * here because a second feature uses it today (ARCHITECTURE.md, "What may go into the kernel").
 */
export interface FeatureContext extends Services {
  /** The session with its own side (storing a checked token, the accounts, reloading): the accounts feature signs in with it. */
  readonly session: AuthSession;
  /** What the user selected: the current project (projects sets it; commits, variables, pipeline files follow) and pipeline (projects sets it; runs follows). */
  readonly selection: Selection;
  /** How requests go out: the rate-limit budget of each address, every request attempt. */
  readonly connection: ApiConnection;
  /** The runs polled because they are shown or followed (follow(), their end told); paced by focus and budget. */
  readonly runs: RunTracker;
  /** Shows the extension-host tests a part of the feature, by name (ExtensionApi in src/extension.ts reads it, typed). */
  expose(name: string, part: unknown): void;
}

/** A feature: one folder under src/features/, listed once in src/lazy.ts. */
export interface Feature {
  /** Registers the feature's views, commands and document providers; what it returns is disposed with the extension. */
  register(ctx: FeatureContext): vscode.Disposable[];
}
