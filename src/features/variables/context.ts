// What the Variables view's nodes need: the per-scope lists, the session's client, a way to tell
// the tree that a node's children changed, and the pipelines another view already loaded.
import type { ApiClient, Pipeline } from '../../api';
import type { TreeNode } from '../../tree/treeNode';
import type { VariableLists } from './variableLists';

export interface VariablesContext {
  readonly lists: VariableLists;
  target(): { client: ApiClient; workspace: string };
  /** Refreshes `node`'s children in the tree (the root when undefined). */
  changed(node: TreeNode | undefined): void;
  readonly viewId: string;
  /** Prefix of node ids, new on every reset (the tree restores no expansion from another session). */
  idPrefix(): string;
  /** Every pipeline of a project when the Projects view has loaded them all (no request); else undefined. */
  loadedPipelines(projectName: string): readonly Pipeline[] | undefined;
  /** Effective-variables nodes register here, so that a change in any scope refreshes them. */
  readonly effectiveNodes: Set<TreeNode>;
}
