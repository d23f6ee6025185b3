// The "Workspace Automation" output channel: one line per request (method, path, status,
// duration, written by src/requestLog.ts), fed by the client's onRequest. Everything written
// there goes through redact().
import * as vscode from 'vscode';

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
