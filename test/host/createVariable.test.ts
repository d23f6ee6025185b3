// Create Variable in the real editor's extension host, with scripted answers, over HTTP against
// the emulator: every scope, every type, the checks before sending, Back, and failures answered
// with Retry and Edit. After each, the emulator's variables (read through the API) show exactly
// the expected change.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { answersFromItem, emptyAnswers } from '../../src/features/variables/createVariable/answers';
import { createVariable } from '../../src/features/variables/createVariable';
import { demoProjects, ENCRYPTED_PREFIX, isVendor, missingScopeAnswer } from '../harness/dialect';
import { md5Fingerprint, onlyNewVariable, publicHalf, readAllVariables, type ApiVariable } from '../harness/variables';
import { addFault, apiCall, requests, resetDemoData } from './sessionHelpers';
import { ScriptedPrompter, testServices } from './scriptedPrompter';

/** Every variable of workspace acme, per scope, read through the API (as admin). */
function allVariables(): Promise<Map<string, ApiVariable[]>> {
  return readAllVariables(async <T>(path: string) => (await apiCall('GET', path)) as T);
}

function assertUnchanged(before: Map<string, ApiVariable[]>, after: Map<string, ApiVariable[]>): void {
  assert.deepEqual([...after], [...before], 'the variables changed');
}

let keyDir: string;

function keygen(name: string, args: string[] = ['-t', 'ed25519'], passphrase = ''): string {
  const file = path.join(keyDir, name);
  fs.rmSync(file, { force: true });
  fs.rmSync(`${file}.pub`, { force: true });
  execFileSync('ssh-keygen', ['-q', ...args, '-N', passphrase, '-C', `${name}@tests`, '-f', file], { stdio: 'ignore' });
  return file;
}

