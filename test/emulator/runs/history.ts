// The runs of the past: a few finished runs per demo pipeline that has run (25 for api-service's CI,
// so its list has pages), the newest one with the pipeline's demo last_execution_status and
// revision. A newest status that is not finished (the nightly run's INPROGRESS) is a live run that
// started shortly before the clock's start and plays on from there.
import { CLOCK_START_MS } from '../clock';
import type { Store } from '../store';
import { ENQUEUED_MS, RunEngine } from './engine';
import { PIPELINE_NOT_ALLOWED, type ActionRun, type Run, type RunStatus } from './model';
import { ANSI, eventLines, fixedLines, notAllowedMessage, REFUSED_DEPLOY_MS } from './scripts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How long a gate of the past waited for its person. */
const GATE_WAIT_MS = 30_000;
/** Runs per pipeline; the others have DEFAULT_COUNT. */
const COUNTS: Record<number, number> = { 201: 25, 207: 3 };
const DEFAULT_COUNT = 4;
/** The live run (a newest status that is not finished) started this long before the clock's start. */
const LIVE_SINCE_MS = 47_000;

/** Loads the past runs of the given demo pipelines into the engine, then settles it at the clock's start. */
export function loadHistory(engine: RunEngine, store: Store, pipelineIds: readonly number[]): void {
  for (const id of pipelineIds) {
    const pipeline = store.pipelines.get(id);
    const project = pipeline && store.project(pipeline.workspace, pipeline.project);
    if (!pipeline || !project || pipeline.last_execution_status === null) {
      continue;
    }
    const newestStatus = pipeline.last_execution_status as RunStatus;
    const commits = project.history;
    let newestIndex = 0;
    for (let i = 0; i < Math.min(commits.length, 10); i++) {
      if (commits.at(i).revision === pipeline.last_execution_revision) {
        newestIndex = i;
      }
    }
    const count = COUNTS[id] ?? DEFAULT_COUNT;
    for (let k = count - 1; k >= 0; k--) {
      const revision = commits.length > 0 ? commits.at(Math.min(newestIndex + k, commits.length - 1)).revision : null;
      const input = { revision, branch: project.default_branch, triggeredOn: pipeline.on, comment: k % 3 === 1 ? `Check #${count - k}` : '' };
      // Alice and Dave take turns.
      const creator = k % 2 === 0 ? 1 : 2;
      if (k === 0 && !['SUCCESSFUL', 'FAILED', 'TERMINATED'].includes(newestStatus)) {
        engine.start(pipeline, input, creator, CLOCK_START_MS - LIVE_SINCE_MS);
        continue;
      }
      const startAt = CLOCK_START_MS - HOUR - k * 6 * HOUR - (id % 7) * 10 * MINUTE;
      const status: RunStatus = k === 0 ? newestStatus : k % 7 === 5 ? 'TERMINATED' : k % 5 === 3 ? 'FAILED' : 'SUCCESSFUL';
      playPast(engine, engine.start(pipeline, input, creator, startAt), status);
    }
  }
  engine.settle(CLOCK_START_MS);
}

/** The action a failed run of the past stopped at: its failing or refused action, else the last. */
function failingIndex(engine: RunEngine, run: Run): number {
  const i = run.actions.findIndex((a) => {
    const o = a.script.outcome;
    return o.kind === 'fail' || (o.kind === 'deploy' && !engine.mayUse(run.pipeline, o.target));
  });
  return i >= 0 ? i : run.actions.length - 1;
}

/** Plays a run of the past to `status` directly (its actions one after another from its start). */
function playPast(engine: RunEngine, run: Run, status: RunStatus): void {
  const stopAt = status === 'FAILED' ? failingIndex(engine, run) : status === 'TERMINATED' ? Math.min(1, run.actions.length - 1) : run.actions.length;
  let t = run.startDate + ENQUEUED_MS;
  run.actions.forEach((a, i) => {
    if (i > stopAt) {
      a.status = 'NOT_EXECUTED';
      return;
    }
    const outcome = a.script.outcome;
    const refused = i === stopAt && status === 'FAILED' && outcome.kind === 'deploy' && !engine.mayUse(run.pipeline, outcome.target);
    a.start = t;
    a.lines =
      outcome.kind === 'fail' && i !== stopAt
        ? fixedLines([`${ANSI.green}✔${ANSI.reset} ${a.action.name}: all passed`])
        : a.script.lines({ variables: new Map(run.variables), revision: run.revision, targetAllowed: !refused });
    if (outcome.kind === 'approve' || outcome.kind === 'variables') {
      passGate(engine, run, a, t + GATE_WAIT_MS);
    }
    t += outcome.kind === 'approve' || outcome.kind === 'variables' ? GATE_WAIT_MS : refused ? REFUSED_DEPLOY_MS : a.script.durationMs;
    a.finish = t;
    a.status = i === stopAt && status !== 'SUCCESSFUL' ? status : 'SUCCESSFUL';
    if (i !== stopAt) {
      return;
    }
    if (status === 'TERMINATED') {
      a.shownWhenStopped = Math.floor(a.lines.length / 2);
      a.events.push(eventLines.terminated(engine.userName(2)));
    } else if (status === 'FAILED') {
      fail(a, refused, outcome.kind === 'fail' ? outcome.message : 'Command exited with code 1.', outcome.kind === 'deploy' ? outcome.target : '');
    }
  });
  run.status = status;
  run.finishDate = t;
  engine.markFinished(run);
}

function passGate(engine: RunEngine, run: Run, a: ActionRun, at: number): void {
  const outcome = a.script.outcome;
  a.events.push(eventLines.waiting(outcome));
  if (outcome.kind === 'variables') {
    a.passedVariables = outcome.asks.map((v) => ({ key: v.key, value: v.defaults, encrypted: false }));
    for (const v of outcome.asks) {
      run.variables.set(v.key, { value: v.defaults, encrypted: false });
    }
  }
  a.events.push(eventLines.passed(outcome.kind === 'variables', engine.userName(1)));
  a.approverId = 1;
  a.approvalDate = at;
}

function fail(a: ActionRun, refused: boolean, message: string, target: string): void {
  if (refused) {
    a.errorMessage = notAllowedMessage(target);
    a.errorCode = PIPELINE_NOT_ALLOWED;
    a.events.push(eventLines.refused(PIPELINE_NOT_ALLOWED, a.errorMessage));
  } else {
    a.errorMessage = message;
    a.events.push(eventLines.failed(message));
  }
}
