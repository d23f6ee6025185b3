// Effective variables: what a run of a pipeline or an action receives, from the variables of each
// scope it inherits. A more specific scope wins over a broader one (action over pipeline over
// project over workspace) for the same key; the variables it overrides are "shadowed". Pure (no
// editor, no request): the lists come from what the view loaded.
import type { Variable } from '../api';
import type { ScopeKind } from './variableScope';

export interface ScopedVariables<S = ScopeKind> {
  /** The scope these variables belong to. */
  readonly scope: S;
  readonly variables: readonly Variable[];
}

export interface ScopedVariable<S = ScopeKind> {
  readonly scope: S;
  readonly variable: Variable;
}

export interface EffectiveVariable<S = ScopeKind> extends ScopedVariable<S> {
  readonly key: string;
  /** What this value overrides, the nearest first (e.g. the pipeline's, then the workspace's). */
  readonly shadows: readonly ScopedVariable<S>[];
}

/**
 * The effective variables of a run, given the variables of each scope it inherits, broadest scope
 * first (workspace, project, pipeline, action). Keys are compared exactly (environment variables
 * are case-sensitive). Within one scope a key should be unique (the service refuses a second
 * one); should a list still repeat a key, its first item counts and the others are shadowed.
 * Sorted by key, so that the list reads the same whichever scope a key comes from.
 */
export function effectiveVariables<S>(chain: readonly ScopedVariables<S>[]): EffectiveVariable<S>[] {
  const byKey = new Map<string, { winner: ScopedVariable<S>; shadows: ScopedVariable<S>[] }>();
  for (const { scope, variables } of chain) {
    const seenHere = new Set<string>();
    for (const variable of variables) {
      const entry = byKey.get(variable.key);
      const candidate = { scope, variable };
      if (!entry) {
        byKey.set(variable.key, { winner: candidate, shadows: [] });
      } else if (seenHere.has(variable.key)) {
        entry.shadows.unshift(candidate);
      } else {
        // A more specific scope: it wins, and what won before is now the nearest one it shadows.
        entry.shadows.unshift(entry.winner);
        entry.winner = candidate;
      }
      seenHere.add(variable.key);
    }
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, { winner, shadows }]) => ({ key, scope: winner.scope, variable: winner.variable, shadows }));
}
