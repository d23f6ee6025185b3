// Allow Pipeline on Target…: from a target of the Targets view or from the palette (target picked
// first). A target that admits every pipeline needs nothing; otherwise the user picks a project
// and a pipeline, pipelines already allowed are marked (picking one sends nothing), and the
// Targets view takes the answer's target as it is, without another request. The token's scopes
// never stop it: the server decides, and its 403 is explained (scopes in both naming schemes).
import * as vscode from 'vscode';
import { allowsAllPipelines, canOpenTarget, mayPipelineUse, pipelineName, targetName, type Pipeline, type Target, type TargetSummary } from '../../api';
import type { Services } from '../../services';
import { prompterFrom, type Prompter, type Step } from '../../ui/multiStepInput';
import { ApiLists, pickPipeline, pickProject, pickTarget } from '../../ui/pickers';
import { Command } from '../../commandIds';
import { EndFlow, runWriteFlow } from '../../ui/writeFlow';
import { describeError } from '../../ui/errorMessages';
import { MAX_PICKER_PAGES, PICKER_PAGE_SIZE } from '../../workspace/workspaceData';
import { allowFailure, allowOnTarget, isRetryable, notOpenable, requiredId, type AllowOutcome } from './allowOnTarget';

export type { AllowOutcome };

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.AllowPipeline, async (item?: unknown, ...rest: unknown[]) => {
      const prefilled = prefilledOf(item);
      if (prefilled) {
        return allowPrefilled(services, prompterFrom(rest, services.context), prefilled);
      }
      return allowPipeline(services, prompterFrom(rest, services.context), (await loadedTargetOfItem(item)) ?? targetOfItem(item));
    }),
  ];
}

interface AllowAnswers {
  target?: TargetSummary;
  presetTarget: boolean;
  project?: string;
  pipeline?: Pipeline;
}

/**
 * Runs the flow; `preset` is the target of the item the command was run on. Exported for the
 * extension-host tests, which script `prompter`.
 */
export async function allowPipeline(services: Services, prompter: Prompter, preset?: TargetSummary): Promise<AllowOutcome> {
  const answers: AllowAnswers = { target: preset, presetTarget: preset !== undefined };
  const end = await runWriteFlow(services, prompter, answers, async ({ client, workspace }) => {
    const lists = new ApiLists(services.data);
    if (preset && isFullTarget(preset)) {
      lists.remember(preset);
    }
    if (preset && !canOpenTarget(preset)) {
      await prompter.message('info', notOpenable(preset));
      throw new EndFlow<AllowOutcome>({ kind: 'notOpenable' });
    }
    if (preset && allowsAllPipelines(preset) === true) {
      await prompter.message('info', allPipelinesAllowed(preset));
      throw new EndFlow<AllowOutcome>({ kind: 'allPipelinesAllowed' });
    }
    return {
      title: vscode.l10n.t('Allow Pipeline on Target'),
      steps: allowSteps(lists),
      loadsLists: 'Allow Pipeline',
      send: async (a) => {
        const outcome = await allowOnTarget(services, prompter, client, workspace, required(a.target), required(a.project), required(a.pipeline));
        // allowOnTarget said why for what another try cannot fix; the rest is offered Retry / Edit.
        if (outcome.kind === 'failed' && isRetryable(outcome.error)) {
          throw outcome.error;
        }
        return outcome;
      },
      // allowOnTarget logged it.
      failure: (error, a) => allowFailure(error, required(a.target), required(a.project), pipelineName(required(a.pipeline))),
    };
  });
  return end.kind === 'done' ? end.value : end;
}

