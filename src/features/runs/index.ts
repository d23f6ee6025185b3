// The runs feature. Following and acting on runs (runs-ui): the Runs view (the runs of the pipeline
// selected in Projects, polled while shown), Refresh, Follow Run (the kernel's RunTracker, also for
// other parts by the command id), the notice of a followed run's end, Approve, Set Variables…,
// Cancel, Retry and Allow on Target.
import * as vscode from 'vscode';
import { Command, ViewId } from '../../commandIds';
import type { FeatureContext } from '../../services';
import { RunsProvider } from './provider';
import * as runActions from './runActions';
import * as runNotices from './runNotices';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const runs = new RunsProvider(ctx.session, ctx.data, ctx.runs, ctx.views.currentPipeline);
  ctx.expose('runs', runs);
  ctx.expose('runTracker', ctx.runs);
  ctx.expose('runNotices', runNotices.shownNotices);
  return [
    ctx.views.addView(ViewId.Runs, runs),
    vscode.commands.registerCommand(Command.RefreshRuns, () => runs.refresh()),
    ...runActions.register(ctx),
    ...runNotices.register(ctx),
  ];
}
