// One job: read a pipeline file into what the editor needs — its pipelines, actions, variables,
// targets, the `$NAME` references with their exact ranges, and the problems the schema finds —
// bounded (size, aliases, depth) and without vscode. Problems carry a code and arguments; the
// words are the editor side's (messages.ts), so this bundle needs no translations.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { actionSchema, pipelineSchema, propertiesOf } from './schema';

/** A file over this many characters is not analysed (one information says so). */
export const MAX_FILE_CHARS = 2 * 1024 * 1024;
/** Aliases expanded at most when the file is checked against the schema. */
export const MAX_ALIAS_COUNT = 100;
/** Collections nested deeper than this are not read further (one problem says so). */
export const MAX_DEPTH = 64;
/** Documents read at most from one file. */
export const MAX_DOCUMENTS = 20;

/** Offsets into the text, end exclusive. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface VariableDef {
  readonly key: string;
  readonly value: string;
  readonly encrypted: boolean;
  readonly description?: string;
  readonly settable: boolean;
  readonly span: Span;
}

export interface TargetRef {
  readonly id: string;
  readonly span: Span;
}

export interface InlineTarget {
  readonly id: string;
  readonly type?: string;
  readonly host?: string;
  readonly port?: string;
  readonly authMethod?: string;
  readonly span: Span;
}

export interface ActionModel {
  readonly name?: string;
  readonly type?: string;
  readonly span: Span;
  readonly variables: readonly VariableDef[];
  readonly targets: readonly TargetRef[];
  /** Names its shell commands set themselves (`export NAME=`, `NAME=`, `for NAME in`, `read NAME`). */
  readonly shellNames: ReadonlySet<string>;
}

export type Generation = 1 | 2 | 3;

export interface PipelineModel {
  /** The `pipeline` value: the identifier (current form) or the name (older ones). */
  readonly id: string;
  readonly name?: string;
  readonly generation: Generation;
  /** The `pipeline:` entry (key and value), where the lens goes. */
  readonly keySpan: Span;
  /** The whole pipeline object. */
  readonly span: Span;
  readonly variables: readonly VariableDef[];
  readonly actions: readonly ActionModel[];
  readonly targets: readonly InlineTarget[];
}

export interface VariableRef {
  readonly name: string;
  /** From `$` to the end of the name (or the closing brace). */
  readonly span: Span;
  readonly pipeline: number;
  readonly action?: number;
  /** Inside shell commands: the name may be the shell's own. */
  readonly shell: boolean;
}

export type ProblemCode =
  | 'syntax'
  | 'tooLarge'
  | 'aliases'
  | 'depth'
  | 'wrongType'
  | 'missingPipeline'
  | 'missingActionType'
  | 'notOneOf'
  | 'unknownKey'
  | 'oldestGeneration'
  | 'notAPipelineFile';

export interface Problem {
  readonly code: ProblemCode;
  readonly severity: 'error' | 'warning' | 'information';
  readonly span: Span;
  /** What the message names (a key, the expected type, the allowed values, …). */
  readonly args: readonly string[];
}

export interface Analysis {
  readonly pipelines: readonly PipelineModel[];
  readonly refs: readonly VariableRef[];
  readonly problems: readonly Problem[];
  /** Where each line starts (for the editor's positions). */
  readonly lineStarts: readonly number[];
}

const SHELL_KEYS = new Set(['execute_commands', 'setup_commands', 'commands', 'script', 'run_commands', 'command', 'shell_script']);
const REF = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

let validators: { pipeline: ValidateFunction; action: ValidateFunction } | undefined;

function compiled(): { pipeline: ValidateFunction; action: ValidateFunction } {
  // Compiled once per extension host (a few milliseconds), at the first file.
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    validators = { pipeline: ajv.compile({ ...pipelineSchema, properties: { ...pipelineSchema.properties, actions: { type: ['array', 'null'] } } }), action: ajv.compile(actionSchema) };
  }
  return validators;
}

function spanOf(node: Node | null | undefined, fallback: Span): Span {
  const r = node?.range;
  return r ? { start: r[0], end: Math.max(r[0], r[1]) } : fallback;
}

function str(node: unknown): string | undefined {
  if (isScalar(node) && node.value !== null && node.value !== undefined && typeof node.value !== 'object') {
    return String(node.value);
  }
  return undefined;
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isScalar(p.key) && p.key.value === key) as Pair | undefined;
}

function valueOf(map: YAMLMap, key: string): unknown {
  return pairOf(map, key)?.value;
}

