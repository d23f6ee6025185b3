// The variables of each scope the Variables view has shown, one list of rows per scope, drawn from
// the workspace's data (100 a page), which the effective variables read too: a scope is requested
// once until Refresh or a change in it, however many places show it.
import * as vscode from 'vscode';
import { MAX_PER_PAGE, type Variable } from '../../api';
import { MessageNode } from '../../tree/messageNode';
import type { TreeNode } from '../../tree/treeNode';
import { PagedList, type DataWatcher } from '../../tree/pagedList';
import type { WorkspaceData } from '../../workspace/workspaceData';
import { describeVariableScope, VariableNode } from './variableNode';
import { scopeFilter, scopeKey, type VariableScopeRef } from '../../workspace/variableScope';

/** Items per list request: the API's maximum, so that most scopes take one request. */
export const LIST_PAGE_SIZE = MAX_PER_PAGE;
/** Pages of one scope loaded for its effective variables, at most (10,000 variables). */
export const MAX_SCOPE_PAGES = 100;

interface Entry {
  readonly list: PagedList<Variable>;
  /** The node that shows this scope's variables, when one does (told of its list's changes). */
  owner: TreeNode | undefined;
}

export interface VariableListsContext {
  readonly data: WorkspaceData;
  /** The list of `owner` changed (the root's when undefined). */
  changed(owner: TreeNode | undefined): void;
  /** A first page's failure of the workspace or project scope: the view-wide states (API disabled…). */
  reportError(error: unknown): boolean;
  /** `watcher` shows the data under `key` in this view. */
  watch(key: string, watcher: DataWatcher): void;
  readonly viewId: string;
  /** Prefix of node ids, new on every reset, so that the tree restores nothing from before. */
  idPrefix(): string;
}

export class VariableLists {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ctx: VariableListsContext) {}

  /** The rows of `scope`'s variables, made on first use; `owner` (if given) becomes the node that shows them. */
  listFor(scope: VariableScopeRef, owner?: TreeNode): PagedList<Variable> {
    const key = scopeKey(scope);
    let entry = this.entries.get(key);
    if (!entry) {
      const filter = scopeFilter(scope);
      const idPrefix = `${this.ctx.idPrefix()}:${key}`;
      const created: Entry = {
        owner,
        list: new PagedList<Variable>({
          data: () => this.ctx.data.variables(filter, LIST_PAGE_SIZE),
          toNode: (variable) => new VariableNode(variable, scope, idPrefix),
          onDidChange: () => this.ctx.changed(created.owner),
          watch: (k, watcher) => this.ctx.watch(k, watcher),
          emptyNode: () => new MessageNode(vscode.l10n.t('No variables in {0}', describeVariableScope(scope)), 'circle-slash'),
          onError: (error, page) => page === 1 && (scope.kind === 'workspace' || scope.kind === 'project') && this.ctx.reportError(error),
          viewId: this.ctx.viewId,
        }),
      };
      entry = created;
      this.entries.set(key, entry);
    }
    if (owner) {
      entry.owner = owner;
    }
    return entry.list;
  }

  /** Forgets every scope's rows (the data stays: the view's Refresh invalidates it). */
  reset(): void {
    this.entries.clear();
  }
}
