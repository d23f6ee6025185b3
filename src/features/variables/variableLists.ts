// The variables of each scope the Variables view has shown, one paged list per scope (100 a page),
// shared by the scope's node and the effective variables: a scope is requested once until Refresh
// or a change in it, however many places show it.
import * as vscode from 'vscode';
import { MAX_PER_PAGE, type ApiClient, type Variable, type VariableFilter } from '../../api';
import { MessageNode } from '../../tree/messageNode';
import type { TreeNode } from '../../tree/treeNode';
import { PagedList } from '../../tree/pagedList';
import { describeVariableScope, VariableNode } from './variableNode';
import { filterKey, scopeFilter, scopeKey, type VariableScopeRef } from '../../workspace/variableScope';

/** Items per list request: the API's maximum, so that most scopes take one request. */
export const LIST_PAGE_SIZE = MAX_PER_PAGE;
/** Pages of one scope loaded for its effective variables, at most (10,000 variables). */
export const MAX_SCOPE_PAGES = 100;

interface Entry {
  readonly scope: VariableScopeRef;
  list: PagedList<Variable>;
  /** The node that shows this scope's variables, when one does (told of its list's changes). */
  owner: TreeNode | undefined;
}

export interface VariableListsContext {
  target(): { client: ApiClient; workspace: string };
  /** The list of `owner` changed (the root's when undefined). */
  changed(owner: TreeNode | undefined): void;
  /** A first page's failure of the workspace or project scope: the view-wide states (API disabled…). */
  reportError(error: unknown): boolean;
  readonly viewId: string;
  /** Prefix of node ids, new on every reset, so that the tree restores nothing from before. */
  idPrefix(): string;
}

export class VariableLists {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ctx: VariableListsContext) {}

  /** The list of `scope`, created on first use; `owner` (if given) becomes the node that shows it. */
  listFor(scope: VariableScopeRef, owner?: TreeNode): PagedList<Variable> {
    const key = scopeKey(scope);
    let entry = this.entries.get(key);
    if (!entry) {
      const created: Entry = { scope, owner, list: undefined as unknown as PagedList<Variable> };
      const filter = scopeFilter(scope);
      const idPrefix = `${this.ctx.idPrefix()}:${key}`;
      created.list = new PagedList<Variable>({
        fetchPage: (page, perPage, signal) => {
          const { client, workspace } = this.ctx.target();
          return client.listVariables(workspace, { ...filter, page, perPage }, { signal });
        },
        pageSize: LIST_PAGE_SIZE,
        toNode: (variable) => new VariableNode(variable, scope, idPrefix),
        onDidChange: () => this.ctx.changed(created.owner),
        emptyNode: () => new MessageNode(vscode.l10n.t('No variables in {0}', describeVariableScope(scope)), 'circle-slash'),
        onError: (error, page) => page === 1 && (scope.kind === 'workspace' || scope.kind === 'project') && this.ctx.reportError(error),
        viewId: this.ctx.viewId,
      });
      entry = created;
      this.entries.set(key, entry);
    }
    if (owner) {
      entry.owner = owner;
    }
    return entry.list;
  }

  /** The variables of a scope when every page of them is loaded (no request); else undefined. */
  loaded(filter: VariableFilter): readonly Variable[] | undefined {
    const list = this.entries.get(filterKey(filter))?.list;
    return list && list.done && list.error === undefined ? list.items : undefined;
  }

  /** The node showing a scope's list, if any. */
  ownerOf(filter: VariableFilter): TreeNode | undefined {
    return this.entries.get(filterKey(filter))?.owner;
  }

  /** Forgets one scope's variables (its next showing loads them again), or every scope's. */
  reset(filter?: VariableFilter): void {
    if (!filter) {
      for (const entry of this.entries.values()) {
        entry.list.dispose();
      }
      this.entries.clear();
      return;
    }
    this.entries.get(filterKey(filter))?.list.reset();
  }
}
