// Security, in the real editor's extension host: after a session that signs in, loads every view,
// reads targets (whose answers carry `secure!` values), creates an SSH_KEY variable from a key
// file, is refused an unknown token and has its token revoked mid-session, neither token nor
// `secure!` value nor private-key text is in the output channel's file, the settings, the editor's
// storage and log folders, the messages shown, or the emulator's request log. A plain http://
// address off this machine is refused before any connection. And the private key's text is not
// in the extension host's memory after the request (a heap snapshot, searched). Then the trust
// boundaries: a folder's settings never choose the address, no redirect is followed, Open in
// Browser opens only https, a server's text in tooltips stays text, and each address has its own
// rate-limit state.
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
import { createVariable } from '../../src/features/variables/createVariable';
import { emptyAnswers } from '../../src/features/variables/createVariable/answers';
import type { ExtensionApi } from '../../src/extension';
import { json, redirect, startHostileServer, type HostileServer } from '../harness/hostileServer';
import { ScriptedPrompter } from './scriptedPrompter';
import {
  config,
  emulatorUrl,
  ENV_TOKEN,
  extensionApi,
  filesUnder,
  labelOf,
  requests,
  resetEmulator,
  runDismissing,
  asInAPersonsEditor,
  setSetting,
  signedInAs,
  signedOutState,
  signInCommand,
  tokenKey,
  waitFor,
} from './sessionHelpers';
import { ENCRYPTED_PREFIX, listedTargetRows } from '../harness/dialect';
import { EDITOR_LINK } from '../harness/editorLinks';
import { TEST_HARNESS_ENV } from '../../src/testHarness';

type Node = vscode.TreeItem & { contextValue?: string };

const UNKNOWN_TOKEN = `wa-unknown-${randomBytes(6).toString('hex')}`;
const REVOKED_TOKEN = `wa-revoked-${randomBytes(6).toString('hex')}`;
/** The staging target's password in the emulator's demo data (answered as `secure!…`, or `!encrypted …` by the vendor). */
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
      assert.ok(String(variable?.value).startsWith(ENCRYPTED_PREFIX), String(variable?.value));
      shown.push(...prompter.messages.map((m) => m.text));
    })();

    // An unknown token refused at sign-in.
    const refused = await signInCommand(UNKNOWN_TOKEN);
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
      { what: `an encrypted value (${ENCRYPTED_PREFIX.trim()})`, text: Buffer.from(ENCRYPTED_PREFIX) },
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
    const result = await signInCommand('admin-token');
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

/** Points the extension at `url` (user setting) with `token` stored for it; waits until signed in there. */
async function useAddress(api: ExtensionApi, url: string, token = 'admin-token'): Promise<void> {
  await setSetting('apiUrl', url);
  await api.services.context.secrets.store(tokenKey(url), token);
  await api.session.reload();
  await waitFor(`the session on ${url}`, () => api.session.baseUrl === url && api.session.signedIn);
}

describe("security: a folder's settings cannot choose where the token goes", function () {
  this.timeout(60_000);
  let hostile: HostileServer;
  let settingsFile: string;
  let hadFolderSettings: string | undefined;

  before(async () => {
    hostile = await startHostileServer({ handler: (_req, res) => (json(res, 200, {}), true) });
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the suite runs with a folder open');
    settingsFile = path.join(folder.uri.fsPath, '.vscode', 'settings.json');
    hadFolderSettings = fs.existsSync(settingsFile) ? fs.readFileSync(settingsFile, 'utf8') : undefined;
  });

  after(async () => {
    delete process.env[ENV_TOKEN];
    if (hadFolderSettings === undefined) {
      fs.rmSync(settingsFile, { force: true });
    } else {
      fs.writeFileSync(settingsFile, hadFolderSettings);
    }
    await waitFor('the folder settings to be forgotten', () => config().get('commits.pageSize') !== 7 || undefined);
    await setSetting('apiUrl', emulatorUrl());
    await hostile.close();
    await signedOutState();
  });

  it('a repository naming its own address in .vscode/settings.json gets nothing, with the token in the environment', async () => {
    const api = await signedOutState();
    process.env[ENV_TOKEN] = 'env-token-must-stay-home';
    fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
    fs.writeFileSync(
      settingsFile,
      JSON.stringify({
        'workspaceAutomation.apiUrl': hostile.url,
        'workspaceAutomation.accountType': 'self-hosted',
        'workspaceAutomation.host': `127.0.0.1:${hostile.port}`,
        // A control: a setting a folder may set, read from the same file.
        'workspaceAutomation.commits.pageSize': 7,
      }),
    );
    await waitFor('the folder settings to be read', () => config().get('commits.pageSize') === 7 || undefined);
    // The user's own address holds; the folder's is not even visible to the extension.
    assert.equal(config().get('apiUrl'), emulatorUrl());
    await api.session.reload();
    assert.equal(api.session.baseUrl, emulatorUrl());
    // The user chose this address: the environment token is used for it, and only there.
    assert.equal(api.session.tokenSource, 'environment');
    await api.views.projects.getChildren();

    // Without a user address, the folder's still does not count; the default address is nobody's
    // choice, so the environment token is not used at all.
    await setSetting('apiUrl', undefined);
    await api.session.reload();
    assert.equal(api.session.baseUrl, 'https://api.buddy.works');
    assert.equal(api.session.signedIn, false);
    assert.equal(api.session.envTokenIgnored, true);
    assert.deepEqual(await api.views.projects.getChildren(), []);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(hostile.received, [], 'the folder\'s address received nothing');
  });
});

