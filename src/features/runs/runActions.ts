// Acting on a run: Approve (shows the gate's question, then asks to confirm), Set Variables… (the
// gate's variables; secret ones in a password box, sent encrypted, never echoed), Cancel (asks to
// confirm), Retry, and Allow <pipeline> on <target>… for a run a target refused (2678004): the
// allow flow of pipeline access by its command id with both prefilled (the person still confirms
// there), then Retry Run. Each sends one PATCH, keeps the answer, and follows the run to its end.
import * as vscode from 'vscode';
import { showErrorMessage, showInformationMessage } from '../../ui/notify';
import { pipelineName, type Execution, type ExecutionOperation, type Pipeline, type RunVariable } from '../../api';
import { Command } from '../../commandIds';
import { noLinks } from '../../ui/markdown';
import type { PipelineChoice } from '../../workspace/currentPipeline';
import type { FeatureContext } from '../../services';
import { BACK, prompterFrom, type Prompter } from '../../ui/multiStepInput';
import { describeError, errorForLog, forbiddenMessage, scopeWarning } from '../../ui/errorMessages';
import { isForbidden } from '../../api/scopes';
import { executionRefOf, type ExecutionRef } from '../../workspace/runData';
import { DataKey } from '../../workspace/workspaceData';
import type { RunsProvider } from './provider';
import { askedVariables, gateQuestion, notAllowedTarget, waitingGate } from './runFacts';
import { MAX_NAME, oneLine } from './runPresentation';

export type ActOutcome = { kind: 'sent'; execution: Execution } | { kind: 'cancelled' | 'notApplicable' } | { kind: 'failed'; error: unknown };

/**
 * The run's pipeline as the Runs view shows it: the one selected when it is that one, else as the
 * project's pipelines were read (the Projects view), else as a command's argument names it
 * (`pipelineName`, `name`: Run Pipeline… knows them); undefined when nothing names it.
 */
export function knownPipeline(ctx: FeatureContext, ref: ExecutionRef, arg?: unknown): PipelineChoice | undefined {
  const current = ctx.selection.pipeline.currentPipeline;
  if (current && current.project === ref.project && current.pipelineId === ref.pipelineId) {
    return current;
  }
  const listed = ctx.data.complete<Pipeline>(DataKey.pipelines(ref.project))?.find((p) => p.id === ref.pipelineId);
  if (listed) {
    return { project: ref.project, pipelineId: ref.pipelineId, displayName: pipelineName(listed), name: listed.name ?? undefined };
  }
  const named = typeof arg === 'object' && arg !== null ? (arg as { pipelineName?: unknown; name?: unknown }) : {};
  const displayName = oneLine(named.pipelineName, MAX_NAME);
  if (displayName === '') {
    return undefined;
  }
  const name = typeof named.name === 'string' && named.name !== '' && named.name.length <= 200 ? named.name : undefined;
  return { project: ref.project, pipelineId: ref.pipelineId, displayName, name };
}

/** The pipeline's name for messages (knownPipeline), else its number. */
export function pipelineLabel(ctx: FeatureContext, ref: ExecutionRef): string {
  return knownPipeline(ctx, ref)?.displayName ?? vscode.l10n.t('pipeline {0}', ref.pipelineId);
}

async function current(ctx: FeatureContext, ref: ExecutionRef): Promise<Execution> {
  return ctx.data.knownExecution(ref) ?? ctx.data.fetchExecution(ref);
}

/** Sends one operation, keeps the answer, follows the run; says why when it fails. */
async function send(ctx: FeatureContext, prompter: Prompter, ref: ExecutionRef, operation: ExecutionOperation, variables?: RunVariable[]): Promise<ActOutcome> {
  const client = ctx.session.client;
  if (!client) {
    await prompter.message('error', vscode.l10n.t('Sign in to act on runs.'));
    return { kind: 'failed', error: new Error('signed out') };
  }
  const warning = scopeWarning('runPipeline', ctx.session.scopes);
  if (warning) {
    void prompter.message('warning', warning);
  }
  try {
    const execution = await client.patchExecution(ref.workspace, ref.project, ref.pipelineId, ref.executionId, operation, variables);
    ctx.data.setExecution(ref, execution);
    ctx.runs.follow(ref);
    return { kind: 'sent', execution };
  } catch (error) {
    ctx.log.warn(`${operation} of run ${ref.project}/${ref.pipelineId}/${ref.executionId} failed: ${errorForLog(error)}`);
    const text = isForbidden(error) ? forbiddenMessage(error, 'runPipeline') : describeError(error);
    void prompter.message('error', noLinks(vscode.l10n.t('Run #{0}: {1}', ref.executionId, text)));
    return { kind: 'failed', error };
  }
}

export async function approveRun(ctx: FeatureContext, prompter: Prompter, ref: ExecutionRef): Promise<ActOutcome> {
  const run = await current(ctx, ref);
  const gate = waitingGate(run);
  if (!gate || gate.actionExecution.status?.toUpperCase() !== 'WAITING_FOR_APPLY') {
    await prompter.message('info', vscode.l10n.t('Run #{0} is not waiting for approval.', ref.executionId));
    return { kind: 'notApplicable' };
  }
  const approve = vscode.l10n.t('Approve');
  const answer = await prompter.message('warning', noLinks(vscode.l10n.t('Run #{0} of {1} asks: {2}', ref.executionId, pipelineLabel(ctx, ref), gateQuestion(gate.action))), approve);
  if (answer !== approve) {
    return { kind: 'cancelled' };
  }
  return send(ctx, prompter, ref, 'APPLY');
}

