// What the service's data says about a pipeline file (no vscode, no request: the lists come from
// the data home, read by the caller): which pipeline each `pipeline:` entry is, what a reference
// can see (the file's variables, then the service's scopes: action, pipeline, project, workspace,
// and the predefined ones), whether a reference is defined nowhere, and whether a target lets the
// pipeline deploy. The completeness rule: "defined nowhere" is said only when signed in, the
// file's project and pipeline are known and every scope the reference depends on was read whole;
// inside shell commands it is never more than a hint (the name may be the shell's own).
import type { Analysis, PipelineModel, VariableRef } from './engine/analyze';

export type ScopeKind = 'action' | 'pipeline' | 'project' | 'workspace';

/** One variable as a scope lists it (the service's, or the file's own). */
export interface SeenVariable {
  readonly key: string;
  readonly value: string;
  readonly encrypted: boolean;
  readonly description?: string;
}

/** A scope's list as the data home holds it: `complete` once every page was read. */
export interface ScopeList {
  readonly items: readonly SeenVariable[];
  readonly complete: boolean;
}

export interface ServicePipeline {
  readonly id: number;
  readonly name?: string | null;
  readonly identifier?: string | null;
}

/** What is known of the service for one pipeline of the file. */
export interface PipelineView {
  readonly pipeline: ServicePipeline;
  readonly scope: ScopeList | undefined;
  /** Action index in the file → the service's action id (undefined: the service has no such action). */
  readonly actions: ReadonlyMap<number, number | undefined>;
  readonly actionsComplete: boolean;
  readonly actionScope: (actionId: number) => ScopeList | undefined;
}

/** What the data home gives for one file; `signedIn` false or no project: the schema's help only. */
export interface LiveView {
  readonly signedIn: boolean;
  readonly project: string | undefined;
  readonly workspace: ScopeList | undefined;
  readonly projectScope: ScopeList | undefined;
  /** Per pipeline of the file (by index): the service's pipeline, when it is known. */
  readonly pipelines: readonly (PipelineView | undefined)[];
}

/** A variable a place sees, with the scope it comes from and what it shadows (nearest first). */
export interface Visible {
  readonly key: string;
  readonly variable: SeenVariable;
  readonly scope: ScopeKind | 'file-action' | 'file-pipeline';
  readonly shadows: readonly { scope: ScopeKind | 'file-action' | 'file-pipeline'; variable: SeenVariable }[];
}

/** The service's pipeline of a `pipeline:` entry: by identifier, else by name (exact, then ignoring case). */
export function matchPipeline(model: Pick<PipelineModel, 'id' | 'name'>, pipelines: readonly ServicePipeline[]): ServicePipeline | undefined {
  const id = model.id.trim();
  if (id === '') {
    return undefined;
  }
  return (
    pipelines.find((p) => p.identifier === id) ??
    pipelines.find((p) => p.name === id || (model.name !== undefined && p.name === model.name)) ??
    pipelines.find((p) => typeof p.name === 'string' && p.name.toLowerCase() === id.toLowerCase())
  );
}

/**
 * What a place of the file sees, innermost first wins: the action's own (file, then service), the
 * pipeline's (file, then service), the project's, the workspace's. Sorted by key.
 */
