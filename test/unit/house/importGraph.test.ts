// No import circle in src/, type-only imports included (house.md, "Checking the house"): an
// interface file that names concrete classes ties them in a knot even though the build erases the
// names. `import-x/no-cycle` (npm run lint) skips type imports, so this test reads every import and
// export specifier of src/ itself (TypeScript's pre-processor: static, type-only and dynamic) and
// looks for strongly connected modules. A probe shows that a circle of two type imports is found.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const root = path.join(__dirname, '..', '..', '..');

/** Every .ts file under `dir`, as paths relative to `base` with forward slashes. */
function tsFiles(dir: string, base: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      return tsFiles(full, base);
    }
    return e.name.endsWith('.ts') ? [path.relative(base, full).split(path.sep).join('/')] : [];
  });
}

/** The modules `file` imports (any kind) among `known`: relative specifiers resolved to a file or its folder's index. */
function importsOf(file: string, text: string, known: ReadonlySet<string>): string[] {
  const found = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  return found.flatMap((spec) => {
    if (!spec.startsWith('.')) {
      return [];
    }
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, '');
    const hit = [`${target}.ts`, `${target}/index.ts`].find((c) => known.has(c));
    return hit ? [hit] : [];
  });
}

/** The circles of a module graph: each strongly connected set of two or more modules (or one importing itself), sorted. */
export function importCircles(sources: ReadonlyMap<string, string>): string[][] {
  const known = new Set(sources.keys());
  const edges = new Map([...sources].map(([file, text]) => [file, importsOf(file, text, known)]));
  // Tarjan's algorithm, iterative enough for a few hundred modules.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) {
        circles.push(component.sort());
      }
    }
  };
  for (const v of [...known].sort()) {
    if (!indexOf.has(v)) {
      visit(v);
    }
  }
  return circles;
}

describe('house: no import circle in src/, type imports included', () => {
  it('finds none', () => {
    const src = path.join(root, 'src');
    const sources = new Map(tsFiles(src, root).map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));
    assert.ok(sources.size > 100, `read ${sources.size} modules`);
    assert.deepEqual(importCircles(sources), []);
  });

  it('bites: two modules naming each other only in type imports are a circle; an export … from counts too', () => {
    const probe = new Map([
      ['src/services.ts', "import type { AuthSession } from './auth/session';\nexport interface Ctx { auth: AuthSession }\n"],
      ['src/auth/session.ts', "import type { Ctx } from '../services';\nexport class AuthSession { ctx?: Ctx }\n"],
      ['src/auth/index.ts', "export { AuthSession } from './session';\n"],
      ['src/auth/other.ts', "export type { Ctx } from '../services';\n"],
    ]);
    assert.deepEqual(importCircles(probe), [['src/auth/session.ts', 'src/services.ts']]);
    probe.set('src/services.ts', "export type { AuthSession } from './auth';\n");
    assert.deepEqual(importCircles(probe), [['src/auth/index.ts', 'src/auth/session.ts', 'src/services.ts']], 'through a folder’s index and a re-export');
    probe.set('src/services.ts', 'export interface Ctx { n: number }\n');
    assert.deepEqual(importCircles(probe), [], 'a one-way import is no circle');
  });
});
