// A project in the Projects view: display name, with the name as description; its children are
// the project's pipelines, a page at a time.
import * as vscode from 'vscode';
import { projectName, type Pipeline, type ProjectRef } from '../../api';
import { PagedList } from '../../tree/pagedList';
import { ContextValue, HAS_URL } from '../../tree/contextValues';
import type { ListContext } from '../../tree/listContext';
import { MessageNode } from '../../tree/messageNode';
import { PipelineNode } from './pipelineNode';
import { TreeNode } from '../../tree/treeNode';
import { escapeMarkdown, inlineCode } from '../../ui/markdown';

export const PIPELINES_PAGE_SIZE = 20;

export class ProjectNode extends TreeNode {
  readonly pipelines: PagedList<Pipeline>;

  constructor(
    readonly project: ProjectRef,
    ctx: ListContext,
  ) {
    super(projectName(project), vscode.TreeItemCollapsibleState.Collapsed);
    // The tree restores expansion and selection by id: within a session only (see ListContext.epoch).
    this.id = `project:${ctx.epoch ?? 0}:${ctx.workspace()}/${project.name}`;
    this.description = project.name;
    this.iconPath = new vscode.ThemeIcon('project');
    this.htmlUrl = project.html_url || undefined;
    this.contextValue = ContextValue.Project + (this.htmlUrl ? HAS_URL : '');
    this.accessibilityInformation = { label: vscode.l10n.t('Project {0} ({1})', this.label as string, project.name) };
    this.pipelines = new PagedList<Pipeline>({
      data: () => ctx.data.pipelines(project.name, PIPELINES_PAGE_SIZE),
      toNode: (pipeline) => new PipelineNode(project, pipeline, ctx),
      onDidChange: () => ctx.changed(this),
      watch: ctx.watch,
      parent: this,
      emptyNode: () => new MessageNode(vscode.l10n.t('No pipelines in this project')),
      viewId: ctx.viewId,
    });
  }

  override getChildren(): Promise<TreeNode[]> {
    return this.pipelines.getNodes();
  }

  override resolveTooltip(): vscode.MarkdownString {
    const md = new vscode.MarkdownString();
    md.appendMarkdown(`**${escapeMarkdown(projectName(this.project))}**\n\n`);
    md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Name'))}: ${inlineCode(this.project.name)}\n\n`);
    if (this.project.status) {
      md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Status'))}: ${escapeMarkdown(this.project.status)}\n\n`);
    }
    md.appendMarkdown(escapeMarkdown(vscode.l10n.t('Click to show its commits in the Commits view.')));
    return md;
  }
}
