// Security as a person meets it in the real editor: a plain http:// API address off this machine
// makes Sign In say why (with Open Settings) before any token is asked for or anything is sent;
// a refused token is answered in the Sign In box without being shown back, the typed token kept.
// And a server's message with a command link shows as text, with no link, in the Sign In box and
// in a notification (issue 22).
import * as assert from 'node:assert/strict';
import { json, startHostileServer, type HostileServer } from '../harness/hostileServer';
import { API_URL_SETTING, clearPresets, openSignedOutInAcme, presetWorkspace, signInWith } from './viewsHelpers';
import { demoTokens, waitFor, workbench } from './workbench';

const API_URL = 'workspaceAutomation.apiUrl';
const UNKNOWN_TOKEN = 'wa-e2e-unknown-7d41c9a2';

describe('security (UI)', () => {
  let emulatorSetting: unknown;

  before(async () => {
    const wb = workbench();
    // Signed out, as a window an earlier describe handed on is (the workspace preset changes nothing here).
    await openSignedOutInAcme(wb);
    emulatorSetting = wb.userSettings()[API_URL];
    await wb.openContainer();
  });

  after(async () => {
    const wb = workbench();
    clearPresets(wb);
    wb.setUserSettings({ ...wb.userSettings(), [API_URL]: emulatorSetting });
    await wb.close();
  });

  it('an unknown token: the box says it was refused, never shows it, and keeps what was typed', async () => {
    const wb = workbench();
    wb.emulator.clearRequests();
    await wb.runCommand('Workspace Automation: Sign In');
    await wb.waitQuickInput({ title: /Sign In/ });
    await wb.submit(UNKNOWN_TOKEN);
    const message = await wb.waitQuickInputMessage(/refused this token/);
    assert.ok(!message.includes(UNKNOWN_TOKEN), `the message shows the token: ${message}`);
    assert.equal(await wb.quickInputValue(), UNKNOWN_TOKEN, 'the typed token stays in the box to correct');
    await wb.cancel();
    const text = await wb.page.locator('body').innerText();
    assert.ok(!text.includes(UNKNOWN_TOKEN), 'the token is nowhere on screen');
    const statuses = wb.emulator.requests.map((r) => r.status);
    assert.ok(statuses.length > 0, 'the token was checked with the server');
    assert.deepEqual(
      statuses.filter((s) => s !== 401),
      [],
      'only the check, refused',
    );
  });

  it('a plain http:// address off this machine: Sign In says why with Open Settings, asks nothing, sends nothing', async () => {
    const wb = workbench();
    wb.setUserSettings({ ...wb.userSettings(), [API_URL]: 'http://example.com/api' });
    await wb.reload();
    await wb.openContainer();
    wb.emulator.clearRequests();
    await wb.runCommand('Workspace Automation: Sign In');
    await new Promise((r) => setTimeout(r, 1000));
    const asking = (await wb.quickInput.isVisible()) ? await wb.quickInputTitle() : '';
    assert.doesNotMatch(asking, /Sign In/, 'no token is asked for');
    const problem = /The API address in the settings is not usable: Plain http:\/\/ is allowed only for this machine/;
    const shown = await wb.waitForNotification(problem);
    assert.match(shown, /use https:\/\/ for "example\.com" so the token is not sent in clear text/);
    await wb.clickNotificationButton(problem, 'Open Settings');
    await waitFor('the Settings editor', async () => (/Settings/.test(await wb.activeEditorTitle()) ? true : undefined));
    assert.deepEqual(wb.emulator.requests, [], 'nothing was sent');
  });
});

