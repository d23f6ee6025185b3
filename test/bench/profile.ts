// Where the activation's time goes: a summary of the CPU profile that test/bench/profilePayload.ts
// takes in the extension host, with the minified bundle's positions mapped back to src/ through
// the source map esbuild writes beside it (`esbuild.js --sourcemap=external`: same code as shipped).
import * as fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** V8 compiling dist/extension.js (the loader's wrapSafe / compileFunction for it). */
  compileMs: number;
  /** Running the module's top level (esbuild's module bodies: classes, constants), its require('vscode') aside. */
  topLevelMs: number;
  /** The top level's require('vscode'): the editor builds the API object for the extension (every extension pays it). */
  vscodeApiMs: number;
  /** activate() as the editor calls it (inclusive): its synchronous part. */
  activateMs: number;
  /** Our other functions called by the editor within the window (inclusive): providers, events, promise callbacks. */
  calledByEditor: { where: string; ms: number }[];
  /** Everything sampled while our code or its compilation was on the stack. */
  oursMs: number;
  /** Functions by self time while our code or its compilation was on the stack. */
  top: { where: string; selfMs: number }[];
}

// ------------------------------------------------------------------------------------------------
// Source maps (version 3): enough to map a generated line and column to a source position.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

interface Segment {
  col: number;
  source: number;
  line: number;
  name?: number;
}

export class SourceMap {
  private readonly lines: Segment[][] = [];
  private readonly sources: string[];
  private readonly names: string[];

  constructor(file: string) {
    const map = JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[]; names: string[]; mappings: string };
    this.sources = map.sources.map((s) => s.replace(/^(\.\.\/)+/, ''));
    this.names = map.names;
    let source = 0;
    let line = 0;
    let name = 0;
    for (const text of map.mappings.split(';')) {
      const segments: Segment[] = [];
      let col = 0;
      for (const seg of text.split(',')) {
        if (!seg) {
          continue;
        }
        const v = decodeVlq(seg);
        col += v[0];
        if (v.length >= 4) {
          source += v[1];
          line += v[2];
          if (v.length >= 5) {
            name += v[4];
          }
          segments.push({ col, source, line, name: v.length >= 5 ? name : undefined });
        }
      }
      this.lines.push(segments);
    }
  }

  /** "src/file.ts:LINE" (1-based) of a generated position (0-based line and column), or undefined. */
  lookup(line: number, col: number): string | undefined {
    const segs = this.lines[line];
    if (!segs?.length) {
      return undefined;
    }
    let best: Segment | undefined;
    for (const s of segs) {
      if (s.col > col) {
        break;
      }
      best = s;
    }
    best ??= segs[0];
    return `${this.sources[best.source]}:${best.line + 1}`;
  }
}

function decodeVlq(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of text) {
    const digit = B64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------------

/** Summarises a profile of one activation; `bundleUrl` ends the URL of our dist/extension.js. */
/**
 * `bundleUrlEnd`: how the URL of our dist/extension.js ends, with the extension's install folder
 * (`publisher.name-version/dist/extension.js`): other extensions have a dist/extension.js too.
 */
export function summariseProfile(profile: CpuProfile, bundleUrlEnd: string, map: SourceMap | undefined): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) {
    for (const c of n.children ?? []) {
      parent.set(c, n.id);
    }
  }
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
  const inclusive = (id: number): number => (self.get(id) ?? 0) + (byId.get(id)?.children ?? []).reduce((a, c) => a + inclusive(c), 0);
  const ours = (n: ProfileNode) => n.callFrame.url.endsWith(bundleUrlEnd);
  const isTopLevel = (n: ProfileNode) => ours(n) && n.callFrame.lineNumber === 0 && n.callFrame.columnNumber === 0 && n.callFrame.functionName === '';
  const hasOursAbove = (id: number): boolean => {
    for (let a = parent.get(id); a !== undefined; a = parent.get(a)) {
      if (ours(byId.get(a)!)) {
        return true;
      }
    }
    return false;
  };
  const isCompile = (n: ProfileNode) => /^(wrapSafe|compileFunction|compileFunctionForCJSLoader)$/.test(n.callFrame.functionName);

  const where = (n: ProfileNode): string => {
    const f = n.callFrame;
    if (ours(n)) {
      return map?.lookup(f.lineNumber, f.columnNumber) ?? `${f.functionName || '(anonymous)'} dist/extension.js:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    }
    const file = f.url.replace(/^.*\/(out|lib)\/vs\//, 'vs/').replace(/^file:\/\/.*\//, '');
    return `${f.functionName || '(anonymous)'} (${file || 'native'})`;
  };
  let compileMs = 0;
  let topLevelMs = 0;
  let vscodeApiMs = 0;
  let activateMs = 0;
  const calledByEditor = new Map<string, number>();
  /** Roots of the subtrees that count: our top level, the compile beside it, our functions the editor calls. */
  const roots = new Set<number>();
  for (const n of profile.nodes) {
    const p = byId.get(parent.get(n.id) ?? -1);
    if (isTopLevel(n)) {
      // Its only require at run time is require('vscode') (the rest is bundled, lazy.js and fetch.js load later).
      const requires = (n.children ?? []).filter((c) => byId.get(c)!.callFrame.functionName === 'require').reduce((a, c) => a + inclusive(c), 0);
      vscodeApiMs += requires;
      topLevelMs += inclusive(n.id) - requires;
      roots.add(n.id);
      // The module's compilation is its sibling: both are children of the loader's _compile.
      for (const c of p?.children ?? []) {
        const sibling = byId.get(c)!;
        if (isCompile(sibling)) {
          compileMs += inclusive(c);
          roots.add(c);
        }
      }
    } else if (ours(n) && p && !hasOursAbove(n.id)) {
      if (/^_callActivate/.test(p.callFrame.functionName)) {
        activateMs += inclusive(n.id);
      } else {
        const key = where(n);
        calledByEditor.set(key, (calledByEditor.get(key) ?? 0) + inclusive(n.id));
      }
      roots.add(n.id);
    }
  }
  const counted = new Set<number>();
  const walk = (id: number) => {
    counted.add(id);
    (byId.get(id)?.children ?? []).forEach(walk);
  };
  roots.forEach(walk);
  const bySelf = new Map<string, number>();
  let oursMs = 0;
  for (const id of counted) {
    const t = self.get(id) ?? 0;
    oursMs += t;
    const key = where(byId.get(id)!);
    bySelf.set(key, (bySelf.get(key) ?? 0) + t);
  }
  const top = [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([w, selfMs]) => ({ where: w, selfMs }));
  return {
    compileMs,
    topLevelMs,
    vscodeApiMs,
    activateMs,
    calledByEditor: [...calledByEditor].sort((a, b) => b[1] - a[1]).map(([w, ms]) => ({ where: w, ms })),
    oursMs,
    top,
  };
}
