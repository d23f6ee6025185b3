// The workspace's data: what the service said about the signed-in account's workspace, at its API
// address, kept by key (src/workspace/keyedStore.ts): the projects, the pipelines of a project, the
// actions and the definition of a pipeline, the targets and a target, the variables of a scope, the commits of a
// project under a date filter and a commit, and the account's workspaces. Views render from it,
// pickers and commands read it, a write puts its answer in it or invalidates what it changed. Each
// request uses the session's client and workspace of the moment; another address, account or
// workspace (the session's change) forgets everything. No editor dependency (types aside).
import * as l10n from '@vscode/l10n';
import {
  canOpenTarget,
  MAX_PER_PAGE,
  UnauthorizedError,
  type Action,
  type ApiClient,
  type Commit,
  type CommitSummary,
  type Execution,
  type ExecutionSummary,
  type Pipeline,
  type PipelineDefinition,
  type Project,
  type ProjectRef,
  type Target,
  type TargetSummary,
  type Variable,
  type VariableFilter,
  type Workspace,
} from '../api';
import type { Session } from '../auth/sessionTypes';
import type { Disposable, Event } from './events';
import { KeyedStore } from './keyedStore';
import type { BoundedList, CollectOptions, PagedData } from './pagedData';
import { RunKey, type ExecutionRef } from './runData';
import { filterKey } from './variableScope';

export type { BoundedList, CollectOptions, PagedData };

/** Pages a picker loads before it offers to type a name instead (pages of 100: 500 items). */
export const MAX_PICKER_PAGES = 5;
/** Items per page for the pickers' lists (the API's maximum). */
export const PICKER_PAGE_SIZE = MAX_PER_PAGE;
/** The page size of a list asked without `per_page` (api.md, "Limits"). */
export const DEFAULT_PAGE_SIZE = 20;
/** Full commits kept at most; the oldest fetched goes first (a commit may carry large patches). */
export const MAX_CACHED_COMMITS = 100;
/** Runs (with their action executions) kept at most; the oldest read goes first. */
export const MAX_CACHED_RUNS = 200;

/** A commit: a revision of a project in a workspace. */
export interface CommitRef {
  readonly workspace: string;
  readonly project: string;
  readonly revision: string;
}

/** The commits' date bounds as the API takes them. */
export interface CommitBounds {
  readonly since?: Date;
  readonly until?: Date;
}

/** The start of the keys of each family of lists or objects (DataKey), for invalidateFamilies(). */
export const DataFamily = {
  project: 'project:',
  pipelines: 'pipelines:',
  actions: 'actions:',
  definition: 'definition:',
  target: 'target:',
  variables: 'variables:',
  commits: 'commits:',
  commit: 'commit:',
} as const;

/** The key of each list and object: what onDidChange names and invalidate() takes. */
export const DataKey = {
  workspaces: 'workspaces',
  projects: 'projects',
  project: (name: string) => `${DataFamily.project}${name}`,
  pipelines: (project: string) => `${DataFamily.pipelines}${project}`,
  actions: (project: string, pipelineId: number) => `${DataFamily.actions}${project}/${pipelineId}`,
  /** A pipeline's definition (YAML) as the service keeps it. */
  definition: (project: string, pipelineId: number) => `${DataFamily.definition}${project}/${pipelineId}`,
  targets: 'targets',
  target: (id: string) => `${DataFamily.target}${id}`,
  /** One per scope: `variables:workspace`, `variables:project:web-app`, `variables:pipeline:103`… */
  variables: (filter: VariableFilter) => `${DataFamily.variables}${filterKey(filter)}`,
  commits: (project: string, bounds: CommitBounds = {}) =>
    `${DataFamily.commits}${project}:${bounds.since?.toISOString() ?? ''}:${bounds.until?.toISOString() ?? ''}`,
  commit: (ref: CommitRef) => `${DataFamily.commit}${ref.workspace}/${ref.project}/${ref.revision}`,
} as const;

export class WorkspaceData implements Disposable {
  private readonly store = new KeyedStore({ limits: { 'commit:': MAX_CACHED_COMMITS, 'execution:': MAX_CACHED_RUNS } });
  private readonly subscription: Disposable;
  /** Fires with the key of what changed (DataKey): a page asked, arrived or failed, an object set, a key invalidated. */
  readonly onDidChange: Event<string> = this.store.onDidChange;
  /** Fires (after onDidChange) with the key of what a write changed: set or invalidated, not loaded. */
  readonly onDidInvalidate: Event<string> = this.store.onDidInvalidate;

