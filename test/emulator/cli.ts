// `npm run emulator -- --port 4010 [--dialect default|vendor] [--rate-limit N] [--rate-window-s S]
//   [--latency-ms MS] [--fault KIND[:COUNT]]... [--scale-projects N] [--scale-targets N] [--scale-commits N] [--scale-log-lines N] [--clock real|manual]
//   [--oauth-access-s S]`
import { parseArgs } from 'node:util';
import { banner } from './banner';
import { DIALECTS, parseDialect } from './dialect';
import { FAULT_KINDS, FaultKind } from './faults';
import { startEmulator } from './index';

const USAGE = `Usage: npm run emulator -- [--port N] [--dialect ${DIALECTS.join('|')}] [--rate-limit N] [--rate-window-s S]
  [--latency-ms MS] [--fault KIND[:COUNT]]... [--scale-projects N] [--scale-targets N] [--scale-commits N] [--scale-log-lines N] [--clock real|manual]
  [--oauth-access-s S]
Scale: --scale-log-lines N is the length of each run log of pipeline 207 (api-service, "Verbose build"; default 10000).
OAuth: --oauth-access-s sets the lifetime of the access tokens the OAuth flow issues (default 3600).
Clock: real (default here: runs play out in wall-clock time) or manual (stands still until POST /__emulator/clock {advanceMs}).
Dialects: default (api.md and conventions.md), vendor (the real service's documented answer shapes).
Fault kinds: ${FAULT_KINDS.join(', ')}`;

function int(name: string, raw: string | undefined, fallback?: number): number | undefined {
  if (raw === undefined) {
    return fallback;
  }
  if (!/^\d+$/.test(raw)) {
    throw new Error(`--${name} must be a whole number, got '${raw}'`);
  }
  return Number(raw);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'rate-limit': { type: 'string' },
      'rate-window-s': { type: 'string' },
      'latency-ms': { type: 'string' },
      fault: { type: 'string', multiple: true },
      'scale-projects': { type: 'string' },
      'scale-targets': { type: 'string' },
      'scale-commits': { type: 'string' },
      'scale-log-lines': { type: 'string' },
      dialect: { type: 'string' },
      clock: { type: 'string' },
      'oauth-access-s': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const faults = (values.fault ?? []).map((f) => {
    const [kind, count] = f.split(':');
    if (!FAULT_KINDS.includes(kind as FaultKind)) {
      throw new Error(`unknown fault kind '${kind}'`);
    }
    return { kind: kind as FaultKind, count: int('fault', count, 1) };
  });
  const clockMode = values.clock ?? 'real';
  if (clockMode !== 'real' && clockMode !== 'manual') {
    throw new Error(`--clock must be real or manual, got '${clockMode}'`);
  }
  const emulator = await startEmulator({
    clockMode,
    port: int('port', values.port, 4010),
    rateLimit: int('rate-limit', values['rate-limit']),
    rateWindowS: int('rate-window-s', values['rate-window-s']),
    latencyMs: int('latency-ms', values['latency-ms']),
    dialect: parseDialect(values.dialect, '--dialect'),
    oauthLifetimes: { accessTokenS: int('oauth-access-s', values['oauth-access-s']) },
    scale: {
      projects: int('scale-projects', values['scale-projects']),
      targets: int('scale-targets', values['scale-targets']),
      commits: int('scale-commits', values['scale-commits']),
      logLines: int('scale-log-lines', values['scale-log-lines']),
    },
  });
  faults.forEach((f) => emulator.injectFault(f));
  console.log(banner(emulator.url, emulator.dialect));
  const stop = (): void => {
    emulator.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`emulator: ${err instanceof Error ? err.message : String(err)}`);
  console.error(USAGE);
  process.exit(2);
});
