// Security, in the real editor's extension host: after a session that signs in, loads every view,
// reads targets (whose answers carry `secure!` values), creates an SSH_KEY variable from a key
// file, is refused an unknown token and has its token revoked mid-session, neither token nor
// `secure!` value nor private-key text is in the output channel's file, the settings, the editor's
// storage and log folders, the messages shown, or the emulator's request log. A plain http://
// address off this machine is refused before any connection. And the private key's text is not
// in the extension host's memory after the request (a heap snapshot, searched).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vscode from 'vscode';
import { ApiClient, ConfigurationError, type FetchLike } from '../../src/api';
import { createVariable } from '../../src/commands/createVariable';
import { emptyAnswers } from '../../src/commands/createVariable/answers';
import type { ExtensionApi } from '../../src/extension';
import { ScriptedPrompter } from './scriptedPrompter';
import { emulatorUrl, filesUnder, labelOf, requests, resetEmulator, setSetting, signedInAs, signedOutState, waitFor } from './sessionHelpers';

type Node = vscode.TreeItem & { contextValue?: string };

const UNKNOWN_TOKEN = `wa-unknown-${randomBytes(6).toString('hex')}`;
const REVOKED_TOKEN = `wa-revoked-${randomBytes(6).toString('hex')}`;
/** The staging target's password in the emulator's demo data (answered as `secure!…`). */
const STAGING_PASSWORD = 'st4ge-Secret!';

/**
 * Makes an ed25519 key file and returns distinctive slices of its private part, hex-encoded: the
 * key's text is dropped when this returns, and the slices themselves never sit in this heap as text.
 */
function makeKey(dir: string): { file: string; slicesHex: string[] } {
  const file = path.join(dir, 'heap_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'heap@tests', '-f', file], { stdio: 'ignore' });
  const lines = fs.readFileSync(file, 'latin1').split('\n').filter((l) => l && !l.startsWith('-----'));
  const publicBlob = fs.readFileSync(`${file}.pub`, 'latin1').split(' ')[1];
  // Lines 3 and 4 of the body hold the private section (check integers, the private scalar).
  const slicesHex = [lines[2].slice(10, 34), lines[3].slice(4, 28), lines[3].slice(36, 60)]
    .filter((s) => s.length === 24 && !publicBlob.includes(s))
    .map((s) => Buffer.from(s, 'latin1').toString('hex'));
  assert.ok(slicesHex.length >= 2, 'distinctive slices of the private key');
  return { file, slicesHex };
}

/** Searches a (large) file for byte strings, chunk by chunk; returns the needles found. */
function findInFile(file: string, needles: Buffer[]): Buffer[] {
  const found = new Set<Buffer>();
  const longest = Math.max(...needles.map((n) => n.length));
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(8 * 2 ** 20 + longest);
    let carry = 0;
    let position = 0;
    for (;;) {
      const read = fs.readSync(fd, chunk, carry, chunk.length - carry, position);
      if (read === 0) {
        break;
      }
      position += read;
      const view = chunk.subarray(0, carry + read);
      for (const n of needles) {
        if (!found.has(n) && view.includes(n)) {
          found.add(n);
        }
      }
      carry = Math.min(longest - 1, view.length);
      view.copy(chunk, 0, view.length - carry);
    }
  } finally {
    fs.closeSync(fd);
  }
  return [...found];
}

