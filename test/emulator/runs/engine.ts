// The run engine: pipeline executions played out on the emulator's clock, without timers. The
// server settles every run up to clock.now() before it answers an API request, so each request
// sees (and changes) the state of its own moment, and a journey is deterministic: tests advance the
// clock, npm start lets it run. Each pipeline is one lane: a run starts when the runs before it in
// the queue have finished (ENQUEUED for at least ENQUEUED_MS), then its actions run in order.
import { createHash } from 'node:crypto';
import { CLOCK_START_MS } from '../clock';
import { ApiError } from '../http';
import type { Action, Pipeline, Store } from '../store';
import { ActionScript, eventLines, fixedLines, LineSource, notAllowedMessage, REFUSED_DEPLOY_MS, RunVariable, Scripts } from './scripts';

export const ENQUEUED_MS = 2_000;
export const TERMINATING_MS = 3_000;
export const PIPELINE_NOT_ALLOWED = 2678004;

export type RunStatus =
  | 'INITIAL'
  | 'ENQUEUED'
  | 'INPROGRESS'
  | 'SUCCESSFUL'
  | 'FAILED'
  | 'TERMINATED'
  | 'TERMINATING'
  | 'SKIPPED'
  | 'NOT_EXECUTED'
  | 'WAITING_FOR_APPLY'
  | 'WAITING_FOR_VARIABLES';

export const FINISHED: ReadonlySet<RunStatus> = new Set(['SUCCESSFUL', 'FAILED', 'TERMINATED', 'SKIPPED', 'NOT_EXECUTED']);

export type Operation = 'RETRY' | 'CANCEL' | 'APPLY' | 'APPLY_VARIABLES' | 'RUN_DELAYED';
export const OPERATIONS: readonly Operation[] = ['RETRY', 'CANCEL', 'APPLY', 'APPLY_VARIABLES', 'RUN_DELAYED'];

export interface ActionRun {
  /** 24 hex digits; a retried action gets a new one (its earlier attempt is gone). */
  id: string;
  action: Action;
  script: ActionScript;
  status: RunStatus;
  start: number | null;
  finish: number | null;
  /** While it runs: when it ends. */
  endsAt: number | null;
  /** The target a refused deployment named (it fails with 2678004 when it ends). */
  refusedTarget: string | null;
  errorMessage: string | null;
  errorCode: number | null;
  approverId: number | null;
  approvalDate: number | null;
  passedVariables: { key: string; value: string; encrypted: boolean }[];
  /** The action's own lines, shown over its duration. */
  lines: LineSource;
  /** Lines of `lines` shown when it was stopped (cancel); null: by time. */
  shownWhenStopped: number | null;
  /** Lines added by events (approval, failure, termination), after the action's own. */
  events: string[];
  attempt: number;
}

export interface Run {
  /** Numbered per pipeline from 1, as the real service's examples are. */
  id: number;
  /** What the vendor's html_url carries instead of the id. */
  hash: string;
  pipeline: Pipeline;
  status: RunStatus;
  /** When it was triggered (start_date). */
  startDate: number;
  finishDate: number | null;
  triggeredOn: string;
  priority: string;
  refresh: boolean;
  clearCache: boolean;
  comment: string;
  branch: string | null;
  tag: string | null;
  pullRequest: string | null;
  revision: string | null;
  fromRevision: string | null;
  creatorId: number;
  /** What the actions see: the settable variables, then the values sent or asked. */
  variables: Map<string, RunVariable>;
  actions: ActionRun[];
  /** The actions chosen at the start (actions_to_run); null: all. */
  actionsToRun: ReadonlySet<number> | null;
  /** INITIAL until then (delay_until), unless RUN_DELAYED comes first. */
  delayUntil: number | null;
  queuedAt: number;
  terminatingSince: number | null;
}

/** What a run is started with (the handler has checked it). */
export interface RunInput {
  priority?: string;
  refresh?: boolean;
  clearCache?: boolean;
  comment?: string;
  branch?: string | null;
  tag?: string | null;
  pullRequest?: string | null;
  revision: string | null;
  fromRevision?: string | null;
  variables?: readonly { key: string; value: string; encrypted: boolean }[];
  actionsToRun?: readonly number[];
  delayUntil?: number | null;
  triggeredOn?: string;
}

