// The walkthrough feature: Open the Walkthrough, and the milestones its steps complete on, learned
// from the requests (a first list, a first change) and the session (signed in, a workspace); a
// sign-out starts the milestones afresh (the editor keeps the steps it ticked).
import type * as vscode from 'vscode';
import type { FeatureContext } from '../../services';
import { stepsOfSession } from './milestones';
import { WalkthroughProgress } from './progress';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const progress = new WalkthroughProgress(ctx.log);
  ctx.expose('walkthrough', progress);
  // Signed in and a workspace ready: their steps too, even if the walkthrough has never been opened.
  const markSession = (): void => progress.markSteps(stepsOfSession(ctx.session.signedIn, ctx.session.state));
  markSession();
  return [
    progress,
    ctx.connection.onDidRequest((e) => progress.noteRequest(e)),
    ctx.session.onDidChangeState((state) => {
      if (state === 'signedOut') {
        progress.reset();
      }
      markSession();
    }),
  ];
}
