// Mutation testing (`npm run mutate`, see test/harness/mutate.ts): Stryker changes the code one
// small bug at a time and runs the unit suite against each; a change no test notices "survives".
// What is mutated: the client and the SSH checks (whole folders, so files split or added there
// are in), and every module of logic that imports no `vscode`, directly or through its imports
// (listed: a vscode module cannot load in the unit suite). A listed file that moved is reported
// by the launcher, not silently dropped.
export const pureModules = [
  'src/features/runs/ansi.ts',
  'src/features/runs/ansiStyle.ts',
  'src/features/runs/gitHead.ts',
  'src/features/runs/logModel.ts',
  'src/features/runs/runLog.ts',
  'src/features/runs/styledRanges.ts',
  'src/features/runs/tellingPace.ts',
  'src/features/runs/runPresentation.ts',
  'src/features/runs/runFacts.ts',
  'src/features/runs/runRequest.ts',
  'src/features/runs/runAnswers.ts',
  'src/workspace/runData.ts',
  'src/workspace/runTracker.ts',
  'src/workspace/sessionPlace.ts',
  'src/features/accounts/loopbackListener.ts',
  'src/features/commits/commitRef.ts',
  'src/workspace/pollSchedule.ts',
  'src/auth/address.ts',
  'src/features/accounts/tokenExpiry.ts',
  'src/features/accounts/tokenPage.ts',
  'src/features/variables/createVariable/answers.ts',
  'src/features/variables/createVariable/variableRequest.ts',
  'src/features/projects/projectName.ts',
  'src/features/variables/commands/dotenvFile.ts',
  'src/features/variables/commands/importPlan.ts',
  'src/requestLog.ts',
  'src/testHarness.ts',
  'src/features/rateLimit/rateLimitDetails.ts',
  'src/ui/boundedFile.ts',
  'src/ui/errorMessages.ts',
  'src/ui/localeFormat.ts',
  'src/ui/markdown.ts',
  'src/features/commits/commitDates.ts',
  'src/features/commits/commitFilter.ts',
  'src/workspace/repoAddress.ts',
  'src/features/targets/targetFacts.ts',
  'src/workspace/effectiveVariables.ts',
  'src/workspace/currentProject.ts',
  'src/workspace/currentPipeline.ts',
  'src/workspace/events.ts',
  'src/workspace/keyedStore.ts',
  'src/workspace/pagedData.ts',
  'src/workspace/variableScope.ts',
  'src/workspace/workspaceData.ts',
  'src/features/variables/variableFacts.ts',
  'src/features/walkthrough/milestones.ts',
];

export const mutatedFolders = ['src/api/**/*.ts', 'src/ssh/**/*.ts'];

/** vscode-free modules left out on purpose: nothing in them to mutate. */
export const notLogic = {
  'src/services.ts': 'interfaces only',
  'src/commandIds.ts': 'string constants, matched against package.json by test/unit/house/commandIds.test.ts',
  'src/tree/listContext.ts': 'an interface only',
  'src/features/variables/context.ts': 'an interface only',
  'src/tree/contextValues.ts': 'string constants, matched against package.json by the manifest tests',
  'src/features/commits/commitScheme.ts': 'one string constant (the commit documents\' URI scheme)',
  'src/tree/sidebar.ts': 'the views\' registry (a map of providers and the intents they give): wiring, exercised by every extension-host test of a view',
};

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [...mutatedFolders, ...pureModules],
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
  // The mutated files and their imports only (a whole-project check per mutant is 4× slower).
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
