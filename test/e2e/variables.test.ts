// Create Variable as a person does it in the real editor, signed in with a token of the 2026 scope
// names (modern-token: VARIABLE_WRITE, no VARIABLE_ADD; never a scope warning): from the palette
// and from the Projects view's context menu, a VAR in each of the four scopes, an SSH_KEY from a key file made by
// ssh-keygen (public key and fingerprint checked against ssh-keygen), an SSH_PUBLIC_KEY, and a
// taken key answered with Retry and Edit (inputs kept). After each, the variables read through
// the API show exactly the expected change.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import {
  allVariables,
  contextMenuCommand,
  dismissInputAndNotifications,
  isPasswordBox,
  md5Fingerprint,
  onlyNewVariable,
  pickDescription,
  publicHalf,
  resetDemoData,
  waitPickLabels,
  type ApiVariable,
} from './writeHelpers';
import { runWizard } from './wizard';
import { waitFor, workbench, type Workbench } from './workbench';
import { MODERN_TOKEN } from '../emulator/demo-data';
import { ENCRYPTED_PREFIX } from '../harness/dialect';

const WIZARD = { title: 'Create Variable' };
const COMMAND = 'Workspace Automation: Create Variable…';

describe('Create Variable (UI)', () => {
  let keyDir: string;
  let initial: Map<string, ApiVariable[]>;

  before(async () => {
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-ui-keys-'));
    await openSignedIn(workbench(), MODERN_TOKEN);
  });

  after(async () => {
    fs.rmSync(keyDir, { recursive: true, force: true });
    await closeSignedIn(workbench());
  });

  beforeEach(async () => {
    initial = await resetDemoData(workbench(), allVariables);
  });

  afterEach(() => dismissInputAndNotifications(workbench()));

  function keygen(name: string, args: string[] = ['-t', 'ed25519']): string {
    const file = path.join(keyDir, name);
    execFileSync('ssh-keygen', ['-q', ...args, '-N', '', '-C', `${name}@ui-tests`, '-f', file], { stdio: 'ignore' });
    return file;
  }

  it('creates a workspace VAR from the palette, step by step', async () => {
    const wb = workbench();
    await wb.runCommand(COMMAND);
    await runWizard(wb, [
      { at: [1, 6], check: async () => assert.deepEqual(await waitPickLabels(wb, ['Workspace', 'Project', 'Pipeline', 'Action']), ['Workspace', 'Project', 'Pipeline', 'Action']), pick: 'Workspace' },
      { at: [2, 6], check: () => wb.readmeScreenshot('create-variable'), pick: 'VAR' },
      { at: [3, 6], submit: 'API_URL' },
      { at: [4, 6], pick: 'Show the value while typing' },
      { at: [5, 6], check: async () => assert.equal(await isPasswordBox(wb), false), submit: 'https://api.example.com' },
      { at: [6, 6], submit: 'Where the app calls home' },
    ], WIZARD);
    await wb.waitQuickInputClosed();
    await wb.waitForNotification('Created variable API_URL in workspace acme.');
    assert.deepEqual((await wb.notifications()).filter((n) => /may lack/.test(n)), [], 'no scope warning for the 2026 scope names');
    const created = onlyNewVariable(initial, await allVariables(wb), 'workspace');
    assert.deepEqual(
      [created.key, created.value, created.type, created.description],
      ['API_URL', 'https://api.example.com', 'VAR', 'Where the app calls home'],
    );
  });

  it('creates a project VAR from the Web App item, settable, with an invalid key refused first', async () => {
    const wb = workbench();
    await contextMenuCommand(wb, 'Projects', 'Web App', 'Create Variable…');
    await runWizard(wb, [
      { at: [1, 6], pick: 'VAR' },
      { at: [2, 6], type: '9LIVES', refused: /do not start with a digit/, enter: true },
      { at: [2, 6], submit: 'NODE_ENV' },
      { at: [3, 6], pick: 'Show the value while typing' },
      { at: [4, 6], submit: 'production' },
      { at: [5, 6], enter: true },
      { at: [6, 6], pick: 'Settable', enter: true },
    ], WIZARD);
    await wb.waitQuickInputClosed();
    await wb.waitForNotification('Created variable NODE_ENV in project Web App.');
    assert.deepEqual((await wb.notifications()).filter((n) => /may lack/.test(n)), [], 'no scope warning for the 2026 scope names');
    const created = onlyNewVariable(initial, await allVariables(wb), 'project web-app');
    assert.deepEqual(
      [created.key, created.value, created.settable, created.run_only_settable],
      ['NODE_ENV', 'production', true, false],
    );
  });

  it('creates a pipeline VAR with a secret value from a pipeline item: the value box hides it, it is stored encrypted', async () => {
    const wb = workbench();
    const webApp = await wb.row('Projects', 'Web App');
    if ((await webApp.getAttribute('aria-expanded')) !== 'true') {
      await webApp.click();
    }
    await contextMenuCommand(wb, 'Projects', 'Deploy to production', 'Create Variable…');
    await runWizard(wb, [
      { at: [1, 4], pick: 'VAR' },
      { at: [2, 4], submit: 'DEPLOY_TOKEN' },
      { at: [3, 4], pick: 'Secret value: stored encrypted; nobody can read it back' },
      { at: [4, 4], check: async () => assert.equal(await isPasswordBox(wb), true), submit: 's3cr3t-value' },
    ], WIZARD);
    await wb.waitQuickInputClosed();
    const message = await wb.waitForNotification('Created secret variable DEPLOY_TOKEN in pipeline Deploy to production of project Web App: stored encrypted, nobody can read it back.');
    assert.deepEqual((await wb.notifications()).filter((n) => /may lack/.test(n)), [], 'no scope warning for the 2026 scope names');
    assert.ok(!message.includes('s3cr3t-value'));
    const created = onlyNewVariable(initial, await allVariables(wb), 'pipeline 103');
    assert.deepEqual([created.key, created.type, created.encrypted], ['DEPLOY_TOKEN', 'VAR', true]);
    assert.ok(created.value.startsWith(ENCRYPTED_PREFIX), `stored encrypted: the API never answers the value again (${created.value})`);
  });

  it('creates an action VAR from the palette, with Back along the way', async () => {
    const wb = workbench();
    await wb.runCommand(COMMAND);
    await runWizard(wb, [
      { at: [1, 6], pick: 'Action' },
      { at: [2, 8], pick: 'Web App' },
      { at: [3, 8], check: async () => assert.equal(await pickDescription(wb, 'Build and test'), 'runs on push'), pick: 'Build and test' },
      { at: [4, 8], back: true },
      { at: [3, 8], focused: 'Build and test', pick: 'Build and test' },
      { at: [4, 8], check: async () => assert.deepEqual(await waitPickLabels(wb, ['Install dependencies', 'Unit tests', 'Lint']), ['Install dependencies', 'Unit tests', 'Lint']), pick: 'Unit tests' },
      { at: [5, 8], pick: 'VAR' },
      { at: [6, 8], submit: 'TEST_SHARDS' },
      { at: [7, 8], enter: true },
      { at: [8, 8], submit: '4' },
    ], WIZARD);
    await wb.waitQuickInputClosed();
    await wb.waitForNotification('Created variable TEST_SHARDS in action Unit tests of pipeline Build and test (project Web App).');
    assert.deepEqual((await wb.notifications()).filter((n) => /may lack/.test(n)), [], 'no scope warning for the 2026 scope names');
    const created = onlyNewVariable(initial, await allVariables(wb), 'action 1012');
    assert.deepEqual([created.key, created.value], ['TEST_SHARDS', '4']);
  });

  it('creates an SSH_KEY from a key file picked in the open dialog; shows the public key and fingerprint ssh-keygen gives', async () => {
    const wb = workbench();
    const keyFile = keygen('deploy_ed25519');
    await wb.runCommand(COMMAND);
    await runWizard(wb, [
      { at: [1, 6], pick: 'Workspace' },
      { at: [2, 6], pick: 'SSH_KEY' },
      { at: [3, 7], submit: 'DEPLOY_KEY' },
      { at: [4, 7], pick: 'Choose a private key file…', file: keyFile },
      { at: [5, 7], submit: 'Deploys web-app' },
      { at: [6, 7], value: '~/.ssh/deploy_key', enter: true },
      { at: [7, 7], value: '600', enter: true },
    ], WIZARD);
    await wb.waitQuickInputClosed();
    const message = await wb.waitForNotification(/^Created SSH key variable DEPLOY_KEY in workspace acme\./);
    assert.ok(message.includes(publicHalf(keyFile)), message);
    assert.ok(message.includes(`Fingerprint (MD5): ${md5Fingerprint(keyFile)}`), message);
    assert.ok(!message.includes('PRIVATE KEY'));
    const created = onlyNewVariable(initial, await allVariables(wb), 'workspace');
    assert.deepEqual([created.type, created.encrypted], ['SSH_KEY', true]);
    assert.ok(created.value.startsWith(ENCRYPTED_PREFIX), created.value);
    assert.equal(created.public_value?.split(' ').slice(0, 2).join(' '), publicHalf(keyFile));
    assert.equal(created.key_fingerprint, md5Fingerprint(keyFile));
    assert.deepEqual([created.file_path, created.file_chmod, created.file_place], ['~/.ssh/deploy_key', '600', 'CONTAINER']);
    // The key file is never shown in an editor.
    assert.equal(await wb.activeEditorTitle(), '');
  });

  it('creates an SSH_PUBLIC_KEY from a pasted line', async () => {
    const wb = workbench();
    const keyFile = keygen('ci_key');
    const publicLine = fs.readFileSync(`${keyFile}.pub`, 'utf8').trim();
    await wb.runCommand(COMMAND);
    // The counter grows as answers show what is left: 8 steps for a VAR, 9 and 10 for a pasted key.
    await runWizard(wb, [
      { pick: 'Project' },
      { at: [2, 8], pick: 'API Service' },
      { at: [3, 8], pick: 'SSH_PUBLIC_KEY' },
      { at: [4, 9], submit: 'CI_PUBLIC_KEY' },
      { at: [5, 9], pick: 'Paste the public key line…' },
      { at: [6, 10], type: 'ssh-ed25519 not-a-key', refused: /damaged/, submit: publicLine },
      { at: [7, 10], submit: 'Key of the CI runner' },
      { at: [8, 10], enter: true },
      { at: [9, 10], value: '~/.ssh/ci_public_key.pub', enter: true },
      { at: [10, 10], value: '644', enter: true },
    ], WIZARD);
    await wb.waitQuickInputClosed();
    await wb.waitForNotification('Created public key variable CI_PUBLIC_KEY in project API Service.');
    const created = onlyNewVariable(initial, await allVariables(wb), 'project api-service');
    assert.deepEqual(
      [created.type, created.value, created.description, created.file_path, created.file_chmod],
      ['SSH_PUBLIC_KEY', publicLine, 'Key of the CI runner', '~/.ssh/ci_public_key.pub', '644'],
    );
  });

  it('answers a taken key with Retry (sent again) and Edit (every input kept)', async () => {
    const wb = workbench();
    await wb.runCommand(COMMAND);
    await runWizard(wb, [
      { at: [1, 6], pick: 'Workspace' },
      { at: [2, 6], pick: 'VAR' },
      { at: [3, 6], submit: 'REGION' },
      { at: [4, 6], pick: 'Show the value while typing' },
      { at: [5, 6], submit: 'us-east-2' },
      { at: [6, 6], submit: 'Second region' },
    ], WIZARD);
    await wb.waitQuickInputClosed();
    const taken = 'A variable named REGION already exists in workspace acme. Choose Edit to give it another name.';
    await wb.clickNotificationButton(taken, 'Retry');
    await waitForPosts(wb, 2);
    await wb.clickNotificationButton(taken, 'Edit');
    await runWizard(wb, [
      { at: [1, 6], focused: 'Workspace', enter: true },
      { at: [2, 6], focused: 'VAR', enter: true },
      { at: [3, 6], value: 'REGION', submit: 'REGION_2' },
      { at: [4, 6], focused: 'Show the value while typing', enter: true },
      { at: [5, 6], value: 'us-east-2', enter: true },
      { at: [6, 6], value: 'Second region', enter: true },
    ], WIZARD);
    await wb.waitQuickInputClosed();
    await wb.waitForNotification('Created variable REGION_2 in workspace acme.');
    assert.deepEqual(
      wb.emulator.requests.filter((r) => r.method === 'POST').map((r) => r.status),
      [400, 400, 201],
    );
    const created = onlyNewVariable(initial, await allVariables(wb), 'workspace');
    assert.deepEqual([created.key, created.value, created.description], ['REGION_2', 'us-east-2', 'Second region']);
  });
});

async function waitForPosts(wb: Workbench, count: number): Promise<void> {
  await waitFor(`${count} POSTs`, async () => (wb.emulator.requests.filter((r) => r.method === 'POST').length >= count ? true : undefined));
}
