// The change tools: run a pipeline, retry, cancel, approve a gate, allow a pipeline on a target.
// Each runs its command by id (the same code as the palette and the views), with the run or the
// pipeline prefilled: the person confirms in the command's own prompts (a modal question, Run
// Pipeline's steps), whatever route called the tool. The editor's own confirmation (prepare())
// comes first in chat and for another extension's vscode.lm.invokeTool, but can be auto-approved
// (settings, "Always allow", tests): it is a second ask, never the only one. A secret is never
// echoed: a variable's value shows only when the variable is not encrypted.
import * as vscode from 'vscode';
import { isEncryptedValue, pipelineName, redact, runRefName, runRevision, type Pipeline, type Variable } from '../../api';
import { Command } from '../../commandIds';
import type { FeatureContext } from '../../services';
import { effectiveVariables } from '../../workspace/effectiveVariables';
import type { ExecutionRef } from '../../workspace/runData';
import { MAX_PICKER_PAGES } from '../../workspace/workspaceData';
import { findPipeline, folderBranch, orRefuse, projectPlace, refusal, runOf, runRef, ToolRefusal, type Place } from './place';
import type { Answer } from './readTools';
import { field } from './toolText';

type Input = Record<string, unknown>;

export interface Confirmation {
  readonly title: string;
  readonly message: string;
}

/** What the tool sends the command last: `{ prompter }` in tests (the command ignores it outside the harness), else nothing. */
export type ScriptArgs = readonly unknown[];

export interface ChangeTool {
  prepare(ctx: FeatureContext, input: Input): Promise<Confirmation>;
  act(ctx: FeatureContext, input: Input, script: ScriptArgs): Promise<Answer>;
}

const NOT_CONFIRMED = 'The person did not confirm in the editor: nothing was changed. Do not try again unless they ask you to.';

function lines(place: Place, rest: (string | undefined)[]): string {
  return [
    vscode.l10n.t('Account: {0}', field(place.account, 120) ?? ''),
    vscode.l10n.t('Workspace: {0}', field(place.workspace, 120) ?? ''),
    vscode.l10n.t('Project: {0}', field(place.project, 120) ?? ''),
    ...rest.filter((l): l is string => l !== undefined),
  ].join('\n');
}

function pipelineLine(p: Pick<Pipeline, 'id' | 'name' | 'identifier'>): string {
  return vscode.l10n.t('Pipeline: {0} ({1})', field(pipelineName(p), 120) ?? '', p.id);
}

async function runPlace(ctx: FeatureContext, input: Input): Promise<{ place: Place; ref: ExecutionRef; pipeline: Pipeline }> {
  const place = await projectPlace(ctx, input.project);
  const ref = runRef(place, input);
  const pipeline = await findPipeline(ctx, place, ref.pipelineId);
  return { place, ref, pipeline };
}

async function runLines(ctx: FeatureContext, input: Input, what: (ref: ExecutionRef) => string): Promise<{ place: Place; text: string; ref: ExecutionRef }> {
  const { place, ref, pipeline } = await runPlace(ctx, input);
  const run = await runOf(ctx, ref);
  const text = lines(place, [
    pipelineLine(pipeline),
    vscode.l10n.t('Run: #{0} ({1})', ref.executionId, field(run.status, 40) ?? '?'),
    vscode.l10n.t('Branch: {0}', field(runRefName(run), 120) ?? '?') + (runRevision(run) ? ` · ${vscode.l10n.t('revision {0}', field(runRevision(run), 12) ?? '')}` : ''),
    what(ref),
  ]);
  return { place, text, ref };
}

/** The outcome of a run command (runActions' ActOutcome) as the model's answer. */
function runOutcome(outcome: unknown, ref: ExecutionRef, done: string): Answer {
  const o = (outcome ?? {}) as { kind?: string; execution?: { status?: unknown }; error?: unknown };
  switch (o.kind) {
    case 'sent':
      return { done, runId: ref.executionId, pipelineId: ref.pipelineId, status: field(o.execution?.status, 40) };
    case 'notApplicable':
      return { error: `Run #${ref.executionId} is not in a state for this (see runSummary): nothing was changed.` };
    case 'failed':
      return { error: refusal(o.error).message };
    default:
      return { notConfirmed: NOT_CONFIRMED };
  }
}

