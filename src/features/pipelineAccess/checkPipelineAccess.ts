// Check Pipeline Access…: which deployment targets a pipeline may not use, found before a run
// fails with error 2678004 ("Pipeline is not allowed to use target [...]"). A pipeline may use a
// target when the target allows all pipelines (all_pipelines_allowed, or pipelines_access_level
// ALLOWED) or lists it in allowed_pipelines (targetAccess.ts). Requests: the target list and the
// full target of each one the list does not show as open to all; MATCH items (filters without an
// id) are not targets of their own and are left out. Allowing a target from the list reuses
// allow-pipeline's answer; the token's scopes never stop it (the server decides).
import * as vscode from 'vscode';
import { allowsAllPipelines, CancelledError, canOpenTarget, mayPipelineUse, pipelineName, targetName, type Pipeline, type Target } from '../../api';
import type { Services } from '../../services';
import { prompterFrom, runSteps, type Prompter, type Step } from '../../ui/multiStepInput';
import { describeError, errorForLog, offerRetry } from '../../ui/errorMessages';
import { withCancellableProgress } from '../../ui/progress';
import { ApiLists, pickPipeline, pickProject, targetItem, type TargetItem } from '../../ui/pickers';
import { allowOnTarget, isRetryable } from './allowOnTarget';
import { Command } from '../../commandIds';
import { showWarningMessage } from '../../ui/notify';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.CheckPipelineAccess, (item?: unknown, ...rest: unknown[]) =>
      checkPipelineAccess(services, prompterFrom(rest, services.context), pipelineOfItem(item)),
    ),
  ];
}

interface AccessAnswers {
  project?: string;
  pipeline?: Pipeline;
  preset: boolean;
}

/** The outcome, for tests: the targets found closed to the pipeline, and those allowed since. */
export interface AccessOutcome {
  restricted: Target[];
  allowed: Target[];
  cancelled: boolean;
}

/** Runs the flow; `preset` is the pipeline of the item it was run on. Exported for the tests. */
export async function checkPipelineAccess(
  services: Services,
  prompter: Prompter,
  preset?: { project: string; pipeline: Pipeline },
): Promise<AccessOutcome> {
  const outcome: AccessOutcome = { restricted: [], allowed: [], cancelled: false };
  const ready = await services.session.ensureReady();
  if (!ready) {
    return { ...outcome, cancelled: true };
  }
  const { client, workspace } = ready;
  const lists = new ApiLists(services.data);
  const answers: AccessAnswers = { project: preset?.project, pipeline: preset?.pipeline, preset: preset !== undefined };
  const title = vscode.l10n.t('Check Pipeline Access');

  const steps: Step<AccessAnswers>[] = [
    {
      applies: (a) => !a.preset,
      run: async (ui, a) => {
        const project = await pickProject(ui, lists, a.project);
        if (project.name !== a.project) {
          a.pipeline = undefined;
        }
        a.project = project.name;
      },
    },
    {
      applies: (a) => !a.preset,
      run: async (ui, a) => {
        a.pipeline = await pickPipeline(ui, lists, a.project ?? '', {
          current: a.pipeline?.id,
          placeholder: vscode.l10n.t('Choose the pipeline to check'),
        });
      },
    },
    {
      run: async (ui, a) => {
        const project = a.project ?? '';
        const pipeline = a.pipeline as Pipeline;
        const restricted = await findClosedTargets(lists, pipeline, title);
        outcome.restricted = restricted;
        const shown = pipelineName(pipeline);
        if (restricted.length === 0) {
          await ui.message('info', vscode.l10n.t('All targets allow pipeline {0} (project {1}).', shown, project));
          return;
        }
        const open = [...restricted];
        while (open.length > 0) {
          const allow: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('check'), tooltip: vscode.l10n.t('Allow pipeline {0} on this target', shown) };
          const chosen = await ui.pick<TargetItem>({
            placeholder: vscode.l10n.t('Targets pipeline {0} may not use: press Enter or ✓ to allow it on one', shown),
            items: open.map((target) => ({
              ...targetItem(target),
              detail: vscode.l10n.t(
                'Runs of {0} that deploy here fail: "Pipeline is not allowed to use target [{1}]" (2678004)',
                shown,
                String(target.identifier ?? targetName(target)),
              ),
              buttons: [allow],
            })),
            acceptOnItemButton: true,
            matchOnDescription: true,
          });
          const result = await allowOnTarget(services, prompter, client, workspace, chosen.target, project, pipeline);
          if (result.kind === 'allowed') {
            lists.remember(result.target);
            outcome.allowed.push(result.target);
            open.splice(open.findIndex((t) => t === chosen.target), 1);
          } else if (result.kind === 'failed' && isRetryable(result.error)) {
            // 881 and scope errors were shown by allowOnTarget; say the others here. The target stays
            // listed, so Enter on it is the retry.
            await ui.message(
              'error',
              vscode.l10n.t('Could not allow pipeline {0} on target {1}: {2}', shown, targetName(chosen.target), describeError(result.error)),
            );
          }
        }
        await ui.message('info', vscode.l10n.t('All targets now allow pipeline {0} (project {1}).', shown, project));
      },
    },
  ];

  for (;;) {
    try {
      const completed = await runSteps(prompter, title, steps, answers);
      return { ...outcome, cancelled: !completed };
    } catch (error) {
      if (error instanceof CancelledError) {
        return { ...outcome, cancelled: true };
      }
      services.log.warn(`Check Pipeline Access failed: ${errorForLog(error)}`);
      if (!(await offerRetry(prompter, vscode.l10n.t('Could not check the targets: {0}', describeError(error))))) {
        return { ...outcome, cancelled: true };
      }
    }
  }
}

