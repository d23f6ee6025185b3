// What the runs' answers say of their actions, when they are current: a log takes its action's
// status and times from its run's answer (read while the log polls it, or just now) instead of a
// request of its own. Remembers when each run was read (its key in the workspace's data changed),
// for the last MAX_RUNS_READ runs.
import { isFinished, type ActionExecution } from '../../api';
import type { Disposable } from '../../workspace/events';
import { RunFamily, RunKey, type ExecutionRef } from '../../workspace/runData';
import type { RunTracker } from '../../workspace/runTracker';
import type { WorkspaceData } from '../../workspace/workspaceData';

/** The runs whose last reading is remembered. */
const MAX_RUNS_READ = 50;
/** A run read this recently says its actions' status as it is (a log opened just after). */
const JUST_READ_MS = 2_000;

export class RunAnswers implements Disposable {
  private readonly readAt = new Map<string, number>();
  private readonly subscription: Disposable;

  constructor(
    private readonly data: Pick<WorkspaceData, 'onDidChange' | 'knownExecution'>,
    private readonly runs: Pick<RunTracker, 'isStale'>,
  ) {
    this.subscription = data.onDidChange((key) => {
      if (!key.startsWith(RunFamily.execution)) {
        return;
      }
      this.readAt.delete(key);
      this.readAt.set(key, Date.now());
      for (const old of this.readAt.keys()) {
        if (this.readAt.size <= MAX_RUNS_READ) {
          break;
        }
        this.readAt.delete(old);
      }
    });
  }

  /** The run was read since `since` (when a log began to poll it). */
  readSince(run: ExecutionRef, since: number | undefined): boolean {
    const readAt = this.readAt.get(RunKey.execution(run));
    return readAt !== undefined && since !== undefined && readAt >= since;
  }

  /**
   * The action as the run's answer has it: when it is finished (that never changes), or when the
   * run was read since `watchedSince` or just now, and its last request did not fail; else
   * undefined (to be asked).
   */
  action(run: ExecutionRef, actionExecutionId: string, watchedSince: number | undefined): ActionExecution | undefined {
    const action = this.data.knownExecution(run)?.action_executions.find((a) => a.action_execution_id === actionExecutionId);
    if (action === undefined) {
      return undefined;
    }
    const readAt = this.readAt.get(RunKey.execution(run));
    const current = this.readSince(run, watchedSince) || (readAt !== undefined && Date.now() - readAt <= JUST_READ_MS);
    return isFinished(action.status) || (current && !this.runs.isStale(run)) ? action : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
