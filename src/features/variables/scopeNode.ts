// A scope in the Variables view: the workspace, the current project, each of its pipelines and each
// of their actions. Its children are its own variables (one list request, when first expanded),
// then, for a project its pipelines, for a pipeline its actions; a pipeline and an action start
// with their effective variables. It carries `project`, `pipeline` and `action` as the Projects
// view's items do, so that Create Variable and Import start with this scope filled in.
import * as vscode from 'vscode';
import { actionName, pipelineName, type Action, type Pipeline } from '../../api';
import { MessageNode } from '../../tree/messageNode';
import { ContextValue } from '../../tree/contextValues';
import { TreeNode } from '../../tree/treeNode';
import { PagedList } from '../../tree/pagedList';
import type { VariablesContext } from './context';
import { EffectiveNode } from './effectiveNode';
import { LIST_PAGE_SIZE } from './variableLists';
import { withScopeErrors } from './scopeErrorNode';
import { scopeKey, type VariableScopeRef } from '../../workspace/variableScope';

export class ScopeNode extends TreeNode {
  /** As on the Projects view's items: `{name, display_name}` (read by Create Variable's presets). */
  readonly project: { name: string; display_name: string } | undefined;
  readonly pipeline: { id: number; name: string } | undefined;
  readonly action: { id: number; name: string } | undefined;
  private readonly effective: EffectiveNode | undefined;
  private readonly children: PagedList<Pipeline> | PagedList<Action> | undefined;

  constructor(
    readonly scope: VariableScopeRef,
    private readonly ctx: VariablesContext,
    expanded: boolean,
    type?: string | null,
  ) {
    super(scopeLabel(scope), expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `${ctx.idPrefix()}:${scopeKey(scope)}`;
    this.contextValue = `${ContextValue.VariableScope}.${scope.kind}`;
    this.project = scope.kind === 'workspace' ? undefined : { name: scope.project.name, display_name: scope.project.displayName };
    this.pipeline = scope.kind === 'pipeline' || scope.kind === 'action' ? { ...scope.pipeline } : undefined;
    this.action = scope.kind === 'action' ? { ...scope.action } : undefined;
    switch (scope.kind) {
      case 'workspace':
        this.iconPath = new vscode.ThemeIcon('globe');
        this.description = vscode.l10n.t('workspace variables');
        break;
      case 'project':
        this.iconPath = new vscode.ThemeIcon('repo');
        this.description = vscode.l10n.t('project variables');
        this.children = this.pipelineList(scope);
        break;
      case 'pipeline':
        this.iconPath = new vscode.ThemeIcon('rocket');
        this.description = vscode.l10n.t('pipeline');
        this.effective = new EffectiveNode(scope, ctx);
        this.children = this.actionList(scope);
        break;
      case 'action':
        this.iconPath = new vscode.ThemeIcon('symbol-event');
        this.description = type ? vscode.l10n.t('action · {0}', type) : vscode.l10n.t('action');
        this.effective = new EffectiveNode(scope, ctx);
        break;
    }
    this.tooltip = scopeTooltip(scope);
    this.effective?.adoptBy(this);
  }

  override async getChildren(): Promise<TreeNode[]> {
    const own = this.ctx.lists.listFor(this.scope, this);
    const [variables, more] = await Promise.all([own.getNodes(), this.children?.getNodes() ?? Promise.resolve([])]);
    const nodes = [...(this.effective ? [this.effective] : []), ...withScopeErrors(variables, this.scope), ...more];
    for (const node of nodes) {
      node.parent = this;
    }
    return nodes;
  }

  private pipelineList(scope: Extract<VariableScopeRef, { kind: 'project' }>): PagedList<Pipeline> {
    return new PagedList<Pipeline>({
      // The Projects view's pipelines, when it has them all, spare the request (the data's readings).
      data: () => this.ctx.data.pipelines(scope.project.name, LIST_PAGE_SIZE),
      watch: this.ctx.watch,
      toNode: (pipeline) =>
        new ScopeNode(
          { kind: 'pipeline', workspace: scope.workspace, project: scope.project, pipeline: { id: pipeline.id, name: pipelineName(pipeline) } },
          this.ctx,
          false,
        ),
      onDidChange: () => this.ctx.changed(this),
      parent: this,
      emptyNode: () => new MessageNode(vscode.l10n.t('No pipelines in this project')),
      viewId: this.ctx.viewId,
    });
  }

  private actionList(scope: Extract<VariableScopeRef, { kind: 'pipeline' }>): PagedList<Action> {
    return new PagedList<Action>({
      data: () => this.ctx.data.actions(scope.project.name, scope.pipeline.id, LIST_PAGE_SIZE),
      watch: this.ctx.watch,
      toNode: (action) =>
        new ScopeNode(
          {
            kind: 'action',
            workspace: scope.workspace,
            project: scope.project,
            pipeline: scope.pipeline,
            action: { id: action.id, name: actionName(action) },
          },
          this.ctx,
          false,
          action.type,
        ),
      onDidChange: () => this.ctx.changed(this),
      parent: this,
      viewId: this.ctx.viewId,
    });
  }
}

function scopeLabel(scope: VariableScopeRef): string {
  switch (scope.kind) {
    case 'workspace':
      return scope.workspace;
    case 'project':
      return scope.project.displayName;
    case 'pipeline':
      return scope.pipeline.name;
    case 'action':
      return scope.action.name;
  }
}

function scopeTooltip(scope: VariableScopeRef): string {
  switch (scope.kind) {
    case 'workspace':
      return vscode.l10n.t('Variables of workspace {0}: every run of every project receives them unless a project, pipeline or action overrides them.', scope.workspace);
    case 'project':
      return vscode.l10n.t('Variables of project {0}: every run of its pipelines receives them; they override workspace variables of the same name.', scope.project.displayName);
    case 'pipeline':
      return vscode.l10n.t('Variables of pipeline {0}: they override project and workspace variables of the same name. Expand "Effective variables" for what its runs receive.', scope.pipeline.name);
    case 'action':
      return vscode.l10n.t('Variables of action {0}: they override every other scope for this action. Expand "Effective variables" for what it receives.', scope.action.name);
  }
}
