// The Runs view: the runs of the pipeline selected in the Projects view, newest first, a page at a
// time (Load more), each expanding to its action executions. While the view is visible, the runs
// that are not finished and the expanded ones are polled (RunTracker: focused only, paced, within
// the budget); a change of a run's data (the data home's event, through watch) redraws its row.
import * as vscode from 'vscode';
import { isFinished, type ExecutionSummary } from '../../api';
import { ViewId } from '../../commandIds';
import type { CurrentPipeline, PipelineChoice } from '../../workspace/currentPipeline';
import type { Session } from '../../services';
import { MessageNode } from '../../tree/messageNode';
import { NodeTreeProvider } from '../../tree/nodeTreeProvider';
import type { PagedList } from '../../tree/pagedList';
import type { TreeNode } from '../../tree/treeNode';
import type { Disposable } from '../../workspace/events';
import { RunFamily, RunKey, type ExecutionRef } from '../../workspace/runData';
import type { RunTracker } from '../../workspace/runTracker';
import type { WorkspaceData } from '../../workspace/workspaceData';
import { RunNode, type RunRowContext } from './runNodes';

export const RUNS_PAGE_SIZE = 20;
/** Rows polled at most at once (the newest unfinished and the expanded ones). */
export const MAX_POLLED_ROWS = 10;

export class RunsProvider extends NodeTreeProvider {
  private shown: { key: string; list: PagedList<ExecutionSummary> } | undefined;
  private readonly rowContext: RunRowContext & { epoch: number };
  private readonly expanded = new Set<string>();
  private readonly polled = new Map<string, Disposable>();

  constructor(
    session: Session,
    data: WorkspaceData,
    private readonly runs: RunTracker,
    private readonly currentPipeline: CurrentPipeline,
  ) {
    super(session, data, ViewId.Runs);
    this.rowContext = { data, runs, changed: (node) => this.emitter.fire(node), epoch: 0 };
    this.disposables.push(
      currentPipeline.onDidChangeCurrentPipeline(() => {
        this.updateDescription();
        this.refreshRoot();
      }),
      session.onDidChange(() => {
        this.rowContext.epoch++;
        this.shown = undefined;
        this.expanded.clear();
        this.syncPolling();
        this.refreshRoot();
      }),
      session.onDidChangeState(() => this.refreshRoot()),
      runs.onDidChangeStale(({ key }) => this.dataChanged(key)),
      runs.onDidChangeFollowed(() => this.syncPolling()),
      { dispose: () => this.polled.forEach((p) => p.dispose()) },
    );
  }

  override createTreeView(): vscode.TreeView<TreeNode> {
    const view = super.createTreeView();
    this.disposables.push(
      view.onDidExpandElement((e) => this.setExpanded(e.element, true)),
      view.onDidCollapseElement((e) => this.setExpanded(e.element, false)),
      view.onDidChangeVisibility(() => this.syncPolling()),
    );
    return view;
  }

  protected async rootNodes(): Promise<TreeNode[]> {
    const workspace = this.session.workspace;
    if (!workspace) {
      return [];
    }
    const pipeline = this.currentPipeline.currentPipeline;
    if (!pipeline) {
      return [new MessageNode(vscode.l10n.t('Select a pipeline in the Projects view to see its runs'))];
    }
    const nodes = await this.listFor(workspace, pipeline).getNodes();
    this.syncPolling();
    return this.session.state === 'ready' ? nodes : [];
  }

  /** Forgets the loaded runs and loads page 1 again. */
  override refresh(): void {
    this.data.invalidateFamilies([RunFamily.executions, RunFamily.execution]);
    this.refreshRoot();
  }

