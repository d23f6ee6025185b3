// Wiring, like src/extension.ts: the kernel's parts that load with the features (dist/lazy.js), in
// the order a request needs them. The connection (clients, budgets, the request log) is given to
// the session, which then has a client for its token; the workspace's data reads through the
// session's client; the selection (current project and pipeline) follows the session. Then the
// kernel's own commands: the generic rows' (Retry, Load more, Open in Browser), Show Log, Open
// Settings. What each feature gets is this (FeatureContext).
import * as vscode from 'vscode';
import { ApiConnection } from './auth/apiConnection';
import type { AuthSession } from './auth/session';
import { OAuthTokens } from './auth/oauthTokens';
import { Command } from './commandIds';
import type { FeatureContext } from './services';
import { openSettings } from './settings';
import { registerRowCommands } from './tree/rowCommands';
import { RunTracker } from './workspace/runTracker';
import { Selection } from './workspace/selection';
import { WorkspaceData } from './workspace/workspaceData';

/** What activation made: the extension's context, the session (settings and SecretStorage), the log. */
export interface KernelBase {
  readonly context: vscode.ExtensionContext;
  readonly session: AuthSession;
  readonly log: vscode.LogOutputChannel;
}

export interface Kernel extends FeatureContext, vscode.Disposable {
  /** The parts the features showed the tests (expose). */
  readonly exposed: ReadonlyMap<string, unknown>;
  /** Disposed with the kernel (a feature's registrations). */
  own(disposables: readonly vscode.Disposable[]): void;
}

export function createKernel({ context, session, log }: KernelBase): Kernel {
  // The OAuth renewal first: the connection is made with it (every account client renews through it).
  const oauthTokens = new OAuthTokens(context, session.accounts);
  const connection = new ApiConnection(log, String(context.extension.packageJSON.version ?? '0.0.0'), oauthTokens);
  session.connect(connection);
  if (session.workspace) {
    // Most likely a returning user, whose views ask for their rows once the token is read.
    connection.prepare();
  }
  const data = new WorkspaceData(session);
  // Runs are polled only while the window is focused (followed ones once a minute when not), and
  // wait for the reset when the budget of the address in use is spent. Follows end with the
  // account or workspace they were started for.
  const runs = new RunTracker(data, {
    session,
    focused: vscode.window.state.focused,
    budget: () => (session.baseUrl ? connection.rateLimitFor(session.baseUrl).snapshot() : undefined),
  });
  const selection = new Selection(session, context.workspaceState);
  const exposed = new Map<string, unknown>();
  const disposables: vscode.Disposable[] = [connection, oauthTokens, data, selection, runs];
  const kernel: Kernel = {
    context,
    session,
    data,
    selection,
    log,
    connection,
    runs,
    exposed,
    expose: (name, part) => void exposed.set(name, part),
    own: (more) => void disposables.push(...more),
    dispose: () => disposables.splice(0).reverse().forEach((d) => d.dispose()),
  };
  disposables.push(
    vscode.window.onDidChangeWindowState((state) => runs.setFocused(state.focused)),
    ...registerRowCommands(kernel),
    vscode.commands.registerCommand(Command.ShowLog, () => log.show()),
    vscode.commands.registerCommand(Command.OpenSettings, () => openSettings()),
  );
  return kernel;
}
