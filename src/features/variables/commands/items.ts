// What the Variables view's commands are run on: a variable row (the variable and its scope) or a
// scope node. Anything else (a palette run, another view's item) is none.
import type { Variable } from '../../../api';
import { ScopeNode } from '../scopeNode';
import type { VariableScopeRef } from '../../../workspace/variableScope';
import { VariableNode } from '../variableNode';

export interface VariableItem {
  readonly variable: Variable;
  readonly scope: VariableScopeRef;
}

export function variableItemOf(item: unknown): VariableItem | undefined {
  return item instanceof VariableNode ? { variable: item.variable, scope: item.scope } : undefined;
}

export function scopeItemOf(item: unknown): VariableScopeRef | undefined {
  return item instanceof ScopeNode ? item.scope : undefined;
}
