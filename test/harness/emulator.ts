// The API emulator as the real-editor suites use it (test/emulator, owned by the emulator's author).
// Loaded on demand so the harness works (and type-checks) independently of the emulator's internals.
import * as path from 'node:path';

/** The part of test/emulator's `startEmulator()` result that the harness relies on. */
export interface RunningEmulator {
  /** Base URL, e.g. http://127.0.0.1:PORT (the value of `workspaceAutomation.apiUrl`). */
  url: string;
  close(): Promise<void> | void;
  reset(): Promise<void> | void;
}

/** Demo tokens of the emulator's demo data. */
export const demoTokens = { admin: 'admin-token', developer: 'dev-token', denied: 'denied-token' } as const;

/** Starts the emulator on a free loopback port with its demo data. */
export async function startTestEmulator(): Promise<RunningEmulator> {
  // WA_EMULATOR_MODULE: another emulator module with the same interface (harness development only).
  const modulePath = process.env.WA_EMULATOR_MODULE ?? path.join(__dirname, '..', 'emulator');
  let mod: { startEmulator?: (opts: { port: number }) => Promise<RunningEmulator> };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mod = require(modulePath);
  } catch (e) {
    throw new Error(`cannot load the API emulator from ${modulePath}: ${(e as Error).message}`);
  }
  if (typeof mod.startEmulator !== 'function') {
    throw new Error(`${modulePath} does not export startEmulator()`);
  }
  return mod.startEmulator({ port: 0 });
}

/** Resets the emulator's state over HTTP (what extension-host tests do via WA_EMULATOR_URL). */
export async function resetEmulatorOverHttp(url: string): Promise<void> {
  const res = await fetch(`${url.replace(/\/$/, '')}/__emulator/reset`, { method: 'POST' });
  if (!res.ok) {
    throw new Error(`POST /__emulator/reset answered ${res.status}`);
  }
}