function runCommandTool(command: string, title: (ref: ExecutionRef) => string, what: (ref: ExecutionRef) => string, done: string, askFirst = false): ChangeTool {
  return {
    async prepare(ctx, input) {
      const { text, ref } = await runLines(ctx, input, what);
      return { title: title(ref), message: text };
    },
    async act(ctx, input, script) {
      const { ref } = await runPlace(ctx, input);
      const outcome = await vscode.commands.executeCommand(command, { ...ref, ...(askFirst ? { askFirst: true } : {}) }, ...script);
      return runOutcome(outcome, ref, done);
    },
  };
}

export const retryRun = runCommandTool(
  Command.RetryRun,
  (ref) => vscode.l10n.t('Retry run #{0}?', ref.executionId),
  () => vscode.l10n.t('Will change: the run\'s failed actions run again.'),
  'The run was retried.',
  true,
);
export const cancelRun = runCommandTool(
  Command.CancelRun,
  (ref) => vscode.l10n.t('Cancel run #{0}?', ref.executionId),
  () => vscode.l10n.t('Will change: the run stops; actions not yet run are skipped.'),
  'The run was cancelled.',
);
export const approveRun = runCommandTool(
  Command.ApproveRun,
  (ref) => vscode.l10n.t('Approve run #{0}?', ref.executionId),
  () => vscode.l10n.t('Will change: the run\'s approval gate is passed and the actions after it run.'),
  'The gate was approved.',
);

interface RunInput {
  place: Place;
  pipeline: Pipeline;
  ref?: { kind: 'branch' | 'tag' | 'revision'; name: string };
  comment?: string;
  values: Map<string, string>;
}

function runInput(input: Input): Omit<RunInput, 'place' | 'pipeline'> {
  const refs = (['branch', 'tag', 'revision'] as const).filter((k) => typeof input[k] === 'string' && (input[k] as string).trim() !== '');
  if (refs.length > 1) {
    throw new ToolRefusal('Give at most one of "branch", "tag" and "revision".');
  }
  const kind = refs[0];
  const values = new Map<string, string>();
  if (typeof input.variables === 'object' && input.variables !== null) {
    for (const [key, value] of Object.entries(input.variables as Record<string, unknown>).slice(0, 50)) {
      if (typeof value === 'string') {
        values.set(key, value);
      }
    }
  }
  return {
    ref: kind ? { kind, name: (input[kind] as string).trim() } : undefined,
    comment: typeof input.comment === 'string' && input.comment.trim() !== '' ? input.comment.trim().slice(0, 1000) : undefined,
    values,
  };
}

async function effectiveOf(ctx: FeatureContext, place: Place, pipeline: Pipeline): Promise<Map<string, Variable>> {
  const read = async (filter: { projectName?: string; pipelineId?: number }) =>
    (await orRefuse(ctx.data.every(ctx.data.variables(filter), { maxPages: MAX_PICKER_PAGES }))).items;
  const chain = [
    { scope: 'workspace', variables: await read({}) },
    { scope: 'project', variables: await read({ projectName: place.project }) },
    { scope: 'pipeline', variables: await read({ pipelineId: pipeline.id }) },
  ];
  return new Map(effectiveVariables(chain).map((e) => [e.key, e.variable]));
}

