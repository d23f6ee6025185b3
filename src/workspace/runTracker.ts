// Which runs are asked about again, and when: those shown (a run in progress in the Runs view, an
// expanded run) while the window is focused, and those followed (started from the editor, their
// log open) until they end, also unfocused at one status request a minute, so that their end is
// told. The pace, the focus, the budget's pause, single flight and the backoff are PollScheduler's
// (pollSchedule.ts); this says what a poll is (GET the run, kept in the workspace's data), what a
// run's end changes (the pipeline's last status in the Projects view), and tells followers. A run
// that vanished (404) ends its polling. A follow belongs to the API address and workspace it was
// started for: another account, address or workspace (or signing out) drops it and cancels the reads
// under way. No editor dependency: the kernel gives it focus, budget and the session.
import { isFinished, NotFoundError, runState, type Execution } from '../api';
import { Emitter, type Disposable, type Event } from './events';
import { PollScheduler, budgetPause, type BudgetState, type PollTimers } from './pollSchedule';
import { RunKey, type ExecutionRef } from './runData';
import { sessionPlace, type PlaceSession } from './sessionPlace';
import { DataKey, type WorkspaceData } from './workspaceData';

/** What a followed run's change tells: it ended, or it waits for a person. */
export interface RunMoment {
  readonly ref: ExecutionRef;
  readonly execution: Execution;
  /** finished or needs-person (runStatus.ts runState). */
  readonly state: 'finished' | 'needs-person';
}

/** The status word a poll found for a run that no longer exists. */
export const VANISHED = 'VANISHED';

export interface RunTrackerOptions {
  readonly timers?: PollTimers;
  readonly budget?: () => BudgetState | undefined;
  readonly focused?: boolean;
  /** Whose runs are followed: its change to another place drops the follows of the old one. */
  readonly session?: PlaceSession;
}

interface Follow {
  readonly ref: ExecutionRef;
  /** The session's API address and workspace when it was started (sessionPlace). */
  readonly place: string | undefined;
  watch: Disposable;
  told: string | undefined;
}

export class RunTracker implements Disposable {
  readonly scheduler: PollScheduler;
  private readonly followed = new Map<string, Follow>();
  /** Aborted when the session moves to another place: the reads under way were for the old one. */
  private reads = new AbortController();
  private place: string | undefined;
  private readonly sessionWatch: Disposable | undefined;
  private readonly vanished = new Set<string>();
  private readonly moments = new Emitter<RunMoment>();
  /** A followed run ended or waits for a person (once per such status). */
  readonly onDidReachMoment: Event<RunMoment> = this.moments.event;
  private readonly staleness = new Emitter<{ key: string; stale: boolean }>();
  /** A run's answers became stale (a request failed; the last state stays) or fresh again. */
  readonly onDidChangeStale: Event<{ key: string; stale: boolean }> = this.staleness.event;
  private readonly following = new Emitter<void>();
  /** The set of runs followed changed. */
  readonly onDidChangeFollowed: Event<void> = this.following.event;

  constructor(
    private readonly data: WorkspaceData,
    private readonly options: RunTrackerOptions = {},
  ) {
    this.scheduler = new PollScheduler({
      timers: options.timers,
      budget: options.budget,
      focused: options.focused,
      onStale: (key, stale) => this.staleness.fire({ key, stale }),
    });
    const session = options.session;
    if (session) {
      this.place = sessionPlace(session);
      this.sessionWatch = session.onDidChange(() => this.placeChanged(sessionPlace(session)));
    }
  }

  /** Follows the run until it ends: polled (unfocused too), its end and waits told (onDidReachMoment). Again: nothing new. */
  follow(ref: ExecutionRef): void {
    const key = RunKey.execution(ref);
    if (this.followed.has(key)) {
      void this.scheduler.refresh(key);
      return;
    }
    const known = this.data.knownExecution(ref);
    const session = this.options.session;
    const entry: Follow = { ref, place: session ? sessionPlace(session) : undefined, watch: { dispose: () => undefined }, told: undefined };
    this.followed.set(key, entry);
    entry.watch = this.scheduler.watch(key, { poll: () => this.poll(ref), whileUnfocused: true, status: known?.status ?? undefined });
    this.following.fire();
    // What it is now: the row and the notice need it (and a run already over is told at once).
    void this.scheduler.refresh(key);
  }

