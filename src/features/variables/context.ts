// What the Variables view's nodes need: the workspace's data, the view's per-scope lists, a way to
// tell the tree that a node's children changed, and the view's watchers of the data's keys.
import type { WorkspaceData } from '../../workspace/workspaceData';
import type { DataWatcher } from '../../tree/pagedList';
import type { TreeNode } from '../../tree/treeNode';
import type { VariableLists } from './variableLists';

export interface VariablesContext {
  readonly data: WorkspaceData;
  readonly lists: VariableLists;
  /** Refreshes `node`'s children in the tree (the root when undefined). */
  changed(node: TreeNode | undefined): void;
  /** `watcher` shows the data under `key` in this view: it is told when that data changes. */
  watch(key: string, watcher: DataWatcher): void;
  readonly viewId: string;
  /** Prefix of node ids, new on every reset (the tree restores no expansion from another session). */
  idPrefix(): string;
  /** Effective-variables nodes register here, so that a change in any scope refreshes them. */
  readonly effectiveNodes: Set<TreeNode>;
}