interface Lane {
  /** Oldest first. */
  runs: Run[];
  /** Runs not finished yet. */
  active: Set<Run>;
  /** The run that holds the lane (from its start until it finishes). */
  occupant: Run | undefined;
  freeSince: number;
}

export function hex24(seed: string): string {
  return createHash('sha1').update(seed).digest('hex').slice(0, 24);
}

const WAITING = new Set<RunStatus>(['WAITING_FOR_APPLY', 'WAITING_FOR_VARIABLES']);

export class RunEngine {
  /** The moment the state is settled to (it never goes back). */
  private settledTo = CLOCK_START_MS;
  private readonly lanes = new Map<number, Lane>();
  readonly scripts: Scripts;

  constructor(
    private readonly store: Store,
    logLines?: number,
  ) {
    this.scripts = new Scripts(logLines);
  }

  get now(): number {
    return this.settledTo;
  }

  /** Plays every unfinished run out up to `now`. */
  settle(now: number): void {
    if (now < this.settledTo) {
      return;
    }
    this.settledTo = now;
    for (const lane of this.lanes.values()) {
      if (lane.active.size > 0) {
        this.settleLane(lane, now);
      }
    }
  }

  /** Newest first. */
  runsOf(pipelineId: number): Run[] {
    return [...(this.lanes.get(pipelineId)?.runs ?? [])].reverse();
  }

  run(pipelineId: number, id: number): Run | undefined {
    return this.lanes.get(pipelineId)?.runs.find((r) => r.id === id);
  }

  /** A new run, ENQUEUED now (or INITIAL until its delay). */
  start(pipeline: Pipeline, input: RunInput, creatorId: number, at = this.settledTo): Run {
    const lane = this.lane(pipeline.id);
    const id = (lane.runs.at(-1)?.id ?? 0) + 1;
    const variables = this.settableVariables(pipeline);
    for (const v of input.variables ?? []) {
      variables.set(v.key, { value: v.value, encrypted: v.encrypted || (variables.get(v.key)?.encrypted ?? false) });
    }
    const delayed = input.delayUntil !== undefined && input.delayUntil !== null && input.delayUntil > at;
    const run: Run = {
      id,
      hash: hex24(`execution ${pipeline.id}/${id}`),
      pipeline,
      status: delayed ? 'INITIAL' : 'ENQUEUED',
      startDate: at,
      finishDate: null,
      triggeredOn: input.triggeredOn ?? 'CLICK',
      priority: input.priority ?? 'NORMAL',
      refresh: input.refresh ?? false,
      clearCache: input.clearCache ?? false,
      comment: input.comment ?? '',
      branch: input.branch ?? null,
      tag: input.tag ?? null,
      pullRequest: input.pullRequest ?? null,
      revision: input.revision,
      fromRevision: input.fromRevision ?? null,
      creatorId,
      variables,
      actions: [],
      actionsToRun: input.actionsToRun ? new Set(input.actionsToRun) : null,
      delayUntil: delayed ? input.delayUntil! : null,
      queuedAt: at,
      terminatingSince: null,
    };
    run.actions = this.store.actionsOf(pipeline.id).map((a) => this.actionRun(run, a, 0));
    lane.runs.push(run);
    lane.active.add(run);
    this.sync(lane);
    return run;
  }

  /** A run of the past that history.ts has played out itself: it leaves the queue. */
  markFinished(run: Run): void {
    const lane = this.lane(run.pipeline.id);
    lane.active.delete(run);
    lane.freeSince = Math.max(lane.freeSince, run.finishDate ?? run.startDate);
    this.sync(lane);
  }

