// The Commits view: the current project's commits, newest first, a page at a time
// (`commits.pageSize`), optionally between two days (the date filter). Each commit expands to its
// files; opening one shows the commit document. Full commits are fetched once (CommitStore).
import * as vscode from 'vscode';
import { UnauthorizedError, type CommitSummary } from '../api';
import type { AuthSession } from '../auth/session';
import { getCommitsPageSize, SECTION, Setting } from '../auth/settings';
import { CommitDocumentProvider, COMMIT_SCHEME } from './commitDocument';
import { describeFilter, filterBounds, normaliseFilter, type CommitFilter } from './commitFilter';
import { CommitStore } from './commitStore';
import type { CurrentProject, ProjectChoice } from './currentProject';
import { CommitNode } from './nodes/commitNode';
import { ErrorNode } from './nodes/errorNode';
import { MessageNode } from './nodes/messageNode';
import { resolveNodeTooltip, TreeNode } from './nodes/treeNode';
import { PagedList } from './pagedList';

export const COMMITS_VIEW_ID = 'workspaceAutomation.commits';
/** True while a date filter is set: enables "Clear Filter". */
export const COMMITS_FILTERED_KEY = 'workspaceAutomation.commitsFiltered';
export const CLEAR_COMMIT_FILTER_COMMAND = 'workspaceAutomation.clearCommitFilter';

/** One loaded list: the commits of one project in one workspace under one filter. */
interface LoadedList {
  readonly key: string;
  readonly list: PagedList<CommitSummary>;
}

export class CommitsProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined | void>();
  readonly onDidChangeTreeData = this.emitter.event;
  /** Full commits by revision, shared with the commit document. */
  readonly store: CommitStore;
  private loaded: LoadedList | undefined;
  private _filter: CommitFilter | undefined;
  treeView: vscode.TreeView<TreeNode> | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly session: AuthSession,
    private readonly currentProject: CurrentProject,
  ) {
    this.store = new CommitStore(session);
    this.disposables.push(
      this.emitter,
      this.store,
      vscode.workspace.registerTextDocumentContentProvider(COMMIT_SCHEME, new CommitDocumentProvider(this.store)),
      currentProject.onDidChangeCurrentProject(() => {
        this.updateDescription();
        this.emitter.fire();
      }),
      session.onDidChange(() => {
        this.forget();
        this.emitter.fire();
      }),
      session.onDidChangeState(() => this.emitter.fire()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        // A new page size applies from the first page again, so pages stay aligned.
        if (e.affectsConfiguration(`${SECTION}.${Setting.CommitsPageSize}`)) {
          this.refresh();
        }
      }),
    );
    void vscode.commands.executeCommand('setContext', COMMITS_FILTERED_KEY, false);
  }

  createTreeView(): vscode.TreeView<TreeNode> {
    const view = vscode.window.createTreeView(COMMITS_VIEW_ID, { treeDataProvider: this, showCollapseAll: true });
    this.treeView = view;
    this.disposables.push(view);
    this.updateDescription();
    return view;
  }

  get filter(): CommitFilter | undefined {
    return this._filter;
  }

  /** Sets (or with undefined or empty bounds, clears) the date filter and reloads from page 1. */
  setFilter(filter: CommitFilter | undefined): void {
    this._filter = normaliseFilter(filter);
    void vscode.commands.executeCommand('setContext', COMMITS_FILTERED_KEY, this._filter !== undefined);
    this.updateDescription();
    this.emitter.fire();
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  resolveTreeItem(_item: vscode.TreeItem, node: TreeNode, token: vscode.CancellationToken): Promise<vscode.TreeItem> {
    return resolveNodeTooltip(node, token);
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (node) {
      return node.getChildren();
    }
    await this.session.ready();
    if (this.session.configError && this.session.signedIn) {
      return [new ErrorNode(this.session.configError, () => this.refresh())];
    }
    const workspace = this.session.workspace;
    if (this.session.state !== 'ready' || !workspace) {
      return []; // the welcome view says what to do
    }
    const project = this.currentProject.currentProject;
    if (!project) {
      return [
        new MessageNode(vscode.l10n.t('Select a project in the Projects view'), 'info', {
          command: 'workspaceAutomation.projects.focus',
          title: vscode.l10n.t('Show Projects'),
        }),
      ];
    }
    const nodes = await this.listFor(workspace, project).getNodes();
    return this.session.state === 'ready' ? nodes : [];
  }

  /** Forgets loaded commits (and full commits) and loads page 1 again. */
  refresh(): void {
    this.forget();
    this.emitter.fire();
  }

  /** The loaded commit nodes, in order (for tests and commands). */
  commitNodes(): CommitNode[] {
    return (this.loaded?.list.currentNodes() ?? []).filter((n): n is CommitNode => n instanceof CommitNode);
  }

  /** The current list's state (for tests): loaded commits and whether the last page came. */
  get list(): PagedList<CommitSummary> | undefined {
    return this.loaded?.list;
  }

  private listFor(workspace: string, project: ProjectChoice): PagedList<CommitSummary> {
    const filter = this._filter;
    const key = JSON.stringify([workspace, project.name, filter?.since, filter?.until]);
    if (this.loaded?.key === key) {
      return this.loaded.list;
    }
    this.loaded?.list.dispose();
    const bounds = filterBounds(filter);
    const list = new PagedList<CommitSummary>({
      fetchPage: (page, perPage, signal) => {
        const client = this.session.client;
        if (!client) {
          throw new UnauthorizedError(vscode.l10n.t('Not signed in.'));
        }
        return client.listCommits(workspace, project.name, { page, perPage, ...bounds }, { signal });
      },
      pageSize: getCommitsPageSize,
      toNode: (commit) => new CommitNode(commit, workspace, project.name, this.store, (n) => this.emitter.fire(n)),
      onDidChange: () => this.emitter.fire(),
      emptyNode: () =>
        filter
          ? new MessageNode(vscode.l10n.t('No commits match the filter ({0})', describeFilter(filter)), 'filter', {
              command: CLEAR_COMMIT_FILTER_COMMAND,
              title: vscode.l10n.t('Clear Filter'),
            })
          : new MessageNode(vscode.l10n.t('No commits in {0}', project.displayName)),
      onError: (error, page) => page === 1 && this.session.reportError(error),
      viewId: COMMITS_VIEW_ID,
    });
    this.loaded = { key, list };
    return list;
  }

  private forget(): void {
    this.loaded?.list.dispose();
    this.loaded = undefined;
    this.store.clear();
  }

  private updateDescription(): void {
    if (!this.treeView) {
      return;
    }
    const project = this.currentProject.currentProject;
    this.treeView.description = [project?.displayName, this._filter ? describeFilter(this._filter) : undefined]
      .filter(Boolean)
      .join(' · ') || undefined;
  }

  dispose(): void {
    this.forget();
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}
