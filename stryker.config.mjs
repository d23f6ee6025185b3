// Mutation testing (`npm run mutate`, see test/harness/mutate.ts): Stryker changes the code one
// small bug at a time and runs the unit suite against each; a change no test notices "survives".
// What is mutated: the client and the SSH checks (whole folders, so files split or added there
// are in), and every module of logic that imports no `vscode`, directly or through its imports (a
// vscode module cannot load in the unit suite): test/harness/pureModules.ts computes the list, so
// a new pure module is mutated without editing this file (its `notLogic` names the few left out).
import { tsImport } from 'tsx/esm/api';

const { mutatedGlobs } = await tsImport('./test/harness/pureModules.ts', import.meta.url);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: mutatedGlobs(import.meta.dirname),
  testRunner: 'mocha',
  mochaOptions: {
    // The unit suite minus the emulator's and the manifest's own tests, which run no src code
    // that is mutated (they would only lengthen the first, unmutated run), and the house rules,
    // which read src/ as text: in the sandbox that text is Stryker's instrumented copy (longer, a
    // header of its own), so they fail there, and text never tells one mutant from another.
    spec: ['test/unit/**/*.test.ts'],
    ignore: ['test/unit/emulator/**', 'test/unit/manifest/**', 'test/unit/house/**'],
    extension: ['ts'],
    require: ['tsx/cjs'],
  },
  // A mutant that does not type-check is counted as such without running any test.
  checkers: ['typescript'],
  // The mutated files and their imports only (a whole-project check per mutant is 4× slower):
  // written by test/harness/mutate.ts before each run, from the same list as `mutate`.
  tsconfigFile: 'tsconfig.mutate.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  // Each mutant runs only the tests that reach its code.
  coverageAnalysis: 'perTest',
  // Mutants of module-level constants need a fresh process per test run; they are few here and
  // each would cost a whole suite run.
  ignoreStatic: true,
  // Two cores shared with other work: `--concurrency 2` on an idle machine.
  concurrency: 1,
  timeoutMS: 10000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 15,
  // Results of the last run, reused for mutants whose code and tests did not change.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowEmojis: false, logTests: false, reportMutants: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  ignorePatterns: ['/dist', '/out', '/test-results', '/.vscode-test', '/media', '/l10n', '*.vsix', '/reports', '/test/mutation'],
};
