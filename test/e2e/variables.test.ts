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
  openFileInDialog,
  pickLabels,
  pickDescription,
  publicHalf,
  resetDemoData,
  waitFocused,
  waitStep,
  waitValue,
  type ApiVariable,
} from './writeHelpers';
import { waitFor, workbench, type Workbench } from './workbench';
import { MODERN_TOKEN } from '../emulator/demo-data';
import { ENCRYPTED_PREFIX } from '../harness/dialect';

const TITLE = 'Create Variable';
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
    await waitStep(wb, TITLE, 1, 6);
    assert.deepEqual(await pickLabels(wb), ['Workspace', 'Project', 'Pipeline', 'Action']);
    await wb.pick('Workspace');
    await waitStep(wb, TITLE, 2, 6);
    await wb.readmeScreenshot('create-variable');
    await wb.pick('VAR');
    await waitStep(wb, TITLE, 3, 6);
    await wb.submit('API_URL');
    await waitStep(wb, TITLE, 4, 6);
    await wb.pick('Show the value while typing');
    await waitStep(wb, TITLE, 5, 6);
    assert.equal(await isPasswordBox(wb), false);
    await wb.submit('https://api.example.com');
    await waitStep(wb, TITLE, 6, 6);
    await wb.submit('Where the app calls home');
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
    await waitStep(wb, TITLE, 1, 6);
    await wb.pick('VAR');
    await waitStep(wb, TITLE, 2, 6);
    await wb.type('9LIVES');
    await wb.waitQuickInputMessage(/do not start with a digit/);
    await wb.enter();
    await waitStep(wb, TITLE, 2, 6);
    await wb.submit('NODE_ENV');
    await waitStep(wb, TITLE, 3, 6);
    await wb.pick('Show the value while typing');
    await waitStep(wb, TITLE, 4, 6);
    await wb.submit('production');
    await waitStep(wb, TITLE, 5, 6);
    await wb.enter();
    await waitStep(wb, TITLE, 6, 6);
    await wb.pick('Settable');
    await wb.enter();
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
    await waitStep(wb, TITLE, 1, 4);
    await wb.pick('VAR');
    await waitStep(wb, TITLE, 2, 4);
    await wb.submit('DEPLOY_TOKEN');
    await waitStep(wb, TITLE, 3, 4);
    await wb.pick('Secret value: stored encrypted; nobody can read it back');
    await waitStep(wb, TITLE, 4, 4);
    assert.equal(await isPasswordBox(wb), true);
    await wb.submit('s3cr3t-value');
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
    await waitStep(wb, TITLE, 1, 6);
    await wb.pick('Action');
    await waitStep(wb, TITLE, 2, 8);
    await wb.pick('Web App');
    await waitStep(wb, TITLE, 3, 8);
    assert.equal(await pickDescription(wb, 'Build and test'), 'runs on push');
    await wb.pick('Build and test');
    await waitStep(wb, TITLE, 4, 8);
    await wb.back();
    await waitStep(wb, TITLE, 3, 8);
    await waitFocused(wb, 'Build and test');
    await wb.pick('Build and test');
    await waitStep(wb, TITLE, 4, 8);
    assert.deepEqual(await pickLabels(wb), ['Install dependencies', 'Unit tests', 'Lint']);
    await wb.pick('Unit tests');
    await waitStep(wb, TITLE, 5, 8);
    await wb.pick('VAR');
    await waitStep(wb, TITLE, 6, 8);
    await wb.submit('TEST_SHARDS');
    await waitStep(wb, TITLE, 7, 8);
    await wb.enter();
    await waitStep(wb, TITLE, 8, 8);
    await wb.submit('4');
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
    await waitStep(wb, TITLE, 1, 6);
    await wb.pick('Workspace');
    await waitStep(wb, TITLE, 2, 6);
    await wb.pick('SSH_KEY');
    await waitStep(wb, TITLE, 3, 7);
    await wb.submit('DEPLOY_KEY');
    await waitStep(wb, TITLE, 4, 7);
    await wb.pick('Choose a private key file…');
    await openFileInDialog(wb, keyFile);
    await waitStep(wb, TITLE, 5, 7);
    await wb.submit('Deploys web-app');
    await waitStep(wb, TITLE, 6, 7);
    await waitValue(wb, '~/.ssh/deploy_key');
    await wb.enter();
    await waitStep(wb, TITLE, 7, 7);
    await waitValue(wb, '600');
    await wb.enter();
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
    // The counter grows as answers show what is left: 8 steps for a VAR, 9 and 10 for a pasted key.
    const at = (step: number, total = 10) => waitStep(wb, TITLE, step, total);
    await wb.runCommand(COMMAND);
    await wb.pick('Project');
    await at(2, 8);
    await wb.pick('API Service');
    await at(3, 8);
    await wb.pick('SSH_PUBLIC_KEY');
    await at(4, 9);
    await wb.submit('CI_PUBLIC_KEY');
    await at(5, 9);
    await wb.pick('Paste the public key line…');
    await at(6);
    await wb.type('ssh-ed25519 not-a-key');
    await wb.waitQuickInputMessage(/damaged/);
    await wb.submit(publicLine);
    await at(7);
    await wb.submit('Key of the CI runner');
    await at(8);
    await wb.enter();
    await at(9);
    await waitValue(wb, '~/.ssh/ci_public_key.pub');
    await wb.enter();
    await at(10);
    await waitValue(wb, '644');
    await wb.enter();
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
    const at = (step: number) => waitStep(wb, TITLE, step, 6);
    await wb.runCommand(COMMAND);
    await at(1);
    await wb.pick('Workspace');
    await at(2);
    await wb.pick('VAR');
    await at(3);
    await wb.submit('REGION');
    await at(4);
    await wb.pick('Show the value while typing');
    await at(5);
    await wb.submit('us-east-2');
    await at(6);
    await wb.submit('Second region');
    await wb.waitQuickInputClosed();
    const taken = 'A variable named REGION already exists in workspace acme. Choose Edit to give it another name.';
    await wb.clickNotificationButton(taken, 'Retry');
    await waitForPosts(wb, 2);
    await wb.clickNotificationButton(taken, 'Edit');
    await waitStep(wb, TITLE, 1, 6);
    await waitFocused(wb, 'Workspace');
    await wb.enter();
    await waitStep(wb, TITLE, 2, 6);
    await waitFocused(wb, 'VAR');
    await wb.enter();
    await waitStep(wb, TITLE, 3, 6);
    await waitValue(wb, 'REGION');
    await wb.submit('REGION_2');
    await waitStep(wb, TITLE, 4, 6);
    await waitFocused(wb, 'Show the value while typing');
    await wb.enter();
    await waitStep(wb, TITLE, 5, 6);
    await waitValue(wb, 'us-east-2');
    await wb.enter();
    await waitStep(wb, TITLE, 6, 6);
    await waitValue(wb, 'Second region');
    await wb.enter();
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
