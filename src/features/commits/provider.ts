// The Commits view: the current project's commits, newest first, a page at a time
// (`commits.pageSize`), optionally between two days (the date filter). Each commit expands to its
// files; opening one shows the commit document. Full commits are fetched once (the workspace's data).
import * as vscode from 'vscode';
import type { CommitSummary } from '../../api';
import type { Session } from '../../services';
import { getCommitsPageSize, SECTION, Setting } from '../../settings';
import { DataFamily, type WorkspaceData } from '../../workspace/workspaceData';
import { CommitDocumentProvider } from './commitDocument';
import { describeFilter, filterBounds, normaliseFilter, type CommitFilter } from './commitFilter';
import type { CurrentProject, ProjectChoice } from '../../workspace/currentProject';
import { CommitNode } from './commitNode';
import { MessageNode, selectProjectNode } from '../../tree/messageNode';
import type { TreeNode } from '../../tree/treeNode';
import { NodeTreeProvider } from '../../tree/nodeTreeProvider';
import { PagedList } from '../../tree/pagedList';
import { Command, ViewId, ContextKey } from '../../commandIds';

/** The list shown: the commits of one project in one workspace under one filter. */
interface ShownList {
  readonly key: string;
  readonly list: PagedList<CommitSummary>;
}

export class CommitsProvider extends NodeTreeProvider {
  /** The commit documents' content (the feature registers it for their scheme). */
  readonly documents: CommitDocumentProvider;
  private shown: ShownList | undefined;
  private _filter: CommitFilter | undefined;

  constructor(
    session: Session,
    data: WorkspaceData,
    private readonly currentProject: CurrentProject,
  ) {
    super(session, data, ViewId.Commits);
    this.documents = new CommitDocumentProvider(data);
    this.disposables.push(
      currentProject.onDidChangeCurrentProject(() => {
        this.updateDescription();
        this.refreshRoot();
      }),
      session.onDidChange(() => {
        this.shown = undefined;
        this.refreshRoot();
      }),
      session.onDidChangeState(() => this.refreshRoot()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        // A new page size applies from the first page again, so pages stay aligned.
        if (e.affectsConfiguration(`${SECTION}.${Setting.CommitsPageSize}`)) {
          this.refresh();
        }
      }),
    );
    void vscode.commands.executeCommand('setContext', ContextKey.CommitsFiltered, false);
  }

  get filter(): CommitFilter | undefined {
    return this._filter;
  }

  /** Sets (or with undefined or empty bounds, clears) the date filter and reloads from page 1. */
  setFilter(filter: CommitFilter | undefined): void {
    this._filter = normaliseFilter(filter);
    this.showChanged(ContextKey.CommitsFiltered, this._filter !== undefined);
  }

  protected async rootNodes(): Promise<TreeNode[]> {
    const workspace = this.session.workspace;
    if (!workspace) {
      return []; // the welcome view says what to do
    }
    const project = this.currentProject.currentProject;
    if (!project) {
      return [selectProjectNode()];
    }
    const nodes = await this.listFor(workspace, project).getNodes();
    return this.session.state === 'ready' ? nodes : [];
  }

  /** Forgets loaded commits (and full commits) and loads page 1 again. */
  override refresh(): void {
    this.data.invalidateFamilies([DataFamily.commits, DataFamily.commit]);
    this.refreshRoot();
  }

  /** The loaded commit nodes, in order (for tests and commands). */
  commitNodes(): CommitNode[] {
    return (this.shown?.list.currentNodes() ?? []).filter((n): n is CommitNode => n instanceof CommitNode);
  }

  /** The current list's state (for tests): loaded commits and whether the last page came. */
  get list(): PagedList<CommitSummary> | undefined {
    return this.shown?.list;
  }

  private listFor(workspace: string, project: ProjectChoice): PagedList<CommitSummary> {
    const filter = this._filter;
    const key = JSON.stringify([workspace, project.name, filter?.since, filter?.until]);
    if (this.shown?.key === key) {
      return this.shown.list;
    }
    const bounds = filterBounds(filter);
    const list = new PagedList<CommitSummary>({
      // The page size of the moment: a changed setting forgets the commits (see the constructor).
      data: () => this.data.commits(project.name, bounds, getCommitsPageSize()),
      toNode: (commit) => new CommitNode(commit, workspace, project.name, this.data, (n) => this.emitter.fire(n)),
      onDidChange: () => this.refreshRoot(),
      watch: (k, watcher) => this.watch(k, watcher),
      emptyNode: () =>
        filter
          ? new MessageNode(vscode.l10n.t('No commits match the filter ({0})', describeFilter(filter)), 'filter', {
              command: Command.ClearCommitFilter,
              title: vscode.l10n.t('Clear Filter'),
            })
          : new MessageNode(vscode.l10n.t('No commits in {0}', project.displayName)),
      onError: (error, page) => page === 1 && this.session.reportError(error),
      viewId: ViewId.Commits,
    });
    this.shown = { key, list };
    return list;
  }

  protected override updateDescription(): void {
    if (!this.treeView) {
      return;
    }
    const project = this.currentProject.currentProject;
    this.treeView.description = [project?.displayName, this._filter ? describeFilter(this._filter) : undefined]
      .filter(Boolean)
      .join(' · ') || undefined;
  }

}