export async function setRunVariables(ctx: FeatureContext, prompter: Prompter, ref: ExecutionRef): Promise<ActOutcome> {
  const run = await current(ctx, ref);
  const gate = waitingGate(run);
  const asked = gate ? askedVariables(gate.action) : [];
  if (!gate || gate.actionExecution.status?.toUpperCase() === 'WAITING_FOR_APPLY') {
    await prompter.message('info', vscode.l10n.t('Run #{0} is not waiting for variables.', ref.executionId));
    return { kind: 'notApplicable' };
  }
  const title = vscode.l10n.t('Set Variables of Run #{0}', ref.executionId);
  const values: RunVariable[] = [];
  for (const [i, v] of asked.entries()) {
    const value = await prompter.input(
      { title, step: i + 1, totalSteps: asked.length, canGoBack: false },
      {
        prompt: v.description ? `${v.key}: ${v.description}` : v.key,
        // A secret's default is not shown back.
        value: v.secret ? undefined : v.defaults,
        password: v.secret,
      },
    );
    if (value === undefined || value === BACK) {
      return { kind: 'cancelled' };
    }
    values.push(v.secret ? { key: v.key, value, encrypted: true } : { key: v.key, value });
  }
  return send(ctx, prompter, ref, 'APPLY_VARIABLES', values);
}

export async function cancelRun(ctx: FeatureContext, prompter: Prompter, ref: ExecutionRef): Promise<ActOutcome> {
  const yes = vscode.l10n.t('Cancel Run');
  const answer = await prompter.message('warning', vscode.l10n.t('Cancel run #{0} of {1}?', ref.executionId, pipelineLabel(ctx, ref)), yes);
  return answer === yes ? send(ctx, prompter, ref, 'CANCEL') : { kind: 'cancelled' };
}

/** Retries; asks first when the command's argument says `askFirst` (a language model tool's call). */
export async function retryRun(ctx: FeatureContext, prompter: Prompter, ref: ExecutionRef, _args: readonly unknown[] = [], askFirst = false): Promise<ActOutcome> {
  if (askFirst) {
    const yes = vscode.l10n.t('Retry Run');
    const answer = await prompter.message('warning', vscode.l10n.t('Retry run #{0} of {1}?', ref.executionId, pipelineLabel(ctx, ref)), yes);
    if (answer !== yes) {
      return { kind: 'cancelled' };
    }
  }
  return send(ctx, prompter, ref, 'RETRY');
}

/**
 * A run a target refused: the allow flow (pipeline access) with the pipeline and the target
 * prefilled, confirmed there; once allowed, offers Retry Run.
 */
export async function allowRunTarget(ctx: FeatureContext, prompter: Prompter, ref: ExecutionRef, args: readonly unknown[]): Promise<ActOutcome> {
  const run = await current(ctx, ref);
  const refused = notAllowedTarget(run);
  if (!refused) {
    await prompter.message('info', vscode.l10n.t('No action of run #{0} was refused by a target.', ref.executionId));
    return { kind: 'notApplicable' };
  }
  const name = knownPipeline(ctx, ref)?.name;
  const outcome = (await vscode.commands.executeCommand(
    Command.AllowPipeline,
    { pipeline: { project: ref.project, id: ref.pipelineId, name }, target: refused.target },
    ...args.slice(-1).filter((a) => typeof a === 'object' && a !== null && 'prompter' in a),
  )) as { kind?: string } | undefined;
  if (outcome?.kind !== 'allowed' && outcome?.kind !== 'alreadyAllowed') {
    return { kind: 'cancelled' };
  }
  const retry = vscode.l10n.t('Retry Run');
  const answer = await prompter.message(
    'info',
    noLinks(vscode.l10n.t('{0} may now use target {1}. Retry run #{2}?', pipelineLabel(ctx, ref), oneLine(refused.target, MAX_NAME), ref.executionId)),
    retry,
  );
  return answer === retry ? retryRun(ctx, prompter, ref) : { kind: 'cancelled' };
}

type Act = (ctx: FeatureContext, prompter: Prompter, ref: ExecutionRef, args: readonly unknown[], askFirst: boolean) => Promise<ActOutcome>;

export function register(ctx: FeatureContext, runs: RunsProvider): vscode.Disposable[] {
  const command = (id: string, act: Act): vscode.Disposable =>
    vscode.commands.registerCommand(id, async (item?: unknown, ...rest: unknown[]) => {
      const ref = executionRefOf(item);
      if (!ref) {
        void showInformationMessage(vscode.l10n.t('Choose a run in the Runs view.'));
        return { kind: 'notApplicable' };
      }
      try {
        const askFirst = typeof item === 'object' && item !== null && (item as { askFirst?: unknown }).askFirst === true;
        return await act(ctx, prompterFrom(rest, ctx.context), ref, rest, askFirst);
      } catch (error) {
        void showErrorMessage(noLinks(vscode.l10n.t('Run #{0}: {1}', ref.executionId, describeError(error))));
        return { kind: 'failed', error };
      }
    });
  return [
    command(Command.ApproveRun, approveRun),
    command(Command.SetRunVariables, setRunVariables),
    command(Command.CancelRun, cancelRun),
    command(Command.RetryRun, retryRun),
    command(Command.AllowRunTarget, allowRunTarget),
    // A run started from the editor: followed to its end, shown at the top of the Runs view, selected.
    vscode.commands.registerCommand(Command.FollowRun, async (arg?: unknown) => {
      const ref = executionRefOf(arg);
      if (!ref) {
        return false;
      }
      ctx.runs.follow(ref);
      await runs.revealRun(ref, knownPipeline(ctx, ref, arg)).catch((error: unknown) => ctx.log.warn(`Showing run ${ref.executionId} failed: ${errorForLog(error)}`));
      return true;
    }),
  ];
}