  constructor(private readonly session: Session) {
    // Another address, account or workspace sees other data under the same names; whoever shows
    // data hears of the session's change itself.
    this.subscription = session.onDidChange(() => this.store.clear());
  }

  /** The session's workspace (for messages); empty while none is chosen. */
  get workspace(): string {
    return this.session.workspace ?? '';
  }

  /** The account's workspaces. */
  workspaces(perPage = PICKER_PAGE_SIZE): PagedData<Workspace> {
    return this.store.list(DataKey.workspaces, perPage, (page, size, signal) => this.client().listWorkspaces({ page, perPage: size }, { signal }));
  }

  /** The first page of the workspaces received otherwise (asked without paging: the token's check), so a picker need not ask again. */
  seedWorkspaces(firstPage: readonly Workspace[]): void {
    this.workspaces(DEFAULT_PAGE_SIZE).seed(firstPage);
  }

  projects(perPage: number): PagedData<ProjectRef> {
    return this.store.list(DataKey.projects, perPage, (page, size, signal) => {
      const { client, workspace } = this.signedIn();
      return client.listProjects(workspace, { page, perPage: size }, { signal });
    });
  }

  /** The full project (its repository's addresses). */
  project(name: string, signal?: AbortSignal): Promise<Project> {
    return this.store.object(
      DataKey.project(name),
      (s) => {
        const { client, workspace } = this.signedIn();
        return client.getProject(workspace, name, { signal: s });
      },
      signal,
    );
  }

  pipelines(project: string, perPage: number): PagedData<Pipeline> {
    return this.store.list(DataKey.pipelines(project), perPage, (page, size, signal) => {
      const { client, workspace } = this.signedIn();
      return client.listPipelines(workspace, project, { page, perPage: size }, { signal });
    });
  }

  actions(project: string, pipelineId: number, perPage: number): PagedData<Action> {
    return this.store.list(DataKey.actions(project, pipelineId), perPage, (page, size, signal) => {
      const { client, workspace } = this.signedIn();
      return client.listActions(workspace, project, pipelineId, { page, perPage: size }, { signal });
    });
  }

  /** A pipeline's definition (GET …/pipelines/:id?yaml=true, bounded): one request, then kept until invalidated. */
  definition(project: string, pipelineId: number, signal?: AbortSignal): Promise<PipelineDefinition> {
    return this.store.object(
      DataKey.definition(project, pipelineId),
      (s) => {
        const { client, workspace } = this.signedIn();
        return client.getPipelineYaml(workspace, project, pipelineId, { signal: s });
      },
      signal,
    );
  }

  /** The target summaries (they say whom a target admits, not which pipelines it lists). */
  targets(perPage: number): PagedData<TargetSummary> {
    return this.store.list(DataKey.targets, perPage, (page, size, signal) => {
      const { client, workspace } = this.signedIn();
      return client.listTargets(workspace, { page, perPage: size }, { signal });
    });
  }

  /** The full target (with allowed_pipelines): one request, then kept until invalidated. */
  target(id: string, signal?: AbortSignal): Promise<Target> {
    return this.store.object(
      DataKey.target(id),
      (s) => {
        const { client, workspace } = this.signedIn();
        return client.getTarget(workspace, id, { signal: s });
      },
      signal,
    );
  }

  /** The full target when it is kept (no request). */
  knownTarget(id: string): Target | undefined {
    return this.store.peek<Target>(DataKey.target(id));
  }

  /** A write's answer: the target as it now is (whoever shows it is told). One without an id is no target of its own. */
  setTarget(target: Target): void {
    if (canOpenTarget(target)) {
      this.store.set(DataKey.target(target.id), target);
    }
  }

  /** A full target received otherwise (an item's data), kept unless one is (nothing changed: no one is told). */
  rememberTarget(target: Target): void {
    if (canOpenTarget(target)) {
      this.store.seed(DataKey.target(target.id), target);
    }
  }