  actionRun(run: Run, action: Action, attempt: number): ActionRun {
    return {
      id: hex24(`action ${run.pipeline.id}/${run.id}/${action.id}/${attempt}`),
      action,
      script: this.scripts.of(action),
      status: 'INITIAL',
      start: null,
      finish: null,
      endsAt: null,
      refusedTarget: null,
      errorMessage: null,
      errorCode: null,
      approverId: null,
      approvalDate: null,
      passedVariables: [],
      lines: fixedLines([]),
      shownWhenStopped: null,
      events: [],
      attempt,
    };
  }

  /** Applies a PATCH operation at the settled moment; 400 when the run's state does not allow it. */
  operate(run: Run, op: Operation, userId: number, variables: readonly { key: string; value: string }[] = []): void {
    const lane = this.lane(run.pipeline.id);
    const at = this.settledTo;
    const refuse = (what: string): never => {
      throw new ApiError(400, `Operation ${op} is not allowed: ${what} (status ${run.status}).`);
    };
    switch (op) {
      case 'CANCEL':
        if (FINISHED.has(run.status) || run.status === 'TERMINATING') {
          refuse(run.status === 'TERMINATING' ? 'the execution is already being terminated' : 'the execution has finished');
        }
        this.cancel(run, userId, at);
        break;
      case 'RETRY':
        if (run.status !== 'FAILED' && run.status !== 'TERMINATED') {
          refuse('only a FAILED or TERMINATED execution can be retried');
        }
        this.retry(lane, run, at);
        break;
      case 'APPLY':
        if (run.status !== 'WAITING_FOR_APPLY') {
          refuse('the execution is not waiting for approval');
        }
        this.passGate(lane, run, userId, at, []);
        break;
      case 'APPLY_VARIABLES':
        if (run.status !== 'WAITING_FOR_VARIABLES') {
          refuse('the execution is not waiting for variables');
        }
        this.passGate(lane, run, userId, at, variables);
        break;
      case 'RUN_DELAYED':
        if (run.status !== 'INITIAL' || run.delayUntil === null) {
          refuse('the execution is not delayed');
        }
        run.status = 'ENQUEUED';
        run.queuedAt = at;
        run.delayUntil = null;
        break;
    }
    this.sync(lane);
  }

  /** The variables a WAIT_FOR_VARIABLES gate asks (undefined when the run does not wait at one). */
  askedVariables(run: Run): readonly { key: string; defaults: string }[] | undefined {
    const gate = run.status === 'WAITING_FOR_VARIABLES' ? this.current(run) : undefined;
    const outcome = gate?.script.outcome;
    return outcome?.kind === 'variables' ? outcome.asks : undefined;
  }

  /** How many of the action's own lines show at the settled moment. */
  shownLines(a: ActionRun): number {
    if (a.start === null) {
      return 0;
    }
    if (a.shownWhenStopped !== null) {
      return a.shownWhenStopped;
    }
    const total = a.lines.length;
    if (a.status === 'INPROGRESS' && a.endsAt !== null && a.endsAt > a.start) {
      return Math.min(total, Math.floor((total * (this.settledTo - a.start)) / (a.endsAt - a.start)) + 1);
    }
    return total;
  }

  /** The whole log's length and its lines (own lines shown, then event lines). */
  log(a: ActionRun): LineSource {
    const shown = this.shownLines(a);
    return { length: shown + a.events.length, at: (i) => (i < shown ? a.lines.at(i) : a.events[i - shown]) };
  }

  /** 0–100. */
  progress(a: ActionRun): number {
    if (a.status === 'SUCCESSFUL' || a.status === 'FAILED') {
      return 100;
    }
    if (a.status === 'INPROGRESS' && a.start !== null && a.endsAt !== null && a.endsAt > a.start) {
      return Math.min(99, Math.floor((100 * (this.settledTo - a.start)) / (a.endsAt - a.start)));
    }
    return 0;
  }

  // ------------------------------------------------------------------------------------------
  // Playing a lane out

  private lane(pipelineId: number): Lane {
    let lane = this.lanes.get(pipelineId);
    if (!lane) {
      lane = { runs: [], active: new Set(), occupant: undefined, freeSince: 0 };
      this.lanes.set(pipelineId, lane);
    }
    return lane;
  }