  /**
   * A run started from the editor: its pipeline shown (when `pipeline` names it, or it is shown
   * already), page 1 read again so that the run is at the top, and its row selected while the view
   * is visible. Resolves whether the row was revealed.
   */
  async revealRun(ref: ExecutionRef, pipeline: PipelineChoice | undefined): Promise<boolean> {
    if (ref.workspace !== this.session.workspace) {
      return false;
    }
    this.data.invalidate(RunKey.executions(ref.project, ref.pipelineId));
    const current = this.currentPipeline.currentPipeline;
    if (current?.project !== ref.project || current.pipelineId !== ref.pipelineId) {
      if (!pipeline) {
        return false;
      }
      this.currentPipeline.set(pipeline);
    }
    const view = this.treeView;
    if (!view?.visible) {
      return false;
    }
    const node = (await this.rootNodes()).find((n): n is RunNode => n instanceof RunNode && n.ref.executionId === ref.executionId);
    if (!node) {
      return false;
    }
    await view.reveal(node, { select: true, focus: false });
    return true;
  }

  /** The run rows loaded, in order (tests, commands). */
  runNodes(): RunNode[] {
    return (this.shown?.list.currentNodes() ?? []).filter((n): n is RunNode => n instanceof RunNode);
  }

  /** Which runs are polled because this view shows them (tests, diagnosis). */
  polledRuns(): string[] {
    return [...this.polled.keys()];
  }

  protected override updateDescription(): void {
    if (this.treeView) {
      this.treeView.description = this.currentPipeline.currentPipeline?.displayName;
    }
  }

  private listFor(workspace: string, pipeline: PipelineChoice): PagedList<ExecutionSummary> {
    const key = `${workspace}/${RunKey.executions(pipeline.project, pipeline.pipelineId)}`;
    if (this.shown?.key !== key) {
      const list = this.rootList<ExecutionSummary>(() => this.data.executions(pipeline.project, pipeline.pipelineId, RUNS_PAGE_SIZE), {
        toNode: (summary) => this.nodeOf({ workspace, project: pipeline.project, pipelineId: pipeline.pipelineId, executionId: summary.id }, summary),
        emptyNode: () => new MessageNode(vscode.l10n.t('No runs of {0} yet', pipeline.displayName)),
      });
      this.shown = { key, list };
    }
    return this.shown.list;
  }

  private nodeOf(ref: ExecutionRef, summary: ExecutionSummary): RunNode {
    const node = new RunNode(ref, summary, this.rowContext);
    const epoch = this.rowContext.epoch;
    // A poll's answer (or the run going stale) redraws the row, and its children when expanded;
    // a row of an earlier session is left alone.
    this.watch(RunKey.execution(ref), { dataChanged: () => epoch === this.rowContext.epoch && this.redrawRun(node) });
    return node;
  }

  private setExpanded(node: TreeNode, expanded: boolean): void {
    if (node instanceof RunNode) {
      const key = RunKey.execution(node.ref);
      if (expanded) {
        this.expanded.add(key);
      } else {
        this.expanded.delete(key);
      }
      this.syncPolling();
    }
  }

  private redrawRun(node: RunNode): void {
    const before = node.status;
    node.update();
    this.emitter.fire(node);
    if (before !== node.status) {
      this.syncPolling();
    }
  }

  /** Polls what the view shows: while visible, the unfinished runs loaded and the expanded ones (bounded). */
  private syncPolling(): void {
    const wanted = new Map<string, RunNode>();
    if (this.treeView?.visible) {
      for (const node of this.runNodes()) {
        const key = RunKey.execution(node.ref);
        if (wanted.size < MAX_POLLED_ROWS && !isFinished(node.status) && !this.runs.hasVanished(node.ref)) {
          wanted.set(key, node);
        }
        if (this.expanded.has(key) && !isFinished(node.status) && wanted.size < MAX_POLLED_ROWS) {
          wanted.set(key, node);
        }
      }
    }
    for (const [key, watch] of this.polled) {
      if (!wanted.has(key)) {
        watch.dispose();
        this.polled.delete(key);
      }
    }
    for (const [key, node] of wanted) {
      if (!this.polled.has(key)) {
        this.polled.set(key, this.runs.show(node.ref, node.status));
      }
    }
  }
}
