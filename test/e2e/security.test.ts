// Security as a person meets it in the real editor: a plain http:// API address off this machine
// makes Sign In say why (with Open Settings) before any token is asked for or anything is sent;
// a refused token is answered in the Sign In box without being shown back, the typed token kept.
import * as assert from 'node:assert/strict';
import { waitFor, workbench } from './workbench';

const API_URL = 'workspaceAutomation.apiUrl';
const UNKNOWN_TOKEN = 'wa-e2e-unknown-7d41c9a2';

describe('security (UI)', () => {
  let emulatorSetting: unknown;

  before(async () => {
    const wb = workbench();
    emulatorSetting = wb.userSettings()[API_URL];
    await wb.open();
    await wb.openContainer();
  });

  after(async () => {
    const wb = workbench();
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
