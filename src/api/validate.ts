// Tiny hand-written validators: an answer is checked at the edge, so a missing required field or a
// wrong type becomes UnexpectedResponseError here instead of a crash later in a view. The checked
// object is returned as it is: unknown extra fields and unknown enum values are kept. A few
// tolerant normalisations: an absent nullable field becomes null, a null list becomes [], a
// numeric `port` becomes a string, a null variable `value` becomes ''.
import { parseApiDate } from './dates';
import type {
  Action,
  Commit,
  CommitSummary,
  Pipeline,
  Project,
  ProjectRef,
  Target,
  TargetSummary,
  TokenInfo,
  User,
  Variable,
  Workspace,
} from './models';

export class ShapeError extends Error {
  constructor(
    readonly at: string,
    readonly expected: string,
    readonly got: unknown,
  ) {
    super(`${at || 'answer'}: expected ${expected}, got ${describe(got)}`);
    this.name = 'ShapeError';
  }
}

function describe(v: unknown): string {
  if (v === undefined) {
    return 'nothing (field missing)';
  }
  if (v === null) {
    return 'null';
  }
  if (Array.isArray(v)) {
    return 'an array';
  }
  return `a ${typeof v}`;
}

/** A check validates (and may normalise) a value; it returns the value to store. */
export type Check = (v: unknown, at: string) => unknown;

interface FieldSpec {
  check: Check;
  /** absent is fine, and stays absent */
  optional?: boolean;
  /** value to store when the field is absent (tolerance), instead of failing */
  absentAs?: () => unknown;
}

const f = (check: Check, extra: Omit<FieldSpec, 'check'> = {}): FieldSpec => ({ check, ...extra });

export const str: Check = (v, at) => {
  if (typeof v !== 'string') {
    throw new ShapeError(at, 'a string', v);
  }
  return v;
};
export const int: Check = (v, at) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new ShapeError(at, 'a number', v);
  }
  return v;
};
export const bool: Check = (v, at) => {
  if (typeof v !== 'boolean') {
    throw new ShapeError(at, 'a boolean', v);
  }
  return v;
};
export const date: Check = (v, at) => {
  if (typeof v !== 'string' || parseApiDate(v) === undefined) {
    throw new ShapeError(at, 'a date (yyyy-MM-ddTHH:mm:ssZ)', v);
  }
  return v;
};
export const strOrInt: Check = (v, at) => {
  if (typeof v !== 'string' && typeof v !== 'number') {
    throw new ShapeError(at, 'a string or number', v);
  }
  return v;
};
/** A string, or a number turned into its string (ports). */
const strFromNum: Check = (v, at) => (typeof v === 'number' ? String(v) : str(v, at));

export const nullable =
  (c: Check): Check =>
  (v, at) =>
    v === null ? null : c(v, at);

export const arr =
  (c: Check): Check =>
  (v, at) => {
    if (!Array.isArray(v)) {
      throw new ShapeError(at, 'an array', v);
    }
    for (let i = 0; i < v.length; i++) {
      v[i] = c(v[i], `${at}[${i}]`);
    }
    return v;
  };

/** An array; null or absent becomes []. */
const list = (c: Check): FieldSpec => ({ check: (v, at) => (v === null ? [] : arr(c)(v, at)), absentAs: () => [] });
/** A nullable field that may also be absent (then stored as null). */
const nul = (c: Check): FieldSpec => ({ check: nullable(c), absentAs: () => null });
/** A field that may be absent or null (stays absent). */
const opt = (c: Check): FieldSpec => ({ check: nullable(c), optional: true });

export const obj =
  (fields: Record<string, FieldSpec | Check>): Check =>
  (v, at) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      throw new ShapeError(at, 'an object', v);
    }
    const o = v as Record<string, unknown>;
    for (const [key, specOrCheck] of Object.entries(fields)) {
      const spec = typeof specOrCheck === 'function' ? { check: specOrCheck } : specOrCheck;
      const where = at ? `${at}.${key}` : key;
      if (!(key in o) || o[key] === undefined) {
        if (spec.optional) {
          continue;
        }
        if (spec.absentAs) {
          o[key] = spec.absentAs();
          continue;
        }
        throw new ShapeError(where, 'a value', undefined);
      }
      o[key] = spec.check(o[key], where);
    }
    return o;
  };

const linked = { url: str, html_url: str };

