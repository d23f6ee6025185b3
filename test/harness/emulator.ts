// The API emulator (test/emulator) as the real-editor suites use it.
import { ADMIN_TOKEN, DENIED_TOKEN, DEV_TOKEN, Dialect, Emulator, parseDialect, startEmulator } from '../emulator';

export type RunningEmulator = Emulator;

/** Demo tokens of the emulator's demo data. */
export const demoTokens = { admin: ADMIN_TOKEN, developer: DEV_TOKEN, denied: DENIED_TOKEN } as const;

/**
 * The dialect a test run asks for: `WA_DIALECT=vendor npm run test:suite` (or test:e2e) runs the
 * suite against the vendor's documented answer shapes; unset or empty: the default dialect.
 */
export function testDialect(): Dialect {
  return parseDialect(process.env.WA_DIALECT, 'WA_DIALECT');
}

/**
 * `--dialect <name>` (or `--dialect=<name>`) on a runner's command line: sets WA_DIALECT for the
 * run, the editor it starts and its tests (`npm run test:suite:vendor`). Call before anything reads
 * testDialect(); an unknown name throws.
 */
export function applyDialectArgument(argv: readonly string[] = process.argv): void {
  const at = argv.findIndex((a) => a === '--dialect' || a.startsWith('--dialect='));
  if (at < 0) {
    return;
  }
  const value = argv[at].includes('=') ? argv[at].slice('--dialect='.length) : argv[at + 1];
  process.env.WA_DIALECT = parseDialect(value ?? '', '--dialect');
}

/** Starts the emulator on a free loopback port with its demo data, in the run's dialect. */
export function startTestEmulator(dialect: Dialect = testDialect()): Promise<Emulator> {
  return startEmulator({ port: 0, dialect });
}

/** Resets the emulator's state over HTTP (what extension-host tests do via WA_EMULATOR_URL). */
export async function resetEmulatorOverHttp(url: string): Promise<void> {
  const res = await fetch(`${url.replace(/\/$/, '')}/__emulator/reset`, { method: 'POST' });
  if (!res.ok) {
    throw new Error(`POST /__emulator/reset answered ${res.status}`);
  }
}