function variablesOf(node: unknown, fallback: Span): VariableDef[] {
  if (!isSeq(node)) {
    return [];
  }
  const out: VariableDef[] = [];
  for (const item of node.items) {
    if (!isMap(item)) {
      continue;
    }
    const key = str(valueOf(item, 'key'));
    if (key === undefined) {
      continue;
    }
    const value = str(valueOf(item, 'value')) ?? '';
    const encryptedFlag = str(valueOf(item, 'encrypted'));
    const encrypted = encryptedFlag === 'true' || /^(secure!|!encrypted )/.test(value);
    const description = str(valueOf(item, 'description'));
    out.push({ key, value, encrypted, settable: str(valueOf(item, 'settable')) === 'true', span: spanOf(item, fallback), ...(description ? { description } : {}) });
  }
  return out;
}

function targetRefsOf(node: unknown, fallback: Span): TargetRef[] {
  const items = isSeq(node) ? node.items : node === undefined ? [] : [node];
  const out: TargetRef[] = [];
  for (const item of items) {
    const id = isMap(item) ? str(valueOf(item, 'target')) : str(item);
    if (id !== undefined && !id.includes('$')) {
      out.push({ id, span: spanOf(isMap(item) ? (pairOf(item, 'target')?.value as Node) : (item as Node), fallback) });
    }
  }
  return out;
}

function inlineTargetsOf(node: unknown, fallback: Span): InlineTarget[] {
  if (!isSeq(node)) {
    return [];
  }
  const out: InlineTarget[] = [];
  for (const item of node.items) {
    if (!isMap(item)) {
      continue;
    }
    const id = str(valueOf(item, 'target'));
    if (id === undefined) {
      continue;
    }
    const auth = valueOf(item, 'auth');
    const method = isMap(auth) ? str(valueOf(auth, 'method')) : undefined;
    out.push({ id, type: str(valueOf(item, 'type')), host: str(valueOf(item, 'host')), port: str(valueOf(item, 'port')), authMethod: method, span: spanOf(item, fallback) });
  }
  return out;
}

/** Names shell commands set: `export A=`, `A=`, `for A in`, `read A`, `local A=`, `declare A=`. */
export function shellAssigned(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/(?:^|[;&|\s(])(?:export\s+|local\s+|declare\s+(?:-\w+\s+)?|readonly\s+)?([A-Za-z_][A-Za-z0-9_]*)\+?=/g)) {
    names.add(m[1]);
  }
  for (const m of text.matchAll(/\b(?:for|select)\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\b/g)) {
    names.add(m[1]);
  }
  for (const m of text.matchAll(/\bread\s+(?:-\w+\s+)*([A-Za-z_][A-Za-z0-9_ ]*)/g)) {
    for (const n of m[1].trim().split(/\s+/)) {
      names.add(n);
    }
  }
  for (const m of text.matchAll(/\bexport\s+([A-Za-z_][A-Za-z0-9_]*)\b/g)) {
    names.add(m[1]);
  }
  return names;
}

function generationOf(map: YAMLMap): Generation {
  if (pairOf(map, 'trigger_mode') || pairOf(map, 'ref_name') || pairOf(map, 'trigger_condition')) {
    return 1;
  }
  return pairOf(map, 'on') ? 2 : 3;
}

/** Walks every scalar under `node` (never through aliases), with the key of its nearest pair. */
function walkScalars(node: unknown, key: string | undefined, depth: number, visit: (node: Node, key: string | undefined) => void, tooDeep: (node: Node) => void): void {
  if (depth > MAX_DEPTH) {
    tooDeep(node as Node);
    return;
  }
  if (isScalar(node)) {
    visit(node, key);
  } else if (isMap(node)) {
    for (const p of node.items) {
      const k = isScalar(p.key) ? String(p.key.value) : undefined;
      walkScalars(p.value, k ?? key, depth + 1, visit, tooDeep);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) {
      walkScalars(item, key, depth + 1, visit, tooDeep);
    }
  } else if (isPair(node)) {
    walkScalars(node.value, key, depth + 1, visit, tooDeep);
  }
}

