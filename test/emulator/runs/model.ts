// What the run engine keeps: runs, their action executions, what a run is started with, and the
// statuses and operations of conventions.md's "Runs" section.
import { createHash } from 'node:crypto';
import type { Action, Pipeline } from '../store';
import type { ActionScript, LineSource, RunVariable } from './scripts';

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


export function hex24(seed: string): string {
  return createHash('sha1').update(seed).digest('hex').slice(0, 24);
}

/** How many of the action's own lines show at `now`: all once it ended, those of its time so far while it runs. */
export function shownLinesAt(a: ActionRun, now: number): number {
  if (a.start === null) {
    return 0;
  }
  if (a.shownWhenStopped !== null) {
    return a.shownWhenStopped;
  }
  const total = a.lines.length;
  if (a.status === 'INPROGRESS' && a.endsAt !== null && a.endsAt > a.start) {
    return Math.min(total, Math.floor((total * (now - a.start)) / (a.endsAt - a.start)) + 1);
  }
  return total;
}

/** The whole log at `now`: the action's own lines shown, then the lines of its events. */
export function logAt(a: ActionRun, now: number): LineSource {
  const shown = shownLinesAt(a, now);
  return { length: shown + a.events.length, at: (i) => (i < shown ? a.lines.at(i) : a.events[i - shown]) };
}

/** 0–100 at `now`. */
export function progressAt(a: ActionRun, now: number): number {
  if (a.status === 'SUCCESSFUL' || a.status === 'FAILED') {
    return 100;
  }
  if (a.status === 'INPROGRESS' && a.start !== null && a.endsAt !== null && a.endsAt > a.start) {
    return Math.min(99, Math.floor((100 * (now - a.start)) / (a.endsAt - a.start)));
  }
  return 0;
}

const WAITING = new Set<RunStatus>(['WAITING_FOR_APPLY', 'WAITING_FOR_VARIABLES']);

/** The action running, waiting at its gate or being terminated. */
export function currentAction(run: Run): ActionRun | undefined {
  return run.actions.find((a) => a.status === 'INPROGRESS' || a.status === 'TERMINATING' || WAITING.has(a.status));
}
