// The step Allow Pipeline on Target and Check Pipeline Access share: send allow-pipeline for one
// pipeline on one target under progress, put the answer's target in the workspace's data (the
// Targets view shows it), and say what happened or why not.
import * as vscode from 'vscode';
import {
  AccessDeniedError,
  CancelledError,
  canOpenTarget,
  isForbidden,
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
} from '../../api';
import type { Services } from '../../services';
import type { Prompter } from '../../ui/multiStepInput';
import { describeError, errorForLog, forbiddenMessage, scopeWarning } from '../../ui/errorMessages';
import { withCancellableProgress } from '../../ui/progress';

/** The outcome, for tests: the updated target, or why nothing was sent. */
export type AllowOutcome =
  | { kind: 'allowed'; target: Target }
  | { kind: 'alreadyAllowed' | 'allPipelinesAllowed' | 'cancelled' | 'notOpenable' }
  | { kind: 'failed'; error: unknown };

/**
 * Sends allow-pipeline under progress, puts the answer's target in the workspace's data, and says
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
    const updated = await withCancellableProgress(vscode.l10n.t('Allowing pipeline {0} on target {1}…', shown, targetName(target)), (signal) =>
      client.allowPipeline(workspace, targetId, { project, pipeline: name }, { signal }),
    );
    services.data.setTarget(updated);
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
export function requiredId(target: TargetSummary): string {
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

export function notOpenable(target: TargetSummary): string {
  return vscode.l10n.t(
    'Target {0} ({1}) has no id in the server\'s answer: it is a filter of targets, not one target, and has no pipelines of its own to allow.',
    targetName(target),
    String(target.type ?? '?'),
  );
}