/** The reference at each `$NAME` / `${NAME}` in the source text of a scalar (its exact place). */
function refsIn(text: string, node: Node, pipeline: number, action: number | undefined, shell: boolean, out: VariableRef[]): void {
  const r = node.range;
  if (!r) {
    return;
  }
  const source = text.slice(r[0], r[1]);
  if (!source.includes('$')) {
    return;
  }
  for (const m of source.matchAll(REF)) {
    const at = r[0] + (m.index ?? 0);
    // `$$NAME` is an escaped dollar in the service's fields and in make files alike.
    if (at > 0 && text[at - 1] === '$') {
      continue;
    }
    out.push({ name: m[1] ?? m[2], span: { start: at, end: at + m[0].length }, pipeline, ...(action === undefined ? {} : { action }), shell });
  }
}

function syntaxProblems(doc: Document.Parsed, text: string): Problem[] {
  return doc.errors.map((e) => {
    const start = Math.min(e.pos[0], text.length);
    const end = Math.min(Math.max(e.pos[1], start + 1), text.length);
    return { code: 'syntax' as const, severity: 'error' as const, span: { start, end }, args: [e.message.split('\n')[0]] };
  });
}

/** The node at a path of the JS value (ajv's instancePath), for the range of a schema problem. */
function nodeAt(root: Node, path: readonly string[]): Node | undefined {
  let node: unknown = root;
  for (const segment of path) {
    if (isMap(node)) {
      node = pairOf(node, segment)?.value ?? undefined;
    } else if (isSeq(node)) {
      node = node.items[Number(segment)];
    } else {
      return undefined;
    }
    if (isAlias(node)) {
      return undefined;
    }
  }
  return node as Node | undefined;
}