/** Full targets asked for at once while checking (a workspace may have hundreds of restricted ones). */
const PARALLEL_TARGET_REQUESTS = 4;

/**
 * The targets `pipeline` may not use: of those the list does not show as open to every pipeline
 * (restricted, or a reduced item that does not say), the full targets that do not admit it. Under a
 * cancellable progress notification that counts the targets checked; the target list is bounded
 * (src/workspace/pagedData.ts), and a cut list is said in a warning.
 */
async function findClosedTargets(lists: ApiLists, pipeline: Pipeline, title: string): Promise<Target[]> {
  const result = await withCancellableProgress(
    `${title}: ${vscode.l10n.t('checking which targets {0} may use…', pipelineName(pipeline))}`,
    async (signal, progress) => {
      const list = await lists.targets(signal, (loaded) => progress.report({ message: vscode.l10n.t('{0} targets listed', loaded) }));
      const toCheck = list.items.filter(canOpenTarget).filter((t) => allowsAllPipelines(t) !== true);
      const full: Target[] = [];
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < toCheck.length && !signal.aborted) {
          const target = toCheck[next++];
          full.push(await lists.target(target.id, signal));
          progress.report({
            message: vscode.l10n.t('{0} of {1} restricted targets checked', full.length, toCheck.length),
            increment: 100 / toCheck.length,
          });
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_TARGET_REQUESTS, toCheck.length) }, worker));
      if (signal.aborted) {
        throw new CancelledError('Check Pipeline Access was cancelled.');
      }
      const order = new Map(toCheck.map((t, i) => [t.id, i]));
      full.sort((a, b) => (order.get(a.id ?? '') ?? 0) - (order.get(b.id ?? '') ?? 0));
      return { closed: full.filter((t) => !mayPipelineUse(t, pipeline.id)), complete: list.complete, listed: list.items.length };
    },
  );
  if (!result.complete) {
    void showWarningMessage(
      vscode.l10n.t('Only the first {0} targets of the workspace were checked: it has more than a check loads.', result.listed),
    );
  }
  return result.closed;
}

/** The project and pipeline of a Projects view pipeline item, read defensively. */
export function pipelineOfItem(item: unknown): { project: string; pipeline: Pipeline } | undefined {
  if (typeof item !== 'object' || item === null) {
    return undefined;
  }
  const node = item as { project?: { name?: unknown }; projectName?: unknown; pipeline?: Partial<Pipeline> };
  const project = typeof node.project?.name === 'string' ? node.project.name : typeof node.projectName === 'string' ? node.projectName : undefined;
  const pipeline = node.pipeline;
  if (!project || !pipeline || typeof pipeline.id !== 'number') {
    return undefined;
  }
  return { project, pipeline: pipeline as Pipeline };
}
