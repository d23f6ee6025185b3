// Errors, value checks, dates and paging shared by the resource modules.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }

  toBody(): { errors: { code?: number; message: string }[] } {
    return { errors: [this.code === undefined ? { message: this.message } : { code: this.code, message: this.message }] };
  }
}

export type Kind = 'Workspace' | 'Member' | 'Project' | 'Pipeline' | 'Action' | 'Target' | 'Commit' | 'Variable' | 'Execution' | 'Action execution';

export const notFound = (kind: Kind): ApiError => new ApiError(404, `${kind} not found.`);
export const cannotBeEmpty = (param: string): ApiError => new ApiError(400, `Value of '${param}' cannot be empty.`);
export const invalid = (param: string): ApiError => new ApiError(400, `Value of '${param}' is invalid.`);
export const accessDenied = (): ApiError => new ApiError(403, 'Access denied');
export const invalidUrl = (path: string): ApiError => new ApiError(400, `Invalid url: ${path}`);

export interface Reply {
  status: number;
  body?: unknown;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** `yyyy-MM-ddTHH:mm:ssZ` in UTC. */
export function formatDate(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// A '+' in a query string decodes to a space, so ' 00:00' is read as '+00:00'.
const DATE_PARAM = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+\- ]\d{2}:?\d{2})$/;

/**
 * Parses a timestamp parameter (Z, +0000 or +00:00, or another offset) to epoch ms. A fraction of a
 * second is refused unless `allowFraction` (the vendor dialect writes them, so it reads them back);
 * it is then dropped: stored dates are whole seconds, so the bounds stay inclusive of the second.
 */
export function parseDateParam(param: string, raw: string, allowFraction = false): number {
  const m = DATE_PARAM.exec(raw);
  if (!m || (m[7] !== undefined && !allowFraction)) {
    throw invalid(param);
  }
  const [, y, mo, d, h, mi, s, , zone] = m;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  const back = new Date(utc);
  if (back.getUTCMonth() !== +mo - 1 || back.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) {
    throw invalid(param);
  }
  if (zone === 'Z') {
    return utc;
  }
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offsetMin = +digits.slice(0, 2) * 60 + +digits.slice(2);
  if (+digits.slice(0, 2) > 23 || +digits.slice(2) > 59) {
    throw invalid(param);
  }
  return utc - sign * offsetMin * 60_000;
}

/** A query parameter, or undefined when absent; present but empty is an error. */
export function queryValue(query: URLSearchParams, param: string): string | undefined {
  const value = query.get(param);
  if (value === null) {
    return undefined;
  }
  if (value === '') {
    throw cannotBeEmpty(param);
  }
  return value;
}

export function queryInt(query: URLSearchParams, param: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = queryValue(query, param);
  if (raw === undefined) {
    return undefined;
  }
  if (!/^\d+$/.test(raw) || +raw < min || +raw > max) {
    throw invalid(param);
  }
  return +raw;
}

export interface Paging {
  page: number;
  perPage: number;
}

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export function paging(query: URLSearchParams): Paging {
  const page = queryInt(query, 'page', 1) ?? 1;
  const perPage = queryInt(query, 'per_page', 1, MAX_PER_PAGE) ?? DEFAULT_PER_PAGE;
  return { page, perPage };
}

export function pageOf<T>(items: readonly T[], p: Paging): T[] {
  const start = (p.page - 1) * p.perPage;
  return items.slice(start, start + p.perPage);
}

/** A request body field checks. The body is a parsed JSON object. */
export type Body = Record<string, unknown>;

/** A required string field: missing, null or "" (after trimming) is "cannot be empty". */
export function requiredString(body: Body, field: string, label = field): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    throw cannotBeEmpty(label);
  }
  if (typeof value !== 'string') {
    throw invalid(label);
  }
  if (value.trim() === '') {
    throw cannotBeEmpty(label);
  }
  return value;
}

export function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'string') {
    throw invalid(field);
  }
  return value;
}

export function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'boolean') {
    throw invalid(field);
  }
  return value;
}
