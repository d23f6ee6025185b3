// Import Variables from .env…: from a scope of the Variables view (that scope) or the palette (the
// scope asked). After the steps, creates or replaces each checked key in turn under one progress
// notification that can be cancelled; then reports every key's outcome (created, replaced, failed
// with why, not done because cancelled), with "Retry Failed" for the rest, planned again against
// the scope as it then is (the one write flow's Retry: ui/writeFlow.ts). Nothing done is left
// unreported: the log has every key too.
import * as vscode from 'vscode';
import { CancelledError, isForbidden, ValidationError, type ApiClient, type Variable, type VariableCreate } from '../../../api';
import type { Services } from '../../../services';
import { describeError, errorForLog, forbiddenMessage } from '../../../ui/errorMessages';
import { withCancellableProgress } from '../../../ui/progress';
import { prompterFrom, type Prompter } from '../../../ui/multiStepInput';
import { EndFlow, runWriteFlow } from '../../../ui/writeFlow';
import { ApiLists } from '../../../ui/pickers';
import { scopeFilter, type VariableScopeRef } from '../../../workspace/variableScope';
import { DataKey } from '../../../workspace/workspaceData';
import { isEncryptedVariable } from '../variableFacts';
import { MAX_SCOPE_PAGES } from '../variableLists';
import { describeVariableScope } from '../variableNode';
import { countOutcomes, planImport, type ImportOutcome, type PlannedImport } from './importPlan';
import { problemForLog } from './dotenvFile';
import { importSteps, isSecret, type ExistingLoader, type ImportAnswers } from './importSteps';
import { scopeItemOf } from './items';
import { Command } from '../../../commandIds';

export interface ImportResult {
  readonly scope: VariableScopeRef;
  readonly outcomes: readonly ImportOutcome[];
}

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.ImportVariables, (item?: unknown, ...rest: unknown[]) => {
      const scope = scopeItemOf(item);
      return importVariables(services, prompterFrom(rest, services.context), { scope, presetScope: scope !== undefined });
    }),
  ];
}

/** Some keys failed or were not done: the report says which, offered with "Retry Failed". */
class ImportIncomplete extends Error {
  override name = 'ImportIncomplete';
  constructor(
    readonly result: ImportResult,
    readonly report: string,
  ) {
    super(report);
  }
}

/** Runs the flow; resolves to each key's outcome of the last run, or undefined when nothing was sent. */
export async function importVariables(services: Services, prompter: Prompter, answers: ImportAnswers): Promise<ImportResult | undefined> {
  const end = await runWriteFlow(services, prompter, answers, ({ client, workspace }) => {
    const existing: ExistingLoader = (scope, signal) => existingVariables(services, scope, signal);
    /** The keys still to import: the checked ones, then those that failed or were not done. */
    let pending: PlannedImport[] | undefined;
    let last: ImportResult | undefined;
    return {
      title: vscode.l10n.t('Import Variables from .env'),
      steps: importSteps(new ApiLists(services.data), workspace, existing),
      loadsLists: 'Import variables',
      retryOnly: vscode.l10n.t('Retry Failed'),
      send: async (a) => {
        const scope = a.scope;
        if (!scope || !a.plan) {
          return undefined;
        }
        if (pending === undefined) {
          pending = a.plan.filter((p) => a.chosen?.has(p.entry.key));
          for (const problem of a.env?.problems ?? []) {
            services.log.info(`Import into ${describeVariableScope(scope)}: ${problemForLog(problem)}`);
          }
        } else {
          pending = await plannedAgain(existing, scope, pending, prompter, last);
        }
        const outcomes = await send(services, client, workspace, scope, pending, a);
        services.data.invalidate(DataKey.variables(scopeFilter(scope)));
        const counts = countOutcomes(outcomes);
        const rest = [...counts.failed.map((f) => f.key), ...counts.notDone];
        const text = report(scope, outcomes, a.env?.problems.length ?? 0);
        last = { scope, outcomes };
        if (rest.length === 0) {
          void prompter.message('info', text);
          return last;
        }
        pending = pending.filter((p) => rest.includes(p.entry.key));
        throw new ImportIncomplete(last, text);
      },
      failure: (error) => (error instanceof ImportIncomplete ? error.report : describeError(error)),
    };
  });
  return end.kind === 'done' ? end.value : end.kind === 'failed' && end.error instanceof ImportIncomplete ? end.error.result : undefined;
}

/**
 * The keys to send again, planned against the scope as it is now: a create that reached the
 * service before a failure is now a replace. When the scope cannot be read, says so and ends with
 * the last outcomes.
 */