describe('security: no redirect is followed', function () {
  this.timeout(60_000);
  let hostile: HostileServer;
  let elsewhere: HostileServer;

  before(async () => {
    elsewhere = await startHostileServer({ handler: (_req, res) => (json(res, 200, { url: 'x', id: 1, name: 'Mallory' }), true) });
    // In front of the emulator; the answers the tests choose are redirects to `elsewhere`.
    hostile = await startHostileServer({ upstream: emulatorUrl() });
  });

  after(async () => {
    await setSetting('apiUrl', emulatorUrl());
    await hostile.close();
    await elsewhere.close();
    await signedOutState();
  });

  it('Sign In against a server that redirects /user: refused, naming the address, and the token goes nowhere else', async () => {
    await signedOutState();
    hostile.handle((req, res) => (req.path.startsWith('/user') ? (redirect(res, 307, `${elsewhere.url}${req.path}`), true) : false));
    await setSetting('apiUrl', hostile.url);
    const result = await signInCommand('admin-token');
    assert.equal(result?.signedIn, false);
    assert.match(result?.error ?? '', new RegExp(`a redirect to ${elsewhere.url.replace(/\./g, '\\.')}/user`));
    assert.ok(hostile.received.some((r) => r.path.startsWith('/user')), 'the sign-in asked the server');
    assert.deepEqual(elsewhere.received, []);
  });

  it('Create Variable with a secret value, answered 308 to another port: one POST, the value goes nowhere else', async () => {
    const api = await signedOutState();
    hostile.handle((req, res) => (req.method === 'POST' && req.path.includes('/variables') ? (redirect(res, 308, `${elsewhere.url}${req.path}`), true) : false));
    await useAddress(api, hostile.url);
    await setSetting('workspace', 'acme');
    const prompter = new ScriptedPrompter([
      { pick: 'Workspace' },
      { pick: 'VAR' },
      { input: 'REDIRECTED_SECRET' },
      { pick: /^Secret value/ },
      { input: 'never-re-sent-value' },
      { input: 'redirect test' },
    ]).choose(undefined);
    const variable = await createVariable(api.services, prompter, emptyAnswers());
    assert.equal(variable, undefined);
    const error = prompter.last('error')?.text ?? '';
    assert.match(error, new RegExp(`answered 308, a redirect to ${elsewhere.url.replace(/\./g, '\\.')}/workspaces/acme/variables`), prompter.describe());
    assert.ok(!error.includes('never-re-sent-value'));
    assert.equal(hostile.received.filter((r) => r.method === 'POST').length, 1, 'sent once');
    assert.deepEqual(elsewhere.received, [], 'the other server received nothing');
  });
});

describe('security: Open in Browser opens only https (and http on this machine)', function () {
  it("refuses javascript:, file:, command: and plain http elsewhere from a server's html_url", async () => {
    await extensionApi();
    const opened: string[] = [];
    const opener = { openExternal: async (uri: vscode.Uri) => (opened.push(uri.toString(true)), true) };
    const refused = ['javascript:alert(1)', 'file:///etc/passwd', 'command:workbench.action.quit', 'http://example.com/page', 'https://user:pw@example.com/'];
    const results: unknown[] = [];
    for (const url of refused) {
      results.push(await vscode.commands.executeCommand('workspaceAutomation.openInBrowser', { htmlUrl: url }, opener));
    }
    assert.deepEqual(results, refused.map(() => false));
    assert.deepEqual(opened, []);
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.openInBrowser', { htmlUrl: 'https://app.buddy.works/acme/web-app' }, opener), true);
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.openInBrowser', { htmlUrl: 'http://127.0.0.1:4010/acme' }, opener), true);
    assert.deepEqual(opened, ['https://app.buddy.works/acme/web-app', 'http://127.0.0.1:4010/acme']);
  });
});

