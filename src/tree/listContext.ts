// What the Projects view's nodes need to load their children: the session's client and
// workspace at the moment of loading, and a way to tell the view a node's children changed.
import type { ApiClient } from '../api';
import type { TreeNode } from './treeNode';

export interface ListContext {
  /** The client and workspace to load with; throws UnauthorizedError when signed out. */
  target(): { client: ApiClient; workspace: string };
  /** Refreshes `node`'s children in the tree (the root when undefined). */
  changed(node: TreeNode | undefined): void;
  /** Learns the view-wide welcome states (API disabled, unreachable) from a failure; true when taken. */
  reportError(error: unknown, node: TreeNode | undefined): boolean;
  readonly viewId: string;
  /**
   * Changes on every session change. Part of node ids, so that the tree does not restore a
   * selection (which would make that project current again) or expansion from another session.
   */
  readonly epoch?: number;
}