async function plannedAgain(
  existing: ExistingLoader,
  scope: VariableScopeRef,
  pending: readonly PlannedImport[],
  prompter: Prompter,
  last: ImportResult | undefined,
): Promise<PlannedImport[]> {
  let now: readonly Variable[];
  try {
    now = await existing(scope, new AbortController().signal);
  } catch (error) {
    void prompter.message('error', vscode.l10n.t('Could not read the variables of {0} again: {1}', describeVariableScope(scope), describeError(error)));
    throw new EndFlow(last);
  }
  return planImport(
    pending.map((p) => p.entry),
    now,
    isEncryptedVariable,
  ).filter((p) => p.action.kind !== 'skip');
}

/** The variables already in a scope: every page of them (bounded), from the workspace's data. */
async function existingVariables(services: Services, scope: VariableScopeRef, signal: AbortSignal): Promise<readonly Variable[]> {
  const data = services.data;
  return (await data.every(data.variables(scopeFilter(scope)), { maxPages: MAX_SCOPE_PAGES, signal })).items;
}

/** Creates or replaces each planned key in turn; a cancel stops before the next one. */
async function send(
  services: Services,
  client: ApiClient,
  workspace: string,
  scope: VariableScopeRef,
  todo: readonly PlannedImport[],
  answers: ImportAnswers,
): Promise<ImportOutcome[]> {
  const where = describeVariableScope(scope);
  return withCancellableProgress(vscode.l10n.t('Importing variables into {0}', where), async (signal, progress) => {
    const outcomes: ImportOutcome[] = [];
    for (const [index, planned] of todo.entries()) {
      const key = planned.entry.key;
      if (signal.aborted) {
        outcomes.push({ key, result: 'notDone' });
        continue;
      }
      progress.report({ message: vscode.l10n.t('{0} ({1} of {2})', key, index + 1, todo.length), increment: 100 / todo.length });
      const secret = isSecret(answers, planned);
      try {
        if (planned.action.kind === 'replace') {
          const existing = planned.action.existing;
          await client.updateVariable(
            workspace,
            existing.id,
            { key, value: planned.entry.value, ...(secret && !isEncryptedVariable(existing) ? { encrypted: true as const } : {}) },
            { signal },
          );
          outcomes.push({ key, result: 'replaced' });
        } else {
          await client.createVariable(workspace, createRequest(scope, key, planned.entry.value, secret), { signal });
          outcomes.push({ key, result: 'created' });
        }
        services.log.info(`Import into ${where}: ${key} ${planned.action.kind === 'replace' ? 'replaced' : 'created'}${secret ? ' (encrypted)' : ''}.`);
      } catch (error) {
        const reason = failureReason(error);
        outcomes.push({ key, result: 'failed', reason });
        services.log.warn(`Import into ${where}: ${key} failed: ${errorForLog(error)}`);
      }
    }
    return outcomes;
  });
}

function createRequest(scope: VariableScopeRef, key: string, value: string, secret: boolean): VariableCreate {
  const kind = { type: 'VAR' as const, value, ...(secret ? { encrypted: true } : {}) };
  switch (scope.kind) {
    case 'workspace':
      return { scope: 'workspace', key, ...kind };
    case 'project':
      return { scope: 'project', project: scope.project.name, key, ...kind };
    case 'pipeline':
      return { scope: 'pipeline', pipelineId: scope.pipeline.id, key, ...kind };
    case 'action':
      return { scope: 'action', actionId: scope.action.id, key, ...kind };
  }
}

function failureReason(error: unknown): string {
  if (error instanceof CancelledError) {
    return vscode.l10n.t('cancelled while it was being sent: it may have been made, Refresh shows');
  }
  if (error instanceof ValidationError && /already exists/i.test(error.message)) {
    return vscode.l10n.t('the key was taken meanwhile');
  }
  if (isForbidden(error)) {
    return forbiddenMessage(error, 'createVariable');
  }
  return describeError(error);
}

/** Every key's outcome in one message. */
function report(scope: VariableScopeRef, outcomes: readonly ImportOutcome[], badLines: number): string {
  const c = countOutcomes(outcomes);
  const where = describeVariableScope(scope);
  const done = c.created.length + c.replaced.length;
  const parts = [vscode.l10n.t('Imported {0} of {1} variable(s) into {2}.', done, outcomes.length, where)];
  if (c.created.length) {
    parts.push(vscode.l10n.t('Created: {0}.', c.created.join(', ')));
  }
  if (c.replaced.length) {
    parts.push(vscode.l10n.t('Replaced: {0}.', c.replaced.join(', ')));
  }
  if (c.failed.length) {
    parts.push(vscode.l10n.t('Failed: {0}.', c.failed.map((f) => `${f.key} (${f.reason})`).join('; ')));
  }
  if (c.notDone.length) {
    parts.push(vscode.l10n.t('Not done (cancelled): {0}.', c.notDone.join(', ')));
  }
  if (badLines) {
    parts.push(vscode.l10n.t('{0} line(s) of the file were not imported (see the log).', badLines));
  }
  return parts.join(' ');
}
