// Sets the context keys the getting-started walkthrough's steps complete on (package.json
// `contributes.walkthroughs`); the editor remembers a completed step itself.
import * as vscode from 'vscode';
import type { RequestEvent } from '../../api';
import { milestoneContextKey, milestoneOf, type Milestone } from './milestones';
import { Command } from '../../commandIds';

export const WALKTHROUGH_ID = 'workspace-automation.workspace-automation#gettingStarted';

export class WalkthroughProgress implements vscode.Disposable {
  private readonly reached = new Set<Milestone>();
  private readonly command = vscode.commands.registerCommand(Command.OpenWalkthrough, () =>
    vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false),
  );

  /** Milestones reached in this window since the last sign-in (the editor keeps a completed step itself). */
  get milestones(): ReadonlySet<Milestone> {
    return this.reached;
  }

  /** Fed every request attempt (the client's onRequest). */
  noteRequest(e: RequestEvent): void {
    const m = milestoneOf(e);
    if (m && !this.reached.has(m)) {
      this.reached.add(m);
      void vscode.commands.executeCommand('setContext', milestoneContextKey(m), true);
    }
  }

  /** Forgets what was reached: on sign-out, the next account's steps count afresh. */
  reset(): void {
    for (const m of this.reached) {
      void vscode.commands.executeCommand('setContext', milestoneContextKey(m), false);
    }
    this.reached.clear();
  }

  dispose(): void {
    this.command.dispose();
  }
}
