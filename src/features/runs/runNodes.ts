// The rows of the Runs view: a run (status icon spinning while it runs and coloured by its outcome,
// number, branch or revision, who started it, when, how long; stale when following it fails) and,
// expanded, its action executions (status, duration, why one failed and which target refused it).
// A run's row shows the full run when one was read (polling keeps it current), else the list's summary.
import * as vscode from 'vscode';
import { actionExecutionName, actionFailure, isFinished, parseApiDate, type ActionExecution, type Execution, type ExecutionSummary } from '../../api';
import { Command } from '../../commandIds';
import { ContextValue, HAS_URL } from '../../tree/contextValues';
import { ErrorNode } from '../../tree/errorNode';
import { MessageNode } from '../../tree/messageNode';
import { TreeNode } from '../../tree/treeNode';
import { formatDuration } from '../../ui/localeFormat';
import type { ExecutionRef } from '../../workspace/runData';
import type { RunTracker } from '../../workspace/runTracker';
import type { WorkspaceData } from '../../workspace/workspaceData';
import { failureText, runFacet, runFactsOf } from './runFacts';
import { runRow, statusIcon, statusLabel, type StatusIcon } from './runPresentation';

export interface RunRowContext {
  readonly data: WorkspaceData;
  readonly runs: RunTracker;
  /** Tells the tree that `node` (or its children) changed. */
  changed(node: TreeNode): void;
  readonly epoch: number;
}

function themeIcon(icon: StatusIcon): vscode.ThemeIcon {
  return new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
}

export class RunNode extends TreeNode {
  constructor(
    readonly ref: ExecutionRef,
    private readonly summary: ExecutionSummary,
    private readonly ctx: RunRowContext,
  ) {
    super(`#${summary.id}`, vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `run:${ctx.epoch}:${ref.project}/${ref.pipelineId}/${ref.executionId}`;
    this.update();
  }

  /** The run as last read: the full one when known, else the list's summary. */
  get execution(): ExecutionSummary {
    return this.ctx.data.knownExecution(this.ref) ?? this.summary;
  }

  get status(): string | undefined {
    return this.execution.status ?? undefined;
  }

  /** Draws the row again from the data. */
  update(): void {
    const e = this.execution;
    const row = runRow(runFactsOf(e), new Date(), vscode.env.language);
    const vanished = this.ctx.runs.hasVanished(this.ref);
    const stale = this.ctx.runs.isStale(this.ref);
    this.label = row.label;
    this.description = vanished
      ? vscode.l10n.t('no longer exists')
      : stale
        ? vscode.l10n.t('{0} · not current (reconnecting)', row.description)
        : row.description;
    this.tooltip = stale ? `${row.tooltip}\n${vscode.l10n.t('The last request for this run failed: what it shows may be out of date.')}` : row.tooltip;
    this.iconPath = vanished ? new vscode.ThemeIcon('question') : themeIcon(row.icon);
    this.htmlUrl = typeof e.html_url === 'string' && e.html_url !== '' ? e.html_url : undefined;
    this.contextValue = vanished ? `${ContextValue.Run}.vanished` : `${ContextValue.Run}.${runFacet(e.status)}${this.htmlUrl ? HAS_URL : ''}`;
  }

  override async getChildren(): Promise<TreeNode[]> {
    // Polling keeps a known run current: drawing its children again asks nothing.
    let run: Execution | undefined = this.ctx.data.knownExecution(this.ref);
    if (!run) {
      try {
        run = await this.ctx.data.fetchExecution(this.ref);
      } catch (error) {
        const retry = new ErrorNode(error, () => this.ctx.changed(this));
        retry.parent = this;
        return [retry];
      }
    }
    const nodes: TreeNode[] = run.action_executions.map((a, i) => new ActionExecutionNode(this.ref, a, i, this.ctx.epoch));
    if (nodes.length === 0) {
      nodes.push(new MessageNode(vscode.l10n.t('No actions ran yet')));
    }
    for (const node of nodes) {
      node.parent = this;
    }
    return nodes;
  }
}

export class ActionExecutionNode extends TreeNode {
  /** The target that refused the pipeline (2678004), when that is why it failed. */
  readonly notAllowedTarget: string | undefined;

  constructor(
    readonly ref: ExecutionRef,
    readonly actionExecution: ActionExecution,
    index: number,
    epoch: number,
  ) {
    super(actionExecutionName(actionExecution));
    const a = actionExecution;
    this.id = `actionExecution:${epoch}:${ref.project}/${ref.pipelineId}/${ref.executionId}/${a.action_execution_id ?? a.action?.id ?? index}`;
    const status = a.status ?? undefined;
    const parts = [statusLabel(status)];
    const start = parseApiDate(a.start_date);
    const finish = parseApiDate(a.finish_date);
    if (start) {
      parts.push(formatDuration((isFinished(status) && finish ? finish : new Date()).getTime() - start.getTime(), vscode.env.language));
    }
    const failure = failureText(a);
    if (failure) {
      parts.push(failure);
    }
    this.description = parts.join(' · ');
    this.tooltip = parts.join('\n');
    this.iconPath = themeIcon(statusIcon(status));
    this.notAllowedTarget = actionFailure(a)?.target;
    this.contextValue = `${ContextValue.ActionExecution}${this.notAllowedTarget !== undefined ? '.notAllowed' : ''}`;
    const id = a.action_execution_id;
    if (typeof id === 'string' && id !== '') {
      this.command = {
        command: Command.ShowRunLog,
        title: vscode.l10n.t('Show Log'),
        arguments: [{ ...ref, actionExecutionId: id, actionName: actionExecutionName(a) }],
      };
    }
  }
}
