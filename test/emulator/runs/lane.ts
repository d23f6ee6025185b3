// One pipeline's runs, played out in time order: a run leaves ENQUEUED (after ENQUEUED_MS at least)
// when the runs queued before it have finished, then its actions run one after another; a gate
// holds it until a person answers, a cancel ends it after TERMINATING_MS. The engine (engine.ts)
// settles each lane up to the moment of a request and applies the operations.
import { currentAction, PIPELINE_NOT_ALLOWED, type ActionRun, type Run, type RunStatus } from './model';
import { eventLines, notAllowedMessage, REFUSED_DEPLOY_MS } from './scripts';

export const ENQUEUED_MS = 2_000;
export const TERMINATING_MS = 3_000;

export class Lane {
  /** Oldest first. */
  readonly runs: Run[] = [];
  /** Runs not finished yet. */
  readonly active = new Set<Run>();
  /** The run that holds the lane, from its start until it finishes. */
  private occupant: Run | undefined;
  private freeSince = 0;

  /** `mayUse`: whether the pipeline may use a target (by identifier) now. */
  constructor(private readonly mayUse: (run: Run, target: string) => boolean) {}

  add(run: Run): void {
    this.runs.push(run);
    this.active.add(run);
    this.sync();
  }

  /** A run played out elsewhere (the past): it leaves the queue. */
  markFinished(run: Run): void {
    this.active.delete(run);
    this.freeSince = Math.max(this.freeSince, run.finishDate ?? run.startDate);
    this.sync();
  }

  /** Applies the lane's events in time order up to `now` (a run's end may let the next one start). */
  settle(now: number): void {
    for (;;) {
      let next: { at: number; run: Run } | undefined;
      for (const run of this.active) {
        const at = this.nextEventAt(run);
        if (at !== undefined && at <= now && (!next || at < next.at || (at === next.at && run.id < next.run.id))) {
          next = { at, run };
        }
      }
      if (!next) {
        return;
      }
      this.step(next.run, next.at);
      this.sync();
    }
  }

  /** Starts the next action to run at `at`, or finishes the run when none is left. */
  beginNext(run: Run, at: number): void {
    for (const a of run.actions) {
      if (a.status !== 'INITIAL') {
        continue;
      }
      if (run.actionsToRun && !run.actionsToRun.has(a.action.id)) {
        a.status = 'SKIPPED';
        continue;
      }
      const outcome = a.script.outcome;
      const allowed = outcome.kind !== 'deploy' || this.mayUse(run, outcome.target);
      a.start = at;
      a.lines = a.script.lines({ variables: new Map(run.variables), revision: run.revision, targetAllowed: allowed });
      if (outcome.kind === 'approve' || outcome.kind === 'variables') {
        a.status = outcome.kind === 'approve' ? 'WAITING_FOR_APPLY' : 'WAITING_FOR_VARIABLES';
        run.status = a.status;
        a.events.push(eventLines.waiting(outcome));
        return;
      }
      a.status = 'INPROGRESS';
      a.refusedTarget = outcome.kind === 'deploy' && !allowed ? outcome.target : null;
      a.endsAt = at + (allowed ? a.script.durationMs : REFUSED_DEPLOY_MS);
      run.status = 'INPROGRESS';
      return;
    }
    this.finishRun(run, 'SUCCESSFUL', at);
  }

  /** The pipeline's last_execution_* follow its newest run. */
  sync(): void {
    const newest = this.runs.at(-1);
    if (newest) {
      newest.pipeline.last_execution_status = newest.status;
      newest.pipeline.last_execution_revision = newest.revision;
    }
  }

  private nextEventAt(run: Run): number | undefined {
    switch (run.status) {
      case 'INITIAL':
        return run.delayUntil ?? undefined;
      case 'ENQUEUED':
        return this.occupant || this.headOfQueue() !== run ? undefined : Math.max(run.queuedAt + ENQUEUED_MS, this.freeSince);
      case 'INPROGRESS':
        return currentAction(run)?.endsAt ?? undefined;
      case 'TERMINATING':
        return (run.terminatingSince ?? run.queuedAt) + TERMINATING_MS;
      default:
        return undefined;
    }
  }

  /** The run queued first (then the lower number). */
  private headOfQueue(): Run | undefined {
    let head: Run | undefined;
    for (const r of this.active) {
      if (r.status === 'ENQUEUED' && (!head || r.queuedAt < head.queuedAt || (r.queuedAt === head.queuedAt && r.id < head.id))) {
        head = r;
      }
    }
    return head;
  }

  private step(run: Run, at: number): void {
    switch (run.status) {
      case 'INITIAL':
        run.status = 'ENQUEUED';
        run.queuedAt = at;
        run.delayUntil = null;
        break;
      case 'ENQUEUED':
        this.occupant = run;
        run.status = 'INPROGRESS';
        this.beginNext(run, at);
        break;
      case 'INPROGRESS':
        this.endAction(run, currentAction(run)!, at);
        break;
      case 'TERMINATING':
        this.terminate(run, at);
        break;
    }
  }

  private endAction(run: Run, a: ActionRun, at: number): void {
    a.finish = at;
    a.endsAt = null;
    const outcome = a.script.outcome;
    if (a.refusedTarget !== null) {
      a.errorMessage = notAllowedMessage(a.refusedTarget);
      a.errorCode = PIPELINE_NOT_ALLOWED;
      a.events.push(eventLines.refused(PIPELINE_NOT_ALLOWED, a.errorMessage));
    } else if (outcome.kind === 'fail') {
      a.errorMessage = outcome.message;
      a.events.push(eventLines.failed(outcome.message));
    } else {
      a.status = 'SUCCESSFUL';
      this.beginNext(run, at);
      return;
    }
    a.status = 'FAILED';
    this.finishRun(run, 'FAILED', at);
  }

  private terminate(run: Run, at: number): void {
    const a = currentAction(run);
    if (a) {
      a.status = 'TERMINATED';
      a.finish = at;
    }
    this.finishRun(run, 'TERMINATED', at);
  }

  /** Ends the run: the actions it did not reach are NOT_EXECUTED, and the lane is free. */
  private finishRun(run: Run, status: RunStatus, at: number): void {
    for (const rest of run.actions) {
      if (rest.status === 'INITIAL') {
        rest.status = 'NOT_EXECUTED';
      }
    }
    run.status = status;
    run.finishDate = at;
    this.active.delete(run);
    if (this.occupant === run) {
      this.occupant = undefined;
      this.freeSince = at;
    }
  }
}
