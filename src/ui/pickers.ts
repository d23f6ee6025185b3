// Steps that pick a project, pipeline, action or target from the API's lists. A list is loaded
// inside the quick pick (busy bar, a count as it grows, cancelled when the pick closes), a few
// pages at most: past that the pick offers to type a name instead of paging on. The lists come
// from the workspace's data (src/workspace/), so going Back, reopening a flow for Edit, or a list a
// view already has in full asks the server nothing.
import * as vscode from 'vscode';
import {
  actionName,
  allowsAllPipelines,
  canOpenTarget,
  NotFoundError,
  pipelineName,
  pipelinesAccessLevel,
  pipelineTrigger,
  projectName,
  targetName,
  type Action,
  type Pipeline,
  type Project,
  type ProjectRef,
  type Target,
  type TargetSummary,
} from '../api';
import { MAX_PICKER_PAGES, PICKER_PAGE_SIZE, type BoundedList, type PagedData, type WorkspaceData } from '../workspace/workspaceData';
import { describeError } from './errorMessages';
import type { StepUi } from './multiStepInput';

/** Told the number of items loaded so far, while a list loads. */
export type ListProgress = (loaded: number) => void;

/** What a flow's pickers read: every page of a list of the workspace's data (bounded), and single objects. */
export class ApiLists {
  constructor(readonly data: WorkspaceData) {}

  /** The workspace the lists are of (for messages). */
  get workspace(): string {
    return this.data.workspace;
  }

  projects(signal?: AbortSignal, progress?: ListProgress): Promise<BoundedList<ProjectRef>> {
    return this.every(this.data.projects(PICKER_PAGE_SIZE), signal, progress);
  }

  /** The full project (a typed name is checked with it). */
  project(name: string, signal?: AbortSignal): Promise<Project> {
    return this.data.project(name, signal);
  }

  pipelines(project: string, signal?: AbortSignal, progress?: ListProgress): Promise<BoundedList<Pipeline>> {
    return this.every(this.data.pipelines(project, PICKER_PAGE_SIZE), signal, progress);
  }

  actions(project: string, pipelineId: number, signal?: AbortSignal, progress?: ListProgress): Promise<BoundedList<Action>> {
    return this.every(this.data.actions(project, pipelineId, PICKER_PAGE_SIZE), signal, progress);
  }

  /** Target summaries (they carry all_pipelines_allowed, not the allowed pipelines). */
  targets(signal?: AbortSignal, progress?: ListProgress): Promise<BoundedList<TargetSummary>> {
    return this.every(this.data.targets(PICKER_PAGE_SIZE), signal, progress);
  }

  /** The full target (with allowed_pipelines), requested once. */
  target(id: string, signal?: AbortSignal): Promise<Target> {
    return this.data.target(id, signal);
  }

  /** Records a full target received otherwise (an item's data). */
  remember(target: Target): void {
    this.data.rememberTarget(target);
  }

  private every<T>(list: PagedData<T>, signal: AbortSignal | undefined, progress: ListProgress | undefined): Promise<BoundedList<T>> {
    return this.data.every(list, { maxPages: MAX_PICKER_PAGES, signal, onProgress: (count) => progress?.(count) });
  }
}

/** The pick's last item when a list was cut: choosing it asks for the name instead. */
export interface TypeInsteadItem extends vscode.QuickPickItem {
  typeInstead: true;
}

function typeInsteadItem(label: string, shown: number): TypeInsteadItem {
  return {
    typeInstead: true,
    label: `$(edit) ${label}`,
    detail: vscode.l10n.t('Only the first {0} are listed: there are more than a picker loads.', shown),
    alwaysShow: true,
  };
}

function isTypeInstead(item: vscode.QuickPickItem): item is TypeInsteadItem {
  return (item as Partial<TypeInsteadItem>).typeInstead === true;
}

/** A placeholder that counts what was loaded so far (the busy bar alone says nothing of progress). */
function loadingText(base: string, loaded: number): string {
  return loaded > 0 ? vscode.l10n.t('{0} ({1} so far)', base, loaded) : base;
}

interface BoundedPick<T, I extends vscode.QuickPickItem> {
  placeholder: string;
  loadingPlaceholder: string;
  emptyPlaceholder: string;
  load(signal: AbortSignal, progress: ListProgress): Promise<BoundedList<T>>;
  toItem(value: T): I;
  valueOf(item: I): T;
  isActive?(item: I): boolean;
  matchOnDetail?: boolean;
  /** The last item of a cut list, e.g. "Type the project's name…". */
  typeLabel: string;
  /** The input box for the typed name. */
  typePrompt: string;
  /** The typed text as a value, or a message saying why it is none. */
  resolveTyped(text: string, loaded: readonly T[]): Promise<T | string>;
}

