// The shared API client module. No editor dependency: see README.md, "The API client".
export * from './models';
export * from './errors';
export { resolveBaseUrl, isLoopbackHost, browsableUrl, US_BASE_URL, EU_BASE_URL, type AccountType, type BaseUrlInput } from './baseUrl';
export { RateLimitState, RATE_LIMIT_WINDOW_MS, type RateLimitSnapshot, type Disposable, type HeaderSource } from './rateLimit';
export { redact, redactValue, excerpt, isEncryptedValue, logLine, REDACTED } from './redact';
export { parseApiDate, formatApiDate } from './dates';
export { MAX_BODY_BYTES, RedirectError, ResponseTooLargeError, formatBytes } from './boundedBody';
export { ApiClient, type CallOptions, type ClientOptions } from './client';
export { parseErrorBody } from './responses';
export { type FetchLike, type RequestEvent } from './transport';
export {
  itemProblems,
  sentCount,
  identityOf,
  firstName,
  targetName,
  pipelineName,
  actionName,
  projectName,
  workspaceName,
  personName,
  pipelineTrigger,
  pipelineRefs,
  UNNAMED,
  type ItemProblem,
} from './tolerant';
export { allowsAllPipelines, mayPipelineUse, canOpenTarget, pipelinesAccessLevel } from './targetAccess';
export { SCOPES_FOR, actionForRequest, isForbidden, seeminglyMissingScopes, type ScopeAction, type ScopeNeed } from './scopes';
export { PageTracker, iteratePages, MAX_PER_PAGE, type PageRequest } from './paging';
export { variableBody, variableUpdateBody } from './wire';
