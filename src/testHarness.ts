// Whether the extension runs under its own test harness: only there do the Sign In and Select
// Workspace commands take scripted arguments and activate() hand out its internals. Anywhere else a
// command link, a script or another extension could otherwise sign in with another account's token,
// switch the workspace without asking, or read the secret storage and the token. No editor
// dependency (unit-tested).

/** Set to `1` by the harness in the editor it starts (test/harness/session.ts, run-electron.ts). */
export const TEST_HARNESS_ENV = 'WA_TEST_HARNESS';

/**
 * True in the editor's test mode (`testMode`: ExtensionMode.Test, an extension under development
 * run by its tests), or with WA_TEST_HARNESS=1: the harness installs the packaged extension, which
 * the editor runs in production mode.
 */
export function underTestHarness(testMode: boolean, env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return testMode || env[TEST_HARNESS_ENV] === '1';
}
