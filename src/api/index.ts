// The shared API client module. No editor dependency: see README.md, "The API client".
export * from './models';
export * from './errors';
export { resolveBaseUrl, isLoopbackHost, US_BASE_URL, EU_BASE_URL, type AccountType, type BaseUrlInput } from './baseUrl';
export { RateLimitState, type RateLimitSnapshot, type Disposable, type HeaderSource } from './rateLimit';
export { redact, redactValue, excerpt, REDACTED } from './redact';
export { parseApiDate, formatApiDate } from './dates';
export {
  ApiClient,
  MAX_PER_PAGE,
  parseErrorBody,
  variableBody,
  type CallOptions,
  type ClientOptions,
  type FetchLike,
  type RequestEvent,
} from './client';
