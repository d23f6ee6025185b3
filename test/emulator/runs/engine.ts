// The run engine: pipeline executions played out on the emulator's clock, without timers. The
// server settles every run up to clock.now() before it answers an API request, so each request
// sees (and changes) the state of its own moment, and a journey is deterministic: tests advance the
// clock, npm start lets it run. Each pipeline is one lane (lane.ts); here: starting runs, the
// PATCH operations, and what runs read of the store (settable variables, targets, names).
import { CLOCK_START_MS } from '../clock';
import { ApiError } from '../http';
import type { Action, Pipeline, Store } from '../store';
import { Lane } from './lane';
import { currentAction, FINISHED, hex24, logAt, progressAt, shownLinesAt, type ActionRun, type Operation, type Run, type RunInput } from './model';
import { eventLines, fixedLines, Scripts, type LineSource, type RunVariable } from './scripts';

export { ENQUEUED_MS, TERMINATING_MS } from './lane';

/** A value sent with APPLY_VARIABLES. */
export interface SentVariable {
  key: string;
  value: string;
  encrypted?: boolean;
}

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
        lane.settle(now);
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
    lane.add(run);
    return run;
  }

  /** A run of the past that history.ts has played out itself: it leaves the queue. */
  markFinished(run: Run): void {
    this.lane(run.pipeline.id).markFinished(run);
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
  operate(run: Run, op: Operation, userId: number, variables: readonly SentVariable[] = []): void {
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
    lane.sync();
  }

  /** The variables a WAIT_FOR_VARIABLES gate asks (undefined when the run does not wait at one). */
  askedVariables(run: Run): readonly { key: string; defaults: string }[] | undefined {
    const gate = run.status === 'WAITING_FOR_VARIABLES' ? currentAction(run) : undefined;
    const outcome = gate?.script.outcome;
    return outcome?.kind === 'variables' ? outcome.asks : undefined;
  }

  /** The log of an action execution at the settled moment. */
  log(a: ActionRun): LineSource {
    return logAt(a, this.settledTo);
  }

  progress(a: ActionRun): number {
    return progressAt(a, this.settledTo);
  }

  private lane(pipelineId: number): Lane {
    let lane = this.lanes.get(pipelineId);
    if (!lane) {
      lane = new Lane((run, target) => this.mayUse(run.pipeline, target));
      this.lanes.set(pipelineId, lane);
    }
    return lane;
  }

  private cancel(run: Run, userId: number, at: number): void {
    const a = currentAction(run);
    if (a) {
      a.shownWhenStopped = shownLinesAt(a, this.settledTo);
      a.status = 'TERMINATING';
      a.endsAt = null;
      a.events.push(eventLines.terminated(this.userName(userId)));
    }
    run.status = 'TERMINATING';
    run.terminatingSince = at;
    run.delayUntil = null;
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

  private passGate(lane: Lane, run: Run, userId: number, at: number, variables: readonly SentVariable[]): void {
    const gate = currentAction(run)!;
    const outcome = gate.script.outcome;
    const secretAsks = new Set(outcome.kind === 'variables' ? outcome.asks.filter((a) => a.encrypted === true).map((a) => a.key) : []);
    for (const v of variables) {
      // Sent encrypted, asked as a secret, or kept secret already: never printed, masked in passed_variables.
      run.variables.set(v.key, { value: v.value, encrypted: v.encrypted === true || secretAsks.has(v.key) || (run.variables.get(v.key)?.encrypted ?? false) });
    }
    gate.passedVariables = variables.map((v) => ({ key: v.key, value: v.value, encrypted: run.variables.get(v.key)!.encrypted }));
    gate.events.push(eventLines.passed(gate.status === 'WAITING_FOR_VARIABLES', this.userName(userId)));
    gate.status = 'SUCCESSFUL';
    gate.finish = at;
    gate.approverId = userId;
    gate.approvalDate = at;
    run.status = 'INPROGRESS';
    lane.beginNext(run, at);
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
}