  /** Stops following the run (it is still polled while shown). */
  unfollow(ref: ExecutionRef): void {
    const key = RunKey.execution(ref);
    const entry = this.followed.get(key);
    if (entry) {
      this.followed.delete(key);
      entry.watch.dispose();
      this.following.fire();
    }
  }

  isFollowed(ref: ExecutionRef): boolean {
    return this.followed.has(RunKey.execution(ref));
  }

  /** The runs followed now. */
  followedRuns(): ExecutionRef[] {
    return [...this.followed.values()].map((f) => f.ref);
  }

  /** Polls the run while the returned Disposable lives (a row shows it), focused only; a finished one is not polled. */
  show(ref: ExecutionRef, status: string | undefined): Disposable {
    return this.scheduler.watch(RunKey.execution(ref), { poll: () => this.poll(ref), status, done: status !== undefined && isFinished(status) });
  }

  /** Reads the run now (after acting on it, a log's poll), joining a request under way; a run not watched is read once. */
  async refresh(ref: ExecutionRef): Promise<void> {
    const key = RunKey.execution(ref);
    if (this.scheduler.watches(key)) {
      await this.scheduler.refresh(key);
      return;
    }
    await this.poll(ref).catch(() => undefined);
  }

  isStale(ref: ExecutionRef): boolean {
    return this.scheduler.isStale(RunKey.execution(ref));
  }

  /** The run answered 404 when last asked. */
  hasVanished(ref: ExecutionRef): boolean {
    return this.vanished.has(RunKey.execution(ref));
  }

  setFocused(focused: boolean): void {
    this.scheduler.setFocused(focused);
  }

  /** When polling waits for the budget's reset (ms from now), or 0: the status bar item says why. */
  budgetPause(now = Date.now()): number {
    return budgetPause(this.options.budget?.(), now);
  }

  dispose(): void {
    this.sessionWatch?.dispose();
    this.reads.abort();
    for (const f of this.followed.values()) {
      f.watch.dispose();
    }
    this.followed.clear();
    this.scheduler.dispose();
    this.moments.dispose();
    this.staleness.dispose();
    this.following.dispose();
  }

  /**
   * The session is somewhere else now (or nowhere: signed out): the follows of another place end,
   * and every read under way is cancelled (the rows of the old place go with the view's reset).
   */
  private placeChanged(place: string | undefined): void {
    if (place === this.place) {
      return;
    }
    this.place = place;
    this.reads.abort();
    this.reads = new AbortController();
    this.vanished.clear();
    const gone = [...this.followed.values()].filter((f) => f.place !== place);
    for (const f of gone) {
      this.followed.delete(RunKey.execution(f.ref));
      f.watch.dispose();
    }
    if (gone.length > 0) {
      this.following.fire();
    }
  }

  private async poll(ref: ExecutionRef): Promise<{ status: string | undefined; done: boolean }> {
    const key = RunKey.execution(ref);
    const before = this.data.knownExecution(ref)?.status ?? undefined;
    let execution: Execution;
    try {
      execution = await this.data.fetchExecution(ref, this.reads.signal);
    } catch (error) {
      if (error instanceof NotFoundError) {
        this.vanished.add(key);
        this.unfollow(ref);
        this.staleness.fire({ key, stale: false });
        return { status: VANISHED, done: true };
      }
      throw error;
    }
    this.vanished.delete(key);
    const status = execution.status ?? undefined;
    if (status !== before && isFinished(status)) {
      // The pipeline's last run status (Projects view) changed with it.
      this.data.invalidate(DataKey.pipelines(ref.project));
    }
    this.tell(key, execution);
    return { status, done: isFinished(status) };
  }

  private tell(key: string, execution: Execution): void {
    const entry = this.followed.get(key);
    if (!entry) {
      return;
    }
    const state = runState(execution.status);
    if (state === 'running' || entry.told === execution.status) {
      return;
    }
    entry.told = execution.status ?? undefined;
    if (state === 'finished') {
      this.unfollow(entry.ref);
    }
    this.moments.fire({ ref: entry.ref, execution, state });
  }
}
