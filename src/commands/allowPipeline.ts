// Allow Pipeline on Target…: from a target of the Targets view or from the palette (target picked
// first). A target that admits every pipeline needs nothing; otherwise the user picks a project
// and a pipeline, pipelines already allowed are marked (picking one sends nothing), and the
// Targets view takes the answer's target as it is, without another request. The token's scopes
// never stop it: the server decides, and its 403 is explained (scopes in both naming schemes).
import * as vscode from 'vscode';
import {
  AccessDeniedError,
  allowsAllPipelines,
  CancelledError,
  canOpenTarget,
  isForbidden,
  mayPipelineUse,
  NetworkError,
  NotFoundError,
  pipelineName,
  RateLimitError,
  ServerError,
  targetName,
  TimeoutError,
  UnexpectedResponseError,
  type ApiClient,
  type Pipeline,
  type Target,
  type TargetSummary,
} from '../api';
import type { Services } from '../services';
import { prompterFrom, runSteps, type Prompter, type Step } from '../ui/multiStepInput';
import { describeError, errorForLog, forbiddenMessage, offerRetry, offerRetryOrEdit, scopeWarning } from '../ui/errorMessages';
import { ApiLists, pickPipeline, pickProject, pickTarget } from '../ui/pickers';
import { Command } from '../commandIds';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.AllowPipeline, async (item?: unknown, ...rest: unknown[]) =>
      allowPipeline(services, prompterFrom(rest), (await loadedTargetOfItem(item)) ?? targetOfItem(item)),
    ),
  ];
}

interface AllowAnswers {
  target?: TargetSummary;
  presetTarget: boolean;
  project?: string;
  pipeline?: Pipeline;
}

/** The outcome, for tests: the updated target, or why nothing was sent. */
export type AllowOutcome =
  | { kind: 'allowed'; target: Target }
  | { kind: 'alreadyAllowed' | 'allPipelinesAllowed' | 'cancelled' | 'notOpenable' }
  | { kind: 'failed'; error: unknown };

/** Stops the steps with a message (not an error): e.g. the target admits every pipeline. */
class StopFlow {
  constructor(readonly outcome: AllowOutcome) {}
}

/**
 * Runs the flow; `preset` is the target of the item the command was run on. Exported for the
 * extension-host tests, which script `prompter`.
 */
