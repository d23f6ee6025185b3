// Typed models of runs (pipeline executions), from conventions.md's "Runs" section: the real
// service's three generations of pages (2016 samples, 2025 "runs", 2026 "executions"). Apart from
// models.ts, which holds the specification's models and is full. The rules of models.ts hold here:
// only what the code cannot work without is required (a run's `id`), display fields are optional,
// dates stay strings, unknown enum values are kept. The validator (validate.ts) reads both casings
// and writes them in snake_case here: `triggeredOn` → `triggered_on`, `startDate` → `start_date`,
// `actionExecutions` → `action_executions`, …
import type { Linked, Member, PageQuery, Tolerant } from './models';

/** Statuses of runs and action executions; an unknown word is kept as it is (runStatus.ts says what it means). */
export type RunStatus = Tolerant<
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
  | 'WAITING_FOR_VARIABLES'
  | 'WAITING_FOR_SETTABLE_VARIABLES'
  | 'WAITING_FOR_VT_SESSION'
>;

export type RunPriority = Tolerant<'LOW' | 'NORMAL' | 'HIGH'>;

/** A branch, tag or pull request a run was started for. */
export interface RunRef extends Linked {
  name?: string | null;
  default?: boolean | null;
}

/** The commit a run went to (or came from). */
export interface RunRevision extends Linked {
  revision?: string | null;
}

/** Element of the run list (GET …/executions): a run without its action executions. */
export interface ExecutionSummary extends Linked {
  /** In the paths of the run, its action executions and logs (numbered per pipeline on the real service). */
  id: number;
  /** Null when the answer has none (shown as unknown, polled like a running one). */
  status: RunStatus | null;
  start_date: string | null;
  /** Null while the run goes on. */
  finish_date: string | null;
  /** CLICK, EVENT, SCHEDULE, … (`triggeredOn` on the real service; `mode` on an old page). */
  triggered_on?: string | null;
  priority?: RunPriority | null;
  refresh?: boolean | null;
  clear_cache?: boolean | null;
  comment?: string | null;
  branch?: RunRef | null;
  tag?: RunRef | null;
  pull_request?: RunRef | null;
  to_revision?: RunRevision | null;
  from_revision?: RunRevision | null;
  creator?: Member | null;
  delay_until?: string | null;
}

/** The action an action execution ran; a gate adds what it asks. */
export interface RunAction extends Linked {
  id?: number | null;
  name?: string | null;
  type?: string | null;
  /** WAIT_FOR_APPLY: the question a person answers with APPLY (the emulator's field; our choice). */
  question?: string | null;
  /** WAIT_FOR_VARIABLES: the variables a person sets with APPLY_VARIABLES. */
  variables?: { key: string; type?: string | null; description?: string | null; defaults?: string | null }[] | null;
}

/** One action of a run (element of `action_executions`, and GET …/action_executions/:id). */
export interface ActionExecution extends Linked {
  /**
   * 24 hex digits; the path of the action execution and its log. Older pages have none (their
   * action executions are reached by the action's id and carry the log inline, `log`).
   */
  action_execution_id?: string | null;
  status: RunStatus | null;
  /** 0–100. */
  progress?: number | null;
  start_date: string | null;
  finish_date: string | null;
  /** Why it failed; may be coded, `2678004=Pipeline is not allowed to use target [production]` (runFailure()). */
  error_message?: string | null;
  /** The code, when the answer gives it apart (the emulator's default dialect). */
  error_code?: number | null;
  action?: RunAction | null;
  /** Older pages: the whole log inline. Read with inlineLog(); newer answers have getLogs(). */
  log?: string[] | null;
  approver_id?: number | null;
  approval_date?: string | null;
  /** The values a gate was given (an encrypted one as `secure!…` / `!encrypted …`). */
  passed_variables?: { key: string; value?: string | null }[] | null;
}

/** GET …/executions/:id (and the answers of POST and PATCH): the run with its action executions. */
export interface Execution extends ExecutionSummary {
  /** [] when absent. */
  action_executions: ActionExecution[];
}

/** GET …/action_executions/:id/logs: a page of lines from `offset`. */
export interface ExecutionLog extends Linked {
  offset: number;
  /** Lines in this answer (`logs.length` when absent). */
  element_count: number;
  /** Lines the log has now (it grows while the action runs); null when not said. */
  total_element_count: number | null;
  /** Lines as sent, ANSI colour codes included (never show them as markup). */
  logs: string[];
}

export interface LogQuery {
  /** First line, from 0. */
  offset?: number;
  /** Lines, 1–1000 (the server's default is 100). */
  limit?: number;
}

/** A value for one of the pipeline's settable variables (or a new one) for this run. */
export interface RunVariable {
  key: string;
  value: string;
  /** Kept secret by the server; never written to a log or message by the client either. */
  encrypted?: boolean;
}

/** Body of POST …/executions in typed form. At most one of branch, tag and pull_request. */
export interface RunRequest {
  /** A commit's revision; absent: HEAD (of the branch or tag, else of the default branch). */
  revision?: string;
  /** A revision to deploy from (changes since then). */
  from_revision?: string;
  branch?: string;
  tag?: string;
  pull_request?: string;
  comment?: string;
  /** Deploy from scratch. */
  refresh?: boolean;
  clear_cache?: boolean;
  priority?: RunPriority;
  variables?: RunVariable[];
  /** The ids of the actions to run (the others are skipped); absent: as the pipeline says. */
  actions_to_run?: number[];
  /** Start then, not now (RUN_DELAYED starts it earlier). */
  delay_until?: Date;
}

export type ExecutionOperation = Tolerant<'RETRY' | 'CANCEL' | 'APPLY' | 'APPLY_VARIABLES' | 'RUN_DELAYED'>;

/** A page of the run list. */
export type ExecutionQuery = PageQuery;
