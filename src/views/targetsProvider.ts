// The Targets view: the workspace's deployment targets, a page at a time. Expanding a target shows
// which pipelines may use it (one request for the full target, kept until Refresh); a command that
// changed a target hands its answer to updateTarget(), which needs no request.
import * as vscode from 'vscode';
import { UnauthorizedError, type Target, type TargetSummary } from '../api';
import type { AuthSession } from '../auth/session';
import { ErrorNode } from './nodes/errorNode';
import type { ListContext } from './nodes/listContext';
import { MessageNode } from './nodes/messageNode';
import { TargetNode } from './nodes/targetNode';
import { resolveNodeTooltip, TreeNode } from './nodes/treeNode';
import { PagedList } from './pagedList';

export const TARGETS_VIEW_ID = 'workspaceAutomation.targets';
export const TARGETS_PAGE_SIZE = 20;

export class TargetsProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined | void>();
  readonly onDidChangeTreeData = this.emitter.event;
  readonly targets: PagedList<TargetSummary>;
  private readonly ctx: ListContext;
  treeView: vscode.TreeView<TreeNode> | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly session: AuthSession) {
    this.ctx = {
      target: () => {
        const client = session.client;
        const workspace = session.workspace;
        if (!client || !workspace) {
          throw new UnauthorizedError(vscode.l10n.t('Not signed in.'));
        }
        return { client, workspace };
      },
      changed: (node) => this.emitter.fire(node),
      reportError: (error, node) => node === undefined && session.reportError(error),
      viewId: TARGETS_VIEW_ID,
    };
    this.targets = new PagedList<TargetSummary>({
      fetchPage: (page, perPage, signal) => {
        const { client, workspace } = this.ctx.target();
        return client.listTargets(workspace, { page, perPage }, { signal });
      },
      pageSize: TARGETS_PAGE_SIZE,
      toNode: (target) => new TargetNode(target, this.ctx),
      onDidChange: () => this.emitter.fire(),
      emptyNode: () => new MessageNode(vscode.l10n.t('No deployment targets in workspace {0}', session.workspace ?? '')),
      onError: (error, page) => page === 1 && this.ctx.reportError(error, undefined),
      viewId: TARGETS_VIEW_ID,
    });
    this.disposables.push(
      this.emitter,
      session.onDidChange(() => this.refresh()),
      session.onDidChangeState(() => this.emitter.fire()),
    );
  }

  createTreeView(): vscode.TreeView<TreeNode> {
    const view = vscode.window.createTreeView(TARGETS_VIEW_ID, { treeDataProvider: this, showCollapseAll: true });
    this.treeView = view;
    this.disposables.push(view);
    return view;
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  resolveTreeItem(_item: vscode.TreeItem, node: TreeNode, token: vscode.CancellationToken): Promise<vscode.TreeItem> {
    return resolveNodeTooltip(node, token);
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (node) {
      return node.getChildren();
    }
    await this.session.ready();
    if (this.session.configError && this.session.signedIn) {
      return [new ErrorNode(this.session.configError, () => this.refresh())];
    }
    if (this.session.state !== 'ready') {
      return [];
    }
    const nodes = await this.targets.getNodes();
    return this.session.state === 'ready' ? nodes : [];
  }

  /** Forgets the loaded targets (and their full data) and loads page 1 again. */
  refresh(): void {
    this.targets.reset();
    this.emitter.fire();
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

  dispose(): void {
    this.targets.dispose();
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}
