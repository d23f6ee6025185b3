// Stryker's incremental file, kept small: what the next run reads back and nothing else.
//
// Stryker (core 10, mutants/incremental-differ.js) reuses a result when the mutant's code is
// unchanged (a text diff of the file's old `source` against today's) and, for a killed mutant, a
// test that killed it is unchanged and still covers it, or, for any other, no test covering it is
// new. It identifies a mutant by file, mutator, replacement and location, a test by file and name.
// So `compact` keeps, per mutant: mutator, replacement, location, status, and the tests that
// killed it (killed) or covered it (every other status); per test: its name; and drops
// - mutants marked Ignored: Stryker never reuses one (it ignores it again from the code),
// - `statusReason`, `static`, `testsCompleted`, `duration`, `description`: shown in a report,
//   never read back,
// - `coveredBy` of a killed mutant: Stryker counts its killers as covering it,
// - the text of a test file whose tests have no location (mocha reports none): such a test spans
//   its whole file, so any change of the file changes every test in it, and a hash of the text
//   says as much; `expand` puts today's text back where the hash still matches, before a run,
// - Stryker's numbering of tests (it renumbers every run, so one new test changed every list):
//   a test's id is a short hash of its file and name instead,
// - what differs per machine or run (the project root, the options, the versions).
// `serialize` writes one mutant or test per line, so a run that changes little changes few lines.
import { createHash } from 'node:crypto';

interface Position {
  line: number;
  column: number;
}
export interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  location: { start: Position; end: Position };
  status: string;
  killedBy?: string[];
  coveredBy?: string[];
  [other: string]: unknown;
}
export interface ReportTest {
  id: string;
  name: string;
  location?: { start: Position; end?: Position };
  [other: string]: unknown;
}
export interface IncrementalReport {
  schemaVersion: string;
  thresholds: { high: number; low: number };
  files: Record<string, { language: string; source: string; mutants: ReportMutant[] }>;
  testFiles?: Record<string, { source?: string; tests: ReportTest[] }>;
  [other: string]: unknown;
}

const HASH = 'sha256:';

/** What stands for a test file's text in the compact file (line endings as Stryker compares them). */
export function textHash(text: string): string {
  return HASH + createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');
}

/** Short ids for tests, from their file and name: each the shortest hex prefix (4 or more) no other test shares. */
function stableTestIds(testFiles: NonNullable<IncrementalReport['testFiles']>): Map<string, string> {
  const digestById = new Map<string, string>();
  for (const [file, { tests }] of Object.entries(testFiles)) {
    const seen = new Map<string, number>();
    for (const t of tests) {
      const n = seen.get(t.name) ?? 0; // the same name twice in a file: told apart by its place
      seen.set(t.name, n + 1);
      digestById.set(t.id, createHash('sha256').update(`${file}\n${t.name}\n${n}`).digest('hex'));
    }
  }
  const sorted = [...new Set(digestById.values())].sort();
  const common = (a = '', b = '') => {
    let i = 0;
    while (i < a.length && a[i] === b[i]) {
      i++;
    }
    return i;
  };
  const length = new Map(sorted.map((d, i) => [d, Math.max(4, common(d, sorted[i - 1]) + 1, common(d, sorted[i + 1]) + 1)]));
  return new Map([...digestById].map(([id, d]) => [id, d.slice(0, length.get(d))]));
}

/** Stryker's incremental report reduced to what its next run reads (see the top of this file). */
export function compact(report: IncrementalReport): IncrementalReport {
  const testFiles = report.testFiles ?? {};
  const ids = stableTestIds(testFiles);
  const mapIds = (list: string[] | undefined) => [...new Set((list ?? []).map((id) => ids.get(id)).filter((id): id is string => id !== undefined))].sort();
  const files: IncrementalReport['files'] = {};
  for (const [file, { language, source, mutants }] of Object.entries(report.files)) {
    const kept = mutants
      .filter((m) => m.status !== 'Ignored')
      .map((m, i) => {
        const tests = mapIds(m.status === 'Killed' ? m.killedBy : m.coveredBy);
        return {
          id: String(i),
          mutatorName: m.mutatorName,
          ...(m.replacement === undefined ? {} : { replacement: m.replacement }),
          location: m.location,
          status: m.status,
          ...(tests.length === 0 ? {} : m.status === 'Killed' ? { killedBy: tests } : { coveredBy: tests }),
        };
      });
    files[file] = { language, source, mutants: kept };
  }
  const compactTests: NonNullable<IncrementalReport['testFiles']> = {};
  for (const [file, { source, tests }] of Object.entries(testFiles)) {
    const located = tests.some((t) => t.location !== undefined);
    compactTests[file] = {
      ...(source === undefined ? {} : { source: located || source.startsWith(HASH) ? source : textHash(source) }),
      tests: tests.map((t) => ({ id: ids.get(t.id) ?? t.id, name: t.name, ...(t.location ? { location: t.location } : {}) })),
    };
  }
  return { schemaVersion: report.schemaVersion, thresholds: report.thresholds, files, testFiles: compactTests };
}

/**
 * The compact file made ready for Stryker: a test file's hash becomes today's text when that text
 * still has that hash (unchanged), so that Stryker sees no change there; a changed or removed
 * file keeps the hash, which no text equals, so its tests count as changed.
 */
export function expand(report: IncrementalReport, textOf: (file: string) => string | undefined): IncrementalReport {
  const testFiles = Object.fromEntries(
    Object.entries(report.testFiles ?? {}).map(([file, entry]) => {
      if (!entry.source?.startsWith(HASH)) {
        return [file, entry];
      }
      const text = textOf(file);
      return [file, text !== undefined && textHash(text) === entry.source ? { ...entry, source: text } : entry];
    }),
  );
  return { ...report, testFiles };
}

/** JSON with one mutant or test per line (and a file's text on one line). */
export function serialize(report: IncrementalReport): string {
  const j = (v: unknown) => JSON.stringify(v);
  const lines = ['{', `"schemaVersion":${j(report.schemaVersion)},`, `"thresholds":${j(report.thresholds)},`, '"files":{'];
  const files = Object.entries(report.files);
  files.forEach(([file, { language, source, mutants }], i) => {
    lines.push(`${j(file)}:{"language":${j(language)},"source":${j(source)},"mutants":[`);
    mutants.forEach((m, k) => lines.push(`${j(m)}${k < mutants.length - 1 ? ',' : ''}`));
    lines.push(`]}${i < files.length - 1 ? ',' : ''}`);
  });
  lines.push('},', '"testFiles":{');
  const testFiles = Object.entries(report.testFiles ?? {});
  testFiles.forEach(([file, { tests, ...rest }], i) => {
    lines.push(`${j(file)}:{${Object.entries(rest).map(([k, v]) => `${j(k)}:${j(v)},`).join('')}"tests":[`);
    tests.forEach((t, k) => lines.push(`${j(t)}${k < tests.length - 1 ? ',' : ''}`));
    lines.push(`]}${i < testFiles.length - 1 ? ',' : ''}`);
  });
  lines.push('}', '}', '');
  return lines.join('\n');
}
