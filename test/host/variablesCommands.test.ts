// Every command of the Variables view, run as the installed extension's commands on the view's own
// rows, with scripted answers, against the emulator (in both dialects): change (plain, encrypted,
// a failure answered with Edit), delete (confirmed, declined), copy key and value, create in a
// scope, import a .env file (a conflict, bad lines, secrets, a partial failure answered with Retry
// Failed), Open in Browser where the service gives an address.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Variable } from '../../src/api';
import type { ExtensionApi } from '../../src/extension';
import { ScriptedPrompter } from './scriptedPrompter';
import { addFault, apiCall, clearRequests, labelOf, requests, signedInAs, signedOutState } from './sessionHelpers';
import { child, childrenOf, MARKER, roots, rows, variablesView, vendor, type VNode } from './variablesHelpers';

type ApiVar = { id: number; key: string; value: string; type: string; encrypted?: boolean; description?: string | null; settable?: boolean };

async function listed(query: string): Promise<ApiVar[]> {
  return ((await apiCall('GET', `/workspaces/acme/variables${query}`)) as { variables: ApiVar[] }).variables;
}

async function row(parent: VNode, key: string): Promise<VNode> {
  return child(parent, key);
}

const writes = async () => (await requests('/variables')).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`);

describe(`Variables commands (${vendor ? 'vendor' : 'default'} dialect)`, function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let dir: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-env-'));
  });
  beforeEach(async () => {
    api = await signedInAs('admin-token');
    variablesView(api).refresh();
    await clearRequests();
  });
  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await signedOutState();
  });

  async function workspaceRoot(): Promise<VNode> {
    const [root] = await roots(api, 'workspace');
    return root;
  }

  it('changes a plain VAR: the value shown to edit, only what changed sent, the key kept; the row shows the new value', async () => {
    const root = await workspaceRoot();
    const region = await row(root, 'REGION');
    const prompter = new ScriptedPrompter([{ input: 'us-east-2' }, { pick: 'Keep it readable' }, { accept: true }]);
    const changed = await vscode.commands.executeCommand<Variable | undefined>('workspaceAutomation.changeVariable', region, { prompter });
    assert.ok(changed, prompter.describe());
    assert.deepEqual(
      prompter.prompts.map((p) => [p.title, `${p.step}/${p.totalSteps}`, p.kind, p.value ?? p.active]),
      [
        ['Change Variable REGION', '1/3', 'input', 'eu-west-1'],
        ['Change Variable REGION', '2/3', 'pick', 'Keep it readable'],
        ['Change Variable REGION', '3/3', 'input', 'Cloud region'],
      ],
    );
    assert.deepEqual(await writes(), ['PATCH /workspaces/acme/variables/1 200']);
    const after = (await listed('')).find((v) => v.id === 1);
    assert.deepEqual([after?.key, after?.value, after?.description], ['REGION', 'us-east-2', 'Cloud region']);
    assert.equal(prompter.last('info')?.text, 'Changed variable REGION in workspace acme.');
    // The view reads that scope again (one request) and shows the new value.
    await clearRequests();
    assert.ok(rows(await childrenOf(root)).includes('REGION = us-east-2'));
    assert.equal((await requests('/variables')).length, 1);
  });

  it('replaces an encrypted value without showing it: a password box, empty at first; the value stays encrypted', async () => {
    const root = await workspaceRoot();
    const sentry = await row(root, 'SENTRY_DSN');
    const prompter = new ScriptedPrompter([{ pick: 'Replace it with a new value…' }, { input: 'https://new@sentry.example.com/9' }, { input: 'Error reporting' }]);
    const changed = await vscode.commands.executeCommand<Variable | undefined>('workspaceAutomation.changeVariable', sentry, { prompter });
    assert.ok(changed, prompter.describe());
    const box = prompter.prompts[1];
    assert.deepEqual([box.kind, box.password, box.value], ['input', true, '']);
    const after = (await listed('')).find((v) => v.key === 'SENTRY_DSN');
    assert.equal(after?.encrypted, true);
    assert.ok(after?.value.startsWith(MARKER), after?.value);
    assert.equal(after?.description, 'Error reporting');
    for (const m of prompter.messages) {
      assert.ok(!m.text.includes('new@sentry'), m.text);
    }
  });

  it('changes a project variable\'s settable flags, and nothing else', async () => {
    const [root] = await roots(api, 'project');
    const node = await row(root, 'NODE_VERSION');
    const prompter = new ScriptedPrompter([{ accept: true }, { pick: 'Keep it readable' }, { accept: true }, { pickMany: ['Settable only when a run starts'] }]);
    assert.ok(await vscode.commands.executeCommand('workspaceAutomation.changeVariable', node, { prompter }), prompter.describe());
    assert.deepEqual(prompter.prompts[3].active, ['Settable']);
    const after = (await listed('?project_name=web-app')).find((v) => v.key === 'NODE_VERSION') as ApiVar & { run_only_settable: boolean };
    assert.deepEqual([after.value, after.settable, after.run_only_settable], ['20', false, true]);
  });

  it('a failed change keeps what was typed: Edit reopens the steps with it, the second send succeeds', async () => {
    const root = await workspaceRoot();
    const region = await row(root, 'REGION');
    await addFault({ kind: '500', method: 'PATCH', path: '/variables/1' });
    const prompter = new ScriptedPrompter([{ input: 'ap-south-1' }, { pick: 'Keep it readable' }, { input: 'Third region' }])
      .then({ accept: true }, { accept: true }, { accept: true })
      .choose('Edit');
    const changed = await vscode.commands.executeCommand<Variable | undefined>('workspaceAutomation.changeVariable', region, { prompter });
    assert.ok(changed, prompter.describe());
    assert.match(prompter.last('error')?.text ?? '', /Could not change REGION/);
    assert.deepEqual(prompter.last('error')?.actions, ['Retry', 'Edit']);
    assert.deepEqual(prompter.prompts.slice(3).map((p) => p.value ?? p.active), ['ap-south-1', 'Keep it readable', 'Third region']);
    assert.deepEqual(await writes(), ['PATCH /workspaces/acme/variables/1 500', 'PATCH /workspaces/acme/variables/1 200']);
    const after = (await listed('')).find((v) => v.id === 1);
    assert.deepEqual([after?.value, after?.description], ['ap-south-1', 'Third region']);
  });

  it('Nothing changed: no request', async () => {
    const region = await row(await workspaceRoot(), 'REGION');
    const prompter = new ScriptedPrompter([{ accept: true }, { accept: true }, { accept: true }]);
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.changeVariable', region, { prompter }), undefined);
    assert.equal(prompter.last('info')?.text, 'Nothing to change: REGION is as it was.');
    assert.deepEqual(await writes(), []);
  });

  it('deletes after a confirmation that names the key and the scope; declined, nothing is sent', async () => {
    const [root] = await roots(api, 'project');
    const deploy = await child(root, 'Deploy to production');
    const node = await row(deploy, 'DEPLOY_DIR');
    const asked: string[] = [];
    const declined = await vscode.commands.executeCommand('workspaceAutomation.deleteVariable', node, {
      confirm: async (message: string) => {
        asked.push(message);
        return false;
      },
    });
    assert.equal(declined, false);
    assert.deepEqual(await writes(), []);
    const prompter = new ScriptedPrompter();
    const deleted = await vscode.commands.executeCommand('workspaceAutomation.deleteVariable', node, {
      prompter,
      confirm: async (message: string) => {
        asked.push(message);
        return true;
      },
    });
    assert.equal(deleted, true);
    assert.deepEqual(asked, Array(2).fill('Delete variable DEPLOY_DIR from pipeline Deploy to production of project Web App?'));
    assert.deepEqual(await writes(), ['DELETE /workspaces/acme/variables/4 204']);
    assert.deepEqual(await listed('?pipeline_id=103'), []);
    assert.equal(prompter.last('info')?.text, 'Deleted variable DEPLOY_DIR from pipeline Deploy to production of project Web App.');
    assert.deepEqual(rows(await childrenOf(deploy)).slice(0, 2), ['Effective variables = what its runs receive', 'No variables in pipeline Deploy to production of project Web App = ']);
  });

  it('a failed delete says why with Retry only, and Retry deletes it; a variable already gone is said so, with no Retry', async () => {
    const [root] = await roots(api, 'project');
    const deploy = await child(root, 'Deploy to production');
    const node = await row(deploy, 'DEPLOY_DIR');
    await addFault({ kind: '500', method: 'DELETE', path: '/variables/4', count: 1 });
    const confirm = async () => true;
    const prompter = new ScriptedPrompter().choose('Retry');
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.deleteVariable', node, { prompter, confirm }), true);
    assert.deepEqual(
      prompter.messages.map((m) => [m.severity, m.actions]),
      [
        ['error', ['Retry']],
        ['info', []],
      ],
    );
    assert.match(prompter.messages[0].text, /^Could not delete DEPLOY_DIR: /);
    assert.deepEqual(await writes(), ['DELETE /workspaces/acme/variables/4 500', 'DELETE /workspaces/acme/variables/4 204']);
    const again = new ScriptedPrompter();
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.deleteVariable', node, { prompter: again, confirm }), false);
    assert.deepEqual(
      again.messages.map((m) => [m.severity, m.text, m.actions]),
      [['warning', 'Variable DEPLOY_DIR is no longer in pipeline Deploy to production of project Web App: someone deleted it already. The view shows it again as it is.', []]],
    );
  });

  it('copies the key of any variable, the value of a plain VAR only', async () => {
    const root = await workspaceRoot();
    const region = await row(root, 'REGION');
    const sentry = await row(root, 'SENTRY_DSN');
    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.copyVariableKey', sentry), 'SENTRY_DSN');
    assert.equal(await vscode.env.clipboard.readText(), 'SENTRY_DSN');
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.copyVariableValue', region), 'eu-west-1');
    assert.equal(await vscode.env.clipboard.readText(), 'eu-west-1');
    assert.equal(await vscode.commands.executeCommand('workspaceAutomation.copyVariableValue', sentry), undefined);
    assert.equal(await vscode.env.clipboard.readText(), 'eu-west-1', 'an encrypted value (its marker) is never copied');
  });

  it('Create Variable on a scope node starts with that scope: the workspace too', async () => {
    const root = await workspaceRoot();
    const prompter = new ScriptedPrompter([{ pick: 'VAR' }, { input: 'API_URL' }, { pick: 'Show the value while typing' }, { input: 'https://api.example.com' }, { input: '' }]);
    const created = await vscode.commands.executeCommand<Variable | undefined>('workspaceAutomation.createVariableInScope', root, { prompter });
    assert.ok(created, prompter.describe());
    assert.equal(prompter.prompts[0].text, 'What kind of variable?');
    assert.ok((await listed('')).some((v) => v.key === 'API_URL'));
    assert.ok(rows(await childrenOf(root)).includes('API_URL = https://api.example.com'), 'the view shows it');
    const [project] = await roots(api, 'project');
    const action = await child(await child(project, 'Build and test'), 'Lint');
    const prompter2 = new ScriptedPrompter([{ pick: 'VAR' }, { input: 'LINT_STRICT' }, { accept: true }, { input: 'true' }]);
    assert.ok(await vscode.commands.executeCommand('workspaceAutomation.createVariableInScope', action, { prompter: prompter2 }), prompter2.describe());
    assert.equal(prompter2.last('info')?.text, 'Created variable LINT_STRICT in action Lint of pipeline Build and test (project Web App).');
  });

  it('refuses to change a type it cannot edit, and says where to', async () => {
    const kids = await childrenOf(await workspaceRoot());
    const readOnly = kids.filter((n) => n.contextValue?.includes('.readOnly'));
    // The default dialect has no such type; the vendor's has a GPG key.
    assert.deepEqual(readOnly.map(labelOf), vendor ? ['RELEASE_SIGNING_KEY'] : []);
    if (vendor) {
      const prompter = new ScriptedPrompter();
      assert.equal(await vscode.commands.executeCommand('workspaceAutomation.changeVariable', readOnly[0], { prompter }), undefined);
      assert.equal(prompter.last('info')?.text, 'The extension cannot change GPG_KEY variables: change RELEASE_SIGNING_KEY in the web application.');
      assert.deepEqual(await writes(), []);
    }
  });

  it('Open in Browser opens the scope\'s variables page where the service gives one', async () => {
    const region = await row(await workspaceRoot(), 'REGION');
    const opened: string[] = [];
    const result = await vscode.commands.executeCommand('workspaceAutomation.openInBrowser', region, {
      openExternal: async (uri: vscode.Uri) => {
        opened.push(uri.toString());
        return true;
      },
    });
    if (vendor) {
      assert.equal(result, true);
      assert.equal(opened.length, 1);
      assert.match(opened[0], /\/acme\/variables$/);
    } else {
      assert.equal(result, false, 'the default dialect gives no html_url');
      assert.deepEqual(opened, []);
    }
  });

  describe('Import Variables from .env', () => {
    function envFile(name: string, text: string): string {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    }

    it('imports into a pipeline: new keys created, a conflict replaced only when checked, secrets encrypted, bad lines listed by number', async () => {
      const file = envFile(
        'deploy.env',
        ['# deploy', 'export DEPLOY_DIR=/srv/app', 'API_TOKEN="t0k3n-value"', 'bad line here', 'CACHE_TTL=60', '9BAD=x', 'NOTES="multi', 'line"', ''].join('\n'),
      );
      const [root] = await roots(api, 'project');
      const deploy = await child(root, 'Deploy to production');
      const prompter = new ScriptedPrompter([
        { pick: 'Choose a .env file…' },
        { file },
        { accept: true },
        { accept: true },
        { pick: /^Import 3 variable/ },
      ]);
      const result = await vscode.commands.executeCommand<{ outcomes: { key: string; result: string }[] }>('workspaceAutomation.importVariables', deploy, { prompter });
      assert.ok(result, prompter.describe());
      const keys = prompter.prompts[1];
      assert.deepEqual(keys.items.map((i) => [i.label, i.description]), [
        ['DEPLOY_DIR', 'exists: replaced when checked'],
        ['API_TOKEN', 'new: created'],
        ['CACHE_TTL', 'new: created'],
        ['NOTES', 'new: created'],
      ]);
      assert.deepEqual(keys.active, ['API_TOKEN', 'CACHE_TTL', 'NOTES'], 'the conflict is not checked at first');
      assert.deepEqual(prompter.prompts[2].active, ['API_TOKEN'], 'a secret-looking name is proposed as secret');
      const last = prompter.prompts[3];
      assert.deepEqual(last.items.map((i) => `${i.label}: ${i.description ?? ''}`).slice(1), [
        'DEPLOY_DIR: not checked: left as it is',
        'line 4: not KEY=value, skipped: bad line here',
        'line 6: 9BAD is no valid variable name (letters, digits and underscores, not starting with a digit), skipped',
      ]);
      assert.deepEqual(result.outcomes, [
        { key: 'API_TOKEN', result: 'created' },
        { key: 'CACHE_TTL', result: 'created' },
        { key: 'NOTES', result: 'created' },
      ]);
      const after = await listed('?pipeline_id=103');
      assert.deepEqual(
        after.map((v) => [v.key, v.encrypted ? 'encrypted' : v.value]),
        [['DEPLOY_DIR', '/var/www/web-app'], ['API_TOKEN', 'encrypted'], ['CACHE_TTL', '60'], ['NOTES', 'multi\nline']],
      );
      assert.equal(prompter.last('info')?.text, 'Imported 3 of 3 variable(s) into pipeline Deploy to production of project Web App. Created: API_TOKEN, CACHE_TTL, NOTES. 2 line(s) of the file were not imported (see the log).');
      assert.ok(rows(await childrenOf(deploy)).includes('API_TOKEN = encrypted'), 'the view shows the scope again');
    });

    it('replaces a checked conflict, and reports a partial failure per key; Retry Failed finishes it', async () => {
      const file = envFile('ws.env', 'REGION=ap-east-1\nFEATURE_X=on\nFEATURE_Y=off\n');
      const root = await workspaceRoot();
      await addFault({ kind: '500', method: 'POST', path: '/variables', count: 1 });
      const prompter = new ScriptedPrompter([
        { pick: 'Choose a .env file…' },
        { file },
        { pickMany: ['REGION', 'FEATURE_X', 'FEATURE_Y'] },
        { pickMany: [] },
        { pick: /^Import 3 variable/ },
      ]).choose('Retry Failed');
      const result = await vscode.commands.executeCommand<{ outcomes: { key: string; result: string }[] }>('workspaceAutomation.importVariables', root, { prompter });
      assert.ok(result, prompter.describe());
      const failure = prompter.messages.find((m) => m.severity === 'error');
      assert.match(failure?.text ?? '', /^Imported 2 of 3 variable\(s\) into workspace acme\. Created: FEATURE_Y\. Replaced: REGION\. Failed: FEATURE_X \(/);
      assert.deepEqual(failure?.actions, ['Retry Failed']);
      assert.deepEqual(result.outcomes, [{ key: 'FEATURE_X', result: 'created' }]);
      assert.equal(prompter.last('info')?.text, 'Imported 1 of 1 variable(s) into workspace acme. Created: FEATURE_X.');
      const after = await listed('');
      assert.deepEqual(
        after.filter((v) => ['REGION', 'FEATURE_X', 'FEATURE_Y'].includes(v.key)).map((v) => [v.key, v.value]),
        // FEATURE_Y was created first: FEATURE_X only on Retry Failed.
        [['REGION', 'ap-east-1'], ['FEATURE_Y', 'off'], ['FEATURE_X', 'on']],
      );
      assert.deepEqual(await writes(), [
        'PATCH /workspaces/acme/variables/1 200',
        'POST /workspaces/acme/variables 500',
        'POST /workspaces/acme/variables 201',
        'POST /workspaces/acme/variables 201',
      ]);
    });

    it('offers Retry when a list cannot be loaded, the answers kept', async () => {
      await addFault({ kind: '500', method: 'GET', path: '/pipelines/101/actions', count: 1 });
      const prompter = new ScriptedPrompter([
        { pick: 'Action' },
        { pick: 'Web App' },
        { pick: 'Build and test' },
        // After Retry: the steps again, each with its answer kept.
        { accept: true },
        { accept: true },
        { accept: true },
        'cancel',
      ]).choose('Retry');
      assert.equal(await vscode.commands.executeCommand('workspaceAutomation.importVariables', undefined, { prompter }), undefined);
      assert.deepEqual(
        prompter.messages.map((m) => [m.severity, m.actions]),
        [['error', ['Retry']]],
      );
      assert.match(prompter.messages[0].text, /^Could not load the choices: /);
      assert.deepEqual(
        prompter.prompts.slice(3).map((p) => p.active),
        // The action was never chosen: its step shows the first.
        ['Action', 'Web App', 'Build and test', 'Install dependencies'],
      );
      assert.deepEqual(await writes(), []);
    });

    it('refuses a file that is no regular file or has nothing to import, and asks again', async () => {
      const empty = envFile('empty.env', '# nothing\n');
      const good = envFile('one.env', 'ONE=1\n');
      const root = await workspaceRoot();
      const prompter = new ScriptedPrompter([
        { pick: 'Choose a .env file…' },
        { file: dir },
        { pick: 'Choose a .env file…' },
        { file: empty },
        { pick: 'Choose a .env file…' },
        { file: good },
        'cancel',
      ]);
      assert.equal(await vscode.commands.executeCommand('workspaceAutomation.importVariables', root, { prompter }), undefined);
      assert.deepEqual(
        prompter.messages.filter((m) => m.severity === 'error').map((m) => m.text),
        [`${path.basename(dir)} is not a regular file (a device, a pipe or a folder). Choose a .env file.`, 'empty.env has no variable to import (0 line(s) could not be): choose another file.'],
      );
      assert.deepEqual(await writes(), []);
    });
  });
});