describe("security: a server's text in tooltips is only text", function () {
  this.timeout(60_000);
  let hostile: HostileServer;
  const projectName = '[Q](command:workbench.action.quit) <img src=x> https://evil.com **b**';
  const pipeline = {
    url: 'https://api.example/p/101',
    html_url: 'https://app.example/p/101',
    id: 101,
    name: '<img src=n> _n_',
    on: '![trigger](https://evil.com/o.png)',
    refs: ['`](https://evil.com/r) `x'],
    last_execution_status: '[status](command:workbench.action.quit)',
    last_execution_revision: '`<img src=r>`',
  };

  // The check renders through the built-in Markdown extension (the only renderer a test can
  // call). Hovers render with `marked`, which never links text whose punctuation is escaped; the
  // Markdown extension of VS Code 1.100 (markdown-it 12) runs its linkify after resolving escapes,
  // so it would link `evil.com` however it is written. Its linkify is switched off here, as hovers
  // have it; bare addresses and domains are checked under linkify by test/unit/ui/markdown.test.ts.
  const markdownConfig = () => vscode.workspace.getConfiguration('markdown.preview');
  let linkifyBefore: boolean | undefined;

  before(async () => {
    linkifyBefore = markdownConfig().inspect<boolean>('linkify')?.globalValue;
    await markdownConfig().update('linkify', false, vscode.ConfigurationTarget.Global);
    // In front of the emulator, answering the lists with names full of Markdown and HTML.
    hostile = await startHostileServer({
      upstream: emulatorUrl(),
      handler: (req, res) => {
        const listPath = req.path.split('?')[0];
        if (req.method === 'GET' && listPath === '/workspaces/acme/projects') {
          json(res, 200, { url: 'u', html_url: 'h', projects: [{ url: 'u', html_url: 'https://app.example/web-app', name: 'web-app', display_name: projectName, status: 'ACTIVE' }] });
          return true;
        }
        if (req.method === 'GET' && listPath === '/workspaces/acme/projects/web-app/pipelines') {
          json(res, 200, { url: 'u', html_url: 'h', pipelines: [pipeline] });
          return true;
        }
        return false;
      },
    });
  });

  after(async () => {
    await markdownConfig().update('linkify', linkifyBefore, vscode.ConfigurationTarget.Global);
    await setSetting('apiUrl', emulatorUrl());
    await hostile.close();
    await signedOutState();
  });

  /** The tooltip of `node` as the editor's Markdown renderer renders it. */
  async function renderedTooltip(view: { resolveTreeItem(i: vscode.TreeItem, e: never, t: vscode.CancellationToken): vscode.ProviderResult<vscode.TreeItem> }, node: Node): Promise<string> {
    const resolved = await view.resolveTreeItem(node, node as never, new vscode.CancellationTokenSource().token);
    const markdown = (resolved?.tooltip as vscode.MarkdownString).value;
    const html = await vscode.commands.executeCommand<string>('markdown.api.render', markdown);
    assert.ok(typeof html === 'string' && html.length > 0, 'the editor rendered the tooltip');
    return html.replace(/<span id="markdown-mermaid"[^>]*><\/span>/, '');
  }

  it('project and pipeline fields full of links, images and HTML show as text (rendered by the editor)', async () => {
    const api = await signedOutState();
    await setSetting('workspace', 'acme');
    await useAddress(api, hostile.url);
    api.views.projects.refresh();
    const nodes = (await api.views.projects.getChildren()) as Node[];
    const project = nodes.find((n) => n.description === 'web-app');
    assert.ok(project, `the project is listed: ${nodes.map(labelOf).join(', ')}`);
    const projectHtml = await renderedTooltip(api.views.projects, project);
    const pipelines = (await api.views.projects.getChildren(project as never)) as Node[];
    assert.equal(pipelines.length, 1, pipelines.map(labelOf).join(', '));
    const pipelineHtml = await renderedTooltip(api.views.projects, pipelines[0]);
    for (const html of [projectHtml, pipelineHtml]) {
      const elements = html.match(/<(a|img|script|em)\b[^>]*>/g) ?? [];
      assert.deepEqual(elements, [], `${elements.join(' ')} in ${html.replace(/\s+/g, ' ')}`);
    }
    const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/&quot;/g, '"');
    assert.ok(text(projectHtml).includes(projectName), text(projectHtml));
    for (const field of [pipeline.name, pipeline.on.toLowerCase(), pipeline.refs[0], pipeline.last_execution_status.toLowerCase()]) {
      assert.ok(text(pipelineHtml).includes(field), `${field} in ${text(pipelineHtml)}`);
    }
    // A control: the same text unescaped renders the link and the image.
    const raw = await vscode.commands.executeCommand<string>('markdown.api.render', `${projectName} ${pipeline.on}`);
    assert.match(raw, /<img\b/);
    assert.match(raw, /<a\b/);
  });
});

