// The runs feature. Run Pipeline… and the log documents (Show Run Log…): runs-start's block.
import * as vscode from 'vscode';
import type { FeatureContext } from '../../services';
import { PollScheduler } from '../../workspace/pollSchedule';
import { RUN_LOG_SCHEME, RunLogDocuments } from './logDocuments';
import * as runPipeline from './runPipeline';
import * as showRunLog from './showRunLog';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  return [...registerStartAndLogs(ctx)];
}

/** Run Pipeline…, and the log documents polled while shown, the window focused, the budget left. */
function registerStartAndLogs(ctx: FeatureContext): vscode.Disposable[] {
  const logPolls = new PollScheduler({
    focused: vscode.window.state.focused,
    budget: () => (ctx.session.baseUrl ? ctx.connection.rateLimitFor(ctx.session.baseUrl) : undefined),
  });
  const documents = new RunLogDocuments(ctx, logPolls);
  ctx.expose('runLogs', documents);
  return [
    { dispose: () => logPolls.dispose() },
    documents,
    vscode.window.onDidChangeWindowState((state) => logPolls.setFocused(state.focused)),
    vscode.workspace.registerTextDocumentContentProvider(RUN_LOG_SCHEME, documents),
    ...runPipeline.register(ctx),
    ...showRunLog.register(ctx, documents),
  ];
}