function schemaProblems(errors: readonly ErrorObject[] | null | undefined, root: Node, fallback: Span): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    const path = e.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    let problem: Problem | undefined;
    if (e.keyword === 'required') {
      const missing = String((e.params as { missingProperty: string }).missingProperty);
      const at = nodeAt(root, path);
      const span = at ? { start: spanOf(at, fallback).start, end: Math.min(spanOf(at, fallback).end, spanOf(at, fallback).start + 1) } : fallback;
      problem = { code: missing === 'pipeline' ? 'missingPipeline' : 'missingActionType', severity: 'error', span, args: [missing] };
    } else if (e.keyword === 'type') {
      const at = nodeAt(root, path);
      problem = { code: 'wrongType', severity: 'error', span: spanOf(at, fallback), args: [path[path.length - 1] ?? '', String((e.params as { type: string | string[] }).type)] };
    } else if (e.keyword === 'enum') {
      const at = nodeAt(root, path);
      const allowed = ((e.params as { allowedValues: unknown[] }).allowedValues ?? []).filter((v) => v !== null).map(String);
      problem = { code: 'notOneOf', severity: 'warning', span: spanOf(at, fallback), args: [path[path.length - 1] ?? '', allowed.join(', ')] };
    }
    if (problem) {
      const key = `${problem.code}:${problem.span.start}:${problem.span.end}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(problem);
      }
    }
  }
  return out;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}

/** The documented key a pipeline-level key is one or two letters away from, if any. */
export function nearKey(key: string, known: readonly string[]): string | undefined {
  if (known.includes(key)) {
    return undefined;
  }
  let best: string | undefined;
  let bestDistance = key.length >= 6 ? 2 : 1;
  for (const k of known) {
    const d = editDistance(key, k);
    if (d <= bestDistance && (best === undefined || d < bestDistance)) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** The pipeline objects of a document: its top-level map, or the maps of its top-level list. */
function pipelineMaps(doc: Document.Parsed): YAMLMap[] {
  const c = doc.contents;
  if (isMap(c)) {
    return [c as unknown as YAMLMap];
  }
  if (isSeq(c)) {
    return c.items.filter((i) => isMap(i)) as unknown as YAMLMap[];
  }
  return [];
}

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    starts.push(i + 1);
  }
  return starts;
}

/** Reads a pipeline file. Never throws: what cannot be read is a problem. */
export function analyze(text: string): Analysis {
  const whole: Span = { start: 0, end: Math.min(text.length, 1) };
  if (text.length > MAX_FILE_CHARS) {
    return { pipelines: [], refs: [], problems: [{ code: 'tooLarge', severity: 'information', span: whole, args: [String(MAX_FILE_CHARS)] }], lineStarts: [0] };
  }
  const lineCounter = new LineCounter();
  // YAML 1.2: `on` is the key it looks like, not a boolean (as YAML 1.1 readers have it).
  const docs = parseAllDocuments(text, { version: '1.2', uniqueKeys: true, lineCounter, keepSourceTokens: false });
  const list = (Array.isArray(docs) ? docs : []).slice(0, MAX_DOCUMENTS);
  const pipelines: PipelineModel[] = [];
  const refs: VariableRef[] = [];
  const problems: Problem[] = [];
  const known = Object.keys(propertiesOf('pipeline'));
  for (const doc of list) {
    const syntax = syntaxProblems(doc, text);
    problems.push(...syntax);
    if (syntax.length > 0) {
      continue;
    }
    const root = doc.contents as Node | null;
    if (!root) {
      continue;
    }
    let js: unknown;
    try {
      js = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch {
      problems.push({ code: 'aliases', severity: 'error', span: spanOf(root, whole), args: [String(MAX_ALIAS_COUNT)] });
      continue;
    }
    let deep = false;
    const tooDeep = (node: Node): void => {
      if (!deep) {
        deep = true;
        problems.push({ code: 'depth', severity: 'error', span: spanOf(node, whole), args: [String(MAX_DEPTH)] });
      }
    };
    if (!isSeq(root) && !isMap(root)) {
      problems.push({ code: 'notAPipelineFile', severity: 'error', span: spanOf(root, whole), args: [] });
      continue;
    }
    const maps = pipelineMaps(doc);
    const { pipeline: validatePipeline, action: validateAction } = compiled();
    const jsItems = Array.isArray(js) ? js : [js];
    maps.forEach((map) => {
      const span = spanOf(map, whole);
      const jsItem = isSeq(root) ? jsItems[root.items.indexOf(map)] : jsItems[0];
      if (!validatePipeline(jsItem)) {
        problems.push(...schemaProblems(validatePipeline.errors, map, span));
      }
      for (const p of map.items) {
        const k = isScalar(p.key) ? String(p.key.value) : undefined;
        const near = k === undefined ? undefined : nearKey(k, known);
        if (near !== undefined) {
          problems.push({ code: 'unknownKey', severity: 'warning', span: spanOf(p.key as Node, span), args: [k!, near] });
        }
      }
      const idPair = pairOf(map, 'pipeline');
      const index = pipelines.length;
      const actionsNode = valueOf(map, 'actions');
      const actions: ActionModel[] = [];
      if (isSeq(actionsNode)) {
        actionsNode.items.forEach((item, actionIndex) => {
          if (!isMap(item)) {
            return;
          }
          const actionSpan = spanOf(item, span);
          const jsAction = (jsItem as { actions?: unknown[] } | undefined)?.actions?.[actionIndex];
          if (!validateAction(jsAction)) {
            problems.push(...schemaProblems(validateAction.errors, item, actionSpan));
          }
          let shellText = '';
          walkScalars(
            item,
            undefined,
            2,
            (node, key) => {
              const shell = key !== undefined && SHELL_KEYS.has(key);
              if (shell && node.range) {
                shellText += `${text.slice(node.range[0], node.range[1])}\n`;
              }
              refsIn(text, node, index, actionIndex, shell, refs);
            },
            tooDeep,
          );
          actions.push({
            name: str(valueOf(item, 'action')),
            type: str(valueOf(item, 'type')),
            span: actionSpan,
            variables: variablesOf(valueOf(item, 'variables'), actionSpan),
            targets: targetRefsOf(valueOf(item, 'targets'), actionSpan),
            shellNames: shellAssigned(shellText),
          });
        });
      }
      for (const p of map.items) {
        if (isScalar(p.key) && p.key.value === 'actions') {
          continue;
        }
        walkScalars(p.value, isScalar(p.key) ? String(p.key.value) : undefined, 1, (node, key) => refsIn(text, node, index, undefined, key !== undefined && SHELL_KEYS.has(key), refs), tooDeep);
      }
      const keySpan = idPair ? { start: spanOf(idPair.key as Node, span).start, end: spanOf(idPair.value as Node, span).end } : { start: span.start, end: span.start };
      pipelines.push({
        id: str(idPair?.value) ?? '',
        name: str(valueOf(map, 'name')),
        generation: generationOf(map),
        keySpan,
        span,
        variables: variablesOf(valueOf(map, 'variables'), span),
        actions,
        targets: inlineTargetsOf(valueOf(map, 'targets'), span),
      });
    });
  }
  const oldest = pipelines.find((p) => p.generation === 1);
  if (oldest) {
    problems.push({ code: 'oldestGeneration', severity: 'information', span: oldest.keySpan, args: [] });
  }
  return { pipelines, refs, problems, lineStarts: lineStartsOf(text) };
}
