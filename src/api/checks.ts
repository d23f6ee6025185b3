// The check combinators the validators are written in: each check validates (and may normalise) a
// value and names where it failed (ShapeError, with the path built on the way out); objects and
// lists are compiled once; a tolerant list leaves a bad item out and records it (itemProblems).
import { addProblem, MAX_LEFT_OUT, prefixProblems } from './tolerant';

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

  /** The message for the current path. */
  protected render(): string {
    return shapeMessage(this._at, this.expected, this.got);
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
    this.message = this.render();
    return this;
  }
}

/**
 * A list with more unreadable items than a list may leave out (MAX_LEFT_OUT): the whole answer is
 * refused with this one error, instead of a row and a log line per item. `got` is how many items
 * the list had; the reading stopped at the first item past the limit.
 */
export class TooManyLeftOutError extends ShapeError {
  constructor(sent: number) {
    super('', `at most ${MAX_LEFT_OUT}`, sent);
    this.name = 'TooManyLeftOutError';
    this.message = this.render();
  }

  protected override render(): string {
    return `${this.at || 'answer'}: more than ${MAX_LEFT_OUT} of its ${String(this.got)} items could not be read (expected ${this.expected})`;
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
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/**
 * A check validates (and may normalise) a value; it returns the value to store. It throws a
 * ShapeError whose path is relative to the value checked (the enclosing checks prefix it).
 */
export type Check = (v: unknown) => unknown;

export interface FieldSpec {
  check: Check;
  /** absent is fine, and stays absent */
  optional?: boolean;
  /** value to store when the field is absent (tolerance), instead of failing */
  absentAs?: () => unknown;
}

export const field = (check: Check, extra: Omit<FieldSpec, 'check'> = {}): FieldSpec => ({ check, ...extra });

export const str: Check = (v) => {
  if (typeof v !== 'string') {
    throw new ShapeError('', 'a string', v);
  }
  return v;
};
export const int: Check = (v) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw new ShapeError('', 'a number', v);
  }
  return v;
};
export const bool: Check = (v) => {
  if (typeof v !== 'boolean') {
    throw new ShapeError('', 'a boolean', v);
  }
  return v;
};
export const strOrInt: Check = (v) => {
  if (typeof v !== 'string' && typeof v !== 'number') {
    throw new ShapeError('', 'a string or number', v);
  }
  return v;
};
/** A string, or a number turned into its string (ports). */
export const strFromNum: Check = (v) => (typeof v === 'number' ? String(v) : str(v));

const nullable =
  (c: Check): Check =>
  (v) =>
    v === null ? null : c(v);

export const arr =
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
export const list = (c: Check): FieldSpec => {
  const a = arr(c);
  return { check: (v) => (v === null ? [] : a(v)), absentAs: empty };
};
/** A nullable field that may also be absent (then stored as null). */
export const nul = (c: Check): FieldSpec => ({ check: nullable(c), absentAs: absentNull });
/** A field that may be absent or null (stays absent). */
export const opt = (c: Check): FieldSpec => ({ check: nullable(c), optional: true });

/** What to do with an absent field: fail, leave it absent, or store a value. */
const REQUIRED = 0;
const OPTIONAL = 1;
const DEFAULTED = 2;

/** An object check, compiled once: flat arrays of keys and checks, no allocation on success. */
export const obj = (fields: Record<string, FieldSpec | Check>): Check => {
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
    let leftOut = 0;
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      try {
        good.push(c(x));
      } catch (e) {
        if (e instanceof TooManyLeftOutError) {
          // A list inside this item refuses the whole answer, not just the item.
          throw e.within(`[${i}]`);
        }
        if (!(e instanceof ShapeError)) {
          throw e;
        }
        leftOut++;
        if (leftOut > MAX_LEFT_OUT) {
          throw new TooManyLeftOutError(v.length);
        }
        addProblem(good, i, reasonOf(e), x);
      }
    }
    return good;
  };

/** A tolerant list field: null or absent becomes []. */
export const items = (c: Check): FieldSpec => ({ check: tolerantArr(c), absentAs: empty });

/** An object check, then `extra` on the checked object (a rule between fields). */
export const withRule =
  (c: Check, rule: (o: Record<string, unknown>) => void): Check =>
  (v) => {
    const o = c(v) as Record<string, unknown>;
    rule(o);
    return o;
  };

/** The list of a list answer: an object with `key`, whose bad items are left out and recorded. */
export const envelope = (key: string, item: Check): Check => {
  const c = obj({ [key]: items(item) });
  return (v) => (c(v) as Record<string, unknown>)[key];
};

/** A validator of a whole answer: `at` ('' for the answer itself) is put in front of a failure's path. */
export const answer =
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

/**
 * An object check that first reads fields the real service writes in another casing: for each
 * field absent here, the first of its other names present (`triggered_on` ← `triggeredOn`). The
 * other names stay on the object, like any unknown field.
 */
export const aliased = (names: Record<string, readonly string[]>, c: Check): Check => {
  const fields = Object.keys(names);
  return (v) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      for (const f of fields) {
        if (o[f] === undefined) {
          const other = names[f].find((n) => o[n] !== undefined);
          if (other !== undefined) {
            o[f] = o[other];
          }
        }
      }
    }
    return c(v);
  };
};

/** Any value as a line of text: a string as it is, null as '', anything else as its JSON text. */
export const text: Check = (v) => (typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
