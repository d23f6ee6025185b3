// Check Pipeline Access…: which deployment targets a pipeline may not use, found before a run
// fails with error 2678004 ("Pipeline is not allowed to use target [...]"). A pipeline may use a
// target when the target allows all pipelines or lists it in allowed_pipelines (api.md, States).
// Requests: the target list (it carries all_pipelines_allowed) and the full target of each
// restricted one only; allowing a target from the list reuses allow-pipeline's answer.
import * as vscode from 'vscode';
import type { Pipeline, Target, TargetSummary } from '../api';
import type { Services } from '../services';
import { prompterFrom, runSteps, type Prompter, type Step } from '../ui/multiStepInput';
import { describeError, errorForLog, offerRetry } from '../ui/errorMessages';
import { ApiLists, pickPipeline, pickProject, targetItem, type TargetItem } from '../ui/pickers';
import { allowOnTarget, isRetryable, missingTargetManage } from './allowPipeline';

export const CHECK_PIPELINE_ACCESS_COMMAND = 'workspaceAutomation.checkPipelineAccess';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(CHECK_PIPELINE_ACCESS_COMMAND, (item?: unknown, ...rest: unknown[]) =>
      checkPipelineAccess(services, prompterFrom(rest), pipelineOfItem(item)),
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
  restricted: TargetSummary[];
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
  const lists = new ApiLists(client, workspace, services.views);
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
        if (restricted.length === 0) {
          await ui.message('info', vscode.l10n.t('All targets allow pipeline {0} (project {1}).', pipeline.name, project));
          return;
        }
        const open = [...restricted];
        while (open.length > 0) {
          const allow: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('check'), tooltip: vscode.l10n.t('Allow pipeline {0} on this target', pipeline.name) };
          const chosen = await ui.pick<TargetItem>({
            placeholder: vscode.l10n.t('Targets pipeline {0} may not use: press Enter or ✓ to allow it on one', pipeline.name),
            items: open.map((target) => ({
              ...targetItem(target),
              detail: vscode.l10n.t('Runs of {0} that deploy here fail: "Pipeline is not allowed to use target [{1}]" (2678004)', pipeline.name, target.identifier),
              buttons: [allow],
            })),
            acceptOnItemButton: true,
            matchOnDescription: true,
          });
          if (services.session.scopes && !services.session.scopes.includes('TARGET_MANAGE')) {
            await ui.message('error', missingTargetManage());
            continue;
          }
          const result = await allowOnTarget(services, prompter, client, workspace, chosen.target, project, pipeline);
          if (result.kind === 'allowed') {
            lists.remember(result.target);
            outcome.allowed.push(result.target);
            open.splice(open.indexOf(chosen.target), 1);
          } else if (result.kind === 'failed' && isRetryable(result.error)) {
            // 881 and scope errors were shown by allowOnTarget; say the others here. The target stays
            // listed, so Enter on it is the retry.
            await ui.message('error', vscode.l10n.t('Could not allow pipeline {0} on target {1}: {2}', pipeline.name, chosen.target.name, describeError(result.error)));
          }
        }
        await ui.message('info', vscode.l10n.t('All targets now allow pipeline {0} (project {1}).', pipeline.name, project));
      },
    },
  ];

  for (;;) {
    try {
      const completed = await runSteps(prompter, title, steps, answers);
      return { ...outcome, cancelled: !completed };
    } catch (error) {
      services.log.warn(`Check Pipeline Access failed: ${errorForLog(error)}`);
      if (!(await offerRetry(prompter, vscode.l10n.t('Could not check the targets: {0}', describeError(error))))) {
        return { ...outcome, cancelled: true };
      }
    }
  }
}

/** The targets `pipeline` may not use: restricted ones whose allowed_pipelines lack it. */
async function findClosedTargets(lists: ApiLists, pipeline: Pipeline, title: string): Promise<TargetSummary[]> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `${title}: ${vscode.l10n.t('checking which targets {0} may use…', pipeline.name)}` },
    async () => {
      const restricted = (await lists.targets()).filter((t) => !t.all_pipelines_allowed);
      const full = await Promise.all(restricted.map((t) => lists.target(t.id)));
      return full.filter((t) => !t.allowed_pipelines.some((p) => p.id === pipeline.id));
    },
  );
}

/** The project and pipeline of a Projects view pipeline item, read defensively. */
export function pipelineOfItem(item: unknown): { project: string; pipeline: Pipeline } | undefined {
  if (typeof item !== 'object' || item === null) {
    return undefined;
  }
  const node = item as { project?: { name?: unknown }; projectName?: unknown; pipeline?: Partial<Pipeline> };
  const project = typeof node.project?.name === 'string' ? node.project.name : typeof node.projectName === 'string' ? node.projectName : undefined;
  const pipeline = node.pipeline;
  if (!project || !pipeline || typeof pipeline.id !== 'number' || typeof pipeline.name !== 'string') {
    return undefined;
  }
  return { project, pipeline: pipeline as Pipeline };
}
