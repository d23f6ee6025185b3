// The walkthrough feature: Open the Walkthrough, and the milestones its steps complete on, learned
// from the requests (a first list, a first change); a sign-out starts them afresh.
import type * as vscode from 'vscode';
import type { FeatureContext } from '../../services';
import { WalkthroughProgress } from './progress';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const progress = new WalkthroughProgress();
  ctx.expose('walkthrough', progress);
  return [
    progress,
    ctx.connection.onDidRequest((e) => progress.noteRequest(e)),
    ctx.session.onDidChangeState((state) => state === 'signedOut' && progress.reset()),
  ];
}
