// When each run read lately was read (its key in the workspace's data changed), for the last
// MAX_RUNS_READ runs: a log opened just after takes its action's status from that answer instead of
// a request of its own (logDocuments.ts).
import type { Disposable } from '../../workspace/events';
import { RunFamily } from '../../workspace/runData';
import type { WorkspaceData } from '../../workspace/workspaceData';

/** The runs whose last reading is remembered. */
const MAX_RUNS_READ = 50;

export class RunsReadLately implements Disposable {
  private readonly readAt = new Map<string, number>();
  private readonly subscription: Disposable;

  constructor(data: Pick<WorkspaceData, 'onDidChange'>) {
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

  /** When the run (its key: RunKey.execution) was last read, if it was lately. */
  at(key: string): number | undefined {
    return this.readAt.get(key);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
