// Steps that pick a project, pipeline, action or target from the API's lists. Every list is
// loaded in full (pages of 100) inside the quick pick, which shows a busy bar meanwhile; a flow
// keeps one ApiLists so that going Back or reopening it for Edit does not ask the server again.
import * as vscode from 'vscode';
import type { Action, ApiClient, Pipeline, ProjectRef, Target, TargetSummary } from '../api';
import type { StepUi } from './multiStepInput';

const PAGE_SIZE = 100;

/** Lists already loaded elsewhere (the Projects view), used instead of a request when complete. */
export interface LoadedLists {
  loadedProjects?(): readonly ProjectRef[] | undefined;
  loadedPipelines?(projectName: string): readonly Pipeline[] | undefined;
}

/** The lists a flow needs, each requested once per flow (cancelled requests are forgotten). */
export class ApiLists {
  private readonly cache = new Map<string, Promise<readonly unknown[]>>();
  private readonly targetCache = new Map<string, Promise<Target>>();

  constructor(
    readonly client: ApiClient,
    readonly workspace: string,
    private readonly loaded: LoadedLists = {},
  ) {}

  projects(signal?: AbortSignal): Promise<readonly ProjectRef[]> {
    const known = this.loaded.loadedProjects?.();
    return known ? Promise.resolve(known) : this.load('projects', (q) => this.client.listProjects(this.workspace, q, { signal }));
  }

  pipelines(project: string, signal?: AbortSignal): Promise<readonly Pipeline[]> {
    const known = this.loaded.loadedPipelines?.(project);
    return known
      ? Promise.resolve(known)
      : this.load(`pipelines/${project}`, (q) => this.client.listPipelines(this.workspace, project, q, { signal }));
  }

  actions(project: string, pipelineId: number, signal?: AbortSignal): Promise<readonly Action[]> {
    return this.load(`actions/${project}/${pipelineId}`, (q) =>
      this.client.listActions(this.workspace, project, pipelineId, q, { signal }),
    );
  }

  /** Target summaries (they carry all_pipelines_allowed, not the allowed pipelines). */
  targets(signal?: AbortSignal): Promise<readonly TargetSummary[]> {
    return this.load('targets', (q) => this.client.listTargets(this.workspace, q, { signal }));
  }

  /** The full target (with allowed_pipelines), requested once per flow. */
  target(id: string, signal?: AbortSignal): Promise<Target> {
    let loaded = this.targetCache.get(id);
    if (!loaded) {
      loaded = this.client.getTarget(this.workspace, id, { signal });
      this.targetCache.set(id, loaded);
      loaded.catch(() => this.targetCache.delete(id));
    }
    return loaded;
  }

  /** Records a full target received otherwise (an item's data, allow-pipeline's answer). */
  remember(target: Target): void {
    this.targetCache.set(target.id, Promise.resolve(target));
  }

  private load<T>(key: string, list: (q: { page: number; perPage: number }) => Promise<T[]>): Promise<readonly T[]> {
    let loaded = this.cache.get(key) as Promise<readonly T[]> | undefined;
    if (!loaded) {
      loaded = collect(this.client.items(list, PAGE_SIZE));
      this.cache.set(key, loaded);
      // A failed or cancelled load is asked again next time.
      loaded.catch(() => this.cache.delete(key));
    }
    return loaded;
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) {
    all.push(item);
  }
  return all;
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
  const item = await ui.pick<ProjectItem>({
    placeholder: vscode.l10n.t('Choose a project'),
    loadingPlaceholder: vscode.l10n.t('Loading projects…'),
    emptyPlaceholder: vscode.l10n.t('There are no projects in this workspace. Press Escape, then create one with "Create Project…".'),
    items: async (signal) =>
      (await lists.projects(signal)).map((project) => ({
        label: `$(repo) ${project.display_name}`,
        description: project.name,
        project,
      })),
    isActive: (i) => i.project.name === current,
    matchOnDescription: true,
  });
  return item.project;
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
  const item = await ui.pick<PipelineItem>({
    placeholder: options.placeholder ?? vscode.l10n.t('Choose a pipeline of {0}', project),
    loadingPlaceholder: vscode.l10n.t('Loading the pipelines of {0}…', project),
    emptyPlaceholder: vscode.l10n.t('Project {0} has no pipelines. Press Back to choose another project.', project),
    items: async (signal) =>
      (await Promise.all([lists.pipelines(project, signal), options.load?.(signal)]))[0].map((pipeline) => ({
        label: `$(rocket) ${pipeline.name}`,
        description: pipeline.on ? triggerLabel(pipeline.on) : undefined,
        pipeline,
        ...options.decorate?.(pipeline),
      })),
    isActive: (i) => i.pipeline.id === options.current,
    matchOnDescription: true,
  });
  return item.pipeline;
}

/** Asks for an action of a pipeline. */
export async function pickAction(ui: StepUi, lists: ApiLists, project: string, pipeline: { id: number; name: string }, current?: number): Promise<Action> {
  const item = await ui.pick<ActionItem>({
    placeholder: vscode.l10n.t('Choose an action of pipeline {0}', pipeline.name),
    loadingPlaceholder: vscode.l10n.t('Loading the actions of {0}…', pipeline.name),
    emptyPlaceholder: vscode.l10n.t('Pipeline {0} has no actions. Press Back to choose another pipeline.', pipeline.name),
    items: async (signal) =>
      (await lists.actions(project, pipeline.id, signal)).map((action) => ({
        label: `$(symbol-event) ${action.name}`,
        description: action.type,
        action,
      })),
    isActive: (i) => i.action.id === current,
    matchOnDescription: true,
  });
  return item.action;
}

/** Asks for a deployment target of the workspace; `current` (a target id) is highlighted. */
export async function pickTarget(ui: StepUi, lists: ApiLists, current?: string): Promise<TargetSummary> {
  const item = await ui.pick<TargetItem>({
    placeholder: vscode.l10n.t('Choose a deployment target'),
    loadingPlaceholder: vscode.l10n.t('Loading targets…'),
    emptyPlaceholder: vscode.l10n.t('There are no deployment targets in this workspace.'),
    items: async (signal) => (await lists.targets(signal)).map(targetItem),
    isActive: (i) => i.target.id === current,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return item.target;
}

/** How a target reads in a pick: name, identifier and address, and whom it admits. */
export function targetItem(target: TargetSummary): TargetItem {
  const address = target.host ? `${target.host}${target.port ? `:${target.port}` : ''}` : target.type;
  return {
    label: `$(server) ${target.name}`,
    description: `${target.identifier} · ${address}`,
    detail: target.all_pipelines_allowed
      ? vscode.l10n.t('All pipelines may use this target')
      : vscode.l10n.t('Only the allowed pipelines may use this target'),
    target,
  };
}

function triggerLabel(on: string): string {
  switch (on) {
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