/** A pick over a bounded list; a cut list ends with an item that asks for the name instead. */
async function pickBounded<T, I extends vscode.QuickPickItem>(ui: StepUi, o: BoundedPick<T, I>): Promise<T> {
  for (;;) {
    let loaded: readonly T[] = [];
    const chosen = await ui.pick<I | TypeInsteadItem>({
      placeholder: o.placeholder,
      loadingPlaceholder: o.loadingPlaceholder,
      emptyPlaceholder: o.emptyPlaceholder,
      items: async (signal, report) => {
        const list = await o.load(signal, (count) => report?.(loadingText(o.loadingPlaceholder, count)));
        loaded = list.items;
        const items: (I | TypeInsteadItem)[] = list.items.map((v) => o.toItem(v));
        return list.complete ? items : [...items, typeInsteadItem(o.typeLabel, list.items.length)];
      },
      isActive: (i) => !isTypeInstead(i) && (o.isActive?.(i) ?? false),
      matchOnDescription: true,
      matchOnDetail: o.matchOnDetail,
    });
    if (!isTypeInstead(chosen)) {
      return o.valueOf(chosen);
    }
    const text = (await ui.input({ prompt: o.typePrompt, validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Type a name.')) })).trim();
    const resolved = await o.resolveTyped(text, loaded);
    if (typeof resolved !== 'string') {
      return resolved;
    }
    await ui.message('error', resolved);
  }
}

/** A pipeline or action typed by its id (the number in its web address), or by the name of a loaded one. */
function byNameOrId<T extends { id: number; name?: string | null }>(text: string, loaded: readonly T[], make: (id: number) => T): T | undefined {
  const named = loaded.find((x) => x.name === text);
  if (named) {
    return named;
  }
  const id = /^#?(\d{1,15})$/.exec(text);
  return id ? (loaded.find((x) => x.id === Number(id[1])) ?? make(Number(id[1]))) : undefined;
}

export interface ProjectItem extends vscode.QuickPickItem {
  project: ProjectRef;
}

export interface PipelineItem extends vscode.QuickPickItem {
  pipeline: Pipeline;
}

export interface ActionItem extends vscode.QuickPickItem {
  action: Action;
}

export interface TargetItem extends vscode.QuickPickItem {
  target: TargetSummary;
}

/** Asks for a project of the workspace; `current` (a name) is highlighted. */
export async function pickProject(ui: StepUi, lists: ApiLists, current?: string): Promise<ProjectRef> {
  return pickBounded<ProjectRef, ProjectItem>(ui, {
    placeholder: vscode.l10n.t('Choose a project'),
    loadingPlaceholder: vscode.l10n.t('Loading projects…'),
    emptyPlaceholder: vscode.l10n.t('There are no projects in this workspace. Press Escape, then create one with "Create Project…".'),
    load: (signal, progress) => lists.projects(signal, progress),
    toItem: (project) => ({ label: `$(repo) ${projectName(project)}`, description: project.name, project }),
    valueOf: (i) => i.project,
    isActive: (i) => i.project.name === current,
    typeLabel: vscode.l10n.t("Type the project's name…"),
    typePrompt: vscode.l10n.t("The project's name, as in its address (for example web-app)"),
    resolveTyped: async (name, loaded) => {
      const known = loaded.find((p) => p.name === name);
      if (known) {
        return known;
      }
      try {
        return await lists.project(name);
      } catch (error) {
        return error instanceof NotFoundError
          ? vscode.l10n.t('There is no project named {0} in {1}. Choose it from the list, or type its name again.', name, lists.workspace)
          : vscode.l10n.t('Could not check project {0}: {1}', name, describeError(error));
      }
    },
  });
}

export interface PipelinePickOptions {
  /** Highlighted pipeline id (the kept answer). */
  current?: number;
  placeholder?: string;
  /** More to load with the pipelines, under the same busy bar (e.g. what `decorate` needs). */
  load?: (signal: AbortSignal) => Promise<void>;
  /** Extra presentation per pipeline (e.g. "already allowed"). */
  decorate?: (pipeline: Pipeline) => Partial<vscode.QuickPickItem>;
}

/** Asks for a pipeline of `project`. */
export async function pickPipeline(ui: StepUi, lists: ApiLists, project: string, options: PipelinePickOptions = {}): Promise<Pipeline> {
  return pickBounded<Pipeline, PipelineItem>(ui, {
    placeholder: options.placeholder ?? vscode.l10n.t('Choose a pipeline of {0}', project),
    loadingPlaceholder: vscode.l10n.t('Loading the pipelines of {0}…', project),
    emptyPlaceholder: vscode.l10n.t('Project {0} has no pipelines. Press Back to choose another project.', project),
    load: async (signal, progress) => (await Promise.all([lists.pipelines(project, signal, progress), options.load?.(signal)]))[0],
    toItem: (pipeline) => ({
      label: `$(rocket) ${pipelineName(pipeline)}`,
      description: triggerLabel(pipelineTrigger(pipeline)),
      pipeline,
      ...options.decorate?.(pipeline),
    }),
    valueOf: (i) => i.pipeline,
    isActive: (i) => i.pipeline.id === options.current,
    typeLabel: vscode.l10n.t("Type the pipeline's ID or name…"),
    typePrompt: vscode.l10n.t("The pipeline's ID (the number in its web address) or its exact name"),
    resolveTyped: async (text, loaded) =>
      byNameOrId(text, loaded, (id) => ({ url: '', html_url: '', id, name: `#${id}`, on: null, refs: null, last_execution_status: null, last_execution_revision: null })) ??
      vscode.l10n.t('No pipeline named {0} among the first {1}: type its ID, the number in its web address.', text, loaded.length),
  });
}

/** Asks for an action of a pipeline. */
export async function pickAction(ui: StepUi, lists: ApiLists, project: string, pipeline: { id: number; name: string }, current?: number): Promise<Action> {
  return pickBounded<Action, ActionItem>(ui, {
    placeholder: vscode.l10n.t('Choose an action of pipeline {0}', pipeline.name),
    loadingPlaceholder: vscode.l10n.t('Loading the actions of {0}…', pipeline.name),
    emptyPlaceholder: vscode.l10n.t('Pipeline {0} has no actions. Press Back to choose another pipeline.', pipeline.name),
    load: (signal, progress) => lists.actions(project, pipeline.id, signal, progress),
    toItem: (action) => ({ label: `$(symbol-event) ${actionName(action)}`, description: action.type ?? undefined, action }),
    valueOf: (i) => i.action,
    isActive: (i) => i.action.id === current,
    typeLabel: vscode.l10n.t("Type the action's ID or name…"),
    typePrompt: vscode.l10n.t("The action's ID (the number in its web address) or its exact name"),
    resolveTyped: async (text, loaded) =>
      byNameOrId(text, loaded, (id) => ({ url: '', html_url: '', id, name: `#${id}`, type: '' })) ??
      vscode.l10n.t('No action named {0} among the first {1}: type its ID, the number in its web address.', text, loaded.length),
  });
}

/**
 * Asks for a deployment target of the workspace that can be opened (MATCH items, filters without an
 * id, are left out); `current` (a target id) is highlighted.
 */
export async function pickTarget(ui: StepUi, lists: ApiLists, current?: string): Promise<TargetSummary> {
  return pickBounded<TargetSummary, TargetItem>(ui, {
    placeholder: vscode.l10n.t('Choose a deployment target'),
    loadingPlaceholder: vscode.l10n.t('Loading targets…'),
    emptyPlaceholder: vscode.l10n.t('There are no deployment targets in this workspace.'),
    load: async (signal, progress) => {
      const list = await lists.targets(signal, progress);
      return { ...list, items: list.items.filter(canOpenTarget) };
    },
    toItem: targetItem,
    valueOf: (i) => i.target,
    isActive: (i) => i.target.id === current,
    matchOnDetail: true,
    typeLabel: vscode.l10n.t("Type the target's ID…"),
    typePrompt: vscode.l10n.t("The target's ID, as in its web address (for example tg-8f2c)"),
    resolveTyped: async (id, loaded) => {
      const known = loaded.find((t) => t.id === id || t.identifier === id);
      if (known) {
        return known;
      }
      try {
        const target = await lists.target(id);
        lists.remember(target);
        return target;
      } catch (error) {
        return error instanceof NotFoundError
          ? vscode.l10n.t('There is no target with ID {0} in {1}.', id, lists.workspace)
          : vscode.l10n.t('Could not check target {0}: {1}', id, describeError(error));
      }
    },
  });
}

/** How a target reads in a pick: name, identifier and address, and whom it admits. */
export function targetItem(target: TargetSummary): TargetItem {
  const address = target.host ? `${target.host}${target.port ? `:${target.port}` : ''}` : (target.type ?? undefined);
  return {
    label: `$(server) ${targetName(target)}`,
    description: [target.identifier, address].filter(Boolean).join(' · '),
    detail: accessDetail(target),
    target,
  };
}

/** Whom a target admits, from either model; an unknown access level is shown as it is. */
function accessDetail(target: TargetSummary): string {
  const all = allowsAllPipelines(target);
  if (all === true) {
    return vscode.l10n.t('All pipelines may use this target');
  }
  if (all === undefined) {
    return vscode.l10n.t('The list does not say which pipelines may use this target');
  }
  const level = pipelinesAccessLevel(target);
  return level
    ? vscode.l10n.t('Only the allowed pipelines may use this target (pipelines access {0})', level)
    : vscode.l10n.t('Only the allowed pipelines may use this target');
}

function triggerLabel(on: string | undefined): string | undefined {
  switch (on) {
    case undefined:
      return undefined;
    case 'CLICK':
      return vscode.l10n.t('run manually');
    case 'EVENT':
      return vscode.l10n.t('runs on push');
    case 'SCHEDULE':
      return vscode.l10n.t('runs on schedule');
    default:
      return on;
  }
}