describe('security: secrets stay out of logs, files, messages and memory', function () {
  this.timeout(180_000);
  let api: ExtensionApi;
  let keyDir: string;
  let keySlicesHex: string[] = [];
  /** Every message and label the session showed, to search. */
  const shown: string[] = [];

  before(async () => {
    // Hidden views load nothing by themselves: every request below is this suite's.
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-security-'));
    const key = makeKey(keyDir);
    keySlicesHex = key.slicesHex;
    api = await signedInAs('admin-token', 'acme');

    // Every view, every target in full (their answers carry `secure!` values), the tooltips.
    const projects = (await api.views.projects.getChildren()) as Node[];
    shown.push(...projects.map(labelOf));
    const targetsView = api.views.targets!;
    for (const target of (await targetsView.getChildren()) as Node[]) {
      const children = (await targetsView.getChildren(target as never)) as Node[];
      shown.push(labelOf(target), ...children.map(labelOf), ...children.map((c) => String(c.description ?? '')));
      const resolved = await targetsView.resolveTreeItem(target, target as never, new vscode.CancellationTokenSource().token);
      const tooltip = resolved.tooltip;
      shown.push(typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? ''));
    }
    api.views.currentProject.set({ name: 'web-app', displayName: 'Web App' });
    shown.push(...((await api.views.commits!.getChildren()) as Node[]).map(labelOf));

    // An SSH_KEY variable through the real flow and the extension's own client.
    await (async () => {
      const prompter = new ScriptedPrompter([
        { pick: 'Workspace' },
        { pick: 'SSH_KEY' },
        { input: 'HEAP_CHECK_KEY' },
        { pick: 'Choose a private key file…' },
        { file: key.file },
        { input: 'security suite' },
        { accept: true },
        { accept: true },
      ]);
      const variable = await createVariable(api.services, prompter, emptyAnswers());
      assert.equal(variable?.type, 'SSH_KEY', prompter.describe());
      assert.match(String(variable?.value), /^secure!/);
      shown.push(...prompter.messages.map((m) => m.text));
    })();

    // An unknown token refused at sign-in.
    const refused = await vscode.commands.executeCommand<{ signedIn: boolean; error?: string }>('workspaceAutomation.signIn', { token: UNKNOWN_TOKEN, workspace: 'acme' });
    assert.equal(refused?.signedIn, false);
    shown.push(refused?.error ?? '');

    // A token revoked in the middle of the session: the view's error item.
    await api.services.context.secrets.store(`workspaceAutomation.token:${api.session.baseUrl}`, REVOKED_TOKEN);
    await api.session.reload();
    targetsView.refresh();
    const failed = (await targetsView.getChildren()) as Node[];
    assert.equal(failed[0]?.contextValue, 'wa.error.signIn');
    shown.push(...failed.map(labelOf), ...failed.map((n) => String((n.tooltip as vscode.MarkdownString | undefined)?.value ?? '')));
    api = await signedInAs('admin-token', 'acme');
    await api.views.projects.getChildren();
    // The log channel writes asynchronously.
    await new Promise((r) => setTimeout(r, 1500));
  });

  after(async () => {
    fs.rmSync(keyDir, { recursive: true, force: true });
    await signedOutState();
  });

  function secrets(): { what: string; text: Buffer }[] {
    return [
      { what: 'the admin token', text: Buffer.from('admin-token') },
      { what: 'the refused token', text: Buffer.from(UNKNOWN_TOKEN) },
      { what: 'the revoked token', text: Buffer.from(REVOKED_TOKEN) },
      { what: 'a secure! value', text: Buffer.from('secure!') },
      { what: "the staging target's password", text: Buffer.from(STAGING_PASSWORD) },
      { what: 'private key text', text: Buffer.from('PRIVATE KEY') },
      ...keySlicesHex.map((h, i) => ({ what: `private key slice ${i + 1}`, text: Buffer.from(h, 'hex') })),
    ];
  }

  it('no token, secure! value or key text in the output channel, settings, storage and log folders', async () => {
    const ctx = api.services.context;
    const userData = path.resolve(ctx.globalStorageUri.fsPath, '..', '..', '..');
    const logDir = path.dirname(ctx.logUri.fsPath);
    const folders = [userData, ctx.globalStorageUri.fsPath, ctx.storageUri?.fsPath, logDir].filter((f): f is string => !!f);
    const files = [...new Set(folders.flatMap(filesUnder))];
    // The search covers what it must: the output channel's file with this session's lines, and the settings.
    const channel = files.find(
      (f) => /^\d*-?Workspace Automation\.log$/.test(path.basename(f)) && /POST \/workspaces\/acme\/variables 201/.test(fs.readFileSync(f, 'utf8')),
    );
    assert.ok(channel, `the output channel's file, with the variable request, is among the ${files.length} files searched`);
    assert.match(fs.readFileSync(channel, 'utf8'), / 401 /, 'the refused requests are logged');
    assert.ok(files.some((f) => f.endsWith(path.join('User', 'settings.json'))), 'settings.json is searched');
    const leaks: string[] = [];
    for (const file of files) {
      if (fs.statSync(file).size > 200 * 2 ** 20) {
        continue;
      }
      const bytes = fs.readFileSync(file);
      for (const s of secrets()) {
        if (bytes.includes(s.text)) {
          leaks.push(`${s.what} in ${path.relative(userData, file)}`);
        }
      }
    }
    assert.deepEqual(leaks, []);
  });

  it('no token, secure! value or key text in the messages and items shown', () => {
    assert.ok(shown.length > 10, 'messages and labels were collected');
    assert.ok(shown.some((s) => /refused/.test(s)), 'the refusals are among them');
    const text = Buffer.from(shown.join('\n'));
    assert.deepEqual(
      secrets().filter((s) => text.includes(s.text)).map((s) => s.what),
      [],
    );
  });

  it("no token in the emulator's request log (it holds paths only), and none sent in a query", async () => {
    const log = JSON.stringify(await requests());
    for (const s of secrets().slice(0, 3)) {
      assert.ok(!log.includes(s.text.toString()), `${s.what} in the request log`);
    }
  });

  it("the private key's text is not in the extension host's memory after the request (heap snapshot)", async function () {
    this.timeout(300_000);
    // A control: a string held on purpose must be found, so the search can fail.
    const control = `wa-heap-control-${randomBytes(8).toString('hex')}`;
    (globalThis as Record<string, unknown>).__waHeapControl = JSON.parse(JSON.stringify(control)) as string;
    const controlHex = Buffer.from(control).toString('hex');
    await new Promise((r) => setTimeout(r, 500));
    const file = path.join(keyDir, 'ext-host.heapsnapshot');
    // Taking a snapshot runs a full garbage collection first.
    v8.writeHeapSnapshot(file);
    delete (globalThis as Record<string, unknown>).__waHeapControl;
    try {
      const needles = [Buffer.from(controlHex, 'hex'), ...keySlicesHex.map((h) => Buffer.from(h, 'hex'))];
      const found = findInFile(file, needles);
      assert.ok(found.includes(needles[0]), 'the control string is found in the snapshot');
      const retained = needles.slice(1).filter((n) => found.includes(n));
      assert.equal(retained.length, 0, `${retained.length} slice(s) of the private key are still in the extension host's heap`);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

describe('security: a plain http:// address off this machine is refused', function () {
  this.timeout(60_000);
  const connects: string[] = [];
  const originalConnect = net.Socket.prototype.connect;

  before(async () => {
    await signedInAs('admin-token', 'acme');
    await resetEmulator();
    // Every TCP connection the extension host opens from here on is recorded.
    net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
      // net.connect() passes its normalized arguments as one array: [options, callback].
      const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
      const target = typeof first === 'object' && first !== null ? (first as { host?: string; port?: number; path?: string }) : { port: first as number, host: args[1] as string };
      connects.push(`${target.host ?? target.path ?? ''}:${target.port ?? ''}`);
      return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
    } as typeof net.Socket.prototype.connect;
  });

  after(async () => {
    net.Socket.prototype.connect = originalConnect;
    await setSetting('apiUrl', emulatorUrl());
    await signedOutState();
  });

  it('says why and what to do, refuses to sign in, and connects nowhere', async () => {
    const api = await signedInAs('admin-token', 'acme');
    // The recording works (a control): a connection opened here is seen.
    const port = Number(new URL(emulatorUrl()).port);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
    assert.ok(connects.some((c) => c.endsWith(`:${port}`)), `the control connection is recorded: ${connects.join(', ')}`);
    connects.length = 0;
    await setSetting('apiUrl', 'http://example.com/api');
    await waitFor('the settings read again', () => api.session.configError !== undefined);
    assert.equal(api.session.baseUrl, undefined);
    assert.equal(api.session.client, undefined, 'no client for that address');
    assert.match(api.session.configError!.message, /Plain http:\/\/ is allowed only for this machine .* use https:\/\/ for "example\.com" so the token is not sent in clear text/);
    // Every view is empty (the welcome says what to do) and nothing is requested.
    api.views.projects.refresh();
    api.views.targets!.refresh();
    assert.deepEqual(await api.views.projects.getChildren(), []);
    assert.deepEqual(await api.views.targets!.getChildren(), []);
    const result = await vscode.commands.executeCommand<{ signedIn: boolean; error?: string }>('workspaceAutomation.signIn', { token: 'admin-token', workspace: 'acme' });
    assert.equal(result?.signedIn, false);
    assert.match(result?.error ?? '', /Plain http:\/\/ is allowed only for this machine/);
    // The client refuses such an address too, whoever builds it.
    assert.throws(
      () => new ApiClient({ baseUrl: 'http://example.com/api', getToken: () => 'admin-token', fetch: globalThis.fetch as unknown as FetchLike, userAgent: 'tests' }),
      ConfigurationError,
    );
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(
      connects.filter((c) => /example\.com/.test(c)),
      [],
      `connections: ${connects.join(', ')}`,
    );
    assert.deepEqual(await requests(), [], 'nothing reached the emulator either');
  });
});