  /** The variables of one scope (the list filter; none: the workspace's), 100 a page. */
  variables(filter: VariableFilter, perPage = MAX_PER_PAGE): PagedData<Variable> {
    return this.store.list(DataKey.variables(filter), perPage, (page, size, signal) => {
      const { client, workspace } = this.signedIn();
      return client.listVariables(workspace, { ...filter, page, perPage: size }, { signal });
    });
  }

  /** The commits of a project, newest first, between the bounds. */
  commits(project: string, bounds: CommitBounds, perPage: number): PagedData<CommitSummary> {
    return this.store.list(DataKey.commits(project, bounds), perPage, (page, size, signal) => {
      const { client, workspace } = this.signedIn();
      return client.listCommits(workspace, project, { page, perPage: size, ...bounds }, { signal });
    });
  }

  /** The full commit (stats, files, patches): one request per revision, shared by the tree and the document. */
  commit(ref: CommitRef): Promise<Commit> {
    if (!this.session.client) {
      return Promise.reject(new Error(l10n.t('Sign in to see commits.')));
    }
    return this.store.object(DataKey.commit(ref), (signal) => this.client().getCommit(ref.workspace, ref.project, ref.revision, { signal }));
  }

  /** The runs of a pipeline, newest first (src/workspace/runData.ts keys them). */
  executions(project: string, pipelineId: number, perPage: number): PagedData<ExecutionSummary> {
    return this.store.list(RunKey.executions(project, pipelineId), perPage, (page, size, signal) => {
      const { client, workspace } = this.signedIn();
      return client.listExecutions(workspace, project, pipelineId, { page, perPage: size }, { signal });
    });
  }

  /** A run with its action executions as last read (no request); undefined when none was. */
  knownExecution(ref: ExecutionRef): Execution | undefined {
    return this.store.peek<Execution>(RunKey.execution(ref));
  }

  /** Reads the run again (polling, after an action on it), keeps the answer and tells whoever shows it. */
  async fetchExecution(ref: ExecutionRef, signal?: AbortSignal): Promise<Execution> {
    const execution = await this.client().getExecution(ref.workspace, ref.project, ref.pipelineId, ref.executionId, { signal });
    // Cancelled after the answer came (the session moved on meanwhile): not kept for the new place.
    signal?.throwIfAborted();
    this.setExecution(ref, execution);
    return execution;
  }

  /** A run as an answer gave it (a PATCH, a POST, a poll): kept and told. */
  setExecution(ref: ExecutionRef, execution: Execution): void {
    this.store.set(RunKey.execution(ref), execution);
  }

  /** Every item of a list, bounded (pickers, the effective variables): a complete reading of another page size is taken as it is. */
  every<T>(list: PagedData<T>, options: CollectOptions): Promise<BoundedList<T>> {
    return this.store.every(list, options);
  }

  /** The items of a list when one reading of it has every page (no request); else undefined. */
  complete<T>(key: string): readonly T[] | undefined {
    return this.store.complete<T>(key);
  }

  /** Forgets `key` (DataKey) after a write changed it; whoever shows it loads it again. */
  invalidate(key: string): void {
    this.store.invalidate(key);
  }

  /**
   * Forgets each key that is one of `families` (a DataKey) or starts with one (a DataFamily): what a
   * view's Refresh shows again. With `perPage`, only the lists' readings of that page size (the
   * view's own), so that another view's rows and the objects stay.
   */
  invalidateFamilies(families: readonly string[], perPage?: number): void {
    this.store.invalidateWhere((key) => families.some((f) => key === f || (f.endsWith(':') && key.startsWith(f))), perPage);
  }

  /** Forgets everything and tells whoever shows any of it (Retry from a welcome view). */
  invalidateAll(): void {
    this.store.invalidateWhere(() => true);
  }

  dispose(): void {
    this.subscription.dispose();
    this.store.dispose();
  }

  private client(): ApiClient {
    const client = this.session.client;
    if (!client) {
      throw new UnauthorizedError(l10n.t('Not signed in.'));
    }
    return client;
  }

  /** The session's client and workspace for a request; signed out fails it as a 401 would. */
  private signedIn(): { client: ApiClient; workspace: string } {
    const client = this.client();
    const workspace = this.session.workspace;
    if (!workspace) {
      throw new UnauthorizedError(l10n.t('Not signed in.'));
    }
    return { client, workspace };
  }
}