export function visibleVariables(analysis: Analysis, view: LiveView, pipeline: number | undefined, action: number | undefined): Visible[] {
  const chain: { scope: Visible['scope']; items: readonly SeenVariable[] }[] = [];
  const fileModel = pipeline === undefined ? undefined : analysis.pipelines[pipeline];
  const pv = pipeline === undefined ? undefined : view.pipelines[pipeline];
  if (view.signedIn && view.project !== undefined) {
    chain.push({ scope: 'workspace', items: view.workspace?.items ?? [] });
    chain.push({ scope: 'project', items: view.projectScope?.items ?? [] });
    chain.push({ scope: 'pipeline', items: pv?.scope?.items ?? [] });
  }
  chain.push({ scope: 'file-pipeline', items: fileModel?.variables ?? [] });
  if (action !== undefined) {
    const actionId = pv?.actions.get(action);
    if (view.signedIn && actionId !== undefined) {
      chain.push({ scope: 'action', items: pv?.actionScope(actionId)?.items ?? [] });
    }
    chain.push({ scope: 'file-action', items: fileModel?.actions[action]?.variables ?? [] });
  }
  const byKey = new Map<string, Visible>();
  for (const { scope, items } of chain) {
    for (const variable of items) {
      const before = byKey.get(variable.key);
      byKey.set(variable.key, { key: variable.key, variable, scope, shadows: before ? [{ scope: before.scope, variable: before.variable }, ...before.shadows] : [] });
    }
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Whether every scope a reference depends on was read whole (the completeness rule). */
export function complete(view: LiveView, ref: Pick<VariableRef, 'pipeline' | 'action'>): boolean {
  if (!view.signedIn || view.project === undefined || !view.workspace?.complete || !view.projectScope?.complete) {
    return false;
  }
  const pv = view.pipelines[ref.pipeline];
  if (!pv?.scope?.complete) {
    return false;
  }
  if (ref.action === undefined) {
    return true;
  }
  if (!pv.actionsComplete) {
    return false;
  }
  const actionId = pv.actions.get(ref.action);
  return actionId === undefined || pv.actionScope(actionId)?.complete === true;
}

export interface Undefined {
  readonly ref: VariableRef;
  readonly severity: 'warning' | 'hint';
}

/** The references defined nowhere, each at most a warning (a hint in shell commands); none when the view is not complete. */
export function undefinedReferences(analysis: Analysis, view: LiveView, predefined: (name: string) => string | undefined): Undefined[] {
  const out: Undefined[] = [];
  const seen = new Map<string, Set<string>>();
  for (const ref of analysis.refs) {
    if (predefined(ref.name) !== undefined || !complete(view, ref)) {
      continue;
    }
    const place = `${ref.pipeline}/${ref.action ?? ''}`;
    let keys = seen.get(place);
    if (!keys) {
      keys = new Set(visibleVariables(analysis, view, ref.pipeline, ref.action).map((v) => v.key));
      seen.set(place, keys);
    }
    if (keys.has(ref.name)) {
      continue;
    }
    const action = ref.action === undefined ? undefined : analysis.pipelines[ref.pipeline]?.actions[ref.action];
    if (ref.shell && action?.shellNames.has(ref.name)) {
      continue;
    }
    out.push({ ref, severity: ref.shell ? 'hint' : 'warning' });
  }
  return out;
}

/** A workspace target as the data home holds it (the full target, with its allowed pipelines, when read). */
export interface KnownTarget {
  readonly identifier: string;
  /** undefined: not known whether it lets this pipeline deploy (nothing is said). */
  readonly allows: (pipelineId: number) => boolean | undefined;
}

export interface TargetRefusal {
  readonly pipeline: number;
  readonly action: number;
  readonly target: string;
  readonly start: number;
  readonly end: number;
}

/** The targets an action names that the service says do not let its pipeline deploy (a run fails with 2678004). */
export function refusedTargets(analysis: Analysis, view: LiveView, targets: (identifier: string) => KnownTarget | undefined): TargetRefusal[] {
  const out: TargetRefusal[] = [];
  if (!view.signedIn || view.project === undefined) {
    return out;
  }
  analysis.pipelines.forEach((p, pipeline) => {
    const pv = view.pipelines[pipeline];
    if (!pv) {
      return;
    }
    const inline = new Set(p.targets.map((t) => t.id));
    p.actions.forEach((a, action) => {
      for (const t of a.targets) {
        if (inline.has(t.id)) {
          continue;
        }
        if (targets(t.id)?.allows(pv.pipeline.id) === false) {
          out.push({ pipeline, action, target: t.id, start: t.span.start, end: t.span.end });
        }
      }
    });
  });
  return out;
}

/** An encrypted value is never shown: the service's markers and the file's `encrypted: true` alike. */
export function shownValue(v: SeenVariable): string | undefined {
  return v.encrypted ? undefined : v.value;
}