export const runPipeline: ChangeTool = {
  async prepare(ctx, input) {
    const place = await projectPlace(ctx, input.project);
    const pipeline = await findPipeline(ctx, place, input.pipeline);
    const given = runInput(input);
    const branch = given.ref ? undefined : await folderBranch(ctx, place);
    const effective = given.values.size > 0 ? await effectiveOf(ctx, place, pipeline) : new Map<string, Variable>();
    const variableLines = [...given.values.entries()].map(([key, value]) => {
      const v = effective.get(key);
      if (!v || v.settable !== true) {
        return vscode.l10n.t('{0}: not a settable variable of this pipeline (left out)', field(key, 100) ?? '');
      }
      if (v.encrypted === true || isEncryptedValue(v.value)) {
        return vscode.l10n.t('{0}: encrypted (you type its value yourself; the one given is left out)', field(key, 100) ?? '');
      }
      return `${field(key, 100)} = ${field(redact(value), 200) ?? ''}`;
    });
    const refLine = given.ref
      ? vscode.l10n.t('{0}: {1}', given.ref.kind, field(given.ref.name, 120) ?? '')
      : branch
        ? vscode.l10n.t('Branch: {0} (the open folder\'s)', field(branch, 120) ?? '')
        : vscode.l10n.t('Branch: the pipeline\'s own');
    return {
      title: vscode.l10n.t('Run pipeline {0}?', field(pipelineName(pipeline), 120) ?? ''),
      message: lines(place, [
        pipelineLine(pipeline),
        refLine,
        given.comment ? vscode.l10n.t('Comment: {0}', field(given.comment, 200) ?? '') : undefined,
        ...variableLines,
        vscode.l10n.t('Will change: a new run of the pipeline starts (you check each answer in Run Pipeline\'s steps first).'),
      ]),
    };
  },
  async act(ctx, input, script) {
    const place = await projectPlace(ctx, input.project);
    const pipeline = await findPipeline(ctx, place, input.pipeline);
    const given = runInput(input);
    const outcome = (await vscode.commands.executeCommand(
      Command.RunPipeline,
      { project: place.project, pipeline, ref: given.ref, comment: given.comment, values: Object.fromEntries(given.values) },
      ...script,
    )) as { kind?: string; execution?: { id?: number; status?: unknown }; error?: unknown } | undefined;
    if (outcome?.kind === 'started') {
      return { done: 'The run was started.', pipelineId: pipeline.id, runId: outcome.execution?.id, status: field(outcome.execution?.status, 40) };
    }
    if (outcome?.kind === 'failed') {
      return { error: refusal(outcome.error).message };
    }
    return { notConfirmed: NOT_CONFIRMED };
  },
};

export const allowPipeline: ChangeTool = {
  async prepare(ctx, input) {
    const place = await projectPlace(ctx, input.project);
    const pipeline = await findPipeline(ctx, place, input.pipeline);
    const target = field(input.target, 100) ?? '';
    return {
      title: vscode.l10n.t('Allow pipeline {0} on target {1}?', field(pipelineName(pipeline), 120) ?? '', target),
      message: lines(place, [pipelineLine(pipeline), vscode.l10n.t('Target: {0}', target), vscode.l10n.t('Will change: the target lists this pipeline among those it admits.')]),
    };
  },
  async act(ctx, input, script) {
    const place = await projectPlace(ctx, input.project);
    const pipeline = await findPipeline(ctx, place, input.pipeline);
    const target = typeof input.target === 'string' ? input.target.trim() : '';
    if (target === '') {
      throw new ToolRefusal('Give the "target" (its id or name, as pipelineTargets lists it).');
    }
    const outcome = (await vscode.commands.executeCommand(
      Command.AllowPipeline,
      { pipeline: { project: place.project, id: pipeline.id, name: pipeline.name ?? undefined }, target },
      ...script,
    )) as { kind?: string; error?: unknown } | undefined;
    switch (outcome?.kind) {
      case 'allowed':
        return { done: `Pipeline ${field(pipelineName(pipeline), 100)} may now use target ${field(target, 100)}.` };
      case 'alreadyAllowed':
      case 'allPipelinesAllowed':
        return { done: `Target ${field(target, 100)} already admits the pipeline: nothing was changed.` };
      case 'failed':
        return { error: refusal(outcome.error).message };
      case 'cancelled':
      case undefined:
        return { notConfirmed: NOT_CONFIRMED };
      default:
        return { error: `Target ${field(target, 100)} could not be changed (${field(outcome?.kind, 40)}). Check its name with pipelineTargets.` };
    }
  },
};
