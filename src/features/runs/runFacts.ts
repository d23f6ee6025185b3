// A run as the Runs view and the notices need it, from what the service answered (a list's summary
// or the full run): its facts for runPresentation.ts, the state its row's menus follow, the gate a
// person answers, and a failed action's target (2678004). Read tolerantly; no vscode import.
import * as l10n from '@vscode/l10n';
import {
  actionExecutionName,
  actionFailure,
  parseApiDate,
  personOperation,
  runCreatorName,
  runFailure,
  runRefName,
  runRevision,
  runState,
  type ActionExecution,
  type Execution,
  type ExecutionSummary,
  type RunAction,
} from '../../api';
import { firstFailedAction, MAX_NAME, oneLine, type RunFacts, type RunNoticeFacts } from './runPresentation';

export function runFactsOf(e: ExecutionSummary): RunFacts {
  return {
    id: e.id,
    status: e.status ?? undefined,
    branch: runRefName(e),
    revision: runRevision(e),
    creator: runCreatorName(e),
    startDate: parseApiDate(e.start_date),
    finishDate: parseApiDate(e.finish_date),
    comment: e.comment ?? undefined,
  };
}

export function noticeFactsOf(e: Execution, pipelineName: string | undefined): RunNoticeFacts {
  const actions = e.action_executions.map((a) => ({ status: a.status ?? undefined, name: actionExecutionName(a) }));
  return { ...runFactsOf(e), pipelineName, failedAction: firstFailedAction(actions) };
}

/**
 * The facet of a run's contextValue its menus follow: `running` (Cancel), `approve` (Approve,
 * Cancel), `variables` (Set Variables…, Cancel), `failed` (Retry: FAILED or TERMINATED), `done`.
 */
export type RunFacet = 'running' | 'approve' | 'variables' | 'failed' | 'done';

export function runFacet(status: string | null | undefined): RunFacet {
  const word = typeof status === 'string' ? status.trim().toUpperCase() : '';
  const operation = personOperation(word);
  if (operation === 'APPLY') {
    return 'approve';
  }
  if (operation === 'APPLY_VARIABLES') {
    return 'variables';
  }
  if (runState(word) === 'running') {
    return 'running';
  }
  return word === 'FAILED' || word === 'TERMINATED' ? 'failed' : 'done';
}

/** The action execution a person answers (the first one waiting), with its action. */
export function waitingGate(e: Execution): { actionExecution: ActionExecution; action: RunAction } | undefined {
  const waiting = e.action_executions.find((a) => personOperation(a.status) !== undefined);
  return waiting ? { actionExecution: waiting, action: waiting.action ?? {} } : undefined;
}

/** What an approval gate asks, on one line; a default when it says nothing. */
export function gateQuestion(action: RunAction): string {
  return oneLine(action.question, 300) || l10n.t('Approve the run of "{0}"?', oneLine(action.name, MAX_NAME) || l10n.t('(unnamed)'));
}

/** A variable a gate asks for, and whether its value is secret (a password box, sent encrypted). */
export interface AskedVariable {
  readonly key: string;
  readonly description: string | undefined;
  readonly defaults: string | undefined;
  readonly secret: boolean;
}

/** At most this many variables are asked from one gate. */
export const MAX_ASKED_VARIABLES = 50;

export function askedVariables(action: RunAction): AskedVariable[] {
  const list = Array.isArray(action.variables) ? action.variables : [];
  return list
    .filter((v) => typeof v?.key === 'string' && v.key.trim() !== '')
    .slice(0, MAX_ASKED_VARIABLES)
    .map((v) => ({
      key: oneLine(v.key, MAX_NAME),
      description: oneLine(v.description, 200) || undefined,
      defaults: typeof v.defaults === 'string' ? v.defaults : undefined,
      // Marked encrypted as a variable is, or typed as a secret (older shapes).
      secret: (v as { encrypted?: unknown }).encrypted === true || /encrypt|secret|password/i.test(String(v.type ?? '')),
    }));
}

/** The target a failed action was not allowed to use (2678004), and that action. */
export function notAllowedTarget(e: Pick<Execution, 'action_executions'>): { target: string; actionExecution: ActionExecution } | undefined {
  const failed = runFailure(e);
  return failed?.failure.target !== undefined ? { target: failed.failure.target, actionExecution: failed.actionExecution } : undefined;
}

/** An action execution's failure in a few words: the target refused, or the service's message on one line. */
export function failureText(a: ActionExecution): string | undefined {
  const failure = actionFailure(a);
  if (!failure) {
    return undefined;
  }
  if (failure.target !== undefined) {
    return l10n.t('not allowed to use target {0}', oneLine(failure.target, MAX_NAME));
  }
  return oneLine(failure.message, 200);
}
