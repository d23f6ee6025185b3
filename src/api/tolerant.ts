// The tolerant reader's shared parts: the items of a list that could not be read (one odd item
// never loses the list), the display fallbacks for fields the real service may leave out, and the
// identity of a list item (to drop the repeats of a server that does not page).
import { jsonText, valueExcerpt } from './redact';

/** An item of a list answer that was left out because the code cannot work without what it lacks. */
export interface ItemProblem {
  /** Where in the answer, e.g. `targets[1]`. */
  readonly at: string;
  /** What is wrong, in words that name the item: `targets[1]: no id`. */
  readonly message: string;
  /** A short, redacted excerpt of the item, for the log and the error row's tooltip. */
  readonly excerpt: string;
  /** The best name the item has (identifier, name, key…), when it has one. */
  readonly label: string | undefined;
}

/** A problem while it is being found: its path grows as the enclosing checks add their part. */
interface PendingProblem {
  at: string;
  /** The reason inside the item, e.g. `no id` or `id: expected a number, got a string`. */
  reason: string;
  item: unknown;
}

/**
 * The most items one list may leave out: past that the answer is refused as a whole (one error
 * naming the count), so that a hostile page of unreadable items costs neither a row and a log
 * line per item nor the time to read them all.
 */
export const MAX_LEFT_OUT = 100;

const pending = new WeakMap<readonly unknown[], PendingProblem[]>();
const finished = new WeakMap<readonly unknown[], ItemProblem[]>();

/** The items left out of `list` (a list the client returned), in the order of the answer. */
export function itemProblems(list: readonly unknown[]): readonly ItemProblem[] {
  return finished.get(list) ?? pendingAsFinished(list);
}

/** How many items the server sent for this page, the left-out ones included (paging counts them). */
export function sentCount(list: readonly unknown[]): number {
  return list.length + (finished.get(list)?.length ?? pending.get(list)?.length ?? 0);
}

/** Records a left-out item of `list` (used by the validators). */
export function addProblem(list: readonly unknown[], index: number, reason: string, item: unknown): void {
  let all = pending.get(list);
  if (!all) {
    all = [];
    pending.set(list, all);
  }
  all.push({ at: `[${index}]`, reason, item });
}

/** Puts `outer` (a field name) in front of the paths of `list`'s problems; no-op without any. */
export function prefixProblems(list: readonly unknown[], outer: string): void {
  const all = pending.get(list);
  if (all) {
    for (const p of all) {
      p.at = outer + p.at;
    }
  }
}

/**
 * Turns the problems of `value` (a list, or an object whose fields are lists) into their final,
 * redacted form (`secrets`: exact strings to remove too, such as the token) and returns them all.
 */
export function finishProblems(value: unknown, secrets: readonly string[] = []): ItemProblem[] {
  const out: ItemProblem[] = [];
  const finish = (list: readonly unknown[]): void => {
    const all = pending.get(list);
    if (!all) {
      return;
    }
    pending.delete(list);
    const done = all.map((p) => finishOne(p, secrets));
    finished.set(list, done);
    // One at a time: a spread of a long list overflows the call stack.
    for (const p of done) {
      out.push(p);
    }
  };
  if (Array.isArray(value)) {
    finish(value);
  } else if (value && typeof value === 'object') {
    for (const field of Object.values(value as Record<string, unknown>)) {
      if (Array.isArray(field)) {
        finish(field);
      }
    }
  }
  return out;
}

function pendingAsFinished(list: readonly unknown[]): readonly ItemProblem[] {
  const all = pending.get(list);
  return all ? all.map((p) => finishOne(p, [])) : [];
}

function finishOne(p: PendingProblem, secrets: readonly string[]): ItemProblem {
  return {
    at: p.at,
    message: `${p.at}: ${p.reason}`,
    excerpt: valueExcerpt(withoutLinks(p.item), 200, secrets),
    label: labelOf(p.item),
  };
}

/** The item without its links (long, and no help in telling what is wrong). */
function withoutLinks(item: unknown): unknown {
  if (!item || typeof item !== 'object' || Array.isArray(item)) {
    return item;
  }
  const { url: _url, html_url: _htmlUrl, ...rest } = item as Record<string, unknown>;
  return rest;
}

