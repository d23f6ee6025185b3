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
  private _at: string;

  constructor(
    at: string,
    readonly expected: string,
    readonly got: unknown,
  ) {
    super(shapeMessage(at, expected, got));
    this._at = at;
    this.name = 'ShapeError';
  }

  /** Where in the answer, e.g. `commits[3].author_date` ('' for the answer itself). */
  get at(): string {
    return this._at;
  }

  /**
   * Puts `outer` (a key, `[i]`, or a whole path) in front of the path. The checks build the path
   * only this way, on the way out of a failure, so that the success path concatenates no string.
   */
  within(outer: string): this {
    this._at = joinPath(outer, this._at);
    this.message = shapeMessage(this._at, this.expected, this.got);
    return this;
  }
}

function shapeMessage(at: string, expected: string, got: unknown): string {
  return `${at || 'answer'}: expected ${expected}, got ${describe(got)}`;
}

/** `a` + `b` as the checks used to write it top down: `a.b`, `a[0]`, `a` when b is ''. */
function joinPath(outer: string, inner: string): string {
  if (!outer) {
    return inner;
  }
  if (!inner) {
    return outer;
  }
  return inner.charCodeAt(0) === 0x5b /* [ */ ? outer + inner : `${outer}.${inner}`;
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

/**
 * A check validates (and may normalise) a value; it returns the value to store. It throws a
 * ShapeError whose path is relative to the value checked (the enclosing checks prefix it).
 */
export type Check = (v: unknown) => unknown;

interface FieldSpec {
  check: Check;
  /** absent is fine, and stays absent */
  optional?: boolean;
  /** value to store when the field is absent (tolerance), instead of failing */
  absentAs?: () => unknown;
}

const f = (check: Check, extra: Omit<FieldSpec, 'check'> = {}): FieldSpec => ({ check, ...extra });

const str: Check = (v) => {
  if (typeof v !== 'string') {
    throw new ShapeError('', 'a string', v);
  }
  return v;
};
const int: Check = (v) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new ShapeError('', 'a number', v);
  }
  return v;
};
const bool: Check = (v) => {
  if (typeof v !== 'boolean') {
    throw new ShapeError('', 'a boolean', v);
  }
  return v;
};
const date: Check = (v) => {
  if (typeof v !== 'string' || !(isPlainUtcDate(v) || parseApiDate(v) !== undefined)) {
    throw new ShapeError('', 'a date (yyyy-MM-ddTHH:mm:ssZ)', v);
  }
  return v;
};
const strOrInt: Check = (v) => {
  if (typeof v !== 'string' && typeof v !== 'number') {
    throw new ShapeError('', 'a string or number', v);
  }
  return v;
};
/** A string, or a number turned into its string (ports). */
const strFromNum: Check = (v) => (typeof v === 'number' ? String(v) : str(v));

/**
 * The common case of a date, without a regular expression or a Date: exactly
 * `yyyy-MM-ddTHH:mm:ssZ`, year 100 or later, a real day, 00:00:00 to 23:59:59. Anything else
 * (offsets, fractions, lower case, a leap second, early years…) is left to parseApiDate, so what
 * is accepted is exactly what parseApiDate accepts.
 */
function isPlainUtcDate(s: string): boolean {
  if (s.length !== 20 || s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d || s.charCodeAt(10) !== 0x54) {
    return false;
  }
  if (s.charCodeAt(13) !== 0x3a || s.charCodeAt(16) !== 0x3a || s.charCodeAt(19) !== 0x5a) {
    return false;
  }
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  const h = digits(s, 11, 2);
  const mi = digits(s, 14, 2);
  const sec = digits(s, 17, 2);
  if (y < 100 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || sec > 59) {
    // also every -1 (not digits)
    return false;
  }
  return d <= daysInMonth(y, mo);
}

/** The decimal number of s[at, at+n), or -1 unless all are ASCII digits. */
function digits(s: string, at: number, n: number): number {
  let x = 0;
  for (let i = at; i < at + n; i++) {
    const c = s.charCodeAt(i) - 0x30;
    if (c < 0 || c > 9) {
      return -1;
    }
    x = x * 10 + c;
  }
  return x;
}

function daysInMonth(y: number, mo: number): number {
  if (mo === 2) {
    return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  }
  return mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31;
}

