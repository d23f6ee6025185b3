// The emulator's importable API: start one on a free port, drive it, close it.
import type { EmulatorClock } from './clock';
import type { Dialect } from './dialect';
import type { FaultSpec } from './faults';
import { EmulatorOptions, EmulatorServer, RequestLogEntry } from './server';

export { CLOCK_START_MS, EmulatorClock, type ClockMode } from './clock';
export { DIALECTS, parseDialect, type Dialect } from './dialect';
export type { FaultKind, FaultSpec } from './faults';
export type { EmulatorOptions, RequestLogEntry } from './server';

export interface Emulator {
  /** http://127.0.0.1:PORT, the API base address. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The dialect answers are written in now. */
  readonly dialect: Dialect;
  /**
   * Demo data back (of `dialect`, default: the dialect the emulator started with); rate counters,
   * faults and the request log cleared; latency back to its start value.
   */
  reset(opts?: { dialect?: Dialect }): void;
  /** Switches the dialect: a reset to that dialect's demo data. */
  setDialect(dialect: Dialect): void;
  setLatency(ms: number): void;
  injectFault(f: FaultSpec): void;
  clearFaults(): void;
  readonly requests: RequestLogEntry[];
  clearRequests(): void;
  /** The emulator's time (runs, OAuth lifetimes): `clock.advance(ms)`; a reset puts it back. */
  readonly clock: EmulatorClock;
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const server = new EmulatorServer(opts);
  const port = await server.listen(opts.port ?? 0);
  return {
    url: server.base,
    port,
    close: () => server.close(),
    get dialect() {
      return server.dialect;
    },
    reset: (o) => server.reset(o?.dialect),
    setDialect: (d) => server.reset(d),
    setLatency: (ms) => {
      server.latencyMs = ms;
    },
    injectFault: (f) => server.faults.add(f),
    clearFaults: () => server.faults.clear(),
    get requests() {
      return server.log;
    },
    clearRequests: () => {
      server.log = [];
    },
    clock: server.clock,
  };
}

export * from './demo-data';
export * from './demo-vendor';