/** The first non-empty name-like string of a (possibly broken) item. */
function labelOf(item: unknown): string | undefined {
  if (!item || typeof item !== 'object') {
    return undefined;
  }
  const o = item as Record<string, unknown>;
  for (const k of ['name', 'display_name', 'identifier', 'key', 'domain', 'revision', 'file_name']) {
    const v = o[k];
    if (typeof v === 'string' && v.trim()) {
      return v;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Display fallbacks

export const UNNAMED = '(unnamed)';

/** The first non-empty string of `candidates`, else "(unnamed)": `name` → identifier → type. */
export function firstName(...candidates: unknown[]): string {
  for (const c of candidates) {
    if (typeof c === 'string' && c.trim()) {
      return c;
    }
  }
  return UNNAMED;
}

/** How to call a target: name → identifier → type → "(unnamed)". */
export function targetName(t: { name?: string | null; identifier?: string | null; type?: string | null }): string {
  return firstName(t.name, t.identifier, t.type);
}

/** How to call a pipeline: name → identifier → "pipeline <id>". */
export function pipelineName(p: { name?: string | null; identifier?: string | null; id?: number }): string {
  const name = firstName(p.name, p.identifier);
  return name === UNNAMED && typeof p.id === 'number' ? `pipeline ${p.id}` : name;
}

/** How to call an action: name → type → "(unnamed)". */
export function actionName(a: { name?: string | null; type?: string | null }): string {
  return firstName(a.name, a.type);
}

/** How to call a project: display name → name. */
export function projectName(p: { name: string; display_name?: string | null }): string {
  return firstName(p.display_name, p.name);
}

/** How to call a workspace: name → domain. */
export function workspaceName(w: { name?: string | null; domain: string }): string {
  return firstName(w.name, w.domain);
}

/** How to call a person (member, non-member author, user): name → e-mail → "(unknown)". */
export function personName(m: { name?: string | null; email?: string | null } | null | undefined): string | undefined {
  if (!m) {
    return undefined;
  }
  const name = firstName(m.name, m.email);
  return name === UNNAMED ? undefined : name;
}

// ---------------------------------------------------------------------------------------------
// Pipelines: both trigger models

/** The trigger of a pipeline in the `on` vocabulary (CLICK, EVENT, SCHEDULE), from `on` or `trigger_mode`. */
export function pipelineTrigger(p: { on?: string | null; trigger_mode?: string | null }): string | undefined {
  if (typeof p.on === 'string' && p.on) {
    return p.on;
  }
  switch (p.trigger_mode) {
    case undefined:
    case null:
    case '':
      return undefined;
    case 'MANUAL':
      return 'CLICK';
    case 'ON_EVERY_PUSH':
      return 'EVENT';
    case 'SCHEDULED':
      return 'SCHEDULE';
    default:
      return p.trigger_mode;
  }
}

/** The refs a pipeline runs on, from `refs` or the older `ref_name`. */
export function pipelineRefs(p: { refs?: readonly string[] | null; ref_name?: string | null }): string[] {
  if (Array.isArray(p.refs)) {
    return [...p.refs];
  }
  return typeof p.ref_name === 'string' && p.ref_name ? [p.ref_name] : [];
}

// ---------------------------------------------------------------------------------------------
// Identity of list items

/**
 * The identity of a list item, to drop an item seen on an earlier page: the fields that name it
 * (id, revision, key, name, domain, identifier with type), or its whole JSON when it has none.
 */
export function identityOf(item: unknown): string {
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    if (typeof o.id === 'string' || typeof o.id === 'number') {
      return `id:${String(o.id)}`;
    }
    if (typeof o.revision === 'string') {
      return `revision:${o.revision}`;
    }
    if (typeof o.domain === 'string') {
      return `domain:${o.domain}`;
    }
    if (typeof o.identifier === 'string') {
      return `identifier:${String(o.type)}:${o.identifier}`;
    }
    if (typeof o.name === 'string') {
      return `name:${o.name}`;
    }
  }
  return `json:${jsonText(item)}`;
}