const nullable =
  (c: Check): Check =>
  (v) =>
    v === null ? null : c(v);

const arr =
  (c: Check): Check =>
  (v) => {
    if (!Array.isArray(v)) {
      throw new ShapeError('', 'an array', v);
    }
    let i = 0;
    try {
      for (; i < v.length; i++) {
        const x: unknown = v[i];
        const y = c(x);
        if (y !== x) {
          v[i] = y;
        }
      }
    } catch (e) {
      throw e instanceof ShapeError ? e.within(`[${i}]`) : e;
    }
    return v;
  };

const empty = (): unknown[] => [];
const absentNull = (): null => null;

/** An array; null or absent becomes []. */
const list = (c: Check): FieldSpec => {
  const a = arr(c);
  return { check: (v) => (v === null ? [] : a(v)), absentAs: empty };
};
/** A nullable field that may also be absent (then stored as null). */
const nul = (c: Check): FieldSpec => ({ check: nullable(c), absentAs: absentNull });
/** A field that may be absent or null (stays absent). */
const opt = (c: Check): FieldSpec => ({ check: nullable(c), optional: true });

/** What to do with an absent field: fail, leave it absent, or store a value. */
const REQUIRED = 0;
const OPTIONAL = 1;
const DEFAULTED = 2;

/** An object check, compiled once: flat arrays of keys and checks, no allocation on success. */
const obj = (fields: Record<string, FieldSpec | Check>): Check => {
  const keys = Object.keys(fields);
  const n = keys.length;
  const checks: Check[] = [];
  const modes: number[] = [];
  const absent: ((() => unknown) | undefined)[] = [];
  for (const key of keys) {
    const specOrCheck = fields[key];
    const spec = typeof specOrCheck === 'function' ? { check: specOrCheck } : specOrCheck;
    checks.push(spec.check);
    modes.push(spec.optional ? OPTIONAL : spec.absentAs ? DEFAULTED : REQUIRED);
    absent.push(spec.optional ? undefined : spec.absentAs);
  }
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      throw new ShapeError('', 'an object', v);
    }
    const o = v as Record<string, unknown>;
    let i = 0;
    try {
      for (; i < n; i++) {
        const key = keys[i];
        // (no field name is a property of Object.prototype, so this is `!(key in o) || o[key] === undefined`)
        const x = o[key];
        if (x === undefined) {
          const mode = modes[i];
          if (mode === OPTIONAL) {
            continue;
          }
          if (mode === DEFAULTED) {
            o[key] = (absent[i] as () => unknown)();
            continue;
          }
          throw new ShapeError('', 'a value', undefined);
        }
        const y = checks[i](x);
        if (y !== x) {
          o[key] = y;
        }
      }
    } catch (e) {
      throw e instanceof ShapeError ? e.within(keys[i]) : e;
    }
    return o;
  };
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
  message: f((v) => (v === null ? '' : str(v))),
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
  value: f((v) => (v === null ? '' : str(v)), { absentAs: () => '' }),
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
  return (v) => (c(v) as Record<string, unknown>)[key];
};

/** A validator of a whole answer: `at` ('' for the answer itself) is put in front of a failure's path. */
const answer =
  <T>(c: Check) =>
  (v: unknown, at: string): T => {
    if (!at) {
      return c(v) as T;
    }
    try {
      return c(v) as T;
    } catch (e) {
      throw e instanceof ShapeError ? e.within(at) : e;
    }
  };

/** Validators per answer; each returns the (same, possibly normalised) value typed. */
export const validators = {
  user: answer<User>(user),
  tokenInfo: answer<TokenInfo>(tokenInfo),
  workspaces: answer<Workspace[]>(envelope('workspaces', workspace)),
  projects: answer<ProjectRef[]>(envelope('projects', projectRef)),
  project: answer<Project>(project),
  pipelines: answer<Pipeline[]>(envelope('pipelines', pipeline)),
  actions: answer<Action[]>(envelope('actions', action)),
  targets: answer<TargetSummary[]>(envelope('targets', targetSummary)),
  target: answer<Target>(target),
  commits: answer<CommitSummary[]>(envelope('commits', commitSummary)),
  commit: answer<Commit>(commit),
  variable: answer<Variable>(variable),
  variables: answer<Variable[]>(envelope('variables', variable)),
};
