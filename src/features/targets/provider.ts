// The Targets view: the workspace's deployment targets, a page at a time. Expanding a target shows
// which pipelines may use it (one request for the full target, kept until Refresh); a command that
// changed a target hands its answer to updateTarget(), which needs no request.
import * as vscode from 'vscode';
import type { Target, TargetSummary } from '../../api';
import type { Session } from '../../services';
import type { ListContext } from '../../tree/listContext';
import { MessageNode } from '../../tree/messageNode';
import { TargetNode } from './targetNode';
import type { TreeNode } from '../../tree/treeNode';
import { NodeTreeProvider } from '../../tree/nodeTreeProvider';
import type { PagedList } from '../../tree/pagedList';
import { ViewId } from '../../commandIds';

export const TARGETS_PAGE_SIZE = 20;

export class TargetsProvider extends NodeTreeProvider {
  readonly targets: PagedList<TargetSummary>;
  private readonly ctx: ListContext;

  constructor(session: Session) {
    super(session, ViewId.Targets);
    this.ctx = this.listContext();
    this.targets = this.rootList<TargetSummary>(this.ctx, {
      fetchPage: (client, workspace, page, signal) => client.listTargets(workspace, page, { signal }),
      pageSize: TARGETS_PAGE_SIZE,
      toNode: (target) => new TargetNode(target, this.ctx),
      emptyNode: () => new MessageNode(vscode.l10n.t('No deployment targets in workspace {0}', session.workspace ?? '')),
    });
    this.disposables.push(
      session.onDidChange(() => this.refresh()),
      session.onDidChangeState(() => this.refreshRoot()),
    );
  }

  protected async rootNodes(): Promise<TreeNode[]> {
    const nodes = await this.targets.getNodes();
    return this.session.state === 'ready' ? nodes : [];
  }

  /** Forgets the loaded targets (and their full data) and loads page 1 again. */
  override refresh(): void {
    this.targets.reset();
    this.refreshRoot();
  }

  /** The loaded target nodes, in order (for tests and commands). */
  targetNodes(): TargetNode[] {
    return this.targets.currentNodes().filter((n): n is TargetNode => n instanceof TargetNode);
  }

  /**
   * Replaces one target's data and children with `target` (e.g. allow-pipeline's answer) without a
   * request. A target not loaded yet is left alone: its first load will bring the same data.
   */
  updateTarget(target: Target): void {
    const node = this.targetNodes().find((n) => n.target.id === target.id);
    if (node) {
      node.update(target);
      this.emitter.fire(node);
    }
  }

  override dispose(): void {
    this.targets.dispose();
    super.dispose();
  }
}
