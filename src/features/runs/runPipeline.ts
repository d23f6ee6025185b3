// Run Pipeline…: from the palette, a pipeline's row (context menu, inline button) or a run's row.
// One write flow (src/ui/writeFlow.ts): project and pipeline unless given, then the branch, tag or
// revision (the folder's checkout when the folder is the project's repository, else the
// pipeline's own branch), a comment, refresh / clear cache, the settable variables prefilled with
// their effective values (an encrypted one in a password box, empty: its value is never known
// here), one POST. The new run is then followed by the runs view's command (followRun).
import * as vscode from 'vscode';
import { pipelineName, pipelineRefs, type Execution, type Pipeline, type RunRequest } from '../../api';
import { Command } from '../../commandIds';
import type { Services } from '../../services';
import { describeError, errorForLog } from '../../ui/errorMessages';
import { BACK, prompterFrom, type Prompter, type Step } from '../../ui/multiStepInput';
import { ApiLists, pickPipeline, pickProject } from '../../ui/pickers';
import { withCancellableProgress } from '../../ui/progress';
import { runWriteFlow } from '../../ui/writeFlow';
import { MAX_PICKER_PAGES } from '../../workspace/workspaceData';
import { folderHeadFor } from './folderHead';
import { refProblem, refProposals, runRequestOf, settableVariables, type RefKind, type RunRef, type SettableVariable } from './runRequest';

export type RunOutcome = { kind: 'started'; execution: Execution; request: RunRequest } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.RunPipeline, (item?: unknown, ...rest: unknown[]) =>
      runPipeline(services, prompterFrom([item, ...rest], services.context), presetOfItem(item)),
    ),
  ];
}

/** What the command was run on: a pipeline's row, a run's row, or arguments. */
export interface RunPreset {
  project?: string;
  pipeline?: Pick<Pipeline, 'id'> & Partial<Pipeline>;
  /** Proposed answers (a language model tool's call): shown in the steps, which the person still goes through. */
  ref?: RunRef;
  comment?: string;
  /** Values for settable variables, by key: a key that is not settable, or is encrypted (the person types those), is left out. */
  values?: ReadonlyMap<string, string>;
}

interface Answers {
  project?: string;
  pipeline?: Pick<Pipeline, 'id'> & Partial<Pipeline>;
  readonly presetProject: boolean;
  readonly presetPipeline: boolean;
  /** What the ref step found for the pipeline it was asked for (kept across Back and Edit). */
  loadedFor?: string;
  proposals?: { ref: RunRef; source: 'pipeline' | 'folder' }[];
  variables?: SettableVariable[];
  ref?: RunRef;
  /** Set when the user chose to type a branch, tag or revision. */
  typing?: RefKind;
  comment?: string;
  refresh: boolean;
  clearCache: boolean;
  typed: Map<string, string>;
  /** Proposed values, applied to the settable variables once they are read. */
  readonly proposed?: ReadonlyMap<string, string>;
}

export async function runPipeline(services: Services, prompter: Prompter, preset: RunPreset = {}): Promise<RunOutcome> {
  const answers: Answers = {
    project: preset.project,
    pipeline: preset.project !== undefined ? preset.pipeline : undefined,
    presetProject: preset.project !== undefined,
    presetPipeline: preset.project !== undefined && preset.pipeline !== undefined,
    ref: preset.ref,
    comment: preset.comment,
    refresh: false,
    clearCache: false,
    typed: new Map(),
    proposed: preset.values,
  };
  let request: RunRequest = {};
  const end = await runWriteFlow(services, prompter, answers, ({ client, workspace }) => ({
    title: vscode.l10n.t('Run Pipeline'),
    steps: runSteps(services, new ApiLists(services.data), prompter),
    loadsLists: 'Run Pipeline',
    send: async (a) => {
      const project = required(a.project);
      const pipeline = required(a.pipeline);
      request = runRequestOf(a);
      const execution = await withCancellableProgress(vscode.l10n.t('Starting pipeline {0}…', pipelineName(pipeline)), (signal) =>
        client.runPipeline(workspace, project, pipeline.id, request, { signal }),
      );
      // Never the variables' values: their keys only.
      services.log.info(
        `Run Pipeline: ${project}/${pipeline.id} run ${execution.id} started (${describeRef(request)}; variables: ${(request.variables ?? []).map((v) => v.key).join(', ') || 'none'})`,
      );
      void follow(services, { workspace, project, pipelineId: pipeline.id, executionId: execution.id, pipelineName: pipelineName(pipeline), name: pipeline.name ?? undefined });
      return execution;
    },
    failure: (error, a) => {
      services.log.warn(`Run Pipeline: ${a.project}/${a.pipeline?.id} failed: ${errorForLog(error)}`);
      return vscode.l10n.t('Could not start pipeline {0}: {1}', pipelineName(required(a.pipeline)), describeError(error));
    },
  }));
  return end.kind === 'done' ? { kind: 'started', execution: end.value, request } : end;
}