describe('security: rate-limit state per API address', function () {
  this.timeout(60_000);
  let hostile: HostileServer;

  before(async () => {
    const farFuture = String(Math.floor(Date.UTC(2200, 0, 1) / 1000));
    hostile = await startHostileServer({
      handler: (_req, res) => (json(res, 403, { errors: [{ message: 'Rate limit exceeded.' }] }, { 'X-Rate-Limit-Limit': '5000', 'X-Rate-Limit-Remaining': '0', 'X-Rate-Limit-Reset': farFuture }), true),
    });
  });
  after(async () => {
    await hostile.close();
    await signedOutState();
  });

  it("another address's exhausted limit (with a reset in 2200) neither blocks this address nor lasts past the window", async () => {
    const api = await signedInAs('admin-token', 'acme');
    // A token checked against another address (what Sign In does before storing it).
    const other = api.session.clientFor(hostile.url, () => 'some-token');
    await assert.rejects(other.getUser(), /Rate limit exceeded/);
    const otherState = api.rateLimitFor(hostile.url);
    assert.equal(otherState.isExhausted(), true, 'that address is blocked');
    assert.ok(otherState.resetAt!.getTime() <= Date.now() + 65 * 60_000, `reset bounded: ${otherState.resetAt?.toISOString()}`);
    // This address is not blocked: its views load from the emulator.
    assert.equal(api.rateLimit.isExhausted(), false);
    api.views.targets!.refresh();
    const targets = (await api.views.targets!.getChildren()) as Node[];
    assert.deepEqual(targets.map(labelOf), listedTargetRows());
    assert.ok((await requests('/targets')).length > 0, 'the request reached the emulator');
  });
});

describe('security: the log has every line redacted and on one line; a bad .env line only by its number (issue 22)', function () {
  this.timeout(60_000);
  const secret = `hunter2-${randomBytes(6).toString('hex')}`;
  const keyBody = `b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ${randomBytes(9).toString('hex')}`;
  let api: ExtensionApi;
  let dir: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-log-'));
    api = await signedInAs('admin-token', 'acme');
  });

  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await signedOutState();
  });

  /** The output channel's text once it holds `until` (the channel writes its file a moment later). */
  async function channelText(until: string): Promise<string> {
    const logDir = path.dirname(api.services.context.logUri.fsPath);
    return waitFor(`the output channel's file to hold "${until}"`, () => {
      const file = filesUnder(logDir).find((f) => /^\d*-?Workspace Automation\.log$/.test(path.basename(f)));
      const text = file ? fs.readFileSync(file, 'utf8') : '';
      return text.includes(until) ? text : undefined;
    });
  }

  it('an imported .env file: its bad lines logged by number and kind, never their text', async () => {
    const file = path.join(dir, 'bad-lines.env');
    fs.writeFileSync(file, [`DB PASSWORD=${secret}`, keyBody, 'LOG_CHECK_OK=1', ''].join('\n'));
    api.views.setVariablesScope('workspace');
    const [root] = (await api.views.variables!.getChildren()) as Node[];
    const prompter = new ScriptedPrompter([{ pick: 'Choose a .env file…' }, { file }, { accept: true }, { accept: true }, { pick: /^Import 1 variable/ }]);
    const result = await vscode.commands.executeCommand<{ outcomes: { key: string; result: string }[] }>('workspaceAutomation.importVariables', root, { prompter });
    assert.deepEqual(result?.outcomes, [{ key: 'LOG_CHECK_OK', result: 'created' }], prompter.describe());
    const text = await channelText('Import into workspace acme: LOG_CHECK_OK created.');
    assert.match(text, /Import into workspace acme: line 1: not KEY=value, skipped$/m);
    assert.match(text, /Import into workspace acme: line 2: not KEY=value, skipped$/m);
    assert.ok(!text.includes(secret), 'the bad line’s value is not in the log');
    assert.ok(!text.includes(keyBody.slice(0, 30)), 'nor a private key’s body');
    assert.ok(!text.includes('DB PASSWORD'), 'nor any of the line’s text');
  });

  it('whatever a command writes: secrets redacted, and a line break from outside written as \\n, not a forged line', async () => {
    const marker = `forged-${randomBytes(4).toString('hex')}`;
    api.services.log.info(`Created project ${marker}\n2026-01-01 00:00:00.000 [error] Signed in as admin\r\nnext`);
    api.services.log.warn(`password=${secret} Authorization: Bearer ${secret}`, `token=${secret}`);
    const text = await channelText(marker);
    assert.ok(text.includes(`Created project ${marker}\\n2026-01-01 00:00:00.000 [error] Signed in as admin\\r\\nnext`), text.slice(-2000));
    assert.deepEqual(
      text.split('\n').filter((line) => line.startsWith('2026-01-01 00:00:00.000 [error]') || line.startsWith('next')),
      [],
      'no line of its own',
    );
    await channelText('token=[REDACTED]');
    assert.ok(!text.includes(secret) && !(await channelText('token=[REDACTED]')).includes(secret), 'no secret in the log');
  });
});

