// Stryker's own incremental reader and differ (@stryker-mutator/core 10), run in plain Node on an
// incremental file and a picture of "today" (the mutants the instrumenter finds, the tests and what
// each covers, the files' text): what Stryker would reuse. Its modules are loaded by path (the
// package exports only its CLI entry, which refuses Node < 22; these parts run on Node 20).
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncrementalReport } from '../../harness/incrementalFile';

/* eslint-disable @typescript-eslint/no-explicit-any -- Stryker's internals, untyped here */
type Any = any;

async function strykerModules(): Promise<{ ProjectReader: Any; IncrementalDiffer: Any; TestCoverage: Any }> {
  const core = path.dirname(require.resolve('@stryker-mutator/core/package.json'));
  const load = (file: string): Promise<Any> => import(pathToFileURL(path.join(core, 'dist', 'src', file)).href);
  await load('config/index.js'); // first: the modules below import each other in a circle that starts here
  const [{ ProjectReader }, { IncrementalDiffer }, { TestCoverage }] = await Promise.all([
    load('fs/project-reader.js'),
    load('mutants/incremental-differ.js'),
    load('mutants/test-coverage.js'),
  ]);
  return { ProjectReader, IncrementalDiffer, TestCoverage };
}

const quiet = { isTraceEnabled: () => false, isDebugEnabled: () => false, isInfoEnabled: () => false, trace() {}, debug() {}, info() {}, warn() {}, error() {} };

/** One mutant as the instrumenter finds it today (0-based positions, as Stryker holds them). */
export interface TodayMutant {
  id: string;
  file: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
export interface Today {
  mutants: TodayMutant[];
  /** Test id → its file and name. */
  tests: Map<string, { file: string; name: string }>;
  /** Mutant id → the ids of the tests that cover it. */
  coverage: Map<string, string[]>;
  /** Relative file name → its text today (source and test files). */
  texts: Map<string, string>;
}

/** Reads `fileText` as Stryker's incremental reader does, then diffs it against `today`: each mutant id → the status reused, or undefined (to run). */
export async function reusedStatuses(fileText: string, today: Today): Promise<Map<string, string | undefined>> {
  const { ProjectReader, IncrementalDiffer, TestCoverage } = await strykerModules();
  const options = {
    mutate: [],
    tempDirName: '.stryker-tmp',
    ignorePatterns: [],
    incremental: true,
    incrementalFile: 'incremental.json',
    force: false,
    htmlReporter: { fileName: 'index.html' },
    jsonReporter: { fileName: 'mutation.json' },
  };
  const reader = new ProjectReader({ readFile: async () => fileText }, quiet, options);
  const report = (await reader.readIncrementalReport()) as IncrementalReport;
  const abs = (file: string) => path.resolve(process.cwd(), file);
  const testsById = new Map(
    [...today.tests].map(([id, t]) => [id, { id, name: t.name, fileName: abs(t.file), status: 'Success', timeSpentMs: 1 }]),
  );
  const byMutant = new Map([...today.coverage].map(([m, ids]) => [m, new Set(ids.map((id) => testsById.get(id)))]));
  const coverage = new TestCoverage(byMutant, testsById, {}, new Map());
  const files = Object.fromEntries([...new Set(today.mutants.map((m) => m.file))].map((f) => [abs(f), { mutate: true }]));
  const differ = new IncrementalDiffer(quiet, options, files);
  const current = today.mutants.map((m) => ({ ...m, fileName: abs(m.file) }));
  const result = differ.diff(current, coverage, report, today.texts) as { id: string; status?: string }[];
  return new Map(result.map((m) => [m.id, m.status]));
}

/** Today as the report itself was made: the same mutants (every status), tests, coverage and texts. */
export function todayOf(report: IncrementalReport, testText: (file: string, stored: string | undefined) => string | undefined): Today {
  const mutants: TodayMutant[] = [];
  const coverage = new Map<string, string[]>();
  const texts = new Map<string, string>();
  for (const [file, f] of Object.entries(report.files)) {
    texts.set(file, f.source);
    f.mutants.forEach((m, i) => {
      const id = `${file}#${i}`;
      const { start, end } = m.location;
      mutants.push({ id, file, mutatorName: m.mutatorName, replacement: m.replacement, location: { start: { line: start.line - 1, column: start.column - 1 }, end: { line: end.line - 1, column: end.column - 1 } } });
      coverage.set(id, [...new Set([...(m.coveredBy ?? []), ...(m.killedBy ?? [])])]);
    });
  }
  const tests = new Map<string, { file: string; name: string }>();
  for (const [file, t] of Object.entries(report.testFiles ?? {})) {
    const text = testText(file, t.source);
    if (text !== undefined) {
      texts.set(file, text);
    }
    for (const test of t.tests) {
      tests.set(test.id, { file, name: test.name });
    }
  }
  return { mutants, tests, coverage, texts };
}
