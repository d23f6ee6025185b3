// Which modules of src/ load without `vscode`: none of their imports, followed through src/,
// reaches it. Those are the ones the unit suite (plain Node) can run, and so mutation-test:
// `mutatedModules` is what `npm run mutate` mutates (stryker.config.mjs and the type checker's
// tsconfig.mutate.json, written by test/harness/mutate.ts, both read it), so a new vscode-free
// module is mutated without editing a list.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/** Every .ts file under `dir`, relative to `root`, with forward slashes. */
export function sourceFiles(root: string, dir = 'src'): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = `${d}/${e.name}`;
      if (e.isDirectory()) {
        walk(rel);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) {
        out.push(rel);
      }
    }
  };
  walk(dir);
  return out.sort();
}

/** The modules `file` imports at run time (type-only imports are erased, so they do not count). */
function runtimeImports(root: string, file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specs: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      specs.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specs.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      specs.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) {
        specs.push(node.arguments[0].text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs.map((s) => {
    if (!s.startsWith('.')) {
      return s;
    }
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), s));
    return [`${base}.ts`, `${base}/index.ts`].find((c) => fs.existsSync(path.join(root, c))) ?? base;
  });
}

/** The src/ modules that never load `vscode`, with or without a detour through other modules. */
export function vscodeFreeModules(root: string): string[] {
  const files = sourceFiles(root);
  const verdict = new Map<string, boolean>();
  const loadsVscode = (file: string, onPath: Set<string>): boolean => {
    const known = verdict.get(file);
    if (known !== undefined) {
      return known;
    }
    if (onPath.has(file)) {
      return false; // a cycle: decided by the other imports of the files on it
    }
    onPath.add(file);
    const result = runtimeImports(root, file).some((m) => m === 'vscode' || (m.startsWith('src/') && fs.existsSync(path.join(root, m)) && loadsVscode(m, onPath)));
    onPath.delete(file);
    verdict.set(file, result);
    return result;
  };
  return files.filter((f) => !loadsVscode(f, new Set()));
}

/** Folders mutated whole: the client and the SSH checks. */
export const mutatedFolders = ['src/api', 'src/ssh'];

/** vscode-free modules left out on purpose: nothing in them to mutate. */
export const notLogic: Record<string, string> = {
  'src/services.ts': 'interfaces only',
  'src/commandIds.ts': 'string constants, matched against package.json by test/unit/house/commandIds.test.ts',
  'src/tree/listContext.ts': 'an interface only',
  'src/features/variables/context.ts': 'an interface only',
  'src/tree/contextValues.ts': 'string constants, matched against package.json by the manifest tests',
  'src/features/commits/commitScheme.ts': 'one string constant (the commit documents\' URI scheme)',
};

/** Every vscode-free module outside the mutated folders, but those in `notLogic`. */
export function pureModules(root: string): string[] {
  return vscodeFreeModules(root).filter((f) => !mutatedFolders.some((d) => f.startsWith(`${d}/`)) && !(f in notLogic));
}

/** What Stryker mutates: the folders and the pure modules (its `mutate` globs). */
export function mutatedGlobs(root: string): string[] {
  return [...mutatedFolders.map((d) => `${d}/**/*.ts`), ...pureModules(root)];
}

/** tsconfig.mutate.json: the program Stryker's type checker compiles each mutant in, the mutated files and what they import. */
export function mutateTsconfig(root: string, modules = pureModules(root)): string {
  const include = [...mutatedFolders, ...modules];
  return [
    '// Written by test/harness/mutate.ts before each run from test/harness/pureModules.ts (not kept in git):',
    '// the program Stryker\'s TypeScript checker compiles each mutant in: the mutated files and what they',
    '// import, not the tests (a whole-project check per mutant is four times slower).',
    JSON.stringify({ extends: './tsconfig.json', compilerOptions: { types: ['node'] }, include }, null, 2),
    '',
  ].join('\n');
}
