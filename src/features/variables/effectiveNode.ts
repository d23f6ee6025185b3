// "Effective variables" under a pipeline or an action: what its runs receive, one row per key, with
// the scope the value comes from and the ones it shadows. Built from the lists of the scopes it
// inherits (workspace, project, pipeline, action) in the workspace's data, the same lists the
// scopes' rows show (requested once); every page of each is needed, since a variable on a later
// page may shadow one on an earlier. A list that fails is an error row: no partial answer is shown
// as whole.
import * as vscode from 'vscode';
import type { Variable } from '../../api';
import { escapeMarkdown } from '../../ui/markdown';
import { MessageNode } from '../../tree/messageNode';
import { ContextValue } from '../../tree/contextValues';
import { TreeNode } from '../../tree/treeNode';
import type { PagedData } from '../../workspace/pagedData';
import type { VariablesContext } from './context';
import { effectiveVariables, type EffectiveVariable } from '../../workspace/effectiveVariables';
import { ScopeErrorNode } from './scopeErrorNode';
import { scopeChain, scopeFilter, scopeKey, type VariableScopeRef } from '../../workspace/variableScope';
import { LIST_PAGE_SIZE, MAX_SCOPE_PAGES } from './variableLists';
import { describeVariableScope, rowDescription, scopeKindName, variableTooltip, VariableNode } from './variableNode';

export class EffectiveNode extends TreeNode {
  constructor(
    readonly scope: Extract<VariableScopeRef, { kind: 'pipeline' | 'action' }>,
    private readonly ctx: VariablesContext,
  ) {
    super(vscode.l10n.t('Effective variables'), vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `${ctx.idPrefix()}:${scopeKey(scope)}:effective`;
    this.contextValue = ContextValue.EffectiveVariables;
    this.iconPath = new vscode.ThemeIcon('layers');
    this.description = scope.kind === 'pipeline' ? vscode.l10n.t('what its runs receive') : vscode.l10n.t('what this action receives');
    this.tooltip = vscode.l10n.t(
      'The variables a run of {0} receives: workspace, project, pipeline and action variables together; for the same key the most specific scope wins (action over pipeline over project over workspace).',
      describeVariableScope(scope),
    );
    ctx.effectiveNodes.add(this);
  }

  adoptBy(parent: TreeNode): void {
    this.parent = parent;
  }

  override async getChildren(): Promise<TreeNode[]> {
    const chain = scopeChain(this.scope);
    // Pages loaded here show in the scopes' own rows too (the view's watchers draw them).
    const lists = chain.map((s) => this.ctx.data.variables(scopeFilter(s), LIST_PAGE_SIZE));
    await Promise.all(lists.map(loadEvery));
    const nodes: TreeNode[] = [];
    lists.forEach((list, i) => {
      if (list.error !== undefined) {
        nodes.push(
          new ScopeErrorNode(
            list.error,
            async () => {
              await list.load();
              this.ctx.changed(this);
            },
            chain[i],
          ),
        );
      }
    });
    if (nodes.length > 0) {
      nodes.push(new MessageNode(vscode.l10n.t('The effective variables need the variables of every scope: retry the failed ones.'), 'warning'));
      return this.adopt(nodes);
    }
    lists.forEach((list, i) => {
      if (!list.done) {
        nodes.push(new MessageNode(vscode.l10n.t('Only the first {0} variables of {1} were read: the list may be incomplete.', list.items.length, describeVariableScope(chain[i])), 'warning'));
      }
      const leftOut = list.rows.filter((row) => row.problem !== undefined).length;
      if (leftOut > 0) {
        nodes.push(
          new MessageNode(
            vscode.l10n.t('{0} variable(s) of {1} were left out (the server sent them without what the extension needs): the list may be incomplete.', leftOut, describeVariableScope(chain[i])),
            'warning',
          ),
        );
      }
    });
    const effective = effectiveVariables(chain.map((scope, i) => ({ scope, variables: lists[i].items })));
    if (effective.length === 0) {
      nodes.push(new MessageNode(vscode.l10n.t('No variables reach {0}', describeVariableScope(this.scope)), 'circle-slash'));
    }
    for (const entry of effective) {
      nodes.push(new EffectiveVariableNode(entry, `${this.id}`));
    }
    return this.adopt(nodes);
  }

  private adopt(nodes: TreeNode[]): TreeNode[] {
    for (const node of nodes) {
      node.parent = this;
    }
    return nodes;
  }
}

/**
 * One effective variable: the row of the variable that wins (Change, Delete and Copy act on it), its
 * scope and what it shadows after the value; expanding it lists the shadowed ones.
 */
export class EffectiveVariableNode extends VariableNode {
  constructor(
    readonly entry: EffectiveVariable<VariableScopeRef>,
    idPrefix: string,
  ) {
    super(entry.variable, entry.scope, idPrefix, entry.shadows.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    this.id = `${idPrefix}:key:${entry.key}`;
    const from = vscode.l10n.t('from {0}', scopeKindName(entry.scope.kind));
    const shadows = entry.shadows.length
      ? vscode.l10n.t('shadows {0}', [...new Set(entry.shadows.map((s) => scopeKindName(s.scope.kind)))].join(', '))
      : undefined;
    this.description = [rowDescription(entry.variable), from, shadows].filter(Boolean).join(' · ');
    this.accessibilityInformation = { label: vscode.l10n.t('Effective variable {0}: {1}', entry.key, this.description) };
  }

  override getChildren(): TreeNode[] {
    return this.entry.shadows.map((s) => {
      const node = new ShadowedVariableNode(s.variable, s.scope, `${this.id}`);
      node.parent = this;
      return node;
    });
  }

  override resolveTooltip(): vscode.MarkdownString {
    return variableTooltip(this.entry.variable, this.entry.scope, (md) => {
      for (const s of this.entry.shadows) {
        md.appendMarkdown(
          `${escapeMarkdown(vscode.l10n.t('Shadows the variable of {0} ({1})', describeVariableScope(s.scope), rowDescription(s.variable) || String(s.variable.type)))}\n\n`,
        );
      }
    });
  }
}

/** A variable a more specific scope overrides: shown under the winner, marked "shadowed". */
export class ShadowedVariableNode extends VariableNode {
  constructor(variable: Variable, scope: VariableScopeRef, idPrefix: string) {
    super(variable, scope, `${idPrefix}:shadowed:${scopeKey(scope)}`);
    this.description = [rowDescription(variable), vscode.l10n.t('shadowed · {0}', scopeKindName(scope.kind))].filter(Boolean).join(' · ');
    this.iconPath = new vscode.ThemeIcon('circle-slash');
  }
}

/** Loads every page of a list (bounded); stops at a failure (kept in the list's `error`). */
async function loadEvery(list: PagedData<Variable>): Promise<void> {
  try {
    await list.collect({ maxPages: MAX_SCOPE_PAGES });
  } catch {
    // Shown as the scope's error row.
  }
}
