// The "Workspace Automation" output channel: one line per request (method, path, status,
// duration), fed by the client's onRequest. Everything written here goes through redact().
import * as vscode from 'vscode';
import { redact, type RequestEvent } from './api';

export const OUTPUT_CHANNEL_NAME = 'Workspace Automation';

/**
 * The channel, made on first use (the first line written, Show Log): activation makes none, and an
 * extension host where nothing was requested has no empty "Workspace Automation" output to list.
 */
export function createLog(): vscode.LogOutputChannel {
  let channel: vscode.LogOutputChannel | undefined;
  const real = () => (channel ??= vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true }));
  return new Proxy({} as vscode.LogOutputChannel, {
    get(_target, property) {
      if (property === 'dispose') {
        return () => channel?.dispose();
      }
      const value: unknown = Reflect.get(real(), property);
      return typeof value === 'function' ? value.bind(channel) : value;
    },
  });
}

/** Writes one request attempt; `secrets` are exact strings to remove besides the known patterns. */
export function logRequest(log: vscode.LogOutputChannel, e: RequestEvent, secrets: readonly (string | undefined)[] = []): void {
  const retry = e.attempt > 0 ? ` (retry ${e.attempt})` : '';
  const outcome = e.status !== undefined ? String(e.status) : 'no answer';
  const line = redact(`${e.method} ${e.path} ${outcome} ${Math.round(e.durationMs)} ms${retry}${e.error ? `: ${e.error}` : ''}`, secrets);
  if (e.error !== undefined || (e.status !== undefined && e.status >= 500)) {
    log.warn(line);
  } else {
    log.info(line);
  }
}
