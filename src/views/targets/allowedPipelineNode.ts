// Children of a target: each pipeline allowed to use it, or the single "All pipelines allowed" item.
import * as vscode from 'vscode';
import type { PipelineRef } from '../../api';
import { ContextValue, HAS_URL } from '../tree/contextValues';
import { TreeNode } from '../tree/treeNode';

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

/**
 * The project's name from a pipeline reference's address (`…/projects/<name>/pipelines/<id>`),
 * trying `url` then `html_url`; undefined when neither has that shape.
 */
export function projectOfPipeline(pipeline: Partial<PipelineRef>): string | undefined {
  for (const address of [pipeline.url, pipeline.html_url]) {
    if (typeof address !== 'string') {
      continue;
    }
    let path = address;
    try {
      path = new URL(address).pathname;
    } catch {
      // Not absolute: read it as a path.
    }
    const m = /\/projects\/([^/]+)\/pipelines\/[^/]+\/?$/.exec(path);
    if (m) {
      try {
        return decodeURIComponent(m[1]);
      } catch {
        return m[1];
      }
    }
  }
  return undefined;
}