/** Reveals (its pipeline shown, its row selected) and follows the new run: the runs view's command; before it exists, nothing. */
async function follow(services: Services, run: { workspace: string; project: string; pipelineId: number; executionId: number; pipelineName: string; name?: string }): Promise<void> {
  try {
    await vscode.commands.executeCommand(Command.FollowRun, run);
  } catch (error) {
    if (!/command .* not found/i.test(String(error instanceof Error ? error.message : error))) {
      services.log.warn(`Run Pipeline: following run ${run.executionId} failed: ${errorForLog(error)}`);
    }
  }
}

function describeRef(r: RunRequest): string {
  return r.branch !== undefined ? `branch ${r.branch}` : r.tag !== undefined ? `tag ${r.tag}` : r.revision !== undefined ? `revision ${r.revision}` : 'default ref';
}

const REF_LABELS: Record<RefKind, () => string> = {
  branch: () => vscode.l10n.t('Another branch…'),
  tag: () => vscode.l10n.t('A tag…'),
  revision: () => vscode.l10n.t('A revision…'),
};
const REF_ICONS: Record<RefKind, string> = { branch: 'git-branch', tag: 'tag', revision: 'git-commit' };

interface RefItem extends vscode.QuickPickItem {
  ref?: RunRef;
  typing?: RefKind;
}
interface OptionItem extends vscode.QuickPickItem {
  option: 'refresh' | 'clearCache';
}
interface VariableItem extends vscode.QuickPickItem {
  variable?: SettableVariable;
}

