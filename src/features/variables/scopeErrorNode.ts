// A failed list of variables as an error row that says which scope it concerns; a 403 (the token or
// the role does not allow listing variables) says so in its label, with the scopes to add in the
// tooltip. Retry (the row's click) loads the list again.
import * as vscode from 'vscode';
import { isForbidden } from '../../api';
import { describeError, scopesSentence } from '../../ui/errorMessages';
import { escapeMarkdown } from '../../ui/markdown';
import { ErrorNode } from '../../tree/errorNode';
import type { TreeNode } from '../../tree/treeNode';
import { describeVariableScope } from './variableNode';
import type { VariableScopeRef } from '../../workspace/variableScope';

export class ScopeErrorNode extends ErrorNode {
  constructor(error: unknown, retry: () => Promise<void> | void, scope: VariableScopeRef) {
    super(error, retry);
    const where = describeVariableScope(scope);
    if (isForbidden(error)) {
      this.label = vscode.l10n.t('No permission to list the variables of {0}', where);
      this.tooltip = new vscode.MarkdownString(
        [
          escapeMarkdown(describeError(error)),
          escapeMarkdown(scopesSentence('readVariables')),
          escapeMarkdown(vscode.l10n.t('Click to retry once the token or your role allows it.')),
        ].join('\n\n'),
      );
    } else {
      this.label = vscode.l10n.t('Variables of {0}: {1}', where, describeError(error));
    }
  }
}

/** The same children with every list failure turned into a ScopeErrorNode (same retry, same parent). */
export function withScopeErrors(nodes: readonly TreeNode[], scope: VariableScopeRef): TreeNode[] {
  return nodes.map((n) => {
    if (n instanceof ErrorNode && !(n instanceof ScopeErrorNode)) {
      const replaced = new ScopeErrorNode(n.error, n.retry, scope);
      replaced.parent = n.parent;
      return replaced;
    }
    return n;
  });
}
