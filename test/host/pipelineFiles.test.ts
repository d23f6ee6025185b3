// Pipeline files (.buddy/*.yml) in the installed extension against the emulator: the reading
// bundle loaded only when such a file opens; completion after `$` and `${`, hover, the warning of
// a variable defined nowhere (only once every scope was read; a hint in shell commands) and its
// quick fix through Create Variable, gone without a reload; a target that refuses the pipeline
// (2678004) and Allow Pipeline; signed out or another project's file: the schema's help only, no
// request; typing makes no request.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ScriptedPrompter } from './scriptedPrompter';
import { addFault, apiCall, clearRequests, extensionApi, requests, signedInAs, signedOutState, waitFor } from './sessionHelpers';

const WEB_APP = { name: 'web-app', displayName: 'Web App' };
const OURS = 'Workspace Automation';

/** The test's pipeline file: pipeline 102 of web-app, by name, with references of each kind. */
function pipelineText(name: string, extra = ''): string {
  return [
    `- pipeline: ${JSON.stringify(name)}`,
    '  on: EVENT',
    '  events:',
    '    - type: PUSH',
    '      refs:',
    '        - refs/heads/main',
    '  variables:',
    '    - key: FILE_ONLY',
    '      value: from-file',
    '  actions:',
    '    - action: "Build bundle"',
    '      type: BUILD',
    '      docker_image_name: library/node',
    '      docker_image_tag: $NODE_VERSION',
    '      execute_commands:',
    '        - echo $SHELL_ONLY_NAME',
    '        - echo done',
    '    - action: "Upload to staging"',
    '      type: SFTP',
    '      local_path: dist',
    '      remote_path: /srv/$MISSING_PATH',
    '      targets:',
    '        - staging',
    extra,
  ].join('\n');
}

function folder(): vscode.Uri {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, 'the test editor has a folder open');
  return f.uri;
}

const written: vscode.Uri[] = [];

async function writeFile(relative: string, text: string): Promise<vscode.Uri> {
  const uri = vscode.Uri.joinPath(folder(), ...relative.split('/'));
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  written.push(uri);
  return uri;
}

async function open(uri: vscode.Uri): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(uri);
  assert.equal(document.languageId, 'yaml', 'a pipeline file stays in the YAML language');
  return vscode.window.showTextDocument(document);
}

function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === OURS);
}

function describeDiagnostics(uri: vscode.Uri): string {
  return JSON.stringify(ours(uri).map((d) => [d.range.start.line, d.code, vscode.DiagnosticSeverity[d.severity], d.message]));
}

/** The diagnostic with `code` whose range covers `text` in the document. */
function diagnosticAt(document: vscode.TextDocument, code: string, text: string): vscode.Diagnostic | undefined {
  const offset = document.getText().indexOf(text);
  return ours(document.uri).find((d) => d.code === code && document.offsetAt(d.range.start) <= offset && offset < document.offsetAt(d.range.end));
}

function positionAfter(document: vscode.TextDocument, text: string): vscode.Position {
  const offset = document.getText().indexOf(text);
  assert.ok(offset >= 0, `"${text}" is in the document`);
  return document.positionAt(offset + text.length);
}

async function completions(document: vscode.TextDocument, at: vscode.Position): Promise<vscode.CompletionItem[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, at);
  return list.items;
}

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))
    .join('\n')
    .replace(/&nbsp;/g, ' ')
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1');
}

/** The extension's loaded modules: dist/pipelineFiles.js is the reading bundle. */
function engineLoaded(): boolean {
  return Object.keys(require.cache).some((p) => /[\\/]dist[\\/]pipelineFiles\.js$/.test(p) && p.includes('workspace-automation'));
}

