// The Variables view: the variables of the workspace, or of the current project (the one the
// Commits view follows) with each of its pipelines and actions, switched from the view's title.
// Each scope's list is requested once, when its node is first expanded, and kept in the
// workspace's data until Refresh or a change in that scope; the effective variables read the same
// lists.
import * as vscode from 'vscode';
import type { Session } from '../../services';
import type { CurrentProject } from '../../workspace/currentProject';
import { MessageNode, selectProjectNode } from '../../tree/messageNode';
import type { TreeNode } from '../../tree/treeNode';
import { NodeTreeProvider } from '../../tree/nodeTreeProvider';
import type { DataWatcher } from '../../tree/pagedList';
import { DataFamily, type WorkspaceData } from '../../workspace/workspaceData';
import type { VariablesContext } from './context';
import { ScopeNode } from './scopeNode';
import { scopeKey, type VariableScopeRef } from '../../workspace/variableScope';
import { LIST_PAGE_SIZE, VariableLists } from './variableLists';
import { VariableNode } from './variableNode';
import { Command, ViewId, ContextKey } from '../../commandIds';

/** `workspace` or `project`: which scope the view shows (the title's switch). */
export type VariablesMode = 'workspace' | 'project';

export class VariablesProvider extends NodeTreeProvider {
  readonly lists: VariableLists;
  private readonly ctx: VariablesContext;
  private _mode: VariablesMode = 'project';
  private epoch = 0;
  private root: ScopeNode | undefined;

  constructor(
    session: Session,
    data: WorkspaceData,
    private readonly currentProject: CurrentProject,
  ) {
    super(session, data, ViewId.Variables);
    const watch = (key: string, watcher: DataWatcher) => this.watch(key, watcher);
    this.lists = new VariableLists({
      data,
      changed: (node) => this.changed(node),
      reportError: (error) => session.reportError(error),
      watch,
      viewId: ViewId.Variables,
      idPrefix: () => this.idPrefix(),
    });
    this.ctx = {
      data,
      lists: this.lists,
      changed: (node) => this.changed(node),
      watch,
      viewId: ViewId.Variables,
      idPrefix: () => this.idPrefix(),
      effectiveNodes: new Set(),
    };
    this.disposables.push(
      // A write changed a scope's variables: the effective variables that include it are drawn again.
      data.onDidInvalidate((key) => {
        if (key.startsWith(DataFamily.variables)) {
          this.ctx.effectiveNodes.forEach((node) => this.emitter.fire(node));
        }
      }),
      currentProject.onDidChangeCurrentProject(() => {
        this.updateDescription();
        this.refreshRoot();
      }),
      session.onDidChange(() => {
        this.forgetRows();
        this.refreshRoot();
      }),
      session.onDidChangeState(() => {
        this.updateDescription();
        this.refreshRoot();
      }),
    );
    void vscode.commands.executeCommand('setContext', ContextKey.VariablesScope, this._mode);
  }

  get mode(): VariablesMode {
    return this._mode;
  }

  /** The title's switch: the workspace's variables, or the current project's tree. */
  setMode(mode: VariablesMode): void {
    if (mode === this._mode) {
      return;
    }
    this._mode = mode;
    this.showChanged(ContextKey.VariablesScope, mode);
  }

  /**
   * Shows the scope (the workspace's variables, or the current project's) and selects the variable
   * `key` it lists (its first page); false when it is not there (the scope is shown anyway).
   */
  async revealVariable(scope: VariablesMode, key: string): Promise<boolean> {
    this.setMode(scope);
    // A turn for the root refresh the switch queued: the reveal lands on the rows shown.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const [root] = await this.getChildren();
    if (!(root instanceof ScopeNode) || !this.treeView) {
      return false;
    }
    const node = (await this.getChildren(root)).find((n): n is VariableNode => n instanceof VariableNode && n.variable.key === key);
    if (!node) {
      return false;
    }
    try {
      await this.treeView.reveal(node, { select: true, focus: true, expand: false });
      return true;
    } catch {
      return false; // the view is hidden or collapsed: the scope is shown
    }
  }

  protected async rootNodes(): Promise<TreeNode[]> {
    const workspace = this.session.workspace;
    if (!workspace) {
      return []; // the welcome view says what to do
    }
    let scope: VariableScopeRef;
    if (this._mode === 'workspace') {
      scope = { kind: 'workspace', workspace };
    } else {
      const project = this.currentProject.currentProject;
      if (!project) {
        return [
          selectProjectNode(),
          new MessageNode(vscode.l10n.t('Or show the variables of workspace {0}', workspace), 'globe', {
            command: Command.ShowWorkspaceVariables,
            title: vscode.l10n.t('Show Workspace Variables'),
          }),
        ];
      }
      scope = { kind: 'project', workspace, project: { name: project.name, displayName: project.displayName } };
    }
    if (!this.root || this.root.id !== `${this.idPrefix()}:${scopeKey(scope)}` || this.root.label !== rootLabel(scope)) {
      this.root = new ScopeNode(scope, this.ctx, true);
    }
    return [this.root];
  }

  /** Forgets what the view shows (every scope's variables, the pipelines and actions it lists) and shows it again. */
  override refresh(): void {
    // The same ids: what the user expanded stays expanded, and is read again.
    this.forgetRows(false);
    this.data.invalidateFamilies([DataFamily.variables]);
    this.data.invalidateFamilies([DataFamily.pipelines, DataFamily.actions], LIST_PAGE_SIZE);
    this.refreshRoot();
  }

  /**
   * Another session (the data forgot it all) or a Refresh: the rows are made anew. Another
   * session's rows take new ids (the tree restores nothing from before); a Refresh keeps them.
   */
  private forgetRows(newIds = true): void {
    if (newIds) {
      this.epoch++;
    }
    this.lists.reset();
    this.ctx.effectiveNodes.clear();
    this.root = undefined;
    this.updateDescription();
  }

  /** The root scope node, when shown (tests, reveal). */
  get rootNode(): ScopeNode | undefined {
    return this.root;
  }

  /** The variable rows under `node` as loaded now (no request; tests and commands). */
  static variableNodes(children: readonly TreeNode[]): VariableNode[] {
    return children.filter((n): n is VariableNode => n instanceof VariableNode);
  }

  private changed(node: TreeNode | undefined): void {
    if (node) {
      this.emitter.fire(node);
    } else {
      this.refreshRoot();
    }
  }

  private idPrefix(): string {
    return `variables:${this.epoch}`;
  }

  protected override updateDescription(): void {
    if (!this.treeView) {
      return;
    }
    this.treeView.description =
      this._mode === 'workspace'
        ? this.session.workspace && vscode.l10n.t('workspace {0}', this.session.workspace)
        : this.currentProject.currentProject?.displayName;
  }

}

function rootLabel(scope: VariableScopeRef): string {
  return scope.kind === 'workspace' ? scope.workspace : scope.kind === 'project' ? scope.project.displayName : '';
}
