// Children of a target: each pipeline allowed to use it, or the single "All pipelines allowed" item.
import * as vscode from 'vscode';
import type { PipelineRef } from '../../api';
import { ContextValue, HAS_URL } from '../../tree/contextValues';
import { TreeNode } from '../../tree/treeNode';
import { projectOfPipeline } from './targetFacts';

export class AllowedPipelineNode extends TreeNode {
  /** The project's name, from the pipeline's address; undefined when the address does not say. */
  readonly projectName: string | undefined;

  constructor(
    readonly targetId: string,
    readonly pipeline: PipelineRef,
  ) {
    super(String(pipeline.name ?? vscode.l10n.t('Pipeline {0}', String(pipeline.id))));
    this.id = `target:${targetId}/pipeline:${pipeline.id}`;
    this.projectName = projectOfPipeline(pipeline);
    this.description = this.projectName;
    this.iconPath = new vscode.ThemeIcon('rocket');
    this.htmlUrl = pipeline.html_url || undefined;
    this.contextValue = ContextValue.AllowedPipeline + (this.htmlUrl ? HAS_URL : '');
    this.tooltip = this.projectName
      ? vscode.l10n.t('Pipeline {0} (id {1}) of project {2} may use this target', String(this.label), String(pipeline.id), this.projectName)
      : vscode.l10n.t('Pipeline {0} (id {1}) may use this target', String(this.label), String(pipeline.id));
  }
}

export class AllPipelinesAllowedNode extends TreeNode {
  constructor(targetId: string) {
    super(vscode.l10n.t('All pipelines allowed'));
    this.id = `target:${targetId}/all`;
    this.iconPath = new vscode.ThemeIcon('check-all');
    this.contextValue = ContextValue.AllPipelinesAllowed;
    this.tooltip = vscode.l10n.t('Every pipeline of the workspace may use this target.');
  }
}