const member = obj({
  ...linked,
  id: int,
  name: str,
  avatar_url: nul(str),
  email: nul(str),
  admin: f(bool, { absentAs: () => false }),
  workspace_owner: f(bool, { absentAs: () => false }),
});

const workspace = obj({ ...linked, id: int, name: str, domain: nul(str) });

const user = obj({ ...linked, id: int, name: str, avatar_url: nul(str), email: nul(str), workspaces_url: nul(str) });

const tokenInfo = obj({ id: strOrInt, name: nul(str), expires_at: nul(date), scopes: list(str) });

const projectRefFields = { ...linked, name: str, display_name: str, status: str };
const projectRef = obj(projectRefFields);
const project = obj({
  ...projectRefFields,
  create_date: nul(date),
  created_by: nul(member),
  http_repository: nul(str),
  ssh_repository: nul(str),
  default_branch: nul(str),
});

const pipeline = obj({
  ...linked,
  id: int,
  name: str,
  on: nul(str),
  refs: nul(arr(str)),
  last_execution_status: nul(str),
  last_execution_revision: nul(str),
});

const action = obj({ ...linked, id: int, name: str, type: str });

const pipelineRef = obj({ ...linked, id: int, name: str });

const targetSummaryFields = {
  ...linked,
  id: strFromNum,
  identifier: str,
  name: str,
  type: str,
  host: opt(str),
  port: opt(strFromNum),
  path: opt(str),
  tags: list(str),
  all_pipelines_allowed: bool,
};
const targetSummary = obj(targetSummaryFields);
const target = obj({
  ...targetSummaryFields,
  permissions: opt(obj({ others: nul(str), users: list(obj({ id: int, access_level: str })) })),
  auth: opt(obj({ method: nul(str), username: opt(str), password: opt(str) })),
  allowed_pipelines: list(pipelineRef),
});

const commitSummaryFields = {
  ...linked,
  revision: str,
  author_date: date,
  commit_date: date,
  message: f((v, at) => (v === null ? '' : str(v, at))),
  author: nul(member),
  committer: nul(member),
};
const commitSummary = obj(commitSummaryFields);
const commitFile = obj({
  file_name: str,
  status: str,
  additions: int,
  deletions: int,
  total: int,
  patch: nul(str),
});
const commit = obj({
  ...commitSummaryFields,
  stats: obj({ additions: int, deletions: int, total: int }),
  files: list(commitFile),
  content_url: nul(str),
  parents: list(obj({ ...linked, revision: str })),
});

const variable = obj({
  url: str,
  id: int,
  key: str,
  value: f((v, at) => (v === null ? '' : str(v, at)), { absentAs: () => '' }),
  type: f(str, { absentAs: () => 'VAR' }),
  encrypted: opt(bool),
  description: opt(str),
  settable: opt(bool),
  run_only_settable: opt(bool),
  file_path: opt(str),
  file_chmod: opt(strFromNum),
  file_place: opt(str),
  public_value: opt(str),
  key_fingerprint: opt(str),
  checksum: opt(str),
  project: opt(projectRef),
});

const envelope = (key: string, item: Check): Check => {
  const c = obj({ [key]: arr(item) });
  return (v, at) => (c(v, at) as Record<string, unknown>)[key];
};

/** Validators per answer; each returns the (same, possibly normalised) value typed. */
export const validators = {
  user: user as (v: unknown, at: string) => User,
  tokenInfo: tokenInfo as (v: unknown, at: string) => TokenInfo,
  workspaces: envelope('workspaces', workspace) as (v: unknown, at: string) => Workspace[],
  projects: envelope('projects', projectRef) as (v: unknown, at: string) => ProjectRef[],
  project: project as (v: unknown, at: string) => Project,
  pipelines: envelope('pipelines', pipeline) as (v: unknown, at: string) => Pipeline[],
  actions: envelope('actions', action) as (v: unknown, at: string) => Action[],
  targets: envelope('targets', targetSummary) as (v: unknown, at: string) => TargetSummary[],
  target: target as (v: unknown, at: string) => Target,
  commits: envelope('commits', commitSummary) as (v: unknown, at: string) => CommitSummary[],
  commit: commit as (v: unknown, at: string) => Commit,
  variable: variable as (v: unknown, at: string) => Variable,
  variables: envelope('variables', variable) as (v: unknown, at: string) => Variable[],
};
