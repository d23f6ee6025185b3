// Process-wide cleanup: everything the harness starts registers here, and is stopped on normal
// exit, on errors, and on Ctrl+C / SIGTERM (editors are stopped with their whole process group).
type Cleanup = { name: string; async: () => Promise<void>; sync: () => void };

const cleanups: Cleanup[] = [];
let installed = false;
let interrupted = false;

/** True once Ctrl+C (or SIGTERM/SIGHUP) asked the run to stop: skip further work and evidence. */
export function isInterrupted(): boolean {
  return interrupted;
}

/** Registers a cleanup; returns a function that unregisters it. */
export function onCleanup(name: string, async: () => Promise<void>, sync: () => void): () => void {
  installHandlers();
  const entry = { name, async, sync };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) {
      cleanups.splice(i, 1);
    }
  };
}

/** Runs every registered cleanup, newest first. */
export async function cleanupAll(): Promise<void> {
  while (cleanups.length) {
    const c = cleanups.pop()!;
    try {
      await c.async();
    } catch (e) {
      console.error(`[harness] cleanup of ${c.name} failed:`, e);
    }
  }
}

function installHandlers(): void {
  if (installed) {
    return;
  }
  installed = true;
  // Last resort (also after an uncaught error): synchronous kills only.
  process.on('exit', () => {
    for (const c of cleanups.splice(0).reverse()) {
      try {
        c.sync();
      } catch {
        // already gone
      }
    }
  });
  // Ctrl+C reaches npm, tsx and this process at once, and tsx relays it again: the same signal
  // arriving twice in a row must not interrupt the cleanup. A second Ctrl+C later forces the exit.
  let stoppingSince = 0;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(sig, () => {
      if (stoppingSince) {
        if (Date.now() - stoppingSince > 2000) {
          console.error(`[harness] ${sig} again: exiting without waiting`);
          process.exit(130);
        }
        return;
      }
      stoppingSince = Date.now();
      interrupted = true;
      console.error(`\n[harness] ${sig}: stopping everything that was started...`);
      const force = setTimeout(() => process.exit(130), 15_000);
      force.unref();
      void cleanupAll().finally(() => process.exit(sig === 'SIGINT' ? 130 : 143));
    });
  }
}

/** Kills a process group started with `detached: true` (setsid); ignores groups already gone. */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals = 'SIGTERM'): boolean {
  if (!pid) {
    return false;
  }
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Runs a command's main and exits with its code (0 when it returns none, 1 when it throws) after every cleanup. */
export function runToExit(main: () => Promise<number | void>): void {
  main().then(
    async (code) => {
      await cleanupAll();
      process.exit(code ?? 0);
    },
    async (e: unknown) => {
      console.error(e);
      await cleanupAll();
      process.exit(1);
    },
  );
}