describe('Create Variable (scripted answers, emulator)', function () {
  this.timeout(60_000);
  let initial: Map<string, ApiVariable[]>;

  before(() => {
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-keys-'));
  });

  after(() => {
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    initial = await resetDemoData(allVariables);
  });

  it('creates a workspace VAR from the palette: scope, type, key, visibility, value, description, numbered steps', async () => {
    const { services } = testServices();
    const prompter = new ScriptedPrompter([
      { pick: 'Workspace' },
      { pick: 'VAR' },
      { input: 'API_URL' },
      { pick: 'Show the value while typing' },
      { input: 'https://api.example.com' },
      { input: 'Where the app calls home' },
    ]);
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.ok(variable, prompter.describe());
    assert.deepEqual((await requests()).map((r) => `${r.method} ${r.path} ${r.status}`), ['POST /workspaces/acme/variables 201'], 'one request, nothing else');
    assert.deepEqual(
      prompter.prompts.map((p) => [p.step, p.totalSteps, p.canGoBack, p.kind]),
      [
        [1, 6, false, 'pick'],
        [2, 6, true, 'pick'],
        [3, 6, true, 'input'],
        [4, 6, true, 'pick'],
        [5, 6, true, 'input'],
        [6, 6, true, 'input'],
      ],
    );
    assert.deepEqual(
      prompter.prompts.map((p) => p.title),
      Array.from({ length: 6 }, () => 'Create Variable'),
    );
    assert.equal(prompter.prompts[4].password, false);
    const created = onlyNewVariable(initial, await allVariables(), 'workspace');
    assert.deepEqual(
      { key: created.key, value: created.value, type: created.type, description: created.description, encrypted: created.encrypted },
      { key: 'API_URL', value: 'https://api.example.com', type: 'VAR', description: 'Where the app calls home', encrypted: false },
    );
    assert.equal(created.id, variable.id);
    assert.equal(prompter.last('info')?.text, 'Created variable API_URL in workspace acme.');
  });

  it('creates a project VAR preset from a project item, with settable flags; the scope is not asked', async () => {
    const { services } = testServices();
    const item = { project: { name: 'web-app', display_name: 'Web App', url: 'u', html_url: 'h', status: 'ACTIVE' }, contextValue: 'wa.project' };
    const prompter = new ScriptedPrompter([
      { pick: 'VAR' },
      { input: 'NODE_ENV' },
      { accept: true },
      { input: 'production' },
      { accept: true },
      { pickMany: ['Settable'] },
    ]);
    const variable = await createVariable(services, prompter, answersFromItem(item));
    assert.ok(variable, prompter.describe());
    assert.equal(prompter.prompts[0].text, 'What kind of variable?');
    assert.deepEqual(prompter.prompts[0].step, 1);
    assert.equal(prompter.prompts[0].totalSteps, 6);
    const created = onlyNewVariable(initial, await allVariables(), 'project web-app');
    assert.deepEqual(
      { key: created.key, value: created.value, settable: created.settable, run_only_settable: created.run_only_settable, description: created.description },
      { key: 'NODE_ENV', value: 'production', settable: true, run_only_settable: false, description: '' },
    );
    assert.equal(prompter.last('info')?.text, 'Created variable NODE_ENV in project Web App.');
  });

  it('creates a pipeline VAR with a secret value preset from a pipeline item: a password box, stored encrypted, never shown', async () => {
    const { services } = testServices();
    const item = {
      project: { name: 'web-app', display_name: 'Web App' },
      pipeline: { id: 103, name: 'Deploy to production' },
      contextValue: 'wa.pipeline',
    };
    const prompter = new ScriptedPrompter([{ pick: 'VAR' }, { input: 'DEPLOY_TOKEN' }, { pick: /^Secret value/ }, { input: 's3cr3t-value' }]);
    const variable = await createVariable(services, prompter, answersFromItem(item));
    assert.ok(variable, prompter.describe());
    assert.equal(prompter.prompts.length, 4, 'a pipeline variable has no description, settable or file steps');
    assert.equal(prompter.prompts[3].password, true, 'the value box hides a secret');
    // The choice says in words what a secret is.
    assert.deepEqual(
      prompter.prompts[2].items.map((i) => i.label),
      ['Show the value while typing', 'Secret value: stored encrypted; nobody can read it back'],
    );
    const created = onlyNewVariable(initial, await allVariables(), 'pipeline 103');
    assert.deepEqual({ key: created.key, type: created.type, encrypted: created.encrypted }, { key: 'DEPLOY_TOKEN', type: 'VAR', encrypted: true });
    assert.ok(created.value.startsWith(ENCRYPTED_PREFIX), `the API answers the encrypted form, never the value: ${created.value}`);
    assert.notEqual(created.value, 's3cr3t-value');
    // The variable the flow returns, and every message, hold no plain value.
    assert.ok(String(variable.value).startsWith(ENCRYPTED_PREFIX));
    assert.equal(prompter.last('info')?.text, 'Created secret variable DEPLOY_TOKEN in pipeline Deploy to production of project Web App: stored encrypted, nobody can read it back.');
    assert.ok(prompter.messages.length > 0);
    assert.deepEqual(
      prompter.messages.filter((m) => m.text.includes('s3cr3t-value')),
      [],
    );
  });

  it('creates an action VAR from the palette, picking project, pipeline and action from the API lists', async () => {
    const { services } = testServices();
    const prompter = new ScriptedPrompter([
      { pick: 'Action' },
      { pick: 'Web App' },
      { pick: 'Build and test' },
      { pick: 'Unit tests' },
      { pick: 'VAR' },
      { input: 'TEST_SHARDS' },
      { accept: true },
      { input: '4' },
    ]);
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.ok(variable, prompter.describe());
    const [, projects, pipelines, actions] = prompter.prompts;
    assert.deepEqual(
      projects.items.map((i) => i.description),
      demoProjects().map((p) => p.name),
    );
    assert.deepEqual(
      pipelines.items.map((i) => i.label),
      ['Build and test', 'Deploy to staging', 'Deploy to production', 'Nightly end-to-end', 'Release notes'],
    );
    assert.deepEqual(
      actions.items.map((i) => i.label),
      ['Install dependencies', 'Unit tests', 'Lint'],
    );
    assert.deepEqual([projects.totalSteps, actions.step], [8, 4]);
    const created = onlyNewVariable(initial, await allVariables(), 'action 1012');
    assert.deepEqual({ key: created.key, value: created.value }, { key: 'TEST_SHARDS', value: '4' });
    assert.equal(prompter.last('info')?.text, 'Created variable TEST_SHARDS in action Unit tests of pipeline Build and test (project Web App).');
  });

  it('refuses an invalid key and an empty value before sending, and Back returns to the previous step with its answer kept', async () => {
    const { services } = testServices();
    const prompter = new ScriptedPrompter([
      { pick: 'Workspace' },
      { pick: 'VAR' },
      { input: '' },
      { input: '9LIVES' },
      { input: 'MY-KEY' },
      'back',
      { accept: true },
      { input: 'MY_KEY' },
      { accept: true },
      'back',
      'back',
      { input: 'LIVES_9' },
      { accept: true },
      { input: '' },
      { input: 'nine' },
      { input: '' },
    ]);
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.ok(variable, prompter.describe());
    const [, type, key, typeAgain, keyAgain, secret, value, secretAgain, keyThird] = prompter.prompts;
    assert.equal(key.refused.length, 3, 'an empty key, one starting with a digit and one with a dash are refused');
    assert.equal(key.refused[0], 'Enter a name for the variable.');
    assert.match(key.refused[1], /do not start with a digit/);
    assert.match(key.refused[2], /Use only letters, digits and underscores/);
    assert.equal(type.active, 'VAR');
    assert.equal(typeAgain.text, 'What kind of variable?');
    assert.equal(typeAgain.active, 'VAR', 'going Back shows the kept type');
    assert.equal(keyAgain.value, '', 'MY-KEY was never accepted, so nothing is kept');
    assert.equal(secret.text, 'Is the value of MY_KEY a secret?');
    assert.equal(value.text, 'The value of MY_KEY');
    assert.equal(secretAgain.active, 'Show the value while typing');
    assert.equal(keyThird.value, 'MY_KEY', 'the accepted key is shown again after Back');
    assert.equal(prompter.prompts.length, 12);
    assert.deepEqual(prompter.prompts[10].refused, ['Enter a value: the service does not take an empty one.']);
    const created = onlyNewVariable(initial, await allVariables(), 'workspace');
    assert.deepEqual({ key: created.key, value: created.value }, { key: 'LIVES_9', value: 'nine' });
  });

  it('creates an SSH_KEY from a key file: encrypted, public key and MD5 fingerprint as ssh-keygen derives them, Copy Public Key', async () => {
    const keyFile = keygen('deploy_ed25519');
    const { services } = testServices();
    const prompter = new ScriptedPrompter([
      { pick: 'Workspace' },
      { pick: 'SSH_KEY' },
      { input: 'DEPLOY_KEY' },
      { pick: 'Choose a private key file…' },
      { file: keyFile },
      { input: 'Deploys web-app' },
      { accept: true },
      { accept: true },
    ]).choose('Copy Public Key');
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.ok(variable, prompter.describe());
    const [filePath, chmod] = prompter.prompts.slice(-2);
    assert.equal(filePath.value, '~/.ssh/deploy_key');
    assert.equal(chmod.value, '600');
    const created = onlyNewVariable(initial, await allVariables(), 'workspace');
    assert.equal(created.type, 'SSH_KEY');
    assert.equal(created.encrypted, true);
    assert.ok(created.value.startsWith(ENCRYPTED_PREFIX), `the private key is stored encrypted: ${created.value}`);
    assert.equal(created.public_value?.split(' ').slice(0, 2).join(' '), publicHalf(keyFile));
    assert.equal(created.key_fingerprint, md5Fingerprint(keyFile));
    assert.deepEqual([created.file_path, created.file_chmod, created.file_place], ['~/.ssh/deploy_key', '600', 'CONTAINER']);
    const message = prompter.last('info');
    assert.ok(message?.text.includes(created.public_value!), message?.text);
    assert.ok(message?.text.includes(md5Fingerprint(keyFile)), message?.text);
    assert.deepEqual(message?.actions, ['Copy Public Key']);
    assert.ok(!prompter.messages.some((m) => m.text.includes('PRIVATE KEY')), 'the private key is never shown');
    const copied = await waitForClipboard(created.public_value!);
    assert.equal(copied, created.public_value);
  });

  it('refuses a public key, a passphrase-protected key and a text file as private key, then takes the right file', async () => {
    const keyFile = keygen('good_key');
    const protectedKey = keygen('protected_key', ['-t', 'ed25519'], 'a passphrase');
    const textFile = path.join(keyDir, 'notes.txt');
    fs.writeFileSync(textFile, 'not a key\n');
    const { services } = testServices();
    const prompter = new ScriptedPrompter([
      { pick: 'Pipeline' },
      { pick: 'Web App' },
      { pick: 'Deploy to staging' },
      { pick: 'SSH_KEY' },
      { input: 'STAGING_KEY' },
      { pick: 'Choose a private key file…' },
      { file: `${keyFile}.pub` },
      { pick: 'Choose a private key file…' },
      { file: protectedKey },
      { pick: 'Choose a private key file…' },
      { file: textFile },
      { pick: 'Choose a private key file…' },
      { file: undefined },
      { pick: 'Choose a private key file…' },
      { file: keyFile },
      { accept: true },
      { input: '0400' },
    ]);
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.ok(variable, prompter.describe());
    const errors = prompter.messages.filter((m) => m.severity === 'error').map((m) => m.text);
    assert.equal(errors.length, 3, errors.join('\n'));
    assert.match(errors[0], /good_key\.pub holds a public key/);
    assert.match(errors[1], /protected by a passphrase/);
    assert.match(errors[2], /does not look like a private key/);
    const created = onlyNewVariable(initial, await allVariables(), 'pipeline 102');
    assert.deepEqual({ key: created.key, type: created.type, encrypted: created.encrypted }, { key: 'STAGING_KEY', type: 'SSH_KEY', encrypted: true });
    assert.equal((await requests('/variables')).filter((r) => r.method === 'POST').length, 1, 'the refused files were never sent');
  });

  it('refuses a FIFO, /dev/zero, /dev/urandom and a folder as key file at once (no endless read), then takes the right file', async () => {
    const keyFile = keygen('regular_key');
    const fifo = path.join(keyDir, 'key_fifo');
    fs.rmSync(fifo, { force: true });
    execFileSync('mkfifo', [fifo]);
    const { services } = testServices();
    const prompter = new ScriptedPrompter([
      { pick: 'Pipeline' },
      { pick: 'Web App' },
      { pick: 'Deploy to staging' },
      { pick: 'SSH_KEY' },
      { input: 'BOUNDED_KEY' },
      { pick: 'Choose a private key file…' },
      { file: fifo },
      { pick: 'Choose a private key file…' },
      { file: '/dev/zero' },
      { pick: 'Choose a private key file…' },
      { file: '/dev/urandom' },
      { pick: 'Choose a private key file…' },
      { file: keyDir },
      { pick: 'Choose a private key file…' },
      { file: keyFile },
      { accept: true },
      { accept: true },
    ]);
    const started = Date.now();
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.ok(variable, prompter.describe());
    assert.ok(Date.now() - started < 15_000, `the flow took ${Date.now() - started} ms`);
    const errors = prompter.messages.filter((m) => m.severity === 'error').map((m) => m.text);
    assert.deepEqual(errors, [
      'key_fifo is not a regular file (a device, a pipe or a folder). Choose the key file itself.',
      'zero is not a regular file (a device, a pipe or a folder). Choose the key file itself.',
      'urandom is not a regular file (a device, a pipe or a folder). Choose the key file itself.',
      `${path.basename(keyDir)} is not a regular file (a device, a pipe or a folder). Choose the key file itself.`,
    ]);
    const created = onlyNewVariable(initial, await allVariables(), 'pipeline 102');
    assert.deepEqual({ key: created.key, type: created.type, encrypted: created.encrypted }, { key: 'BOUNDED_KEY', type: 'SSH_KEY', encrypted: true });
    assert.equal((await requests('/variables')).filter((r) => r.method === 'POST').length, 1);
  });

  it('creates an SSH_PUBLIC_KEY from a .pub file, and another from a pasted line (refusing a private key pasted)', async () => {
    const keyFile = keygen('ci_key', ['-t', 'rsa', '-b', '2048']);
    const publicLine = fs.readFileSync(`${keyFile}.pub`, 'utf8').trim();
    const { services } = testServices();
    const fromFile = new ScriptedPrompter([
      { pick: 'Project' },
      { pick: 'API Service' },
      { pick: 'SSH_PUBLIC_KEY' },
      { input: 'CI_PUBLIC_KEY' },
      { pick: 'Choose a public key file (.pub)…' },
      { file: `${keyFile}.pub` },
      { input: '' },
      { pickMany: [] },
      { accept: true },
      { accept: true },
    ]);
    assert.ok(await createVariable(services, fromFile, emptyAnswers()), fromFile.describe());
    assert.equal(fromFile.prompts.at(-2)?.value, '~/.ssh/ci_public_key.pub');
    assert.equal(fromFile.prompts.at(-1)?.value, '644');
    const afterFirst = await allVariables();
    const first = onlyNewVariable(initial, afterFirst, 'project api-service');
    assert.deepEqual(
      [first.type, first.value, first.file_path, first.file_chmod, first.file_place],
      ['SSH_PUBLIC_KEY', publicLine, '~/.ssh/ci_public_key.pub', '644', 'CONTAINER'],
    );

    const pasted = new ScriptedPrompter([
      { pick: 'Workspace' },
      { pick: 'SSH_PUBLIC_KEY' },
      { input: 'AUTHORIZED_KEY' },
      { pick: 'Paste the public key line…' },
      { input: fs.readFileSync(keyFile, 'utf8') },
      { input: `${publicLine}\n${publicLine}` },
      { input: `  ${publicLine}  ` },
      { accept: true },
      { input: '~/.ssh/authorized_keys' },
      { accept: true },
    ]);
    assert.ok(await createVariable(services, pasted, emptyAnswers()), pasted.describe());
    const paste = pasted.prompts[4];
    assert.equal(paste.refused.length, 2);
    assert.match(paste.refused[0], /is a private key/);
    assert.ok(!paste.refused[0].includes('PRIVATE KEY-----'), 'the refusal does not echo the key');
    assert.match(paste.refused[1], /more than one line/);
    const second = onlyNewVariable(afterFirst, await allVariables(), 'workspace');
    assert.deepEqual([second.type, second.value, second.file_path], ['SSH_PUBLIC_KEY', publicLine, '~/.ssh/authorized_keys']);
  });

  it('answers a taken key with Retry (same request again) and Edit (every answer kept), re-reading the key file', async () => {
    const keyFile = keygen('retry_key');
    const { services } = testServices();
    // REGION already exists in the workspace (demo data).
    const prompter = new ScriptedPrompter([
      { pick: 'Workspace' },
      { pick: 'SSH_KEY' },
      { input: 'REGION' },
      { pick: 'Choose a private key file…' },
      { file: keyFile },
      { input: 'first try' },
      { input: '~/.ssh/region' },
      { accept: true },
      // Edit: every step again, each showing the kept answer.
      { accept: true },
      { accept: true },
      { input: 'REGION_KEY' },
      { accept: true },
      { accept: true },
      { accept: true },
      { accept: true },
    ]).choose('Retry', 'Edit');
    const originalPrompts = 7;
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.ok(variable, prompter.describe());
    const errors = prompter.messages.filter((m) => m.severity === 'error');
    assert.equal(errors.length, 2);
    for (const error of errors) {
      assert.equal(error.text, 'A variable named REGION already exists in workspace acme. Choose Edit to give it another name.');
      assert.deepEqual(error.actions, ['Retry', 'Edit']);
    }
    const edited = prompter.prompts.slice(originalPrompts);
    assert.deepEqual(
      edited.map((p) => (p.kind === 'input' ? p.value : p.active)),
      ['Workspace', 'SSH_KEY', 'REGION', 'retry_key', 'first try', '~/.ssh/region', '600'],
    );
    const posts = (await requests('/variables')).filter((r) => r.method === 'POST');
    assert.deepEqual(posts.map((r) => r.status), [400, 400, 201], 'first try, Retry, then the edited answers');
    const made = onlyNewVariable(initial, await allVariables(), 'workspace');
    assert.deepEqual([made.key, made.description, made.file_path], ['REGION_KEY', 'first try', '~/.ssh/region']);
    assert.equal(made.key_fingerprint, md5Fingerprint(keyFile));
  });

  it('reads the private key again on Retry: a key file replaced after the failure is the one sent', async () => {
    const keyFile = keygen('rotating_key');
    const { services } = testServices();
    const prompter = new ScriptedPrompter([
      { pick: 'Workspace' },
      { pick: 'SSH_KEY' },
      { input: 'ROTATING_KEY' },
      { pick: 'Choose a private key file…' },
      { file: keyFile },
      { input: '' },
      { accept: true },
      { accept: true },
    ]);
    // The first try fails on the server (a fault), the key is replaced, then Retry.
    await apiFault();
    const original = md5Fingerprint(keyFile);
    let retried = false;
    prompter.message = async function (this: ScriptedPrompter, severity, text, ...actions) {
      this.messages.push({ severity, text, actions });
      if (severity === 'error' && !retried) {
        retried = true;
        keygen('rotating_key');
        return 'Retry';
      }
      return undefined;
    };
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.ok(variable, prompter.describe());
    assert.ok(retried, 'the first try failed');
    const made = onlyNewVariable(initial, await allVariables(), 'workspace');
    assert.notEqual(original, md5Fingerprint(keyFile));
    assert.equal(made.key_fingerprint, md5Fingerprint(keyFile), 'the replaced key was read and sent');
  });

  it('sends even when the known scopes lack what it needs (a warning, never a block), and explains the 403 in both naming schemes', async () => {
    const known = testServices({ token: 'minimal-token', scopes: ['USER_INFO'] });
    const prompter = new ScriptedPrompter([{ pick: 'Workspace' }, { pick: 'VAR' }, { input: 'X' }, { accept: true }, { input: '1' }, { input: '' }]);
    assert.equal(await createVariable(known.services, prompter, emptyAnswers()), undefined);
    assert.equal(prompter.prompts.length, 6, 'every step was asked');
    assert.equal(
      prompter.last('warning')?.text,
      'Your token may lack VARIABLE_WRITE (its scopes as read at sign-in): Creating a variable usually needs the scopes WORKSPACE and VARIABLE_ADD (older scope names) or VARIABLE_WRITE (2026 scope names). Sending anyway: the server decides.',
    );
    const error = prompter.last('error');
    const scopes =
      'Creating a variable usually needs the scopes WORKSPACE and VARIABLE_ADD (older scope names) or VARIABLE_WRITE (2026 scope names).';
    if (isVendor) {
      // The vendor's 403 names no scope: for a workspace variable it may as well be the role.
      assert.equal(
        error?.text,
        `The server refused this (403: ${missingScopeAnswer('VARIABLE_ADD')}). Only workspace administrators may create workspace variables in acme, and the token needs the scopes for it: ${scopes} Choose Edit to create it in a project, pipeline or action, create a token with those scopes, or ask an administrator.`,
      );
    } else {
      assert.match(
        error?.text ?? '',
        /^The server refused this \(403: the token has no scope [A-Z_]+\): the token or your role in the workspace does not allow it\. /,
      );
      assert.ok(
        error?.text.includes(` ${scopes} Create a token with those scopes in your account's API token settings, then run "Workspace Automation: Sign In" with it`),
        error?.text,
      );
    }
    assert.deepEqual(error?.actions, ['Retry', 'Edit']);
    assert.deepEqual((await requests('/variables')).filter((r) => r.method === 'POST').map((r) => r.status), [403]);
    assertUnchanged(initial, await allVariables());
  });

  it('creates a variable with a token whose scopes have the 2026 names (VARIABLE_WRITE), without a warning', async () => {
    const { services } = testServices({ scopes: ['VARIABLE_READ', 'VARIABLE_WRITE', 'PROJECT_READ'] });
    const prompter = new ScriptedPrompter([{ pick: 'Workspace' }, { pick: 'VAR' }, { input: 'NEW_NAMES' }, { accept: true }, { input: 'v' }, { input: '' }]);
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.equal(variable?.key, 'NEW_NAMES', prompter.describe());
    assert.equal(prompter.last('warning'), undefined);
    assert.equal(onlyNewVariable(initial, await allVariables(), 'workspace').key, 'NEW_NAMES');
  });

  it('explains access denied: a developer may not create workspace variables', async () => {
    const { services } = testServices({ token: 'dev-token' });
    const prompter = new ScriptedPrompter([{ pick: 'Workspace' }, { pick: 'VAR' }, { input: 'DEV_ONLY' }, { accept: true }, { input: 'x' }, { input: '' }]);
    assert.equal(await createVariable(services, prompter, emptyAnswers()), undefined);
    assert.equal(
      prompter.last('error')?.text,
      'The server refused this (403: Access denied). Only workspace administrators may create workspace variables in acme, and the token needs the scopes for it: Creating a variable usually needs the scopes WORKSPACE and VARIABLE_ADD (older scope names) or VARIABLE_WRITE (2026 scope names). Choose Edit to create it in a project, pipeline or action, create a token with those scopes, or ask an administrator.',
    );
    assertUnchanged(initial, await allVariables());
  });

  it('shows a malformed list answer as a message with Retry, and Retry goes on with the same answers', async () => {
    const { services } = testServices();
    await addFault({ kind: 'badjson', count: 1, method: 'GET', path: '/workspaces/acme/projects' });
    const prompter = new ScriptedPrompter([
      { pick: 'Project' },
      // After Retry: the scope is kept (Enter), the list loads this time.
      { accept: true },
      { pick: 'Docs' },
      { pick: 'VAR' },
      { input: 'DOCS_THEME' },
      { accept: true },
      { input: 'dark' },
      { input: '' },
      { accept: true },
    ]).choose('Retry');
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.ok(variable, prompter.describe());
    assert.match(prompter.messages[0].text, /^Could not load the choices: The server answered something that is not the API/);
    assert.deepEqual(prompter.messages[0].actions, ['Retry']);
    const created = onlyNewVariable(initial, await allVariables(), 'project docs');
    assert.deepEqual([created.key, created.value], ['DOCS_THEME', 'dark']);
  });

  it('says when a project has no pipelines, and Back leads to another project', async () => {
    await apiCall('POST', '/workspaces/acme/projects', { display_name: 'Empty Project' });
    const prepared = await allVariables();
    const { services } = testServices();
    const prompter = new ScriptedPrompter([
      { pick: 'Pipeline' },
      { pick: 'Empty Project' },
      'back',
      { pick: 'Docs' },
      { pick: 'Publish site' },
      { pick: 'VAR' },
      { input: 'SITE_URL' },
      { accept: true },
      { input: 'https://docs.example.com' },
    ]);
    const variable = await createVariable(services, prompter, emptyAnswers());
    assert.ok(variable, prompter.describe());
    const empty = prompter.prompts[2];
    assert.deepEqual(empty.items, []);
    assert.equal(empty.text, 'Project empty-project has no pipelines. Press Back to choose another project.');
    assert.equal(prompter.prompts[3].active, 'Empty Project', 'Back shows the project chosen before');
    const created = onlyNewVariable(prepared, await allVariables(), 'pipeline 401');
    assert.deepEqual([created.key, created.value], ['SITE_URL', 'https://docs.example.com']);
  });

  it('offers Retry when a list cannot be loaded, keeping the answers', async () => {
    const { services } = testServices();
    await addProjectsFault();
    const prompter = new ScriptedPrompter([{ pick: 'Project' }, { pick: 'Docs' }, { pick: 'VAR' }, 'cancel']).choose('Retry');
    assert.equal(await createVariable(services, prompter, emptyAnswers()), undefined);
    assert.match(prompter.messages[0].text, /^Could not load the choices: /);
    const scopeAgain = prompter.prompts[1];
    assert.equal(scopeAgain.active, 'Project', 'the scope answer is kept for the retry');
    assertUnchanged(initial, await allVariables());
  });
});

async function waitForClipboard(expected: string): Promise<string> {
  const end = Date.now() + 5000;
  for (;;) {
    const text = await vscode.env.clipboard.readText();
    if (text === expected || Date.now() > end) {
      return text;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The next POST of a variable fails with a server error. */
async function apiFault(): Promise<void> {
  await addFault({ kind: '500', count: 1, method: 'POST', path: '/workspaces/acme/variables' });
}

/** The next project list fails with a server error. */
async function addProjectsFault(): Promise<void> {
  await addFault({ kind: '500', count: 1, method: 'GET', path: '/workspaces/acme/projects' });
}