function runSteps(services: Services, lists: ApiLists, prompter: Prompter): Step<Answers>[] {
  return [
    {
      applies: (a) => !a.presetProject,
      run: async (ui, a) => {
        const project = await pickProject(ui, lists, a.project);
        if (project.name !== a.project) {
          a.pipeline = undefined;
        }
        a.project = project.name;
      },
    },
    {
      applies: (a) => !a.presetPipeline,
      run: async (ui, a) => {
        a.pipeline = await pickPipeline(ui, lists, required(a.project), {
          current: a.pipeline?.id,
          placeholder: vscode.l10n.t('Choose the pipeline of {0} to run', required(a.project)),
        });
      },
    },
    {
      run: async (ui, a) => {
        const key = `${a.project}/${a.pipeline?.id}`;
        const chosen = await ui.pick<RefItem>({
          placeholder: vscode.l10n.t('Run pipeline {0} on which branch, tag or revision?', pipelineName(required(a.pipeline))),
          loadingPlaceholder: vscode.l10n.t('Loading the pipeline, its variables and the folder’s branch…'),
          items: async (signal) => {
            if (a.loadedFor !== key) {
              await loadPipelineFacts(services, lists, a, signal);
              a.loadedFor = key;
            }
            return refItems(a);
          },
          isActive: (i) => (a.typing !== undefined ? i.typing === a.typing : i.ref !== undefined && i.ref.kind === a.ref?.kind && i.ref.name === a.ref.name),
          matchOnDescription: true,
        });
        a.typing = chosen.typing;
        if (chosen.typing === undefined) {
          a.ref = chosen.ref;
        }
      },
    },
    {
      applies: (a) => a.typing !== undefined,
      run: async (ui, a) => {
        const kind = required(a.typing);
        const prompts: Record<RefKind, string> = {
          branch: vscode.l10n.t('The branch to run'),
          tag: vscode.l10n.t('The tag to run'),
          revision: vscode.l10n.t('The revision (commit) to run'),
        };
        const name = await ui.input({
          prompt: prompts[kind],
          value: a.ref?.kind === kind ? a.ref.name : '',
          validate: (v) => refProblem(kind, v),
        });
        a.ref = { kind, name: name.trim() };
      },
    },
    {
      run: async (ui, a) => {
        a.comment = await ui.input({
          prompt: vscode.l10n.t('A comment for the run (optional: press Enter to leave it empty)'),
          value: a.comment ?? '',
          validate: (v) => (v.length > 1000 ? vscode.l10n.t('At most 1000 characters.') : undefined),
        });
      },
    },
    {
      run: async (ui, a) => {
        const items: OptionItem[] = [
          { option: 'refresh', label: vscode.l10n.t('Refresh'), description: vscode.l10n.t('deploy from scratch, every file') },
          { option: 'clearCache', label: vscode.l10n.t('Clear cache'), description: vscode.l10n.t('clear the pipeline’s cache before the run') },
        ];
        const picked = await ui.pickMany<OptionItem>({
          placeholder: vscode.l10n.t('Checked options are sent with the run (none: press Enter)'),
          items,
          isSelected: (i) => (i.option === 'refresh' ? a.refresh : a.clearCache),
        });
        a.refresh = picked.some((i) => i.option === 'refresh');
        a.clearCache = picked.some((i) => i.option === 'clearCache');
      },
    },
    {
      applies: (a) => (a.variables ?? []).length > 0,
      run: async (ui, a) => {
        for (;;) {
          const chosen = await ui.pick<VariableItem>({
            placeholder: vscode.l10n.t('Settable variables: choose one to change it, or run with these values'),
            items: variableItems(a),
          });
          if (chosen.variable === undefined) {
            return;
          }
          const v = chosen.variable;
          const typed = await prompter.input(ui.frame, {
            prompt: v.encrypted
              ? vscode.l10n.t('A new value for {0} (encrypted: it is not shown; leave empty to keep the current one)', v.key)
              : vscode.l10n.t('The value of {0} for this run', v.key),
            value: v.encrypted ? '' : (a.typed.get(v.key) ?? v.value ?? ''),
            password: v.encrypted,
          });
          // Back or Escape in the box returns to the list, the value unchanged.
          if (typed !== BACK && typed !== undefined) {
            a.typed.set(v.key, typed);
          }
        }
      },
    },
  ];
}

/** The project's repository (for the folder's branch), the pipeline (its refs) and the settable variables. */
async function loadPipelineFacts(services: Services, lists: ApiLists, a: Answers, signal: AbortSignal): Promise<void> {
  const project = required(a.project);
  const pipelineId = required(a.pipeline).id;
  const every = (filter: { projectName?: string; pipelineId?: number }) =>
    services.data.every(services.data.variables(filter), { maxPages: MAX_PICKER_PAGES, signal });
  const [full, pipelines, workspaceVars, projectVars, pipelineVars] = await Promise.all([
    services.data.project(project, signal),
    a.pipeline?.refs === undefined ? lists.pipelines(project, signal) : undefined,
    every({}),
    every({ projectName: project }),
    every({ pipelineId }),
  ]);
  const pipeline = { ...pipelines?.items.find((p) => p.id === pipelineId), ...a.pipeline } as Answers['pipeline'] & Partial<Pipeline>;
  a.pipeline = pipeline;
  const head = await folderHeadFor(full, services.log).catch(() => undefined);
  a.proposals = refProposals(pipelineRefs({ refs: pipeline.refs ?? null, ref_name: pipeline.ref_name ?? null }), head);
  a.variables = settableVariables([
    { scope: 'workspace', variables: workspaceVars.items },
    { scope: 'project', variables: projectVars.items },
    { scope: 'pipeline', variables: pipelineVars.items },
  ]);
  for (const v of a.variables) {
    const value = a.proposed?.get(v.key);
    if (value !== undefined && !v.encrypted && !a.typed.has(v.key)) {
      a.typed.set(v.key, value);
    }
  }
  // The preferred proposal is the first answer, unless one was given.
  if (a.ref === undefined && a.typing === undefined) {
    a.ref = a.proposals[0]?.ref;
  }
}

