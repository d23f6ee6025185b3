// Sets the context keys the getting-started walkthrough's steps complete on (package.json
// `contributes.walkthroughs`); the editor remembers a completed step itself. The editor's
// walkthrough service is made when a walkthrough first opens, and a key already true then never
// ticks its step (it notes the key as seen in this window, without completing the step; VS Code
// 1.100 to 1.139 alike): so each step reached is also marked complete by its id
// (`welcome.markStepComplete`, which makes the service and keeps the step done).
// Both are told a moment after the request, not at once: either makes the editor rebuild the title
// bar of every view shown (measured: 40–70 ms of the window's thread with our five views), and the
// first request of a window comes while those views draw their first rows.
import * as vscode from 'vscode';
import type { RequestEvent } from '../../api';
import { milestoneContextKey, milestoneOf, STEP_OF_MILESTONE, type Milestone } from './milestones';
import { Command } from '../../commandIds';

export const WALKTHROUGH_ID = 'workspace-automation.workspace-automation#gettingStarted';
/** The editor's command that completes a walkthrough step by its id (`<walkthrough id>#<step id>`). */
export const MARK_STEP_COMPLETE = 'welcome.markStepComplete';

/** How long after a milestone's request the editor is told of it. */
export const TELL_AFTER_MS = 2000;

export class WalkthroughProgress implements vscode.Disposable {
  private readonly reached = new Set<Milestone>();
  /** Reached, not yet told to the editor. */
  private readonly untold = new Set<Milestone>();
  private tellTimer: ReturnType<typeof setTimeout> | undefined;
  /** The steps marked complete in this window (the editor keeps them; once is enough). */
  private readonly marked = new Set<string>();
  private readonly command = vscode.commands.registerCommand(Command.OpenWalkthrough, () =>
    vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false),
  );

  constructor(private readonly log?: Pick<vscode.LogOutputChannel, 'debug'>) {}

  /** Milestones reached in this window since the last sign-in (the editor keeps a completed step itself). */
  get milestones(): ReadonlySet<Milestone> {
    return this.reached;
  }

  /** Fed every request attempt (the client's onRequest). */
  noteRequest(e: RequestEvent): void {
    const m = milestoneOf(e);
    if (m && !this.reached.has(m)) {
      this.reached.add(m);
      this.untold.add(m);
      this.tellTimer ??= setTimeout(() => this.tellReached(), TELL_AFTER_MS);
    }
  }

  private tellReached(): void {
    this.tellTimer = undefined;
    for (const m of this.untold) {
      void vscode.commands.executeCommand('setContext', milestoneContextKey(m), true);
      this.markSteps([STEP_OF_MILESTONE[m]]);
    }
    this.untold.clear();
  }

  /** The steps marked complete by id in this window (the extension-host tests read it). */
  get markedSteps(): ReadonlySet<string> {
    return this.marked;
  }

  /** Marks the walkthrough's steps complete by id; an editor without the command keeps the context keys only. */
  markSteps(steps: readonly string[]): void {
    for (const step of steps) {
      if (!this.marked.has(step)) {
        this.marked.add(step);
        // Its step saved, the editor may still say "unknown step" while it reads the extensions' walkthroughs.
        vscode.commands.executeCommand(MARK_STEP_COMPLETE, `${WALKTHROUGH_ID}#${step}`).then(undefined, (e: unknown) =>
          this.log?.debug(`The walkthrough step ${step} was not marked complete by id:`, e),
        );
      }
    }
  }

  /** Forgets what was reached: on sign-out, the next account's steps count afresh. */
  reset(): void {
    clearTimeout(this.tellTimer);
    this.tellTimer = undefined;
    this.untold.clear();
    for (const m of this.reached) {
      void vscode.commands.executeCommand('setContext', milestoneContextKey(m), false);
    }
    this.reached.clear();
  }

  dispose(): void {
    clearTimeout(this.tellTimer);
    this.command.dispose();
  }
}
