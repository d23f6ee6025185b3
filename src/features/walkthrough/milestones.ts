// Which steps of the getting-started walkthrough an API answer completes: the real event is the
// service accepting the request (a created variable, an allowed pipeline, a page of commits),
// not the command being started. Pure (no vscode): read from the client's request events.
import type { RequestEvent } from '../../api';
import { ContextKey } from '../../commandIds';

export type Milestone = 'browsed' | 'variableCreated' | 'pipelineAllowed' | 'runStarted';

/** The walkthrough's step (package.json `contributes.walkthroughs`) each milestone completes. */
export const STEP_OF_MILESTONE: Readonly<Record<Milestone, string>> = {
  browsed: 'browse',
  variableCreated: 'createVariable',
  pipelineAllowed: 'allowPipeline',
  runStarted: 'runPipeline',
};

/** The steps the session's state completes: signed in, then a workspace ready to show. */
export function stepsOfSession(signedIn: boolean, state: string): string[] {
  return [...(signedIn ? ['signIn'] : []), ...(signedIn && state === 'ready' ? ['selectWorkspace'] : [])];
}

const COMMITS_LIST = /^\/workspaces\/[^/]+\/projects\/[^/]+\/repository\/commits(?:\?|$)/;
const VARIABLES = /^\/workspaces\/[^/]+\/variables(?:\?|$)/;
const ALLOW_PIPELINE = /^\/workspaces\/[^/]+\/targets\/[^/]+\/allow-pipeline(?:\?|$)/;
/** POST of a pipeline's executions: a run started (a PATCH of one, retry or approve, is not). */
const RUN_PIPELINE = /^\/workspaces\/[^/]+\/projects\/[^/]+\/pipelines\/\d+\/executions(?:\?|$)/;

/** The milestone an attempt reached, if it succeeded and is one. */
export function milestoneOf(e: Pick<RequestEvent, 'method' | 'path' | 'status'>): Milestone | undefined {
  if (e.status === undefined || e.status < 200 || e.status > 299) {
    return undefined;
  }
  const method = e.method.toUpperCase();
  if (method === 'GET' && COMMITS_LIST.test(e.path)) {
    return 'browsed';
  }
  if (method === 'POST' && VARIABLES.test(e.path)) {
    return 'variableCreated';
  }
  if (method === 'POST' && ALLOW_PIPELINE.test(e.path)) {
    return 'pipelineAllowed';
  }
  if (method === 'POST' && RUN_PIPELINE.test(e.path)) {
    return 'runStarted';
  }
  return undefined;
}

/** The context key a milestone sets (the walkthrough's completionEvents name it). */
export function milestoneContextKey(m: Milestone): string {
  return `${ContextKey.WalkthroughPrefix}${m}`;
}
