// The "Workspace Automation" output channel: one line per request (method, path, status,
// duration, written by src/requestLog.ts), fed by the client's onRequest, and what the commands
// note. Every line written there goes through logLine() here, in one place: redacted (tokens,
// encrypted values, keys, passwords) and kept on one line (a server's text cannot forge a line).
import * as vscode from 'vscode';

export const OUTPUT_CHANNEL_NAME = 'Workspace Automation';

/** The channel's methods that write text: each is given one cleaned line. */
const WRITES: ReadonlySet<PropertyKey> = new Set(['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace']);

/** A written value as text: an error by its name and message, anything else as itself. */
function textOf(value: unknown): string {
  return value instanceof Error ? `${value.name}: ${value.message}` : String(value);
}

/**
 * The channel, made on first use (the first line written, Show Log): activation makes none, and an
 * extension host where nothing was requested has no empty "Workspace Automation" output to list.
 * Written lines are joined from their arguments and cleaned by `cleaner()` (logLine() of
 * src/api/redact.ts, which comes with dist/lazy.js: the wiring hands it in, and every writer is in
 * that bundle — the commands, the client's listeners — so it has loaded by the first line).
 */
export function createLog(cleaner: () => (line: string) => string): vscode.LogOutputChannel {
  let channel: vscode.LogOutputChannel | undefined;
  const real = () => (channel ??= vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true }));
  return new Proxy({} as vscode.LogOutputChannel, {
    get(_target, property) {
      if (property === 'dispose') {
        return () => channel?.dispose();
      }
      if (WRITES.has(property)) {
        return (...values: unknown[]) => {
          const write = Reflect.get(real(), property) as (line: string) => void;
          write.call(channel, cleaner()(values.map(textOf).join(' ')));
        };
      }
      const value: unknown = Reflect.get(real(), property);
      return typeof value === 'function' ? value.bind(channel) : value;
    },
  });
}
