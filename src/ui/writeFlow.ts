// The one write flow: check that the session is ready → ask the steps → send (with progress and
// cancel, see ui/progress.ts) → on failure offer Retry (the same answers again) or Edit (the steps
// again, every answer kept). Create Variable, Create Project, Change Variable, Delete Variable,
// Import Variables and Allow Pipeline on Target run on it; each gives its steps, its request and
// the words for its failures.
import * as vscode from 'vscode';
import type { ApiClient } from '../api';
import type { Services } from '../services';
import { sessionPlace } from '../workspace/sessionPlace';
import { describeError, errorForLog, offerRetry, offerRetryOrEdit } from './errorMessages';
import { runSteps, type Prompter, type Step } from './multiStepInput';

export interface Ready {
  client: ApiClient;
  workspace: string;
}

export interface WriteFlow<S, R> {
  /** The steps' title ("Create Variable"). */
  title: string;
  steps: readonly Step<S>[];
  /**
   * Names the flow in the log when a step's list (projects, pipelines, …) could not be loaded: then
   * Retry is offered with the answers kept. Without it such an error is thrown.
   */
  loadsLists?: string;
  /** Sends the answers; a thrown error is offered Retry and Edit (or `retryOnly`). */
  send(answers: S): Promise<R>;
  /**
   * Offers only Retry after a failed send, with this label: when there is nothing to edit (Delete
   * Variable), or when Retry sends only what failed (Import's "Retry Failed").
   */
  retryOnly?: string;
  /** Logs a failed send and says it in words that say what to do (shown with Retry and Edit). */
  failure(error: unknown, answers: S): string;
}

/** How a write flow ended: with what `send` returned (or a step's EndFlow), cancelled, or failed and dismissed. */
export type WriteEnd<R> = { kind: 'done'; value: R } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

/** Thrown by a step or the flow's setup to end it without sending (nothing to do), or by `send` to end it with no Retry. */
export class EndFlow<R> {
  constructor(readonly value: R) {}
}

/**
 * Runs a write flow over `answers` (preset or kept). `flowFor` builds the flow once the session is
 * ready (not ready: cancelled); it may throw EndFlow when there is nothing to ask.
 */
export async function runWriteFlow<S, R>(
  services: Services,
  prompter: Prompter,
  answers: S,
  flowFor: (ready: Ready) => WriteFlow<S, R> | Promise<WriteFlow<S, R>>,
): Promise<WriteEnd<R>> {
  const ready = await services.session.ensureReady();
  if (!ready) {
    return { kind: 'cancelled' };
  }
  // The account and workspace the flow began with: its steps, its send and every Retry are theirs.
  const place = sessionPlace(services.session);
  let flow: WriteFlow<S, R>;
  try {
    flow = await flowFor(ready);
  } catch (error) {
    return ended(error);
  }
  let ask = true;
  for (;;) {
    if (sessionPlace(services.session) !== place) {
      await prompter.message('error', vscode.l10n.t('{0}: the account or workspace changed while it was open, so nothing was sent. Run it again for the account shown now.', flow.title));
      return { kind: 'failed', error: new AccountChangedError() };
    }
    if (ask) {
      try {
        if (!(await runSteps(prompter, flow.title, flow.steps, answers))) {
          return { kind: 'cancelled' };
        }
      } catch (error) {
        if (error instanceof EndFlow || flow.loadsLists === undefined) {
          return ended(error);
        }
        services.log.warn(`${flow.loadsLists}: loading a list failed: ${errorForLog(error)}`);
        if (!(await offerRetry(prompter, vscode.l10n.t('Could not load the choices: {0}', describeError(error))))) {
          return { kind: 'failed', error };
        }
        continue;
      }
    }
    if (sessionPlace(services.session) !== place) {
      continue;
    }
    try {
      return { kind: 'done', value: await flow.send(answers) };
    } catch (error) {
      if (error instanceof EndFlow) {
        return ended(error);
      }
      const text = flow.failure(error, answers);
      const choice = flow.retryOnly === undefined ? await offerRetryOrEdit(prompter, text) : await offerOnlyRetry(prompter, text, flow.retryOnly);
      if (!choice) {
        return { kind: 'failed', error };
      }
      ask = choice === 'edit';
    }
  }
}

async function offerOnlyRetry(prompter: Prompter, text: string, retry: string): Promise<'retry' | undefined> {
  return (await prompter.message('error', text, retry)) === retry ? 'retry' : undefined;
}

/** A write flow's end when the session moved to another account or workspace before a send. */
export class AccountChangedError extends Error {
  constructor() {
    super('The account or workspace changed during the flow: nothing was sent.');
    this.name = 'AccountChangedError';
  }
}

/** EndFlow's value; any other error is thrown on. */
function ended<R>(error: unknown): WriteEnd<R> {
  if (error instanceof EndFlow) {
    return { kind: 'done', value: error.value as R };
  }
  throw error;
}

/** What `send` returned, or undefined when the flow was cancelled or failed. */
export function sent<R>(end: WriteEnd<R>): R | undefined {
  return end.kind === 'done' ? end.value : undefined;
}
