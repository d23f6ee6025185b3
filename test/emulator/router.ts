// A small router: a route is a method, a path pattern and the token scopes it accepts.
// Pattern segments: `name` (literal), `:name` (any non-empty segment), `:name#` (digits only, any
// length: an id too big to exist is looked up like any other and not found).
import type { Dialect } from './dialect';
import type { Body, Reply } from './http';
import type { Store, Token, User } from './store';

export interface Ctx {
  /** The API base address, e.g. http://127.0.0.1:4010. */
  base: string;
  store: Store;
  user: User;
  token: Token;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body ({} when none was sent); throws the body-format errors. */
  body(): Body;
  /** Epoch ms of the request (for creation dates). */
  now: number;
  /** How answers are written (the store behind both dialects is the same). */
  dialect: Dialect;
}

export interface Route {
  method: string;
  segments: string[];
  /**
   * Token scopes the endpoint accepts, any one of them: the older name first (the one a missing
   * scope error names), then its 2026 equivalent. Empty: none needed.
   */
  scopes: readonly string[];
  handler(ctx: Ctx): Reply;
}

export function route(method: string, pattern: string, scopes: string | readonly string[] | undefined, handler: (ctx: Ctx) => Reply): Route {
  return { method, segments: pattern.split('/').slice(1), scopes: scopes === undefined ? [] : typeof scopes === 'string' ? [scopes] : scopes, handler };
}

/**
 * Splits a raw path into decoded segments; undefined when malformed (no leading slash, an empty
 * segment such as a trailing or double slash, or bad percent-encoding).
 */
export function splitPath(path: string): string[] | undefined {
  if (!path.startsWith('/')) {
    return undefined;
  }
  const raw = path.slice(1).split('/');
  if (raw.some((s) => s === '')) {
    return undefined;
  }
  try {
    return raw.map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
}

export function matchRoute(routes: readonly Route[], method: string, segments: string[]): { route: Route; params: Record<string, string> } | undefined {
  for (const r of routes) {
    if (r.method !== method || r.segments.length !== segments.length) {
      continue;
    }
    const params: Record<string, string> = {};
    const matches = r.segments.every((pattern, i) => {
      const actual = segments[i];
      if (!pattern.startsWith(':')) {
        return pattern === actual;
      }
      const numeric = pattern.endsWith('#');
      if (numeric && !/^\d+$/.test(actual)) {
        return false;
      }
      params[pattern.slice(1, numeric ? -1 : undefined)] = actual;
      return true;
    });
    if (matches) {
      return { route: r, params };
    }
  }
  return undefined;
}

/**
 * The scopes each family of endpoints accepts. The older name comes first (a default-dialect
 * error names it); the 2026 name of the same level is accepted beside it in both dialects, as the
 * real service accepts tokens of either generation.
 */
export const SCOPES = {
  workspace: ['WORKSPACE'],
  projectRead: ['WORKSPACE', 'PROJECT_READ'],
  projectWrite: ['WORKSPACE', 'PROJECT_WRITE'],
  repositoryRead: ['REPOSITORY_READ'],
  executionInfo: ['EXECUTION_INFO'],
  // Runs: reading with EXECUTION_INFO or PIPELINE_READ, starting and changing one with
  // EXECUTION_RUN or PIPELINE_RUN; a log needs EXECUTION_INFO in both generations.
  executionRead: ['EXECUTION_INFO', 'PIPELINE_READ'],
  executionRun: ['EXECUTION_RUN', 'PIPELINE_RUN'],
  executionLogs: ['EXECUTION_INFO'],
  variableAdd: ['VARIABLE_ADD', 'VARIABLE_WRITE'],
  variableInfo: ['VARIABLE_INFO', 'VARIABLE_READ'],
  variableManage: ['VARIABLE_MANAGE'],
  targetInfo: ['TARGET_INFO', 'TARGET_READ'],
  targetManage: ['TARGET_MANAGE'],
  userInfo: ['USER_INFO'],
  tokenInfo: ['TOKEN_INFO'],
} as const satisfies Record<string, readonly string[]>;
