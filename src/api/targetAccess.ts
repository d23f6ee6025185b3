// "May this pipeline use this target?", for both target models of the real service: the older
// `all_pipelines_allowed` flag and the newer `pipelines_access_level` (conventions.md). Every
// pipeline may use the target when the flag is true or the level is ALLOWED; otherwise the
// target's `allowed_pipelines` decides. Any other level (DENIED, USE_ONLY, an unknown one…) means
// "the list decides" and is shown as it is.
import type { Target, TargetSummary } from './models';

/**
 * True when every pipeline may use the target; false when only its allowed pipelines may; undefined
 * when the (reduced) list item does not say: the full target does.
 */
export function allowsAllPipelines(t: Pick<TargetSummary, 'all_pipelines_allowed' | 'pipelines_access_level'>): boolean | undefined {
  if (t.all_pipelines_allowed === true || t.pipelines_access_level === 'ALLOWED') {
    return true;
  }
  if (t.all_pipelines_allowed === false || (typeof t.pipelines_access_level === 'string' && t.pipelines_access_level !== '')) {
    return false;
  }
  return undefined;
}

/** Whether `pipelineId` may use the (full) target. */
export function mayPipelineUse(target: Pick<Target, 'all_pipelines_allowed' | 'pipelines_access_level' | 'allowed_pipelines'>, pipelineId: number): boolean {
  if (allowsAllPipelines(target) === true) {
    return true;
  }
  const allowed = Array.isArray(target.allowed_pipelines) ? target.allowed_pipelines : [];
  return allowed.some((p) => p.id === pipelineId);
}

/** A target that can be opened (GET by id) and changed: every target but a MATCH item without an id. */
export function canOpenTarget<T extends TargetSummary>(t: T): t is T & { id: string } {
  return typeof t.id === 'string' && t.id !== '';
}

/** The access level as the service sent it (the newer model), or undefined with the older one. */
export function pipelinesAccessLevel(t: Pick<TargetSummary, 'pipelines_access_level'>): string | undefined {
  return typeof t.pipelines_access_level === 'string' && t.pipelines_access_level !== '' ? t.pipelines_access_level : undefined;
}
