// An action of a pipeline (leaf): name, with its type as description.
import * as vscode from 'vscode';
import { actionName, pipelineName, type Action, type Pipeline, type ProjectRef } from '../../api';
import { ContextValue, HAS_URL } from '../../tree/contextValues';
import { TreeNode } from '../../tree/treeNode';

export class ActionNode extends TreeNode {
  constructor(
    readonly project: ProjectRef,
    readonly pipeline: Pipeline,
    readonly action: Action,
    epoch: number,
  ) {
    super(actionName(action));
    this.id = `action:${epoch}:${project.name}/${pipeline.id}/${action.id}`;
    this.description = action.type ?? undefined;
    this.iconPath = new vscode.ThemeIcon('symbol-event');
    this.htmlUrl = action.html_url || undefined;
    this.contextValue = ContextValue.Action + (this.htmlUrl ? HAS_URL : '');
    this.tooltip = vscode.l10n.t('Action {0} ({1}) of pipeline {2}', actionName(action), String(action.type ?? '?'), pipelineName(pipeline));
  }
}
