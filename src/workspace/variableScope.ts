// Where a variable lives: the workspace, a project, a pipeline or an action, with the names the
// views and messages show. Pure (no editor): the view, the effective-variables logic and the
// commands share it, and the Node unit tests read it.
import type { VariableFilter } from '../api';

export type ScopeKind = 'workspace' | 'project' | 'pipeline' | 'action';

export interface NamedProject {
  /** In every path under the project. */
  readonly name: string;
  readonly displayName: string;
}

export interface NamedId {
  readonly id: number;
  readonly name: string;
}

export type VariableScopeRef =
  | { readonly kind: 'workspace'; readonly workspace: string }
  | { readonly kind: 'project'; readonly workspace: string; readonly project: NamedProject }
  | { readonly kind: 'pipeline'; readonly workspace: string; readonly project: NamedProject; readonly pipeline: NamedId }
  | { readonly kind: 'action'; readonly workspace: string; readonly project: NamedProject; readonly pipeline: NamedId; readonly action: NamedId };

/** The list filter of a scope (none: the workspace scope). */
export function scopeFilter(scope: VariableScopeRef): VariableFilter {
  switch (scope.kind) {
    case 'workspace':
      return {};
    case 'project':
      return { projectName: scope.project.name };
    case 'pipeline':
      return { pipelineId: scope.pipeline.id };
    case 'action':
      return { actionId: scope.action.id };
  }
}

/** One string per scope of a workspace: `workspace`, `project:web-app`, `pipeline:103`, `action:1012`. */
export function filterKey(filter: VariableFilter): string {
  if (filter.actionId !== undefined) {
    return `action:${filter.actionId}`;
  }
  if (filter.pipelineId !== undefined) {
    return `pipeline:${filter.pipelineId}`;
  }
  if (filter.projectName !== undefined) {
    return `project:${filter.projectName}`;
  }
  return 'workspace';
}

export function scopeKey(scope: VariableScopeRef): string {
  return filterKey(scopeFilter(scope));
}

/**
 * The scopes whose variables a run of `scope` receives, broadest first: workspace, project,
 * pipeline, then action. A later one overrides an earlier one's variable of the same key.
 */
export function scopeChain(scope: VariableScopeRef): VariableScopeRef[] {
  const workspace: VariableScopeRef = { kind: 'workspace', workspace: scope.workspace };
  if (scope.kind === 'workspace') {
    return [workspace];
  }
  const project: VariableScopeRef = { kind: 'project', workspace: scope.workspace, project: scope.project };
  if (scope.kind === 'project') {
    return [workspace, project];
  }
  const pipeline: VariableScopeRef = { kind: 'pipeline', workspace: scope.workspace, project: scope.project, pipeline: scope.pipeline };
  return scope.kind === 'pipeline' ? [workspace, project, pipeline] : [workspace, project, pipeline, scope];
}
