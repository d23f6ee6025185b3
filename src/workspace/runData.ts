// The keys of runs in the workspace's data (the runs of a pipeline, paged; one run with its action
// executions) and the reference that names a run across features and commands (followRun,
// showRunLog), read tolerantly from a command's arguments. No editor dependency.

/** One run: what its requests' paths need. */
export interface ExecutionRef {
  readonly workspace: string;
  readonly project: string;
  readonly pipelineId: number;
  readonly executionId: number;
}

/** The start of the keys of runs, for invalidateFamilies(). */
export const RunFamily = {
  executions: 'executions:',
  execution: 'execution:',
} as const;

export const RunKey = {
  /** The runs of a pipeline, newest first. */
  executions: (project: string, pipelineId: number) => `${RunFamily.executions}${project}/${pipelineId}`,
  /** One run with its action executions (the workspace is in the key: two workspaces' runs of one number never meet). */
  execution: (ref: ExecutionRef) => `${RunFamily.execution}${ref.workspace}/${ref.project}/${ref.pipelineId}/${ref.executionId}`,
} as const;

const MAX_NAME_LENGTH = 200;

function name(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_NAME_LENGTH ? value : undefined;
}

function id(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * A run's reference from a command's argument (`{workspace, project, pipelineId, executionId}`, or
 * a tree row carrying one as `ref`); undefined when anything needed is missing or malformed.
 */
export function executionRefOf(arg: unknown): ExecutionRef | undefined {
  if (typeof arg !== 'object' || arg === null) {
    return undefined;
  }
  const inner = (arg as { ref?: unknown }).ref;
  const o = (typeof inner === 'object' && inner !== null ? inner : arg) as Record<string, unknown>;
  const workspace = name(o.workspace);
  const project = name(o.project);
  const pipelineId = id(o.pipelineId);
  const executionId = id(o.executionId);
  if (workspace === undefined || project === undefined || pipelineId === undefined || executionId === undefined) {
    return undefined;
  }
  return { workspace, project, pipelineId, executionId };
}

export function sameRun(a: ExecutionRef, b: ExecutionRef): boolean {
  return RunKey.execution(a) === RunKey.execution(b);
}