function refItems(a: Answers): RefItem[] {
  const items: RefItem[] = (a.proposals ?? []).map(({ ref, source }) => ({
    label: `$(${REF_ICONS[ref.kind]}) ${ref.name}`,
    description: source === 'folder' ? vscode.l10n.t('checked out in this folder') : vscode.l10n.t('the pipeline’s branch'),
    ref,
  }));
  const typedRef = a.ref;
  if (typedRef && !items.some((i) => i.ref?.kind === typedRef.kind && i.ref.name === typedRef.name)) {
    items.push({ label: `$(${REF_ICONS[typedRef.kind]}) ${typedRef.name}`, description: vscode.l10n.t('typed before'), ref: typedRef });
  }
  if (items.length === 0) {
    items.push({ label: vscode.l10n.t('$(rocket) As the pipeline says'), description: vscode.l10n.t('its default branch'), ref: undefined });
  }
  for (const kind of ['branch', 'tag', 'revision'] as const) {
    items.push({ label: `$(${REF_ICONS[kind]}) ${REF_LABELS[kind]()}`, typing: kind });
  }
  return items;
}

function variableItems(a: Answers): VariableItem[] {
  const run: VariableItem = { label: vscode.l10n.t('$(play) Run with these values'), alwaysShow: true };
  return [
    run,
    ...(a.variables ?? []).map((v): VariableItem => {
      const typed = a.typed.get(v.key);
      const shown = v.encrypted
        ? typed !== undefined && typed !== ''
          ? vscode.l10n.t('(encrypted; a new value is set)')
          : vscode.l10n.t('(encrypted; kept)')
        : (typed ?? v.value ?? '');
      return { label: v.key, description: shown, detail: v.description, variable: v };
    }),
  ];
}

/** A pipeline's row (`{project, pipeline}`), a run's row or arguments (`{project, pipelineId}`), read defensively. */
export function presetOfItem(item: unknown): RunPreset {
  if (typeof item !== 'object' || item === null) {
    return {};
  }
  const o = item as { project?: unknown; pipeline?: unknown; pipelineId?: unknown };
  const project = typeof o.project === 'string' ? o.project : typeof (o.project as { name?: unknown })?.name === 'string' ? (o.project as { name: string }).name : undefined;
  const pipelineId = typeof (o.pipeline as { id?: unknown })?.id === 'number' ? (o.pipeline as { id: number }).id : typeof o.pipelineId === 'number' ? o.pipelineId : undefined;
  if (project === undefined) {
    return {};
  }
  if (pipelineId === undefined || !Number.isSafeInteger(pipelineId)) {
    return { project };
  }
  const pipeline = typeof o.pipeline === 'object' && o.pipeline !== null ? (o.pipeline as Pipeline) : { id: pipelineId };
  return { project, pipeline, ...proposedAnswers(item as { ref?: unknown; comment?: unknown; values?: unknown }) };
}

/** Proposed answers of a command's argument (`ref: {kind, name}`, `comment`, `values: {key: value}`), each checked as its step checks it. */
function proposedAnswers(o: { ref?: unknown; comment?: unknown; values?: unknown }): Pick<RunPreset, 'ref' | 'comment' | 'values'> {
  const out: { ref?: RunRef; comment?: string; values?: Map<string, string> } = {};
  const r = o.ref as { kind?: unknown; name?: unknown } | undefined;
  if (typeof r === 'object' && r !== null && (r.kind === 'branch' || r.kind === 'tag' || r.kind === 'revision') && typeof r.name === 'string' && refProblem(r.kind, r.name) === undefined) {
    out.ref = { kind: r.kind, name: r.name.trim() };
  }
  if (typeof o.comment === 'string' && o.comment.length <= 1000) {
    out.comment = o.comment;
  }
  if (typeof o.values === 'object' && o.values !== null) {
    const values = Object.entries(o.values as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string');
    out.values = new Map(values.slice(0, 50));
  }
  return out;
}

function required<T>(value: T | undefined): T {
  if (value === undefined) {
    throw new Error('An answer is missing.');
  }
  return value;
}
