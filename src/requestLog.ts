// The log's line for one request attempt (the client's onRequest), redacted. Apart from log.ts
// because activation makes the log but sends no request: redact() loads with dist/lazy.js.
import type * as vscode from 'vscode';
import { redact, type RequestEvent } from './api';

/** Writes one request attempt; `secrets` are exact strings to remove besides the known patterns. */
export function logRequest(log: vscode.LogOutputChannel, e: RequestEvent, secrets: readonly (string | undefined)[]): void {
  const retry = e.attempt > 0 ? ` (retry ${e.attempt})` : '';
  const outcome = e.status !== undefined ? String(e.status) : 'no answer';
  const line = redact(`${e.method} ${e.path} ${outcome} ${Math.round(e.durationMs)} ms${retry}${e.error ? `: ${e.error}` : ''}`, secrets);
  if (e.error !== undefined || (e.status !== undefined && e.status >= 500)) {
    log.warn(line);
  } else {
    log.info(line);
  }
}
