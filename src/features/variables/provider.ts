// The Variables view: the variables of the workspace, or of the current project (the one the
// Commits view follows) with each of its pipelines and actions, switched from the view's title.
// Each scope's list is requested once, when its node is first expanded (VariableLists), and kept
// until Refresh or a change in that scope; the effective variables reuse the same lists.
import * as vscode from 'vscode';
import type { Pipeline, Variable, VariableFilter } from '../../api';
import type { Session } from '../../services';
import type { CurrentProject } from '../../currentProject';
import { MessageNode, selectProjectNode } from '../../tree/messageNode';
import type { TreeNode } from '../../tree/treeNode';
import { NodeTreeProvider, signedInTarget } from '../../tree/nodeTreeProvider';
import type { VariablesContext } from './context';
import { ScopeNode } from './scopeNode';
import { scopeKey, type VariableScopeRef } from '../../workspace/variableScope';
import { VariableLists } from './variableLists';
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
    private readonly currentProject: CurrentProject,
    loadedPipelines: (projectName: string) => readonly Pipeline[] | undefined,
  ) {
    super(session, ViewId.Variables);
    this.lists = new VariableLists({
      target: () => signedInTarget(session),
      changed: (node) => this.changed(node),
      reportError: (error) => session.reportError(error),
      viewId: ViewId.Variables,
      idPrefix: () => this.idPrefix(),
    });
    this.ctx = {
      lists: this.lists,
      target: () => signedInTarget(session),
      changed: (node) => this.changed(node),
      viewId: ViewId.Variables,
      idPrefix: () => this.idPrefix(),
      loadedPipelines,
      effectiveNodes: new Set(),
    };
    this.disposables.push(
      currentProject.onDidChangeCurrentProject(() => {
        this.updateDescription();
        this.refreshRoot();
      }),
      session.onDidChange(() => this.refresh()),
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

  /** Forgets every loaded list and shows the view again. */
  override refresh(): void {
    this.epoch++;
    this.lists.reset();
    this.ctx.effectiveNodes.clear();
    this.root = undefined;
    this.updateDescription();
    this.refreshRoot();
  }

  /** Forgets one scope's variables (a command changed them) and shows them again; all without a filter. */
  refreshScope(filter?: VariableFilter): void {
    if (!filter) {
      this.refresh();
      return;
    }
    this.lists.reset(filter);
    const owner = this.lists.ownerOf(filter);
    if (owner) {
      this.emitter.fire(owner);
    }
    for (const node of this.ctx.effectiveNodes) {
      this.emitter.fire(node);
    }
  }

  /** The variables of a scope when the view has every page of them; else undefined. */
  loadedVariables(filter: VariableFilter): readonly Variable[] | undefined {
    return this.lists.loaded(filter);
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

  override dispose(): void {
    this.lists.reset();
    super.dispose();
  }
}

function rootLabel(scope: VariableScopeRef): string {
  return scope.kind === 'workspace' ? scope.workspace : scope.kind === 'project' ? scope.project.displayName : '';
}