describe("security (UI): a server's text never becomes a link the editor runs (issue 22)", () => {
  /** What a hostile server says: links the editor would run on a click, as it renders its own. */
  const LINKED = 'Denied. [Retry](command:workbench.action.quit) or [read why](https://evil.example/why)';
  let hostile: HostileServer;

  before(async () => {
    const wb = workbench();
    // In front of the emulator: what a test does not answer itself is the emulator's.
    hostile = await startHostileServer({ upstream: wb.emulator.url });
    presetWorkspace(wb);
    wb.setUserSettings({ ...wb.userSettings(), [API_URL_SETTING]: hostile.url });
    await wb.open();
    await wb.openContainer();
  });

  after(async () => {
    const wb = workbench();
    clearPresets(wb);
    wb.setUserSettings({ ...wb.userSettings(), [API_URL_SETTING]: wb.emulator.url });
    await wb.close();
    await hostile.close();
  });

  /** The text of an element as read, without the invisible joiners that keep a link apart. */
  const readable = (text: string): string => text.replaceAll('\u2060', '');

  it('a refused token whose reason carries links: the Sign In box shows them as text, no link in it', async () => {
    const wb = workbench();
    hostile.handle((req, res) => (req.method === 'GET' && /^\/(user|workspaces)/.test(req.path) ? (json(res, 401, { errors: [{ message: LINKED }] }), true) : false));
    await wb.runCommand('Workspace Automation: Sign In');
    await wb.waitQuickInput({ title: /Sign In/ });
    await wb.submit(demoTokens.admin);
    const message = wb.quickInput.locator('.quick-input-message');
    await waitFor('the refusal in the Sign In box', async () => (/refused this token/.test(await message.innerText()) ? true : undefined));
    assert.equal(readable(await message.innerText()).trim(), `The server refused this token: ${LINKED}`);
    assert.equal(await message.locator('a').count(), 0, 'no link in the message');
    await wb.cancel();
    hostile.handle(undefined);
  });

  it('a server error with links in a notification (Select Workspace): shown as text, no link in it', async () => {
    const wb = workbench();
    hostile.handle(undefined);
    await signInWith(wb, demoTokens.admin);
    hostile.handle((req, res) => (req.method === 'GET' && /^\/workspaces(\?|$)/.test(req.path) ? (json(res, 400, { errors: [{ message: LINKED }] }), true) : false));
    await wb.runCommand('Workspace Automation: Select Workspace…');
    const shown = await wb.waitForNotification(/^Could not list your workspaces/);
    assert.equal(readable(shown), `Could not list your workspaces: ${LINKED}`);
    const item = wb.page.locator('.notifications-center .notification-list-item-message', { hasText: /^Could not list your workspaces/ });
    assert.equal(await item.count(), 1);
    assert.equal(await item.locator('a').count(), 0, 'no link in the notification');
    assert.ok(hostile.received.some((r) => /^\/workspaces(\?|$)/.test(r.path)), 'the list was asked for');
  });

  it('a workspace name with a right-to-left override: the pick shows the control marked where it stands, and picking it chooses that workspace (issue 32)', async () => {
    const wb = workbench();
    hostile.handle(undefined);
    await signInWith(wb, demoTokens.admin);
    const named = (name: string, domain: string, id: number) => ({ url: `${hostile.url}/workspaces/${domain}`, html_url: `https://app.example/${domain}`, id, name, domain });
    hostile.handle((req, res) =>
      req.method === 'GET' && /^\/workspaces(\?|$)/.test(req.path)
        ? (json(res, 200, { url: `${hostile.url}/workspaces`, html_url: 'https://app.example', workspaces: [named('Invoices\u202Efdp.exe', 'dormant', 2), named('Acme', 'acme', 1)] }), true)
        : false,
    );
    await wb.runCommand('Workspace Automation: Select Workspace…');
    const marked = 'Invoices\u27E8U+202E\u27E9fdp.exe';
    const items = await waitFor('the workspaces in the pick', async () => {
      const listed = await wb.quickPickItems();
      return listed.includes(marked) ? listed : undefined;
    });
    assert.ok(!items.some((i) => i.includes('\u202E')), `no control reaches the pick unmarked: ${JSON.stringify(items)}`);
    await wb.pick(marked);
    await waitFor('the chosen workspace in the settings', async () => (wb.userSettings()['workspaceAutomation.workspace'] === 'dormant' ? true : undefined));
    hostile.handle(undefined);
  });
});
