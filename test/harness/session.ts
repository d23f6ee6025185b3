// One real-editor session for a test run: the API emulator, code-server with the packaged
// extension installed and pointed at the emulator, and a Chromium to drive it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { onCleanup } from './cleanup';
import { CodeServer, CodeServerOptions, startCodeServer } from './codeServer';
import { RunningEmulator, startTestEmulator } from './emulator';
import { ensureEditor } from './install';
import { resultsDir } from './paths';
import { ensureVsix } from './vsix';

export interface EditorSession {
  emulator: RunningEmulator;
  editor: CodeServer;
  browser: Browser;
  /** Milliseconds spent installing the editor cache (0 when cached). */
  installMs: number;
  stop(): Promise<void>;
}

export interface SessionOptions extends CodeServerOptions {
  /** Start Chromium too (default true). */
  browser?: boolean;
}

/** Starts emulator, editor (with the .vsix installed, apiUrl preset) and browser. */
export async function startSession(opts: SessionOptions = {}): Promise<EditorSession> {
  const { installMs } = await ensureEditor();
  const vsix = opts.vsix === undefined ? await ensureVsix() : opts.vsix;
  const emulator = await startTestEmulator();
  const unregisterEmulator = onCleanup('emulator', () => emulator.close(), () => undefined);
  let editor: CodeServer | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    await editor?.stop();
    unregisterEmulator();
    await emulator.close();
  };
  try {
    editor = await startCodeServer({
      ...opts,
      vsix,
      settings: { 'workspaceAutomation.apiUrl': emulator.url, ...opts.settings },
      env: { WA_EMULATOR_URL: emulator.url, ...opts.env },
    });
    if (opts.browser !== false) {
      browser = await launchBrowser();
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { emulator, editor, browser: browser!, installMs, stop };
}

/** A folder under test-results/ for one failure's screenshot and logs (name made file-safe). */
export function failureDir(...parts: string[]): string {
  const dir = path.join(resultsDir, ...parts.map((p) => p.replace(/[^\w.-]+/g, '_').slice(0, 120)));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Prints a figure line (reported, never asserted). */
export function figure(label: string, ms: number): void {
  console.log(`[figure] ${label}: ${(ms / 1000).toFixed(1)} s`);
}
