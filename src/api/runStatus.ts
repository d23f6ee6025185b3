// What a run's status means to whoever follows it (finished, waiting for a person, or still
// going), why an action execution failed (a coded `2678004=…` names the target the pipeline may
// not use), and the display fallbacks of runs for the fields the service may leave out.
import { ErrorCode, notAllowedTarget, parseCodedMessage, shorten } from './errors';
import type { ActionExecution, Execution, ExecutionSummary } from './runs';
import { actionName, personName } from './tolerant';

/** `finished`: nothing more will happen; `needs-person`: it waits for APPLY or APPLY_VARIABLES; `running`: it goes on. */
export type RunState = 'finished' | 'needs-person' | 'running';

/** The statuses after which nothing more happens to a run or an action (conventions.md, "Runs"). */
export const FINISHED_STATUSES: readonly string[] = ['SUCCESSFUL', 'FAILED', 'TERMINATED', 'SKIPPED', 'NOT_EXECUTED'];
const FINISHED = new Set(FINISHED_STATUSES);
const PERSON_OPERATION: Readonly<Record<string, 'APPLY' | 'APPLY_VARIABLES'>> = {
  WAITING_FOR_APPLY: 'APPLY',
  WAITING_FOR_VARIABLES: 'APPLY_VARIABLES',
  WAITING_FOR_SETTABLE_VARIABLES: 'APPLY_VARIABLES',
};

const normal = (status: string | null | undefined): string => (typeof status === 'string' ? status.trim().toUpperCase() : '');

/**
 * What a status means. An unknown word (or none) counts as `running`: a follower keeps polling it,
 * within its own budget, and shows the word as it is.
 */
export function runState(status: string | null | undefined): RunState {
  const s = normal(status);
  if (FINISHED.has(s)) {
    return 'finished';
  }
  return Object.hasOwn(PERSON_OPERATION, s) ? 'needs-person' : 'running';
}

export function isFinished(status: string | null | undefined): boolean {
  return runState(status) === 'finished';
}

/** The operation a person answers this status with (APPLY, APPLY_VARIABLES), or undefined. */
export function personOperation(status: string | null | undefined): 'APPLY' | 'APPLY_VARIABLES' | undefined {
  const s = normal(status);
  return Object.hasOwn(PERSON_OPERATION, s) ? PERSON_OPERATION[s] : undefined;
}

/** Why an action execution failed: the coded or plain message, its code, and the target 2678004 names. */
export interface RunFailure {
  code: number | undefined;
  /** Without its `<code>=` prefix, cut to a few lines. */
  message: string;
  /** 2678004: the identifier of the target the pipeline may not use. */
  target: string | undefined;
}

/** The failure an action execution reports (`error_message`, coded or with `error_code` apart), or undefined. */
export function actionFailure(a: Pick<ActionExecution, 'error_message' | 'error_code'>): RunFailure | undefined {
  if (typeof a.error_message !== 'string' || a.error_message.trim() === '') {
    return undefined;
  }
  const coded = parseCodedMessage(a.error_message);
  const code = coded.code ?? (typeof a.error_code === 'number' && Number.isSafeInteger(a.error_code) ? a.error_code : undefined);
  return { code, message: shorten(coded.message), target: code === ErrorCode.PipelineNotAllowed ? notAllowedTarget(coded.message) : undefined };
}

/** The first action execution of the run that reports a failure, with it. */
export function runFailure(e: Pick<Execution, 'action_executions'>): { actionExecution: ActionExecution; failure: RunFailure } | undefined {
  for (const a of e.action_executions) {
    const failure = actionFailure(a);
    if (failure) {
      return { actionExecution: a, failure };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Display fallbacks

/** How to call an action execution: its action's name → type → "(unnamed)". */
export function actionExecutionName(a: Pick<ActionExecution, 'action'>): string {
  return actionName(a.action ?? {});
}

/** What the run went to: its branch, tag or pull request, when it says. */
export function runRefName(e: Pick<ExecutionSummary, 'branch' | 'tag' | 'pull_request'>): string | undefined {
  for (const ref of [e.branch, e.tag, e.pull_request]) {
    if (typeof ref?.name === 'string' && ref.name.trim() !== '') {
      return ref.name;
    }
  }
  return undefined;
}

/** The revision the run went to, when it says. */
export function runRevision(e: Pick<ExecutionSummary, 'to_revision'>): string | undefined {
  const r = e.to_revision?.revision;
  return typeof r === 'string' && r !== '' ? r : undefined;
}

/** Who started the run (name → e-mail), when it says. */
export function runCreatorName(e: Pick<ExecutionSummary, 'creator'>): string | undefined {
  return personName(e.creator);
}

/** The log an older answer carries inline (`log: [string]`), or undefined (then getLogs()). */
export function inlineLog(a: Pick<ActionExecution, 'log'>): readonly string[] | undefined {
  return Array.isArray(a.log) ? a.log : undefined;
}
