// (About 450 lines: the check combinators and the validator of every answer read best side by side.)
// Tiny hand-written validators, tolerant by design: an answer is checked at the edge for what the
// code needs to work (ids, keys, revisions, a project's name, a target's id where opening it needs
// it), so that a missing identity becomes an error here instead of a crash later in a view. Display
// fields may be absent or null (the views fall back: see tolerant.ts). One bad item of a list never
// loses the list: it is left out and recorded (itemProblems), the good items stay. The checked
// object is returned as it is: unknown extra fields and unknown enum values are kept. A few
// normalisations: an absent nullable field becomes null, a null list becomes [], a numeric `port`
// becomes a string, a null variable `value` becomes ''.
import { addProblem, prefixProblems } from './tolerant';
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

export function describe(v: unknown): string {
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
const strOrInt: Check = (v) => {
  if (typeof v !== 'string' && typeof v !== 'number') {
    throw new ShapeError('', 'a string or number', v);
  }
  return v;
};
/** A string, or a number turned into its string (ports). */
const strFromNum: Check = (v) => (typeof v === 'number' ? String(v) : str(v));

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
          if (Array.isArray(y)) {
            // A tolerant list (a new array): its left-out items are named from here.
            prefixProblems(y, key);
          }
        }
      }
    } catch (e) {
      throw e instanceof ShapeError ? e.within(keys[i]) : e;
    }
    return o;
  };
};

/** Why an item was left out, in words: `no id`, or `port: expected a string or number, got an object`. */
function reasonOf(e: ShapeError): string {
  if (e.got === undefined || e.got === null) {
    return e.at ? `no ${e.at}` : `expected ${e.expected}, got ${describe(e.got)}`;
  }
  return `${e.at ? `${e.at}: ` : ''}expected ${e.expected}, got ${describe(e.got)}`;
}

/**
 * A list whose items that fail `c` are left out and recorded (itemProblems), instead of failing the
 * whole answer. Always returns a new array (so that the enclosing object check names its problems).
 */
const tolerantArr =
  (c: Check): Check =>
  (v) => {
    if (v === null || v === undefined) {
      return [];
    }
    if (!Array.isArray(v)) {
      throw new ShapeError('', 'an array', v);
    }
    const good: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      try {
        good.push(c(x));
      } catch (e) {
        if (!(e instanceof ShapeError)) {
          throw e;
        }
        addProblem(good, i, reasonOf(e), x);
      }
    }
    return good;
  };

/** A tolerant list field: null or absent becomes []. */
const items = (c: Check): FieldSpec => ({ check: tolerantArr(c), absentAs: empty });

/** An object check, then `extra` on the checked object (a rule between fields). */
const withRule =
  (c: Check, rule: (o: Record<string, unknown>) => void): Check =>
  (v) => {
    const o = c(v) as Record<string, unknown>;
    rule(o);
    return o;
  };

// url and html_url are links for people: absent in many of the real service's list items.
const linked = { url: opt(str), html_url: opt(str) };

/** A member, or someone who is not one (a commit author known only by `{name, email}`). */
const member = obj({
  ...linked,
  id: opt(int),
  name: opt(str),
  avatar_url: opt(str),
  email: opt(str),
  admin: opt(bool),
  workspace_owner: opt(bool),
});

/** `domain` names the workspace in every path. */
const workspace = obj({ ...linked, id: opt(int), name: opt(str), domain: str });

/** Every field of GET /user is optional in the reference. */
const user = obj({ ...linked, id: opt(int), name: opt(str), avatar_url: opt(str), email: opt(str), workspaces_url: opt(str) });

/** The scope list is a hint only (absent: unknown); `id` is an opaque string or a number. */
const tokenInfo = obj({
  id: opt(strOrInt),
  name: opt(str),
  expires_at: opt(str),
  expires_in: opt(int),
  scopes: opt(arr(str)),
  ip_restrictions: opt(arr(str)),
  workspace_restrictions: opt(arr(str)),
});

