// What the CLI prints once it listens (the tests wait for its last line before reading the rest).
import { TOKENS } from './demo-data';
import { DEMO_OAUTH_CLIENT, DEMO_PUBLIC_CLIENT, DEMO_REDIRECT_URI } from './oauth/clients';
import type { Dialect } from './dialect';

/** The demo tokens, one a line: `  <token>  <what it is for>`. */
export function demoTokenLines(): string[] {
  const width = Math.max(...Object.values(TOKENS).map((t) => t.token.length)) + 2;
  return Object.values(TOKENS).map((t) => `  ${t.token.padEnd(width)}${t.description}`);
}

/** The last line of the banner: whoever reads the output knows the banner is complete. */
export const BANNER_END = 'Press Ctrl+C to stop.';

/** Everything the CLI prints once it listens, as one text (written at once). */
export function banner(url: string, dialect: Dialect): string {
  return [
    `Emulator listening on ${url}`,
    `Dialect: ${dialect}${dialect === 'vendor' ? " (the real service's documented shapes)" : ' (api.md and conventions.md)'}`,
    'Demo tokens (send as "Authorization: Bearer <token>"; these are fake, for local testing only):',
    ...demoTokenLines(),
    'Workspaces: acme (API enabled), dormant (API disabled).',
    ...(dialect === 'vendor' ? ['Vendor extras: project infra (display_name null), target edge-sftp (name null), a MATCH target (no id), FILE/GPG_KEY/IOS_* variables.'] : []),
    'Runs (project api-service): 201 fails in its tests, 203 succeeds in 60 s, 204 is refused by target production (2678004), 205 waits for approval, 206 asks for variables (one secret), 207 writes a 10,000-line log.',
    `OAuth: ${url}/oauth2/authorize and /oauth2/token; applications ${DEMO_OAUTH_CLIENT.clientId} (secret ${DEMO_OAUTH_CLIENT.clientSecret}) and ${DEMO_PUBLIC_CLIENT.clientId} (PKCE, no secret), redirect ${DEMO_REDIRECT_URI}.`,
    'Controls: POST /__emulator/reset, /__emulator/dialect, /__emulator/faults, /__emulator/latency, /__emulator/clock, /__emulator/oauth/…; GET/DELETE /__emulator/requests.',
    BANNER_END,
  ].join('\n');
}
