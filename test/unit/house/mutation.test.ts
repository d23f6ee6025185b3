// The mutation tooling (test/harness/): what is mutated is computed, not listed, and the committed
// incremental baseline is compact yet read by Stryker exactly as the whole file would be.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compact, expand, serialize, textHash, type IncrementalReport } from '../../harness/incrementalFile';
import { mutatedFolders, mutateTsconfig, notLogic, pureModules } from '../../harness/pureModules';
import { reusedStatuses, todayOf, type Today } from './strykerDiffer';

const root = path.join(__dirname, '..', '..', '..');
const BASELINE = path.join(root, 'test', 'mutation', 'api-incremental.json');

describe('house: what npm run mutate mutates', function () {
  this.timeout(60_000);

  it('stryker.config.mjs mutates the folders and every vscode-free module but notLogic, computed', async () => {
    const config = (await import(pathToFileURL(path.join(root, 'stryker.config.mjs')).href)) as { default: { mutate: string[]; tsconfigFile: string } };
    const modules = pureModules(root);
    assert.deepEqual(config.default.mutate, [...mutatedFolders.map((d) => `${d}/**/*.ts`), ...modules]);
    assert.ok(modules.includes('src/features/runs/runFacts.ts') && modules.includes('src/workspace/workspaceData.ts'), 'vscode-free logic is in');
    assert.ok(!modules.includes('src/features/runs/provider.ts'), 'a module that loads vscode is out');
    assert.ok(!modules.some((m) => m in notLogic), 'notLogic is out');
    assert.equal(config.default.tsconfigFile, 'tsconfig.mutate.json');
    const tsconfig = JSON.parse(mutateTsconfig(root, modules).replace(/^\/\/.*$/gm, '')) as { include: string[] };
    assert.deepEqual(tsconfig.include, [...mutatedFolders, ...modules], 'the type checker compiles what is mutated');
  });

  it('a new pure module is mutated without a list to edit; one reaching vscode through another is not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pure-modules-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write('src/features/x/facts.ts', "export const double = (n: number): number => 2 * n;\n");
      write('src/features/x/view.ts', "import * as vscode from 'vscode';\nexport const v = vscode;\n");
      write('src/features/x/viaView.ts', "import { v } from './view';\nexport const w = v;\n");
      write('src/features/x/typesOnly.ts', "import type { v } from './view';\nexport type W = typeof v;\n");
      write('src/api/client.ts', 'export const client = 1;\n');
      assert.deepEqual(pureModules(dir), ['src/features/x/facts.ts', 'src/features/x/typesOnly.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A whole incremental file as Stryker writes one: every field, every status. */
function wholeReport(): IncrementalReport {
  const source = ['export function f(a: number): number {', '  if (a > 1) {', '    return a + 1;', '  }', '  return 0;', '}', ''].join('\n');
  const at = (l1: number, c1: number, l2: number, c2: number) => ({ start: { line: l1, column: c1 }, end: { line: l2, column: c2 } });
  return {
    schemaVersion: '1.0',
    thresholds: { high: 90, low: 85 },
    projectRoot: '/somewhere',
    files: {
      'src/x.ts': {
        language: 'typescript',
        source,
        mutants: [
          { id: '0', mutatorName: 'ConditionalExpression', replacement: 'true', location: at(2, 7, 2, 12), status: 'Killed', statusReason: 'expected 2 to equal 0', killedBy: ['1'], coveredBy: ['1', '2'], testsCompleted: 1, static: false },
          { id: '1', mutatorName: 'ArithmeticOperator', replacement: 'a - 1', location: at(3, 12, 3, 17), status: 'Survived', coveredBy: ['1'], testsCompleted: 1, static: false },
          { id: '2', mutatorName: 'StringLiteral', replacement: '""', location: at(5, 10, 5, 11), status: 'Ignored', statusReason: 'Static mutant (and "ignoreStatic" was enabled)', static: true, coveredBy: [] },
          { id: '3', mutatorName: 'BlockStatement', replacement: '{}', location: at(1, 38, 6, 2), status: 'CompileError', statusReason: 'TS2355', coveredBy: ['1', '2'] },
          { id: '4', mutatorName: 'ConditionalExpression', replacement: 'false', location: at(2, 7, 2, 12), status: 'NoCoverage', coveredBy: [] },
          { id: '5', mutatorName: 'ArithmeticOperator', replacement: 'a * 1', location: at(3, 12, 3, 17), status: 'Killed', statusReason: 'expected 3', killedBy: ['2'], coveredBy: ['1', '2'] },
          { id: '6', mutatorName: 'EqualityOperator', replacement: 'a >= 1', location: at(2, 7, 2, 12), status: 'Timeout', coveredBy: ['3'] },
        ],
      },
    },
    testFiles: {
      'test/x.test.ts': { source: "it('one', () => {});\nit('two', () => {});\n", tests: [{ id: '1', name: 'x one' }, { id: '2', name: 'x two' }] },
      'test/y.test.ts': { source: "it('three', () => {});\n", tests: [{ id: '3', name: 'y three' }] },
    },
  };
}

describe('house: the committed mutation baseline, compact', function () {
  this.timeout(120_000);

  it('is as the launcher writes it (compact, one mutant or test a line): a run that changed nothing leaves it alone', () => {
    const text = fs.readFileSync(BASELINE, 'utf8');
    assert.equal(serialize(compact(JSON.parse(text) as IncrementalReport)), text);
    const report = JSON.parse(text) as IncrementalReport;
    const mutants = Object.values(report.files).flatMap((f) => f.mutants);
    assert.ok(mutants.length > 1000, 'the baseline holds src/api’s results');
    assert.ok(mutants.every((m) => m.status !== 'Ignored' && !('statusReason' in m) && !(m.status === 'Killed' && 'coveredBy' in m)));
    assert.ok(Object.values(report.testFiles ?? {}).every((t) => t.source?.startsWith('sha256:')), 'test files as hashes');
  });

  it('Stryker’s incremental reader and differ reuse every result of it when nothing changed', async () => {
    const report = JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as IncrementalReport;
    // Today as the baseline was made; a test file's text today is what the baseline holds for it.
    const today = todayOf(report, (_file, stored) => stored);
    const reused = await reusedStatuses(JSON.stringify(expand(report, () => undefined)), today);
    const statuses = Object.entries(report.files).flatMap(([file, f]) => f.mutants.map((m, i) => [`${file}#${i}`, m.status] as const));
    assert.deepEqual(new Map(statuses), reused);
  });

  it('compact, then expand against today’s files, gives Stryker the same decisions as the whole file', async () => {
    const whole = wholeReport();
    const small = serialize(compact(whole));
    assert.ok(!small.includes('statusReason') && !small.includes('projectRoot') && !small.includes("it('one'"));
    assert.ok(small.includes(textHash(whole.testFiles!['test/x.test.ts'].source!)));
    const base = todayOf(whole, (_file, stored) => stored);
    const edit = (t: Today, file: string, text: string): Today => ({ ...t, texts: new Map(t.texts).set(file, text) });
    const scenarios: [string, Today, Record<string, string | undefined>][] = [
      ['nothing changed', base, { 0: 'Killed', 1: 'Survived', 2: undefined, 3: 'CompileError', 4: 'NoCoverage', 5: 'Killed', 6: 'Timeout' }],
      ['the code of two mutants changed', edit(base, 'src/x.ts', base.texts.get('src/x.ts')!.replace('a + 1', 'a + 2')), { 1: undefined, 5: undefined, 3: undefined, 0: 'Killed' }],
      ['the test file of the killers changed', edit(base, 'test/x.test.ts', `${base.texts.get('test/x.test.ts')}// more\n`), { 0: undefined, 5: undefined, 1: undefined, 6: 'Timeout' }],
      ['another test file changed', edit(base, 'test/y.test.ts', "it('three', () => { /* more */ });\n"), { 0: 'Killed', 6: undefined }],
      [
        'a new test covers every mutant',
        { ...base, tests: new Map(base.tests).set('9', { file: 'test/z.test.ts', name: 'z new' }), coverage: new Map([...base.coverage].map(([m, ids]) => [m, [...ids, '9']])) },
        { 0: 'Killed', 1: undefined, 4: undefined, 5: 'Killed' },
      ],
    ];
    for (const [name, today, expected] of scenarios) {
      const fromWhole = await reusedStatuses(JSON.stringify(whole), today);
      const fromCompact = await reusedStatuses(JSON.stringify(expand(JSON.parse(small) as IncrementalReport, (file) => today.texts.get(file))), today);
      assert.deepEqual(fromCompact, fromWhole, name);
      for (const [i, status] of Object.entries(expected)) {
        assert.equal(fromWhole.get(`src/x.ts#${i}`), status, `${name}: mutant ${i}`);
      }
    }
  });
});
