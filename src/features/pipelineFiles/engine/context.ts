// What the person is typing at an offset of a pipeline file: a variable after `$` or `${`, a key
// of a level (pipeline, action, variable, event, …), an enumerated key's value, or a target of an
// action's `targets`. Read from the line and the indentation above it (the file being typed is
// often not valid YAML yet), with the analysed pipelines for where the offset is.
import type { Analysis } from './analyze';
import type { Level } from './schema';

export type CompletionContext =
  | { kind: 'variable'; prefix: string; start: number; braced: boolean; pipeline?: number; action?: number; shell: boolean }
  | { kind: 'key'; level: Level; prefix: string; start: number; pipeline?: number; action?: number }
  | { kind: 'value'; level: Level; key: string; prefix: string; start: number; pipeline?: number; action?: number }
  | { kind: 'target'; prefix: string; start: number; pipeline?: number; action?: number }
  | { kind: 'none' };

const SHELL_KEYS = /^(execute_commands|setup_commands|commands|script|run_commands|command|shell_script)$/;

/** The parent keys of the lines above, nearest first: each less indented than the one before. */
function parents(text: string, lineStart: number, indent: number): { key: string; indent: number; item: boolean }[] {
  const out: { key: string; indent: number; item: boolean }[] = [];
  let limit = indent;
  let end = lineStart - 1;
  let scanned = 0;
  while (end > 0 && limit > 0 && scanned < 2000) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end).replace(/\r$/, '');
    end = start - 1;
    scanned++;
    const m = /^(\s*)(- +)?([A-Za-z_][\w-]*)?\s*:?/.exec(line);
    if (!m || line.trim() === '' || line.trim().startsWith('#')) {
      continue;
    }
    const lineIndent = m[1].length;
    const keyIndent = lineIndent + (m[2]?.length ?? 0);
    if (m[2] && keyIndent <= limit && lineIndent < limit) {
      // A list item: its key belongs to the item, the item to the key above it.
      out.push({ key: '-', indent: lineIndent, item: true });
      limit = lineIndent;
      continue;
    }
    if (lineIndent < limit && m[3] && /:\s*(#.*)?$/.test(line)) {
      out.push({ key: m[3], indent: lineIndent, item: false });
      limit = lineIndent;
    }
  }
  return out;
}

/** The level of a mapping from the keys that hold it (nearest first). */
function levelOf(chain: { key: string; item: boolean }[]): Level {
  const keys = chain.filter((c) => !c.item).map((c) => c.key);
  const owner = keys[0];
  switch (owner) {
    case 'actions':
      return 'action';
    case 'variables':
      return 'variable';
    case 'events':
      return 'event';
    case 'trigger_conditions':
      return 'trigger_condition';
    case 'targets':
      return 'target';
    default:
      return 'pipeline';
  }
}

function where(analysis: Analysis | undefined, offset: number): { pipeline?: number; action?: number } {
  if (!analysis) {
    return {};
  }
  const pipeline = analysis.pipelines.findIndex((p) => p.span.start <= offset && offset <= p.span.end);
  if (pipeline < 0) {
    // Typing past the end of the last pipeline: it is still that one's.
    const last = analysis.pipelines.length - 1;
    return last >= 0 && offset > analysis.pipelines[last].span.start ? { pipeline: last } : {};
  }
  const action = analysis.pipelines[pipeline].actions.findIndex((a) => a.span.start <= offset && offset <= a.span.end);
  return action < 0 ? { pipeline } : { pipeline, action };
}

export function completionContext(text: string, offset: number, analysis?: Analysis): CompletionContext {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const at = where(analysis, offset);
  const variable = /\$(\{?)([A-Za-z0-9_]*)$/.exec(before);
  if (variable && !before.slice(0, variable.index).endsWith('$')) {
    const indent = /^\s*/.exec(before)?.[0].length ?? 0;
    const chain = parents(text, lineStart, indent + 1);
    const ownKey = /^\s*(?:- +)?([A-Za-z_]\w*)\s*:/.exec(before)?.[1];
    const shell = (ownKey !== undefined && SHELL_KEYS.test(ownKey)) || chain.some((c) => !c.item && SHELL_KEYS.test(c.key));
    return { kind: 'variable', prefix: variable[2], start: lineStart + variable.index, braced: variable[1] === '{', shell, ...at };
  }
  const keyOnly = /^(\s*)(- +)?([A-Za-z_]*)$/.exec(before);
  if (keyOnly) {
    const indent = keyOnly[1].length + (keyOnly[2]?.length ?? 0);
    const chain = parents(text, lineStart, indent);
    // An item of `targets:` is a target's identifier when written as a plain list item.
    if (keyOnly[2] && chain[0]?.key === 'targets' && at.action !== undefined) {
      return { kind: 'target', prefix: keyOnly[3], start: offset - keyOnly[3].length, ...at };
    }
    return { kind: 'key', level: levelOf(chain), prefix: keyOnly[3], start: offset - keyOnly[3].length, ...at };
  }
  const value = /^(\s*)(- +)?([A-Za-z_]\w*)\s*:\s*["']?([A-Za-z0-9_-]*)$/.exec(before);
  if (value) {
    const indent = value[1].length + (value[2]?.length ?? 0);
    const chain = parents(text, lineStart, indent);
    return { kind: 'value', level: levelOf(chain), key: value[3], prefix: value[4], start: offset - value[4].length, ...at };
  }
  const inlineTargets = /^\s*(?:- +)?targets\s*:\s*\[([^\]]*?)([A-Za-z0-9_-]*)$/.exec(before);
  if (inlineTargets && at.action !== undefined) {
    return { kind: 'target', prefix: inlineTargets[2], start: offset - inlineTargets[2].length, ...at };
  }
  return { kind: 'none' };
}