describe("security: the editor's link pattern that noLinks is tested against is the running editor's (issue 22)", function () {
  it('the workbench this extension host serves makes links with exactly EDITOR_LINK (test/harness/editorLinks.ts)', () => {
    const candidates = ['out/vs/code/browser/workbench/workbench.js', 'out/vs/workbench/workbench.desktop.main.js', 'out/vs/workbench/workbench.web.main.js']
      .map((f) => path.join(vscode.env.appRoot, f))
      .filter((f) => fs.existsSync(f));
    assert.ok(candidates.length > 0, `a workbench under ${vscode.env.appRoot}`);
    const literal = `/${EDITOR_LINK.source}/${EDITOR_LINK.flags}`;
    assert.ok(
      candidates.some((f) => fs.readFileSync(f, 'utf8').includes(literal)),
      `${literal} in ${candidates.join(', ')}`,
    );
  });
});

describe('security: Sign In and Select Workspace take scripted arguments only under the test harness (issue 22)', function () {
  this.timeout(60_000);
  // As in a person's editor: the arguments come from a command link or another extension.
  const extension = asInAPersonsEditor();
  const harness = process.env[TEST_HARNESS_ENV];

  it('Sign In with { token, workspace }: nothing signed in, the token stored and the workspace stay; the person is asked instead', async () => {
    assert.equal(harness, '1', 'the harness set the flag');
    const key = tokenKey(extension().session.baseUrl!);
    const stored = await extension().services.context.secrets.get(key);
    assert.equal(stored, 'admin-token');
    const result = await runDismissing('workspaceAutomation.signIn', { token: 'dev-token', workspace: 'dormant' });
    assert.equal(result, false, 'the interactive sign-in ran, and was dismissed');
    assert.equal(await extension().services.context.secrets.get(key), 'admin-token');
    assert.equal(extension().session.workspace, 'acme');
    assert.equal(config().get('workspace'), 'acme');
    assert.deepEqual(await requests(), [], 'the given token was not even checked');
  });

  it('Select Workspace with a name: no switch; the person picks instead', async () => {
    const result = await runDismissing('workspaceAutomation.selectWorkspace', 'dormant');
    assert.equal(result, false);
    assert.equal(extension().session.workspace, 'acme');
    assert.equal(config().get('workspace'), 'acme');
    assert.ok((await requests()).some((r) => r.path.startsWith('/workspaces')), 'the pick listed the workspaces');
  });

  it('Switch Account with a prompter of another extension: the prompter is never asked; the person picks', async () => {
    const asked: string[] = [];
    const prompter = {
      pick: async () => void asked.push('pick'),
      input: async () => void asked.push('input'),
      message: async () => void asked.push('message'),
    };
    await runDismissing('workspaceAutomation.switchAccount', { prompter });
    assert.deepEqual(asked, []);
    assert.equal(extension().session.workspace, 'acme');
    assert.equal(config().get('workspace'), 'acme');
  });

  it('under the harness the same arguments are taken (what the suites rely on)', async () => {
    process.env[TEST_HARNESS_ENV] = '1';
    await vscode.commands.executeCommand('workspaceAutomation.selectWorkspace', 'dormant');
    assert.equal(extension().session.workspace, 'dormant');
    const result = await signInCommand('admin-token', 'acme');
    assert.equal(result?.signedIn, true);
    assert.equal(extension().session.workspace, 'acme');
  });
});
