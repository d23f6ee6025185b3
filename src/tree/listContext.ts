// What a view's nodes need to load and show their children: the workspace's data, the view's
// tree to tell of a node's changed children, and the view's watchers of the data's keys.
import type { WorkspaceData } from '../workspace/workspaceData';
import type { DataWatcher } from './pagedList';
import type { TreeNode } from './treeNode';

export interface ListContext {
  readonly data: WorkspaceData;
  /** The session's workspace (part of node ids); empty while none. */
  workspace(): string;
  /** Refreshes `node`'s children in the tree (the root when undefined). */
  changed(node: TreeNode | undefined): void;
  /** Learns the view-wide welcome states (API disabled, unreachable) from a failure; true when taken. */
  reportError(error: unknown, node: TreeNode | undefined): boolean;
  /** `watcher` shows the data under `key` in this view: it is told when that data changes. */
  watch(key: string, watcher: DataWatcher): void;
  readonly viewId: string;
  /**
   * Changes on every session change. Part of node ids, so that the tree does not restore a
   * selection (which would make that project current again) or expansion from another session.
   */
  readonly epoch?: number;
}
