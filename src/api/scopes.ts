// Which token scopes an action usually needs, in both naming schemes of the real service (the
// older names and the 2026 ones), to explain a 403 in words and to hint before sending. Never a
// gate: the server decides (conventions.md, "Tokens and scopes"). Older pages also asked for
// WORKSPACE beside the specific scope, hence WORKSPACE in the older set of workspace endpoints.
import { AccessDeniedError, ApiError, ErrorCode, MissingScopeError, RateLimitError } from './errors';

export type ScopeAction =
  | 'listWorkspaces'
  | 'readUser'
  | 'readToken'
  | 'readProjects'
  | 'createProject'
  | 'readPipelines'
  | 'readCommits'
  | 'readTargets'
  | 'allowPipeline'
  | 'readVariables'
  | 'createVariable'
  | 'manageVariables'
  | 'readRuns'
  | 'readRunLogs'
  | 'runPipeline';

export interface ScopeNeed {
  /** The older scope names (VARIABLE_ADD, TARGET_INFO, …), all of them needed. */
  readonly older: readonly string[];
  /** The 2026 scope names (VARIABLE_WRITE, TARGET_READ, …), all of them needed. */
  readonly newer: readonly string[];
}

export const SCOPES_FOR: Readonly<Record<ScopeAction, ScopeNeed>> = {
  listWorkspaces: { older: ['WORKSPACE'], newer: ['WORKSPACE'] },
  readUser: { older: ['USER_INFO'], newer: ['USER_INFO'] },
  readToken: { older: ['TOKEN_INFO'], newer: ['TOKEN_INFO'] },
  readProjects: { older: ['WORKSPACE'], newer: ['PROJECT_READ'] },
  createProject: { older: ['WORKSPACE'], newer: ['PROJECT_WRITE'] },
  // The 2026 pages of pipelines and runs still name EXECUTION_INFO.
  readPipelines: { older: ['WORKSPACE', 'EXECUTION_INFO'], newer: ['EXECUTION_INFO'] },
  readCommits: { older: ['WORKSPACE', 'REPOSITORY_READ'], newer: ['REPOSITORY_READ'] },
  readTargets: { older: ['WORKSPACE', 'TARGET_INFO'], newer: ['TARGET_READ'] },
  allowPipeline: { older: ['WORKSPACE', 'TARGET_MANAGE'], newer: ['TARGET_MANAGE'] },
  readVariables: { older: ['WORKSPACE', 'VARIABLE_INFO'], newer: ['VARIABLE_READ'] },
  createVariable: { older: ['WORKSPACE', 'VARIABLE_ADD'], newer: ['VARIABLE_WRITE'] },
  // Changing and deleting one variable (PATCH, DELETE) need the manage level in both schemes.
  manageVariables: { older: ['WORKSPACE', 'VARIABLE_MANAGE'], newer: ['VARIABLE_MANAGE'] },
  // Runs (conventions.md, "Runs"): reading them, their logs (EXECUTION_INFO in both), and starting,
  // cancelling, retrying or approving one.
  readRuns: { older: ['WORKSPACE', 'EXECUTION_INFO'], newer: ['PIPELINE_READ'] },
  readRunLogs: { older: ['WORKSPACE', 'EXECUTION_INFO'], newer: ['EXECUTION_INFO'] },
  runPipeline: { older: ['WORKSPACE', 'EXECUTION_RUN'], newer: ['PIPELINE_RUN'] },
};

/** The action a request belongs to, from its method and path (relative to the base address). */
export function actionForRequest(method: string | undefined, path: string | undefined): ScopeAction | undefined {
  if (!path) {
    return undefined;
  }
  const p = path.split('?')[0];
  const verb = (method ?? 'GET').toUpperCase();
  const post = verb === 'POST';
  if (p === '/user') {
    return 'readUser';
  }
  if (p === '/user/token') {
    return 'readToken';
  }
  if (p === '/workspaces') {
    return 'listWorkspaces';
  }
  if (/\/allow-pipeline$/.test(p)) {
    return 'allowPipeline';
  }
  if (/^\/workspaces\/[^/]+\/targets(\/|$)/.test(p)) {
    return 'readTargets';
  }
  if (/^\/workspaces\/[^/]+\/variables(\/|$)/.test(p)) {
    return post ? 'createVariable' : verb === 'PATCH' || verb === 'DELETE' ? 'manageVariables' : 'readVariables';
  }
  if (/\/pipelines\/[^/]+\/executions(\/|$)/.test(p)) {
    if (post || verb === 'PATCH') {
      return 'runPipeline';
    }
    return /\/logs$/.test(p) ? 'readRunLogs' : 'readRuns';
  }
  if (/\/repository\/commits(\/|$)/.test(p)) {
    return 'readCommits';
  }
  if (/\/pipelines(\/|$)/.test(p)) {
    return 'readPipelines';
  }
  if (/^\/workspaces\/[^/]+\/projects(\/|$)/.test(p)) {
    return post ? 'createProject' : 'readProjects';
  }
  return undefined;
}

/**
 * A 403 that says "the token or your role does not allow this": any 403 but the rate limit and the
 * coded errors (881, 2678004), which have their own explanations. The wording of the real service
 * differs from the emulator's, so the status decides, not the message.
 */
export function isForbidden(error: unknown): error is ApiError {
  if (error instanceof MissingScopeError) {
    return true;
  }
  if (!(error instanceof ApiError) || error.status !== 403 || error instanceof RateLimitError) {
    return false;
  }
  return !(error instanceof AccessDeniedError && (error.code === ErrorCode.TargetAccessDenied || error.code === ErrorCode.PipelineNotAllowed));
}

/**
 * The scopes of `action` that a token with the `known` scopes seems to lack, in the naming scheme
 * it is closest to; undefined when the list is unknown or satisfies either scheme. A hint only.
 */
export function seeminglyMissingScopes(action: ScopeAction, known: readonly string[] | undefined): string[] | undefined {
  if (!known) {
    return undefined;
  }
  const have = new Set(known.map((s) => s.toUpperCase()));
  const need = SCOPES_FOR[action];
  const missingOlder = need.older.filter((s) => !have.has(s));
  const missingNewer = need.newer.filter((s) => !have.has(s));
  if (missingOlder.length === 0 || missingNewer.length === 0) {
    return undefined;
  }
  return missingNewer.length < missingOlder.length ? missingNewer : missingOlder;
}
