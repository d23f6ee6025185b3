// The shared API client module. No editor dependency: see README.md, "The API client".
export * from './models';
export * from './errors';
export * from './runs';
export {
  resolveBaseUrl,
  isLoopbackHost,
  browsableUrl,
  accountTypeOf,
  serviceLocationAt,
  SERVICE_LOCATIONS,
  US_BASE_URL,
  EU_BASE_URL,
  type AccountType,
  type BaseUrlInput,
  type ServiceLocation,
  type ServiceLocationType,
} from './baseUrl';
export { RateLimitState, RATE_LIMIT_WINDOW_MS, type RateLimitSnapshot, type Disposable, type HeaderSource } from './rateLimit';
export { redact, redactValue, excerpt, isEncryptedValue, logLine, REDACTED } from './redact';
export { parseApiDate, formatApiDate } from './dates';
export { MAX_BODY_BYTES, RedirectError, ResponseTooLargeError, formatBytes } from './boundedBody';
export { ApiClient, type CallOptions, type ClientOptions } from './client';
export { parseErrorBody } from './responses';
export { MAX_DEFINITION_BYTES, decodeDefinition, encodeDefinition, type PipelineDefinition, type PipelineYamlResult } from './pipelineYaml';
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
export { PageTracker, iteratePages, listTotals, MAX_PER_PAGE, type ListTotals, type PageRequest } from './paging';
export { variableBody, variableUpdateBody, runBody, executionPatchBody, MAX_LOG_LIMIT, MAX_RUN_VARIABLES } from './wire';
export {
  runState,
  isFinished,
  FINISHED_STATUSES,
  personOperation,
  actionFailure,
  runFailure,
  actionExecutionName,
  runRefName,
  runRevision,
  runCreatorName,
  inlineLog,
  type RunState,
  type RunFailure,
} from './runStatus';
export {
  oauthEndpoints,
  createPkce,
  pkceChallenge,
  createState,
  statesMatch,
  buildAuthorizeUrl,
  parseAuthorizationRedirect,
  AUTHORIZE_PATH,
  TOKEN_PATH,
  type OAuthEndpoints,
  type Pkce,
  type AuthorizeRequest,
} from './oauth';
export {
  OAuthError,
  InvalidGrantError,
  InvalidClientError,
  AuthorizationRedirectError,
  TokenAnswerError,
  SignInAgainError,
  type OAuthErrorCode,
  type RedirectProblem,
  type TokenAnswerProblem,
  type SignInAgainReason,
} from './oauthErrors';
export { TokenSet, readTokenAnswer, MAX_ACCESS_LIFETIME_S, DEFAULT_REFRESH_SKEW_MS, type TokenSetData } from './oauthTokenSet';
export { requestToken, refreshWith, checkTokenUrl, MAX_TOKEN_ANSWER_BYTES, type TokenGrant, type TokenRequestOptions } from './oauthToken';
export { RefreshCoordinator, withAccessToken, type TokenStore, type RefreshCoordinatorOptions } from './oauthRefresh';
