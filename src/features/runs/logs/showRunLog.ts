// Show Run Log…: opens the log document of one action execution. Given {workspace, project,
// pipelineId, executionId, actionExecutionId} (a run's action row, the end notification) it opens
// it at once; from the palette it asks the project, the pipeline, the run (its first page, newest
// first) and the action.
import * as vscode from 'vscode';
import { actionExecutionName, parseApiDate, runRefName, runRevision, type ActionExecution, type Execution, type ExecutionSummary, type Pipeline } from '../../../api';
import { Command } from '../../../commandIds';
import type { Services } from '../../../services';
import { describeError } from '../../../ui/errorMessages';
import { prompterFrom, runSteps, type Prompter, type Step } from '../../../ui/multiStepInput';
import { ApiLists, pickPipeline, pickProject } from '../../../ui/pickers';
import type { RunLogDocuments } from './logDocuments';
import { runLogUri } from './logUri';
import type { RunLogRef } from './runLog';
import { runRow, statusIcon } from '../runPresentation';

export function register(services: Services, documents: RunLogDocuments): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.ShowRunLog, (item?: unknown, ...rest: unknown[]) =>
      showRunLog(services, documents, prompterFrom([item, ...rest], services.context), item),
    ),
  ];
}

/** Opens the log; resolves its address (undefined when cancelled or it cannot be opened). */
export async function showRunLog(services: Services, documents: RunLogDocuments, prompter: Prompter, item: unknown): Promise<vscode.Uri | undefined> {
  const given = refOfItem(item);
  const ready = await services.session.ensureReady();
  if (!ready) {
    return undefined;
  }
  let ref: RunLogRef | undefined = given;
  let name = typeof (item as { actionName?: unknown } | undefined)?.actionName === 'string' ? (item as { actionName: string }).actionName : undefined;
  if (ref === undefined) {
    const chosen = await askForLog(services, prompter, ready.workspace, item);
    if (!chosen) {
      return undefined;
    }
    ref = chosen.ref;
    name = chosen.name;
  }
  // Given without its name (a notice, a link): as the run was read, when it was.
  name ??= actionNameOf(services, ref);
  const uri = runLogUri(ref, name ?? vscode.l10n.t('action'));
  try {
    // The editor's own command: its tab opens at once, the text as soon as it is read (read from
    // here on), where opening the document first would wait for the extension host's copy of it.
    const opened = vscode.commands.executeCommand('vscode.open', uri, { preview: false });
    documents.readAhead(uri, opened);
    await opened;
  } catch (error) {
    void prompter.message('error', vscode.l10n.t('Could not open the log: {0}', describeError(error)));
    return undefined;
  }
  return uri;
}

/** The action's name as the run was last read (the Runs view, a follow), else undefined. */
function actionNameOf(services: Services, ref: RunLogRef): string | undefined {
  const run = services.data.knownExecution(ref);
  const a = run?.action_executions.find((x) => x.action_execution_id === ref.actionExecutionId);
  const name = a === undefined ? '' : actionExecutionName(a);
  return name === '' ? undefined : name;
}

interface LogAnswers {
  project?: string;
  pipeline?: Pick<Pipeline, 'id'> & Partial<Pipeline>;
  readonly presetProject: boolean;
  readonly presetPipeline: boolean;
  executionId?: number;
  readonly presetRun: boolean;
  action?: ActionExecution;
}