export async function allowPipeline(services: Services, prompter: Prompter, preset?: TargetSummary): Promise<AllowOutcome> {
  const ready = await services.session.ensureReady();
  if (!ready) {
    return { kind: 'cancelled' };
  }
  const { client, workspace } = ready;
  const lists = new ApiLists(client, workspace, services.views);
  if (preset && isFullTarget(preset)) {
    lists.remember(preset);
  }
  const answers: AllowAnswers = { target: preset, presetTarget: preset !== undefined };
  if (preset && !canOpenTarget(preset)) {
    await prompter.message('info', notOpenable(preset));
    return { kind: 'notOpenable' };
  }
  if (preset && allowsAllPipelines(preset) === true) {
    await prompter.message('info', allPipelinesAllowed(preset));
    return { kind: 'allPipelinesAllowed' };
  }
  const steps: Step<AllowAnswers>[] = [
    {
      applies: (a) => !a.presetTarget,
      run: async (ui, a) => {
        a.target = await pickTarget(ui, lists, a.target?.id ?? undefined);
        if (allowsAllPipelines(a.target) === true) {
          await ui.message('info', allPipelinesAllowed(a.target));
          throw new StopFlow({ kind: 'allPipelinesAllowed' });
        }
      },
    },
    {
      run: async (ui, a) => {
        const project = await pickProject(ui, lists, a.project);
        if (project.name !== a.project) {
          a.pipeline = undefined;
        }
        a.project = project.name;
      },
    },
    {
      run: async (ui, a) => {
        const target = required(a.target);
        const project = required(a.project);
        // The full target (allowed_pipelines) is loaded with the pipelines, under the pick's busy bar.
        let full: Target | undefined;
        const allowed = (pipeline: Pipeline): boolean => full !== undefined && mayPipelineUse(full, pipeline.id);
        a.pipeline = await pickPipeline(ui, lists, project, {
          current: a.pipeline?.id,
          placeholder: vscode.l10n.t('Choose the pipeline of {0} that may use {1}', project, targetName(target)),
          load: async (signal) => {
            full = await lists.target(requiredId(target), signal);
          },
          decorate: (pipeline) =>
            allowed(pipeline) ? { label: `$(check) ${pipelineName(pipeline)}`, description: vscode.l10n.t('already allowed') } : {},
        });
        // From here on the full target names it: a reduced list item (the vendor's) has no name.
        a.target = full ?? target;
        if (allowed(a.pipeline)) {
          await ui.message(
            'info',
            vscode.l10n.t('Pipeline {0} is already allowed on target {1}; nothing changed.', pipelineName(a.pipeline), targetName(a.target)),
          );
          throw new StopFlow({ kind: 'alreadyAllowed' });
        }
      },
    },
  ];
  let ask = true;
  for (;;) {
    if (ask) {
      try {
        if (!(await runSteps(prompter, vscode.l10n.t('Allow Pipeline on Target'), steps, answers))) {
          return { kind: 'cancelled' };
        }
      } catch (error) {
        if (error instanceof StopFlow) {
          return error.outcome;
        }
        services.log.warn(`Allow Pipeline: loading a list failed: ${errorForLog(error)}`);
        if (!(await offerRetry(prompter, vscode.l10n.t('Could not load the choices: {0}', describeError(error))))) {
          return { kind: 'failed', error };
        }
        continue;
      }
    }
    const target = required(answers.target);
    const pipeline = required(answers.pipeline);
    const project = required(answers.project);
    const outcome = await allowOnTarget(services, prompter, client, workspace, target, project, pipeline);
    if (outcome.kind !== 'failed' || !isRetryable(outcome.error)) {
      return outcome;
    }
    const choice = await offerRetryOrEdit(prompter, allowFailure(outcome.error, target, project, pipelineName(pipeline)));
    if (!choice) {
      return outcome;
    }
    ask = choice === 'edit';
  }
}

/**
 * Sends allow-pipeline under progress, hands the answer's target to the Targets view, and says
 * what happened. Errors that another try cannot fix (881, a 403) are shown here; the others are
 * returned for the caller to offer Retry. A known scope list that seems to lack TARGET_MANAGE
 * adds a warning first, never a refusal.
 */
export async function allowOnTarget(
  services: Services,
  prompter: Prompter,
  client: ApiClient,
  workspace: string,
  target: TargetSummary,
  project: string,
  pipeline: Pick<Pipeline, 'id' | 'name' | 'identifier'>,
): Promise<AllowOutcome> {
  const shown = pipelineName(pipeline);
  const warning = scopeWarning('allowPipeline', services.session.scopes);
  if (warning) {
    void prompter.message('warning', warning);
  }
  try {
    const targetId = requiredId(target);
    // The body names the pipeline (api.md): a pipeline without a name cannot be allowed from here.
    const name = pipeline.name;
    if (!name) {
      throw new UnnamedPipelineError(shown);
    }
    const updated = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Allowing pipeline {0} on target {1}…', shown, targetName(target)),
        cancellable: true,
      },
      async (_progress, token) => {
        const aborter = new AbortController();
        const subscription = token.onCancellationRequested(() => aborter.abort());
        try {
          return await client.allowPipeline(workspace, targetId, { project, pipeline: name }, { signal: aborter.signal });
        } finally {
          subscription.dispose();
        }
      },
    );
    try {
      services.views.updateTarget(updated);
    } catch (error) {
      // The target is changed on the server: a view that cannot take the answer is no failure of it.
      services.log.warn(`The Targets view could not take target ${String(updated.id)}: ${errorForLog(error)}`);
    }
    services.log.info(`Allowed pipeline ${shown} (${project}) on target ${targetName(target)} (${targetId}).`);
    void prompter.message('info', vscode.l10n.t('Pipeline {0} of project {1} may now use target {2}.', shown, project, targetName(updated)));
    return { kind: 'allowed', target: updated };
  } catch (error) {
    services.log.warn(`Allow pipeline ${shown} (${project}) on target ${targetName(target)} failed: ${errorForLog(error)}`);
    if (!isRetryable(error)) {
      await prompter.message('error', allowFailure(error, target, project, shown));
    }
    return { kind: 'failed', error };
  }
}

