// Shared by the extension-host tests: the extension's test API, the emulator's controls, and
// putting the session in a known state (signed in as a demo user, or signed out).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { TEST_HARNESS_ENV } from '../../src/testHarness';

export const EXTENSION_ID = 'workspace-automation.workspace-automation';
export const ENV_TOKEN = 'WORKSPACE_AUTOMATION_TOKEN';

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

export function emulatorUrl(): string {
  const url = process.env.WA_EMULATOR_URL;
  assert.ok(url, 'WA_EMULATOR_URL is not set in the extension host');
  return url;
}

/** The object activate() returned (activating the installed extension if needed). */
export async function extensionApi(): Promise<ExtensionApi> {
  const ext = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed`);
  const api = ext.isActive ? ext.exports : await ext.activate();
  await api.session.ready();
  return api;
}

async function control(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${emulatorUrl()}/__emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(res.ok, `emulator ${method} ${path} answered ${res.status}`);
  return res;
}

/** Back to the demo data, no faults, an empty request log. */
export async function resetEmulator(): Promise<void> {
  await control('POST', 'reset');
  await control('DELETE', 'faults');
  await control('DELETE', 'requests');
}

/**
 * Switches the emulator to `dialect`: a reset to that dialect's demo data. The next
 * resetEmulator() (signedOutState() and signedInAs() do one) goes back to the run's dialect.
 */
export async function switchDialect(dialect: 'default' | 'vendor'): Promise<void> {
  await control('POST', 'dialect', { dialect });
}

export async function clearRequests(): Promise<void> {
  await control('DELETE', 'requests');
}

/** Call in beforeEach(): the demo data again, `read` of it (to compare with), an empty request log. */
export async function resetDemoData<T>(read: () => Promise<T>): Promise<T> {
  await resetEmulator();
  const state = await read();
  await clearRequests();
  return state;
}

/** The API requests the emulator answered since the last clear (controls excluded). */
export async function requests(pathContains?: string): Promise<LoggedRequest[]> {
  const res = await control('GET', 'requests');
  const { requests: all } = (await res.json()) as { requests: LoggedRequest[] };
  return pathContains === undefined ? all : all.filter((r) => r.path.includes(pathContains));
}

export async function addFault(spec: { kind: string; count?: number; method?: string; path?: string }): Promise<void> {
  await control('POST', 'faults', spec);
}

/** Calls the API directly (setting up data), as admin unless told otherwise. */
export async function apiCall(method: string, path: string, body?: unknown, token = 'admin-token'): Promise<unknown> {
  const res = await fetch(`${emulatorUrl()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('workspaceAutomation');
}

export async function setSetting(key: string, value: unknown): Promise<void> {
  await config().update(key, value, vscode.ConfigurationTarget.Global);
}

/**
 * Signed out, no workspace chosen (or `keepWorkspace`, when that is the one set), no environment
 * token, the emulator's address, fresh demo data.
 */
export async function signedOutState(keepWorkspace?: string): Promise<ExtensionApi> {
  const api = await extensionApi();
  delete process.env[ENV_TOKEN];
  if (config().get('apiUrl') !== emulatorUrl()) {
    await setSetting('apiUrl', emulatorUrl());
  }
  await api.session.signOut();
  const workspace = config().get<string>('workspace');
  if (workspace && workspace !== keepWorkspace) {
    await setSetting('workspace', undefined);
  }
  await api.session.reload();
  await resetEmulator();
  assert.equal(api.session.state, 'signedOut');
  return api;
}

/** What the Sign In command answers when a test gives it the token and the workspace. */
export interface SignInResult {
  signedIn: boolean;
  greeting?: string;
  error?: string;
}

/** Runs the Sign In command with the token and the workspace given (nothing is asked). */
export function signInCommand(token: string, workspace = 'acme'): Thenable<SignInResult | undefined> {
  return vscode.commands.executeCommand<SignInResult>('workspaceAutomation.signIn', { token, workspace });
}

/**
 * Signed in through the Sign In command with a demo token and workspace. A workspace setting that
 * is already `workspace` stays through the sign-out: the Sign In command writes it anyway, and each
 * settings write that changes the file is a configuration change (about 0.2 s of the editor's
 * time, twice in each of this suite's many sign-ins).
 */
export async function signedInAs(token = 'admin-token', workspace = 'acme'): Promise<ExtensionApi> {
  const api = await signedOutState(workspace);
  const result = await signInCommand(token, workspace);
  assert.equal(result?.signedIn, true, `sign in with ${token} failed: ${result?.error}`);
  assert.equal(api.session.workspace, workspace);
  await clearRequests();
  return api;
}

/**
 * Hides the sidebar, and waits until the Projects view says it is hidden. A visible tree loads its
 * rows as soon as the session changes: that load, still in flight when a test queues a fault or
 * clears the request log, takes the fault or lands in the log. Call it in before() of a file that
 * counts requests or queues faults after signedInAs(), and after opening the container for a test.
 */
export async function hideSidebar(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeSidebar');
  const api = await extensionApi();
  await waitFor('the Projects view to be hidden', () => api.views.projects.treeView?.visible === false);
}

export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) {
      return value;
    }
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The SecretStorage key of the token for an API address. */
export function tokenKey(baseUrl: string): string {
  return `workspaceAutomation.token:${baseUrl}`;
}

/** Every file under `dir` (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) {
    return [];
  }
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : [];
  });
}

export function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/**
 * Runs `command` with `args` as the person would meet it: whatever it asks (a quick input, a
 * notification) is closed, the person saying no, until the command settles; what it resolved.
 */
export async function runDismissing(command: string, ...args: unknown[]): Promise<unknown> {
  let settled: { result: unknown } | undefined;
  const running = Promise.resolve(vscode.commands.executeCommand(command, ...args)).then(
    (result) => (settled = { result }),
    (error: unknown) => (settled = { result: error }),
  );
  await waitFor(
    `${command} to settle, what it asks dismissed`,
    async () => {
      if (!settled) {
        await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
        await vscode.commands.executeCommand('notifications.clearAll');
      }
      return settled;
    },
    30_000,
  );
  await running;
  return settled!.result;
}

/**
 * A describe's hooks for tests of what another extension or a link may pass: signed in as admin in
 * acme, the test harness's flag off during each test (as in a person's editor) and the request log
 * cleared, signed out after. Returns the extension's API once `before` ran.
 */
export function asInAPersonsEditor(): () => ExtensionApi {
  let api: ExtensionApi | undefined;
  const harness = process.env[TEST_HARNESS_ENV];
  before(async () => {
    api = await signedInAs('admin-token', 'acme');
  });
  beforeEach(async () => {
    delete process.env[TEST_HARNESS_ENV];
    await clearRequests();
  });
  afterEach(() => {
    process.env[TEST_HARNESS_ENV] = harness;
  });
  after(async () => {
    await signedOutState();
  });
  return () => {
    assert.ok(api, "signed in by the describe's before hook");
    return api;
  };
}
