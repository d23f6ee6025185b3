// The runs feature: the Runs view (the runs of the pipeline selected in Projects, polled while
// shown), Refresh, Follow Run (the kernel's RunTracker, also for other parts by the command id), the
// notice of a followed run's end, Approve, Set Variables…, Cancel, Retry and Allow on Target; Run
// Pipeline… and the log documents (Show Run Log…), polled while shown, the window focused, the
// budget left.
import * as vscode from 'vscode';
import { Command } from '../../commandIds';
import type { FeatureContext } from '../../services';
import { PollScheduler } from '../../workspace/pollSchedule';
import { RunLogDocuments } from './logs/logDocuments';
import { RunLogFileSystem } from './logs/logFiles';
import { RUN_LOG_SCHEME } from './logs/logUri';
import { RunsProvider } from './provider';
import * as runActions from './runActions';
import * as runNotices from './runNotices';
import * as runPipeline from './runPipeline';
import * as showRunLog from './logs/showRunLog';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const runs = new RunsProvider(ctx.session, ctx.data, ctx.runs, ctx.selection.pipeline);
  runs.createTreeView();
  ctx.expose('runs', runs);
  ctx.expose('runTracker', ctx.runs);
  ctx.expose('runNotices', runNotices.shownNotices);
  return [
    runs,
    vscode.commands.registerCommand(Command.RefreshRuns, () => runs.refresh()),
    ...runActions.register(ctx, runs),
    ...runNotices.register(ctx),
    ...registerStartAndLogs(ctx),
  ];
}

function registerStartAndLogs(ctx: FeatureContext): vscode.Disposable[] {
  const logPolls = new PollScheduler({
    focused: vscode.window.state.focused,
    budget: () => (ctx.session.baseUrl ? ctx.connection.rateLimitFor(ctx.session.baseUrl) : undefined),
  });
  const documents = new RunLogDocuments(ctx, logPolls);
  const files = new RunLogFileSystem(documents);
  ctx.expose('runLogs', documents);
  return [
    { dispose: () => logPolls.dispose() },
    documents,
    vscode.window.onDidChangeWindowState((state) => logPolls.setFocused(state.focused)),
    files,
    vscode.workspace.registerFileSystemProvider(RUN_LOG_SCHEME, files, { isCaseSensitive: true, isReadonly: true }),
    ...runPipeline.register(ctx),
    ...showRunLog.register(ctx, documents),
  ];
}
