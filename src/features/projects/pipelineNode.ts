// A pipeline under its project: name, last run's status as description and icon; its children are
// the pipeline's actions.
import * as vscode from 'vscode';
import { pipelineName, pipelineRefs, pipelineTrigger, projectName, type Action, type Pipeline, type ProjectRef } from '../../api';
import { PagedList } from '../../tree/pagedList';
import { ActionNode } from './actionNode';
import { ContextValue, HAS_URL } from '../../tree/contextValues';
import type { ListContext } from '../../tree/listContext';
import { MessageNode } from '../../tree/messageNode';
import { TreeNode } from '../../tree/treeNode';
import { escapeMarkdown, inlineCode } from '../../ui/markdown';

export const ACTIONS_PAGE_SIZE = 20;

const STATUS_ICONS: Record<string, [string, string | undefined]> = {
  SUCCESSFUL: ['pass', 'testing.iconPassed'],
  FAILED: ['error', 'testing.iconFailed'],
  INPROGRESS: ['sync~spin', undefined],
  ENQUEUED: ['clock', undefined],
  TERMINATED: ['circle-slash', undefined],
  INITIAL: ['circle-outline', undefined],
};

export class PipelineNode extends TreeNode {
  readonly actions: PagedList<Action>;

  constructor(
    readonly project: ProjectRef,
    readonly pipeline: Pipeline,
    ctx: ListContext,
  ) {
    super(pipelineName(pipeline), vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `pipeline:${ctx.epoch ?? 0}:${project.name}/${pipeline.id}`;
    const status = pipeline.last_execution_status ?? undefined;
    const trigger = pipelineTrigger(pipeline);
    this.description = [trigger ? triggerText(trigger) : undefined, status ? statusText(status) : undefined]
      .filter(Boolean)
      .join(' · ');
    const [icon, color] = (status && STATUS_ICONS[status]) || ['rocket', undefined];
    this.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
    this.htmlUrl = pipeline.html_url || undefined;
    this.contextValue = ContextValue.Pipeline + (this.htmlUrl ? HAS_URL : '');
    this.actions = new PagedList<Action>({
      data: () => ctx.data.actions(project.name, pipeline.id, ACTIONS_PAGE_SIZE),
      toNode: (action) => new ActionNode(project, pipeline, action, ctx.epoch ?? 0),
      onDidChange: () => ctx.changed(this),
      watch: ctx.watch,
      parent: this,
      emptyNode: () => new MessageNode(vscode.l10n.t('No actions in this pipeline')),
      viewId: ctx.viewId,
    });
  }

  override getChildren(): Promise<TreeNode[]> {
    return this.actions.getNodes();
  }

  override resolveTooltip(): vscode.MarkdownString {
    const p = this.pipeline;
    const md = new vscode.MarkdownString();
    md.appendMarkdown(`**${escapeMarkdown(pipelineName(p))}** (${escapeMarkdown(vscode.l10n.t('pipeline {0}', p.id))})\n\n`);
    md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Project'))}: ${escapeMarkdown(projectName(this.project))}\n\n`);
    const trigger = pipelineTrigger(p);
    if (trigger) {
      md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Trigger'))}: ${escapeMarkdown(triggerText(trigger))}\n\n`);
    }
    const refs = pipelineRefs(p);
    if (refs.length) {
      md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Refs'))}: ${refs.map((r) => inlineCode(r)).join(', ')}\n\n`);
    }
    if (p.last_execution_status) {
      md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Last run'))}: ${escapeMarkdown(statusText(p.last_execution_status))}`);
      if (p.last_execution_revision) {
        md.appendMarkdown(` (${inlineCode(p.last_execution_revision.slice(0, 12))})`);
      }
      md.appendMarkdown('\n\n');
    }
    return md;
  }
}

function triggerText(on: string): string {
  switch (on) {
    case 'CLICK':
      return vscode.l10n.t('manual');
    case 'EVENT':
      return vscode.l10n.t('on push');
    case 'SCHEDULE':
      return vscode.l10n.t('scheduled');
    default:
      return on.toLowerCase();
  }
}

function statusText(status: string): string {
  switch (status) {
    case 'SUCCESSFUL':
      return vscode.l10n.t('successful');
    case 'FAILED':
      return vscode.l10n.t('failed');
    case 'INPROGRESS':
      return vscode.l10n.t('in progress');
    case 'ENQUEUED':
      return vscode.l10n.t('queued');
    case 'TERMINATED':
      return vscode.l10n.t('terminated');
    case 'INITIAL':
      return vscode.l10n.t('never run');
    default:
      return status.toLowerCase();
  }
}