async function askForLog(services: Services, prompter: Prompter, workspace: string, item: unknown): Promise<{ ref: RunLogRef; name: string } | undefined> {
  const o = (typeof item === 'object' && item !== null ? item : {}) as { project?: unknown; pipelineId?: unknown; executionId?: unknown };
  const project = typeof o.project === 'string' ? o.project : undefined;
  const pipelineId = typeof o.pipelineId === 'number' ? o.pipelineId : undefined;
  const executionId = typeof o.executionId === 'number' ? o.executionId : undefined;
  const a: LogAnswers = {
    project,
    presetProject: project !== undefined,
    pipeline: project !== undefined && pipelineId !== undefined ? { id: pipelineId } : undefined,
    presetPipeline: project !== undefined && pipelineId !== undefined,
    executionId: pipelineId !== undefined ? executionId : undefined,
    presetRun: project !== undefined && pipelineId !== undefined && executionId !== undefined,
  };
  const lists = new ApiLists(services.data);
  const client = services.session.client;
  if (!client) {
    return undefined;
  }
  const steps: Step<LogAnswers>[] = [
    { applies: (s) => !s.presetProject, run: async (ui, s) => void (s.project = (await pickProject(ui, lists, s.project)).name) },
    { applies: (s) => !s.presetPipeline, run: async (ui, s) => void (s.pipeline = await pickPipeline(ui, lists, req(s.project), { current: s.pipeline?.id })) },
    {
      applies: (s) => !s.presetRun,
      run: async (ui, s) => {
        const chosen = await ui.pick<vscode.QuickPickItem & { run: ExecutionSummary }>({
          placeholder: vscode.l10n.t('Choose a run'),
          loadingPlaceholder: vscode.l10n.t('Loading the runs…'),
          emptyPlaceholder: vscode.l10n.t('This pipeline has no runs yet.'),
          items: async (signal) => {
            const runs = await client.listExecutions(workspace, req(s.project), req(s.pipeline).id, { page: 1, perPage: 20 }, { signal });
            return runs.map((run) => ({ ...runItem(run), run }));
          },
          isActive: (i) => i.run.id === s.executionId,
        });
        s.executionId = chosen.run.id;
      },
    },
    {
      run: async (ui, s) => {
        const chosen = await ui.pick<vscode.QuickPickItem & { action: ActionExecution }>({
          placeholder: vscode.l10n.t('Choose the action whose log to show'),
          loadingPlaceholder: vscode.l10n.t('Loading the run’s actions…'),
          emptyPlaceholder: vscode.l10n.t('This run has no actions with a log.'),
          items: async (signal) => {
            const run: Execution = await client.getExecution(workspace, req(s.project), req(s.pipeline).id, req(s.executionId), { signal });
            return run.action_executions
              .filter((x) => typeof x.action_execution_id === 'string' && x.action_execution_id !== '')
              .map((x) => ({ label: `$(${statusIcon(x.status).id}) ${actionExecutionName(x)}`, description: x.status ?? undefined, action: x }));
          },
        });
        s.action = chosen.action;
      },
    },
  ];
  try {
    if (!(await runSteps(prompter, vscode.l10n.t('Show Run Log'), steps, a))) {
      return undefined;
    }
  } catch (error) {
    void prompter.message('error', vscode.l10n.t('Could not load the choices: {0}', describeError(error)));
    return undefined;
  }
  const action = req(a.action);
  return {
    ref: { workspace, project: req(a.project), pipelineId: req(a.pipeline).id, executionId: req(a.executionId), actionExecutionId: req(action.action_execution_id ?? undefined) },
    name: actionExecutionName(action),
  };
}

function runItem(run: ExecutionSummary): vscode.QuickPickItem {
  const row = runRow(
    {
      id: run.id,
      status: run.status ?? undefined,
      branch: runRefName(run),
      revision: runRevision(run),
      startDate: parseApiDate(run.start_date),
      finishDate: parseApiDate(run.finish_date),
    },
    new Date(),
    vscode.env.language,
  );
  return { label: `$(${row.icon.id}) ${row.label}`, description: row.description };
}

/** The full reference of an action execution, from a row or arguments; undefined unless whole. */
export function refOfItem(item: unknown): RunLogRef | undefined {
  if (typeof item !== 'object' || item === null) {
    return undefined;
  }
  const o = item as Partial<Record<keyof RunLogRef, unknown>>;
  if (
    typeof o.workspace === 'string' &&
    typeof o.project === 'string' &&
    typeof o.pipelineId === 'number' &&
    typeof o.executionId === 'number' &&
    typeof o.actionExecutionId === 'string' &&
    o.actionExecutionId !== ''
  ) {
    return { workspace: o.workspace, project: o.project, pipelineId: o.pipelineId, executionId: o.executionId, actionExecutionId: o.actionExecutionId };
  }
  return undefined;
}

function req<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) {
    throw new Error('An answer is missing.');
  }
  return value;
}
