// The API emulator (test/emulator) as the real-editor suites use it.
import { ADMIN_TOKEN, DENIED_TOKEN, DEV_TOKEN, Emulator, startEmulator } from '../emulator';

export type RunningEmulator = Emulator;

/** Demo tokens of the emulator's demo data. */
export const demoTokens = { admin: ADMIN_TOKEN, developer: DEV_TOKEN, denied: DENIED_TOKEN } as const;

/** Starts the emulator on a free loopback port with its demo data. */
export function startTestEmulator(): Promise<Emulator> {
  return startEmulator({ port: 0 });
}

/** Resets the emulator's state over HTTP (what extension-host tests do via WA_EMULATOR_URL). */
export async function resetEmulatorOverHttp(url: string): Promise<void> {
  const res = await fetch(`${url.replace(/\/$/, '')}/__emulator/reset`, { method: 'POST' });
  if (!res.ok) {
    throw new Error(`POST /__emulator/reset answered ${res.status}`);
  }
}