describe('Pipeline files (.buddy/*.yml)', function () {
  this.timeout(60_000);
  let pipelineName: string;
  let otherPipelineName: string;

  before(async () => {
    const api = await signedInAs('admin-token');
    pipelineName = ((await apiCall('GET', '/workspaces/acme/projects/web-app/pipelines/102')) as { name: string }).name;
    otherPipelineName = ((await apiCall('GET', '/workspaces/acme/projects/web-app/pipelines/105')) as { name: string }).name;
    api.views.currentProject.set(undefined);
  });

  afterEach(async () => {
    // Edits are dropped: a file is never reopened with another test's text.
    for (let i = 0; i < 20 && vscode.window.activeTextEditor; i++) {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    for (const uri of written) {
      await vscode.workspace.fs.delete(uri, { useTrash: false }).then(undefined, () => undefined);
    }
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder(), '.git'), { recursive: true, useTrash: false }).then(undefined, () => undefined);
    (await extensionApi()).views.currentProject.set(undefined);
    await signedOutState();
  });

  it('loads the reading bundle only when the first pipeline file opens', async () => {
    const other = await writeFile('notes.yml', 'a: 1\n');
    await open(other);
    assert.equal(engineLoaded(), false, 'dist/pipelineFiles.js is not loaded before a pipeline file opens (an ordinary YAML file is no pipeline file)');
    const uri = await writeFile('.buddy/lazy.yml', '- pipeline: Lazy\n  actions:\n    - action: No type\n');
    await open(uri);
    await waitFor(`the missing action type to be reported (diagnostics: ${describeDiagnostics(uri)})`, () => ours(uri).some((d) => d.severity === vscode.DiagnosticSeverity.Error) || undefined);
    assert.equal(engineLoaded(), true, 'dist/pipelineFiles.js is loaded once a pipeline file opened');
  });

  describe('signed in, the file of the current project', () => {
    let fileCount = 0;
    let uri: vscode.Uri;
    let document: vscode.TextDocument;

    beforeEach(async () => {
      const api = await signedInAs('admin-token');
      api.views.currentProject.set(WEB_APP);
      // A file of its own per test: no diagnostic of an earlier test's file is taken for this one's.
      uri = await writeFile(`.buddy/deploy-to-staging-${++fileCount}.yml`, pipelineText(pipelineName));
      document = (await open(uri)).document;
      await waitFor(`the warning for $MISSING_PATH (diagnostics: ${describeDiagnostics(uri)})`, () => diagnosticAt(document, 'undefined-variable', '$MISSING_PATH'));
    });

    it('warns of a variable defined nowhere, and only hints in shell commands; a defined one, a predefined one and the file\u2019s own get nothing', () => {
      const all = ours(uri);
      const missing = diagnosticAt(document, 'undefined-variable', '$MISSING_PATH');
      assert.equal(missing?.severity, vscode.DiagnosticSeverity.Warning, describeDiagnostics(uri));
      assert.equal(document.getText(missing!.range), '$MISSING_PATH');
      const shell = diagnosticAt(document, 'undefined-variable', '$SHELL_ONLY_NAME');
      assert.equal(shell?.severity, vscode.DiagnosticSeverity.Hint, `a shell command's name is a hint at most: ${describeDiagnostics(uri)}`);
      assert.equal(diagnosticAt(document, 'undefined-variable', '$NODE_VERSION'), undefined, 'NODE_VERSION is the project\u2019s');
      assert.deepEqual(
        all.filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning).map((d) => d.code),
        ['undefined-variable'],
        `one warning, no error: ${describeDiagnostics(uri)}`,
      );
    });

    it('completes after $ and ${ with each scope\u2019s variables, their values (encrypted masked) and the predefined ones', async () => {
      const editor = vscode.window.activeTextEditor!;
      const at = positionAfter(document, '/srv/');
      await editor.edit((e) => e.insert(at, '$'));
      const items = await completions(document, at.translate(0, 1));
      const byLabel = new Map(items.map((i) => [labelOf(i), i]));
      const described = items.map((i) => `${labelOf(i)} (${typeof i.label === 'string' ? '' : i.label.description})`).join(', ');
      for (const [key, scope] of [
        ['NODE_VERSION', 'project'],
        ['REGION', 'workspace'],
        ['SENTRY_DSN', 'workspace'],
        ['FILE_ONLY', 'this pipeline, in this file'],
        ['BUDDY_PIPELINE_NAME', 'predefined'],
      ]) {
        const item = byLabel.get(key);
        assert.ok(item, `${key} is offered: ${described}`);
        assert.equal(typeof item.label === 'string' ? undefined : item.label.description, scope, key);
      }
      assert.equal(byLabel.get('NODE_VERSION')?.detail, '20');
      assert.equal(byLabel.get('REGION')?.detail, 'eu-west-1');
      assert.equal(byLabel.get('SENTRY_DSN')?.detail, '(encrypted)', 'an encrypted value is never shown');
      assert.equal(byLabel.get('NODE_VERSION')?.insertText, '$NODE_VERSION');

      await editor.edit((e) => e.insert(at.translate(0, 1), '{'));
      const braced = await completions(document, at.translate(0, 2));
      assert.equal(braced.find((i) => labelOf(i) === 'NODE_VERSION')?.insertText, '${NODE_VERSION}');
    });

    it('hovers a reference: value, scope, and Reveal in Variables view', async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, positionAfter(document, 'docker_image_tag: $NODE'));
      const text = hoverText(hovers);
      assert.match(text, /NODE_VERSION/);
      assert.match(text, /scope: project/);
      assert.match(text, /Value: 20/);
      assert.match(text, /Reveal in Variables view/);
      // The link names the variable: following it selects its row in the Variables view.
      const link = /\(command:(workspaceAutomation\.revealVariable)\?([^)]+)\)/.exec(hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n'));
      assert.ok(link, text);
      const args = JSON.parse(decodeURIComponent(link[2])) as unknown[];
      assert.deepEqual(args, ['project', 'NODE_VERSION']);
      await vscode.commands.executeCommand('workbench.view.extension.workspaceAutomation');
      assert.equal(await vscode.commands.executeCommand(link[1], ...args), true);
      const selected = (await extensionApi()).views.variables.treeView?.selection.map((n) => [n.label, n.parent?.label]);
      assert.deepEqual(selected, [['NODE_VERSION', 'Web App']]);
      assert.equal(await vscode.commands.executeCommand(link[1], 'project', 'NO_SUCH_VARIABLE'), false);
    });

    it('lenses above pipeline: Run, Runs, Compare with the service (a diff) and Update the service from this file (after a confirmation)', async () => {
      const lenses = await waitFor('the lenses of a known pipeline', async () => {
        const l = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 10);
        return l.some((x) => x.command?.title === 'Compare with the service') ? l : undefined;
      });
      const titles = lenses.map((l) => l.command?.title);
      for (const title of ['$(play) Run', 'Runs', 'Compare with the service', 'Update the service from this file\u2026']) {
        assert.ok(titles.includes(title), `${title}: ${titles.join(' | ')}`);
      }
      const compare = lenses.find((l) => l.command?.title === 'Compare with the service')!.command!;
      assert.equal(await vscode.commands.executeCommand(compare.command, ...(compare.arguments ?? [])), true);
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
      assert.ok(tab?.input instanceof vscode.TabInputTextDiff, `a diff editor: ${tab?.label}`);
      assert.equal(tab.input.modified.toString(), uri.toString(), 'the file itself on the right (one pipeline: the whole file)');
      const update = lenses.find((l) => l.command?.title === 'Update the service from this file\u2026')!.command!;
      await clearRequests();
      assert.equal(await vscode.commands.executeCommand(update.command, ...(update.arguments ?? []), { confirm: false }), 'cancelled');
      assert.deepEqual((await requests()).filter((r) => r.method !== 'GET'), [], 'nothing sent without the confirmation');
      assert.equal(await vscode.commands.executeCommand(update.command, ...(update.arguments ?? []), { confirm: true }), 'updated');
      const stored = (await apiCall('GET', '/workspaces/acme/projects/web-app/pipelines/102?yaml=true')) as { yaml: string };
      assert.equal(Buffer.from(stored.yaml, 'base64').toString('utf8'), document.getText());
    });

    it('no Update lens for a pipeline kept in Git (101: Git is its source)', async () => {
      const git = ((await apiCall('GET', '/workspaces/acme/projects/web-app/pipelines/101')) as { name: string }).name;
      const other = await writeFile('.buddy/build-and-test.yml', `- pipeline: ${JSON.stringify(git)}\n  actions:\n    - action: Lint\n      type: BUILD\n`);
      await open(other);
      const lenses = await waitFor('the lenses of pipeline 101', async () => {
        const l = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', other, 10);
        return l.some((x) => x.command?.title === 'Compare with the service') ? l : undefined;
      });
      assert.ok(!lenses.some((l) => l.command?.command === 'workspaceAutomation.updatePipelineFromFile'), lenses.map((l) => l.command?.title).join(' | '));
    });

    it('typing makes no request: the diagnostics follow the text from what was read', async () => {
      await clearRequests();
      const editor = vscode.window.activeTextEditor!;
      await editor.edit((e) => e.insert(positionAfter(document, 'remote_path: /srv/$MISSING_PATH'), '/$REGION/$ANOTHER_MISSING'));
      await waitFor(`the warning for $ANOTHER_MISSING (diagnostics: ${describeDiagnostics(uri)})`, () => diagnosticAt(document, 'undefined-variable', '$ANOTHER_MISSING'));
      assert.equal(diagnosticAt(document, 'undefined-variable', '$REGION'), undefined);
      assert.deepEqual(await requests(), []);
    });

    it('"Create variable MISSING_PATH…" opens Create Variable with key and scope filled in; the warning goes without a reload', async () => {
      const diagnostic = diagnosticAt(document, 'undefined-variable', '$MISSING_PATH')!;
      const fixes = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
      const fix = fixes.find((f) => f.title === 'Create variable MISSING_PATH\u2026');
      assert.ok(fix?.command, `the quick fix is offered: ${fixes.map((f) => f.title).join(', ')}`);
      // Scope, project and pipeline preset: the type, the key (proposed), how to show the value, the value.
      const prompter = new ScriptedPrompter([{ pick: 'VAR' }, { accept: true }, { accept: true }, { input: 'app' }]);
      const created = await vscode.commands.executeCommand<{ key: string } | undefined>(fix.command.command, ...(fix.command.arguments ?? []), { prompter });
      assert.equal(created?.key, 'MISSING_PATH', prompter.describe());
      const keyPrompt = prompter.prompts.find((p) => p.kind === 'input' && p.value === 'MISSING_PATH');
      assert.ok(keyPrompt, `the key is proposed: ${prompter.describe()}`);
      assert.equal(prompter.last('info')?.text, `Created variable MISSING_PATH in pipeline ${pipelineName} of project Web App.`);
      await waitFor(`the warning for $MISSING_PATH to go (diagnostics: ${describeDiagnostics(uri)})`, () => diagnosticAt(document, 'undefined-variable', '$MISSING_PATH') === undefined || undefined);
      // The pipeline's list is read again: the new variable is known (its hover).
      await waitFor('the hover of $MISSING_PATH to show the pipeline\'s variable', async () =>
        /scope: pipeline/.test(hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, positionAfter(document, '$MISSING')))) || undefined,
      );
      // A later change of the text still finds it defined (the pipeline's list was read again, whole).
      await vscode.window.activeTextEditor!.edit((e) => e.insert(positionAfter(document, 'remote_path: /srv/$MISSING_PATH'), '/$NOT_YET'));
      await waitFor(`the warning for $NOT_YET (diagnostics: ${describeDiagnostics(uri)})`, () => diagnosticAt(document, 'undefined-variable', '$NOT_YET'));
      assert.equal(diagnosticAt(document, 'undefined-variable', '$MISSING_PATH'), undefined, describeDiagnostics(uri));
    });
  });

  it('says nothing of a variable while a scope it depends on could not be read whole', async () => {
    const api = await signedInAs('admin-token');
    api.views.currentProject.set(WEB_APP);
    await addFault({ kind: '500', path: 'pipeline_id=102', count: 5 });
    // A second pipeline (105) whose scopes are read: its warning says the reading is done.
    const second = `- pipeline: ${JSON.stringify(otherPipelineName)}\n  actions:\n    - action: "Generate changelog"\n      type: BUILD\n      docker_image_name: $ALSO_MISSING\n`;
    const uri = await writeFile('.buddy/unread-scope.yml', pipelineText(pipelineName, second));
    const { document } = await open(uri);
    await waitFor(`the warning for $ALSO_MISSING in pipeline 105 (diagnostics: ${describeDiagnostics(uri)})`, () => diagnosticAt(document, 'undefined-variable', '$ALSO_MISSING'));
    assert.ok((await requests('pipeline_id=102')).every((r) => r.status === 500), JSON.stringify(await requests()));
    assert.equal(diagnosticAt(document, 'undefined-variable', '$MISSING_PATH'), undefined, describeDiagnostics(uri));
    assert.equal(diagnosticAt(document, 'undefined-variable', '$SHELL_ONLY_NAME'), undefined, describeDiagnostics(uri));
  });

  it('warns of a target that does not allow the pipeline (2678004): "Allow pipeline on target…" allows it and the warning goes', async () => {
    const api = await signedInAs('admin-token');
    api.views.currentProject.set(WEB_APP);
    const uri = await writeFile('.buddy/refused-target.yml', pipelineText(pipelineName).replace('        - staging', '        - production'));
    const { document } = await open(uri);
    const warning = await waitFor(`the 2678004 warning on production (diagnostics: ${describeDiagnostics(uri)})`, () => diagnosticAt(document, 'target-refuses-pipeline', 'production'));
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warning.message, /2678004/);
    const fixes = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, warning.range, vscode.CodeActionKind.QuickFix.value);
    const fix = fixes.find((f) => f.title === 'Allow pipeline on target production\u2026');
    assert.ok(fix?.command, `the quick fix is offered: ${fixes.map((f) => f.title).join(', ')}`);
    const prompter = new ScriptedPrompter().choose('Allow');
    const outcome = await vscode.commands.executeCommand<{ kind: string }>(fix.command.command, ...(fix.command.arguments ?? []), { prompter });
    assert.equal(outcome?.kind, 'allowed', `${JSON.stringify(outcome)}: ${JSON.stringify(prompter.messages)}`);
    await waitFor(`the 2678004 warning to go (diagnostics: ${describeDiagnostics(uri)})`, () => diagnosticAt(document, 'target-refuses-pipeline', 'production') === undefined || undefined);
  });

  it('follows the current project: a file opened before the project was chosen gets the service\u2019s help once it is', async () => {
    const api = await signedInAs('admin-token');
    api.views.currentProject.set(undefined);
    const uri = await writeFile('.buddy/before-project.yml', pipelineText(pipelineName, '- pipeline: Lone\n  actions:\n    - action: No type\n'));
    const { document } = await open(uri);
    await waitFor(`the schema's error (diagnostics: ${describeDiagnostics(uri)})`, () => ours(uri).some((d) => d.severity === vscode.DiagnosticSeverity.Error) || undefined);
    assert.equal(diagnosticAt(document, 'undefined-variable', '$MISSING_PATH'), undefined);
    api.views.currentProject.set(WEB_APP);
    await waitFor(`the warning for $MISSING_PATH once web-app is current (diagnostics: ${describeDiagnostics(uri)})`, () => diagnosticAt(document, 'undefined-variable', '$MISSING_PATH'));
  });

  it('signed out: the schema\u2019s help only, nothing requested', async () => {
    await signedOutState();
    await clearRequests();
    const uri = await writeFile('.buddy/signed-out.yml', pipelineText(pipelineName, '    - action: No type\n'));
    const { document } = await open(uri);
    await waitFor(`the schema's error (diagnostics: ${describeDiagnostics(uri)})`, () => ours(uri).some((d) => d.severity === vscode.DiagnosticSeverity.Error) || undefined);
    assert.deepEqual(
      ours(uri).map((d) => d.code).filter((c) => c === 'undefined-variable' || c === 'target-refuses-pipeline'),
      [],
      describeDiagnostics(uri),
    );
    const keys = await completions(document, positionAfter(document, '      type: SFTP\n'));
    assert.ok(keys.some((i) => labelOf(i) === 'targets'), `action keys are completed: ${keys.map(labelOf).join(', ')}`);
    const vars = await completions(document, positionAfter(document, 'remote_path: /srv/$'));
    assert.ok(vars.some((i) => labelOf(i) === 'BUDDY_PIPELINE_NAME') && !vars.some((i) => labelOf(i) === 'NODE_VERSION'), vars.map(labelOf).join(', '));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.deepEqual(lenses, []);
    assert.deepEqual(await requests(), []);
  });

  it('another project\u2019s file (the folder\u2019s git remote is not the project\u2019s): the schema\u2019s help only, nothing requested for it', async () => {
    // The remote first: every file of the folder (those opened before too) is another project's.
    await writeFile('.git/config', '[remote "origin"]\n\turl = https://git.example.com/someone-else/unrelated.git\n');
    try {
      const api = await signedInAs('admin-token');
      api.views.currentProject.set(WEB_APP);
      await anotherProjectsFile(pipelineName);
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder(), '.git'), { recursive: true, useTrash: false });
    }
  });
});

/** The current project is web-app, the folder's remote another repository. */
async function anotherProjectsFile(pipelineName: string): Promise<void> {
  await clearRequests();
  const uri = await writeFile('.buddy/other-project.yml', pipelineText(pipelineName, '    - action: No type\n'));
  const { document } = await open(uri);
  await waitFor(`the schema's error (diagnostics: ${describeDiagnostics(uri)})`, () => ours(uri).some((d) => d.severity === vscode.DiagnosticSeverity.Error) || undefined);
  const vars = await completions(document, positionAfter(document, 'remote_path: /srv/$'));
  assert.ok(!vars.some((i) => labelOf(i) === 'NODE_VERSION'), vars.map(labelOf).join(', '));
  assert.deepEqual(
    ours(uri).map((d) => d.code).filter((c) => c === 'undefined-variable' || c === 'target-refuses-pipeline'),
    [],
    describeDiagnostics(uri),
  );
  // At most the project itself (its repository's address, to compare with the folder's remote).
  assert.deepEqual(
    (await requests()).filter((r) => !/\/projects\/web-app$/.test(r.path)),
    [],
  );
}
