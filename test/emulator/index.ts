// The emulator's importable API: start one on a free port, drive it, close it.
import type { EmulatorClock } from './clock';
import type { Dialect } from './dialect';
import type { FaultSpec } from './faults';
import type { OAuthClient } from './oauth/clients';
import type { Lifetimes, OAuthStats } from './oauth/grants';
import { checkLifetimes, type CredentialsSeen } from './oauth/authority';
import { EmulatorOptions, EmulatorServer, RequestLogEntry } from './server';

export { CLOCK_START_MS, EmulatorClock, type ClockMode } from './clock';
export { DIALECTS, parseDialect, type Dialect } from './dialect';
export type { FaultKind, FaultSpec } from './faults';
export type { EmulatorOptions, RequestLogEntry } from './server';
export { DEMO_OAUTH_CLIENT, DEMO_PUBLIC_CLIENT, DEMO_REDIRECT_URI, EDITOR_REDIRECT_URI, KNOWN_SCOPES, type OAuthClient } from './oauth/clients';
export { DEFAULT_LIFETIMES, type Lifetimes, type OAuthStats } from './oauth/grants';
export type { CredentialsSeen } from './oauth/authority';

/** The authorization server's test handles (the same as the /__emulator/oauth/ controls). */
export interface EmulatorOAuth {
  /**
   * Registers an application (RFC 7591 metadata: `redirect_uris`, `client_name`,
   * `token_endpoint_auth_method: 'none'` for a public one, `grant_types`, `scope`), optionally with
   * a fixed id and secret. Throws on metadata the registration endpoint would refuse.
   */
  registerClient(metadata: Record<string, unknown>, fixed?: { clientId?: string; clientSecret?: string }): OAuthClient;
  /** Lifetimes from now on (whole seconds); a reset goes back to the start ones. */
  setLifetimes(lifetimes: Partial<Lifetimes>): void;
  readonly lifetimes: Lifetimes;
  /** How many codes and tokens were issued, and how many work now. */
  stats(): OAuthStats;
  /** Access taken back (as a user does in the service's settings): what was issued with `token`'s authorization stops working; false for an unknown token. */
  revoke(token: string): boolean;
  /** The client credentials each POST /oauth2/token and /oauth2/revoke carried since the last reset, oldest first. */
  credentialsSeen(): CredentialsSeen[];
}

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
  /** The OAuth 2.0 authorization server: applications, lifetimes, what was issued. */
  readonly oauth: EmulatorOAuth;
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
    // Through `server.oauth` each time: a reset makes a new one.
    oauth: {
      registerClient: (metadata, fixed) => server.oauth.register(metadata, fixed),
      setLifetimes: (l) => {
        server.oauth.lifetimes = { ...server.oauth.lifetimes, ...checkLifetimes(l) };
      },
      get lifetimes() {
        return { ...server.oauth.lifetimes };
      },
      stats: () => server.oauth.stats(),
      revoke: (token) => server.oauth.grants.revokeIssuing(token),
      credentialsSeen: () => server.oauth.credentialsSeen.map((c) => ({ ...c })),
    },
  };
}

export * from './demo-data';
export * from './demo-vendor';