/** A project's `name` is in every path under it. */
const projectRefFields = { ...linked, name: str, display_name: opt(str), status: opt(str) };
const projectRef = obj(projectRefFields);
const project = obj({
  ...projectRefFields,
  create_date: nul(str),
  created_by: nul(member),
  http_repository: nul(str),
  ssh_repository: nul(str),
  default_branch: nul(str),
});

/** `id` is in the paths of actions and in variable scopes; `on`/`refs` or `trigger_mode`/`ref_name`. */
const pipeline = obj({
  ...linked,
  id: int,
  name: opt(str),
  identifier: opt(str),
  on: nul(str),
  refs: nul(arr(str)),
  trigger_mode: opt(str),
  ref_name: opt(str),
  last_execution_status: nul(str),
  last_execution_revision: nul(str),
});

const action = obj({ ...linked, id: int, name: opt(str), type: opt(str) });

/** An allowed pipeline: its `id` is what "may this pipeline use the target" compares. */
const pipelineRef = obj({ ...linked, id: int, name: opt(str) });

const targetSummaryFields = {
  ...linked,
  id: opt(strFromNum),
  identifier: opt(str),
  name: opt(str),
  type: opt(str),
  host: opt(str),
  port: opt(strFromNum),
  path: opt(str),
  tags: list(str),
  all_pipelines_allowed: opt(bool),
  pipelines_access_level: opt(str),
  scope: opt(str),
  auth: opt(obj({ method: opt(str), username: opt(str), password: opt(str) })),
};
/** A target is opened by its `id`; only a MATCH item (a filter, never opened) may come without one. */
const targetIdRule = (o: Record<string, unknown>): void => {
  if (o.id === undefined && o.type !== 'MATCH') {
    throw new ShapeError('id', 'a value', undefined);
  }
};
const targetSummary = withRule(obj(targetSummaryFields), targetIdRule);
const target = withRule(
  obj({
    ...targetSummaryFields,
    permissions: opt(obj({ others: opt(str), users: items(obj({ id: opt(int), access_level: opt(str) })) })),
    allowed_pipelines: items(pipelineRef),
    sandboxes_access_level: opt(str),
    disabled: opt(bool),
  }),
  targetIdRule,
);

/** A commit is opened by its `revision`; dates and people are for display. */
const commitSummaryFields = {
  ...linked,
  revision: str,
  short_revision: opt(str),
  author_date: nul(str),
  commit_date: nul(str),
  message: f((v) => (v === null ? '' : str(v)), { absentAs: () => '' }),
  author: nul(member),
  committer: nul(member),
};
const commitSummary = obj(commitSummaryFields);
/** A changed file is shown by its `file_name`. */
const commitFile = obj({
  file_name: str,
  status: opt(str),
  additions: opt(int),
  deletions: opt(int),
  total: opt(int),
  patch: nul(str),
});
const commit = obj({
  ...commitSummaryFields,
  stats: nul(obj({ additions: opt(int), deletions: opt(int), total: opt(int) })),
  files: items(commitFile),
  content_url: nul(str),
  parents: items(obj({ ...linked, revision: str })),
});

/** A variable is changed and deleted by its `id`; its `key` is what people and pipelines use. */
const variable = obj({
  ...linked,
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

/** The list of a list answer: an object with `key`, whose bad items are left out and recorded. */
const envelope = (key: string, item: Check): Check => {
  const c = obj({ [key]: items(item) });
  return (v) => (c(v) as Record<string, unknown>)[key];
};

/** A validator of a whole answer: `at` ('' for the answer itself) is put in front of a failure's path. */
const answer =
  <T>(c: Check) =>
  (v: unknown, at: string): T => {
    if (!at) {
      return c(v) as T;
    }
    let out: unknown;
    try {
      out = c(v);
    } catch (e) {
      throw e instanceof ShapeError ? e.within(at) : e;
    }
    if (Array.isArray(out)) {
      prefixProblems(out, at);
    }
    return out as T;
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