/** Target (unless preset) → project → pipeline; a target open to all, or a pipeline already allowed, ends the flow. */
function allowSteps(lists: ApiLists): Step<AllowAnswers>[] {
  return [
    {
      applies: (a) => !a.presetTarget,
      run: async (ui, a) => {
        a.target = await pickTarget(ui, lists, a.target?.id ?? undefined);
        if (allowsAllPipelines(a.target) === true) {
          await ui.message('info', allPipelinesAllowed(a.target));
          throw new EndFlow<AllowOutcome>({ kind: 'allPipelinesAllowed' });
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
          throw new EndFlow<AllowOutcome>({ kind: 'alreadyAllowed' });
        }
      },
    },
  ];
}

/** A failed run's "Allow <pipeline> on <target>…": the pipeline and the target's identifier, from the runs feature. */
export interface PrefilledAllow {
  readonly project: string;
  readonly pipelineId: number;
  readonly pipelineName?: string;
  /** The target's identifier as the 2678004 message named it (or its id). */
  readonly target: string;
}

/** `{pipeline: {project, id, name?}, target}` from a command's argument; undefined for anything else. */
export function prefilledOf(item: unknown): PrefilledAllow | undefined {
  if (typeof item !== 'object' || item === null) {
    return undefined;
  }
  const { pipeline, target } = item as { pipeline?: unknown; target?: unknown };
  if (typeof target !== 'string' || target.trim() === '' || target.length > 200 || typeof pipeline !== 'object' || pipeline === null) {
    return undefined;
  }
  const p = pipeline as { project?: unknown; id?: unknown; name?: unknown };
  if (typeof p.project !== 'string' || p.project === '' || typeof p.id !== 'number' || !Number.isSafeInteger(p.id)) {
    return undefined;
  }
  return { project: p.project, pipelineId: p.id, pipelineName: typeof p.name === 'string' && p.name !== '' ? p.name : undefined, target };
}

/**
 * Allows a known pipeline on a known target: finds both (bounded lists), asks the person to
 * confirm, then sends as the flow does. Nothing is sent without the confirmation.
 */
export async function allowPrefilled(services: Services, prompter: Prompter, wanted: PrefilledAllow): Promise<AllowOutcome> {
  const ready = await services.session.ensureReady();
  if (!ready) {
    return { kind: 'cancelled' };
  }
  try {
    const targets = await services.data.every(services.data.targets(PICKER_PAGE_SIZE), { maxPages: MAX_PICKER_PAGES });
    const target = targets.items.find((t) => t.identifier === wanted.target || t.id === wanted.target);
    const pipelines = await services.data.every(services.data.pipelines(wanted.project, PICKER_PAGE_SIZE), { maxPages: MAX_PICKER_PAGES });
    const pipeline = pipelines.items.find((p) => p.id === wanted.pipelineId);
    if (!target || !pipeline) {
      await prompter.message(
        'error',
        !target
          ? vscode.l10n.t('No target {0} was found in this workspace: allow the pipeline from the Targets view.', wanted.target)
          : vscode.l10n.t('Pipeline {0} of project {1} was not found.', wanted.pipelineName ?? String(wanted.pipelineId), wanted.project),
      );
      return { kind: 'cancelled' };
    }
    if (allowsAllPipelines(target) === true) {
      await prompter.message('info', allPipelinesAllowed(target));
      return { kind: 'allPipelinesAllowed' };
    }
    const allow = vscode.l10n.t('Allow');
    const answer = await prompter.message(
      'warning',
      vscode.l10n.t('Allow pipeline {0} (project {1}) to use target {2}?', pipelineName(pipeline), wanted.project, targetName(target)),
      allow,
    );
    if (answer !== allow) {
      return { kind: 'cancelled' };
    }
    return await allowOnTarget(services, prompter, ready.client, ready.workspace, target, wanted.project, pipeline);
  } catch (error) {
    await prompter.message('error', vscode.l10n.t('Could not allow the pipeline on target {0}: {1}', wanted.target, describeError(error)));
    return { kind: 'failed', error };
  }
}

function allPipelinesAllowed(target: TargetSummary): string {
  return vscode.l10n.t('Target {0} allows all pipelines: there is nothing to add.', targetName(target));
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