  /** Applies the lane's events in time order up to `now` (a run's step may free the lane for the next). */
  private settleLane(lane: Lane, now: number): void {
    for (;;) {
      let next: { at: number; run: Run } | undefined;
      for (const run of lane.active) {
        const at = this.nextEventAt(lane, run);
        if (at !== undefined && at <= now && (!next || at < next.at || (at === next.at && run.id < next.run.id))) {
          next = { at, run };
        }
      }
      if (!next) {
        return;
      }
      this.step(lane, next.run, next.at);
    }
  }

  private nextEventAt(lane: Lane, run: Run): number | undefined {
    switch (run.status) {
      case 'INITIAL':
        return run.delayUntil ?? undefined;
      case 'ENQUEUED':
        return lane.occupant || this.headOfQueue(lane) !== run ? undefined : Math.max(run.queuedAt + ENQUEUED_MS, lane.freeSince);
      case 'INPROGRESS':
        return this.current(run)?.endsAt ?? undefined;
      case 'TERMINATING':
        return (run.terminatingSince ?? run.queuedAt) + TERMINATING_MS;
      default:
        return undefined;
    }
  }

  private headOfQueue(lane: Lane): Run | undefined {
    let head: Run | undefined;
    for (const r of lane.active) {
      if (r.status === 'ENQUEUED' && (!head || r.queuedAt < head.queuedAt || (r.queuedAt === head.queuedAt && r.id < head.id))) {
        head = r;
      }
    }
    return head;
  }

  private step(lane: Lane, run: Run, at: number): void {
    switch (run.status) {
      case 'INITIAL':
        run.status = 'ENQUEUED';
        run.queuedAt = at;
        run.delayUntil = null;
        break;
      case 'ENQUEUED':
        lane.occupant = run;
        run.status = 'INPROGRESS';
        this.beginNext(lane, run, at);
        break;
      case 'INPROGRESS':
        this.endAction(lane, run, this.current(run)!, at);
        break;
      case 'TERMINATING':
        this.terminate(lane, run, at);
        break;
    }
    this.sync(lane);
  }

  /** The action running, waiting or being terminated. */
  private current(run: Run): ActionRun | undefined {
    return run.actions.find((a) => a.status === 'INPROGRESS' || a.status === 'TERMINATING' || WAITING.has(a.status));
  }

  /** Starts the next action to run at `at`, or finishes the run when none is left. */
  private beginNext(lane: Lane, run: Run, at: number): void {
    for (const a of run.actions) {
      if (a.status !== 'INITIAL') {
        continue;
      }
      if (run.actionsToRun && !run.actionsToRun.has(a.action.id)) {
        a.status = 'SKIPPED';
        continue;
      }
      const outcome = a.script.outcome;
      const allowed = outcome.kind !== 'deploy' || this.mayUse(run.pipeline, outcome.target);
      a.start = at;
      a.lines = a.script.lines({ variables: new Map(run.variables), revision: run.revision, targetAllowed: allowed });
      if (outcome.kind === 'approve' || outcome.kind === 'variables') {
        a.status = outcome.kind === 'approve' ? 'WAITING_FOR_APPLY' : 'WAITING_FOR_VARIABLES';
        run.status = a.status;
        a.events.push(eventLines.waiting(outcome));
        return;
      }
      a.status = 'INPROGRESS';
      a.refusedTarget = allowed ? null : (outcome as { target: string }).target;
      a.endsAt = at + (allowed ? a.script.durationMs : REFUSED_DEPLOY_MS);
      run.status = 'INPROGRESS';
      return;
    }
    this.finishRun(lane, run, 'SUCCESSFUL', at);
  }

