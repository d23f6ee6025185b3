// One real-editor session for a test run: the API emulator, code-server with the packaged
// extension installed and pointed at the emulator, and a Chromium to drive it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { onCleanup } from './cleanup';
import { CodeServer, CodeServerOptions, startCodeServer } from './codeServer';
import type { Dialect } from '../emulator';
import { RunningEmulator, startTestEmulator, testDialect } from './emulator';
import { ensureEditor } from './install';
import { resultsDir } from './paths';
import { ensureVsix } from './vsix';
import { TEST_HARNESS_ENV } from '../../src/testHarness';

export interface EditorSession {
  emulator: RunningEmulator;
  /** The dialect the emulator started in (the editor's WA_DIALECT). */
  dialect: Dialect;
  editor: CodeServer;
  browser: Browser;
  /** Milliseconds spent installing the editor cache (0 when cached). */
  installMs: number;
  /**
   * Replaces the editor by a fresh one (new profile: no settings, global or workspace state, view
   * state, extension host) with `settings` as its user settings; the old one stops in the background.
   */
  restartEditor(settings: Record<string, unknown>): Promise<CodeServer>;
  stop(): Promise<void>;
}

export interface SessionOptions extends CodeServerOptions {
  /** Start Chromium too (default true). */
  browser?: boolean;
  /** The emulator's dialect; default: WA_DIALECT (unset: `default`). */
  dialect?: Dialect;
}

/** Starts emulator, editor (with the .vsix installed, apiUrl preset) and browser. */
export async function startSession(opts: SessionOptions = {}): Promise<EditorSession> {
  const { installMs } = await ensureEditor();
  const vsix = opts.vsix === undefined ? await ensureVsix() : opts.vsix;
  const dialect = opts.dialect ?? testDialect();
  const emulator = await startTestEmulator(dialect);
  const unregisterEmulator = onCleanup('emulator', () => emulator.close(), () => undefined);
  let editor: CodeServer | undefined;
  let browser: Browser | undefined;
  const stopping: Promise<void>[] = [];
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    await editor?.stop();
    await Promise.allSettled(stopping);
    unregisterEmulator();
    await emulator.close();
  };
  const start = (settings: Record<string, unknown>) =>
    startCodeServer({
      ...opts,
      vsix,
      settings: { 'workspaceAutomation.apiUrl': emulator.url, ...settings },
      // WA_DIALECT tells the tests in the extension host which dialect they run against;
      // WA_TEST_HARNESS lets the extension take the tests' scripted arguments and hand them its handles.
      env: { WA_EMULATOR_URL: emulator.url, WA_DIALECT: dialect, [TEST_HARNESS_ENV]: '1', ...opts.env },
    });
  try {
    editor = await start(opts.settings ?? {});
    if (opts.browser !== false) {
      browser = await launchBrowser();
    }
  } catch (e) {
    await stop();
    throw e;
  }
  const session: EditorSession = {
    emulator,
    dialect,
    editor,
    browser: browser!,
    installMs,
    async restartEditor(settings) {
      const old = session.editor;
      stopping.push(old.stop());
      editor = await start(settings);
      session.editor = editor;
      return editor;
    },
    stop,
  };
  return session;
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

/** The figures of a session's start: the editor cache install (when it ran) and code-server's start. */
export function startFigures(session: EditorSession): void {
  console.log(`[emulator] dialect: ${session.dialect} (WA_DIALECT=vendor selects the vendor's answer shapes)`);
  if (session.installMs) {
    figure('editor cache install (cold)', session.installMs);
  }
  figure('code-server start to /healthz', session.editor.startMs);
}
