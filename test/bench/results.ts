// The shape of the benchmark's results: what the payload measures inside the editor, and what
// run.ts adds from outside (bundle sizes, client overhead). Types only.

export interface Rows {
  view: string;
  /** Emulator latency added to every API answer. */
  latencyMs: number;
  /** Median time from a refreshed provider's getChildren() to its first rows. */
  viewMs: number;
  /** Median time of one raw fetch (plus JSON parse) of the same address, in the same process. */
  rawMs: number;
  runs: number;
}

export interface Journey {
  name: string;
  /** Requests a perfect client needs. */
  minimum: number;
  /** Why that is the minimum. */
  why: string;
  /** What the emulator logged: "METHOD path status". */
  requests: string[];
}

export interface BenchResults {
  editor: string;
  notes: string[];
  activation?: {
    wasActiveBefore: boolean;
    /** Measured by activate() itself (ExtensionApi.activationMs). */
    insideActivateMs: number;
    /** extension.activate() as seen by a caller: loading dist/extension.js plus activate(). */
    activateCallMs: number;
    /** Files added to require.cache by the activation. */
    /** Files of our extension loaded by activation. */
    modulesLoaded: string[];
    /** Files of other extensions loaded meanwhile (one activating at the same moment). */
    otherModulesLoaded: number;
    /** Node built-in modules and bindings loaded by the activation. */
    builtinsLoaded: string[];
    /** API requests the emulator saw from activation until 1.5 s later. */
    requests: string[];
  };
  journeys?: Journey[];
  firstRows?: Rows[];
  scale?: {
    projects: number;
    targets: number;
    commits: number;
    commitsPerPage: number;
    firstRows: Rows[];
    baselineHeapMB: number;
    baselineRssMB: number;
    samples: { pages: number; heapUsedMB: number; rssMB: number; commits: number }[];
    medianPageMs: number;
    gcExposed: boolean;
  };
  error?: string;
}