  private endAction(lane: Lane, run: Run, a: ActionRun, at: number): void {
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
      this.beginNext(lane, run, at);
      return;
    }
    a.status = 'FAILED';
    this.notExecuted(run);
    this.finishRun(lane, run, 'FAILED', at);
  }

  private notExecuted(run: Run): void {
    for (const rest of run.actions) {
      if (rest.status === 'INITIAL') {
        rest.status = 'NOT_EXECUTED';
      }
    }
  }

  private finishRun(lane: Lane, run: Run, status: RunStatus, at: number): void {
    run.status = status;
    run.finishDate = at;
    lane.active.delete(run);
    if (lane.occupant === run) {
      lane.occupant = undefined;
      lane.freeSince = at;
    }
  }

  private cancel(run: Run, userId: number, at: number): void {
    const a = this.current(run);
    if (a) {
      a.shownWhenStopped = this.shownLines(a);
      a.status = 'TERMINATING';
      a.endsAt = null;
      a.events.push(eventLines.terminated(this.userName(userId)));
    }
    run.status = 'TERMINATING';
    run.terminatingSince = at;
    run.delayUntil = null;
  }

  private terminate(lane: Lane, run: Run, at: number): void {
    const a = this.current(run);
    if (a) {
      a.status = 'TERMINATED';
      a.finish = at;
    }
    this.notExecuted(run);
    this.finishRun(lane, run, 'TERMINATED', at);
  }

  /** Runs the failed (or terminated) action again and those after it; those before keep their result. */
  private retry(lane: Lane, run: Run, at: number): void {
    const from = run.actions.findIndex((a) => a.status !== 'SUCCESSFUL' && a.status !== 'SKIPPED');
    for (let i = Math.max(0, from); i < run.actions.length; i++) {
      const old = run.actions[i];
      run.actions[i] = this.actionRun(run, old.action, old.attempt + 1);
    }
    run.status = 'ENQUEUED';
    run.queuedAt = at;
    run.finishDate = null;
    run.terminatingSince = null;
    lane.active.add(run);
  }

  private passGate(lane: Lane, run: Run, userId: number, at: number, variables: readonly { key: string; value: string }[]): void {
    const gate = this.current(run)!;
    for (const v of variables) {
      run.variables.set(v.key, { value: v.value, encrypted: run.variables.get(v.key)?.encrypted ?? false });
    }
    gate.passedVariables = variables.map((v) => ({ key: v.key, value: v.value, encrypted: run.variables.get(v.key)?.encrypted ?? false }));
    gate.events.push(eventLines.passed(gate.status === 'WAITING_FOR_VARIABLES', this.userName(userId)));
    gate.status = 'SUCCESSFUL';
    gate.finish = at;
    gate.approverId = userId;
    gate.approvalDate = at;
    run.status = 'INPROGRESS';
    this.beginNext(lane, run, at);
  }

  userName(userId: number): string {
    return this.store.users.get(userId)?.name ?? `user ${userId}`;
  }

  /** Whether the pipeline may use the target (by identifier) at this moment. */
  mayUse(pipeline: Pipeline, identifier: string): boolean {
    const t = this.store.targetsOf(pipeline.workspace).find((x) => x.identifier === identifier);
    return !!t && (t.all_pipelines_allowed || t.allowedPipelineIds.includes(pipeline.id));
  }

  /** The settable variables in the pipeline's scopes (workspace, project, pipeline, its actions). */
  private settableVariables(pipeline: Pipeline): Map<string, RunVariable> {
    const actionIds = new Set(this.store.actionsOf(pipeline.id).map((a) => a.id));
    const out = new Map<string, RunVariable>();
    for (const v of this.store.variables.values()) {
      const s = v.scope;
      const inScope =
        s.kind === 'WORKSPACE' ||
        (s.kind === 'PROJECT' && s.project === pipeline.project) ||
        (s.kind === 'PIPELINE' && s.pipelineId === pipeline.id) ||
        (s.kind === 'ACTION' && actionIds.has(s.actionId));
      if (v.workspace === pipeline.workspace && v.settable && inScope) {
        out.set(v.key, { value: v.value, encrypted: v.encrypted });
      }
    }
    return out;
  }

  /** The pipeline's last_execution_* follow its newest run. */
  private sync(lane: Lane): void {
    const newest = lane.runs.at(-1);
    if (newest) {
      newest.pipeline.last_execution_status = newest.status;
      newest.pipeline.last_execution_revision = newest.revision;
    }
  }
}
