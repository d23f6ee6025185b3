// The Targets view: the workspace's deployment targets, a page at a time. Expanding a target shows
// which pipelines may use it (one request for the full target, kept until Refresh); a command that
// changed a target puts its answer in the workspace's data, and its row shows it without a request.
import * as vscode from 'vscode';
import type { TargetSummary } from '../../api';
import type { Session } from '../../services';
import { DataFamily, DataKey, type WorkspaceData } from '../../workspace/workspaceData';
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

  constructor(session: Session, data: WorkspaceData) {
    super(session, data, ViewId.Targets);
    this.ctx = this.listContext();
    this.targets = this.rootList<TargetSummary>(() => this.data.targets(TARGETS_PAGE_SIZE), {
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
    this.data.invalidateFamilies([DataKey.targets, DataFamily.target]);
    this.refreshRoot();
  }

  /** The loaded target nodes, in order (for tests and commands). */
  targetNodes(): TargetNode[] {
    return this.targets.currentNodes().filter((n): n is TargetNode => n instanceof TargetNode);
  }
}
