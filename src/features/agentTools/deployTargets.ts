// Which targets a pipeline deploys to, read from its definition as the service keeps it
// (conventions.md, "Targets in YAML"): an action names its targets in `targets`, by identifier (a
// string, or an object's `target` / `identifier`), inline ones the pipeline (or the action) defines
// itself or the workspace's. The YAML library is a bundle of its own (dist/yaml.js, esbuild.js),
// required on the first call: the tools' bundle does not carry it.
import type { Document } from 'yaml';

/** At most this many actions and target names per action are read (a definition is bounded too: api/pipelineYaml.ts). */
const MAX_ACTIONS = 500;
const MAX_TARGETS_PER_ACTION = 50;
/** Aliases the reader expands at most (a definition is data from whoever can edit the pipeline). */
const MAX_ALIASES = 100;

export interface DeployedTargets {
  /** Each target identifier an action names, with the names of the actions naming it, in order of appearance. */
  readonly named: ReadonlyMap<string, readonly string[]>;
  /** The identifiers of targets the definition defines itself (inline: no workspace target's allowed pipelines apply). */
  readonly inline: ReadonlySet<string>;
}

type Entry = Record<string, unknown>;

const isEntry = (v: unknown): v is Entry => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined);

/** An entry of a `targets` list: its identifier, and whether it defines the target (a host, an auth…) rather than naming it. */
function targetEntry(v: unknown): { identifier: string; defines: boolean } | undefined {
  if (isEntry(v)) {
    const identifier = text(v.target) ?? text(v.identifier) ?? text(v.id);
    return identifier === undefined ? undefined : { identifier, defines: Object.keys(v).some((k) => k !== 'target' && k !== 'identifier' && k !== 'id') };
  }
  const identifier = text(v);
  return identifier === undefined ? undefined : { identifier, defines: false };
}

/**
 * The targets the definition's actions name; a sentence saying why not when the text is no readable
 * definition (YAML errors, no pipeline object). Never throws on the text.
 */
export async function deployedTargets(definition: string): Promise<DeployedTargets | string> {
  const { parseDocument } = await import('yaml');
  let doc: Document;
  try {
    doc = parseDocument(definition, { uniqueKeys: false });
  } catch {
    return 'its YAML could not be read';
  }
  if (doc.errors.length > 0) {
    return `its YAML has errors (line ${doc.errors[0].linePos?.[0].line ?? '?'})`;
  }
  let root: unknown;
  try {
    root = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch {
    return 'its YAML uses too many aliases';
  }
  // One pipeline, or a list of them (a project's file; the service may answer either form).
  const pipelines = (Array.isArray(root) ? root : [root]).filter(isEntry);
  if (pipelines.length === 0) {
    return 'it holds no pipeline';
  }
  const named = new Map<string, string[]>();
  const inline = new Set<string>();
  for (const pipeline of pipelines) {
    for (const t of Array.isArray(pipeline.targets) ? pipeline.targets : []) {
      const entry = targetEntry(t);
      if (entry) {
        inline.add(entry.identifier);
      }
    }
    const actions = (Array.isArray(pipeline.actions) ? pipeline.actions : []).slice(0, MAX_ACTIONS);
    actions.filter(isEntry).forEach((action, index) => {
      const actionName = text(action.action) ?? text(action.name) ?? `action ${index + 1}`;
      for (const t of (Array.isArray(action.targets) ? action.targets : [action.targets]).slice(0, MAX_TARGETS_PER_ACTION)) {
        const entry = targetEntry(t);
        if (!entry) {
          continue;
        }
        if (entry.defines) {
          inline.add(entry.identifier);
        }
        const names = named.get(entry.identifier) ?? [];
        if (!names.includes(actionName)) {
          names.push(actionName);
        }
        named.set(entry.identifier, names);
      }
    });
  }
  return { named, inline };
}