/** A pipeline the answer gave no name: allow-pipeline's body needs one. */
class UnnamedPipelineError extends Error {
  constructor(shown: string) {
    super(
      vscode.l10n.t(
        'The server sent {0} without a name, and allowing a pipeline names it: allow it on the target in the web app instead.',
        shown,
      ),
    );
    this.name = 'UnnamedPipelineError';
  }
}

/** The target's id; the steps only offer targets that have one. */
function requiredId(target: TargetSummary): string {
  if (!canOpenTarget(target)) {
    throw new Error(notOpenable(target));
  }
  return target.id;
}

/** Whether Retry or Edit can help: not for permissions or scopes. (Allowing twice is harmless.) */
export function isRetryable(error: unknown): boolean {
  return (
    error instanceof CancelledError ||
    error instanceof UnexpectedResponseError ||
    error instanceof NotFoundError ||
    error instanceof NetworkError ||
    error instanceof TimeoutError ||
    error instanceof ServerError ||
    error instanceof RateLimitError
  );
}

export function allowFailure(error: unknown, target: TargetSummary, project: string, pipeline: string): string {
  const name = targetName(target);
  if (error instanceof AccessDeniedError && error.isTargetPermission) {
    return vscode.l10n.t(
      'Your permission on target {0} does not allow changing its pipelines (access level DENIED); ask a workspace administrator.',
      name,
    );
  }
  if (isForbidden(error)) {
    return forbiddenMessage(error, 'allowPipeline');
  }
  if (error instanceof CancelledError) {
    return vscode.l10n.t('Cancelled. Target {0} may have changed if the request had reached the service; allowing again is harmless.', name);
  }
  if (error instanceof NotFoundError) {
    return vscode.l10n.t('{0} Pipeline {1} of project {2} or target {3} may have been renamed or deleted: choose Edit to pick again.', error.message, pipeline, project, name);
  }
  if (error instanceof UnnamedPipelineError) {
    return error.message;
  }
  return vscode.l10n.t('Could not allow pipeline {0} on target {1}: {2}', pipeline, name, describeError(error));
}

function allPipelinesAllowed(target: TargetSummary): string {
  return vscode.l10n.t('Target {0} allows all pipelines: there is nothing to add.', targetName(target));
}

function notOpenable(target: TargetSummary): string {
  return vscode.l10n.t(
    'Target {0} ({1}) has no id in the server\'s answer: it is a filter of targets, not one target, and has no pipelines of its own to allow.',
    targetName(target),
    String(target.type ?? '?'),
  );
}

/** The target of a Targets view item, read defensively; undefined for anything else. */
export function targetOfItem(item: unknown): TargetSummary | undefined {
  if (typeof item !== 'object' || item === null) {
    return undefined;
  }
  const target = (item as { target?: unknown }).target;
  if (typeof target !== 'object' || target === null) {
    return undefined;
  }
  const t = target as Partial<TargetSummary>;
  const named = typeof t.id === 'string' || typeof t.identifier === 'string';
  return named && Array.isArray(t.tags) ? (target as TargetSummary) : undefined;
}

/** The full target a Targets view item already holds (`loadedTarget`), without a request. */
async function loadedTargetOfItem(item: unknown): Promise<Target | undefined> {
  const loaded = typeof item === 'object' && item !== null ? (item as { loadedTarget?: unknown }).loadedTarget : undefined;
  if (!(loaded instanceof Promise)) {
    return undefined;
  }
  try {
    const target = (await loaded) as TargetSummary;
    return isFullTarget(target) ? target : undefined;
  } catch {
    return undefined;
  }
}

export function isFullTarget(target: TargetSummary): target is Target {
  return Array.isArray((target as Partial<Target>).allowed_pipelines);
}

function required<T>(value: T | undefined): T {
  if (value === undefined) {
    throw new Error('An answer is missing.');
  }
  return value;
}
