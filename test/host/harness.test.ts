// The installed .vsix (what ships) is present, activates, contributes its container and views, and
// runs a command in the real editor's extension host.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';

const EXTENSION_ID = 'workspace-automation.workspace-automation';

describe('harness: the packaged extension in the extension host', () => {
  // One test opens the container: closed again, so later files' sign-ins load nothing by themselves.
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
  });

  it('is installed from the .vsix, not loaded from the source folder', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not installed`);
    assert.equal(ext.extensionKind, vscode.ExtensionKind.Workspace);
    assert.match(ext.extensionPath, /extensions/);
    assert.doesNotMatch(ext.extensionPath.replace(/\\/g, '/'), /\/test\/suite\/runner$/);
  });

  it('ships only what runs: the bundle, manifest, texts, l10n bundle and media (no sources, tests, maps, screenshots or node_modules)', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const files = walk(ext.extensionPath)
      .map((f) => path.relative(ext.extensionPath, f).replace(/\\/g, '/'))
      .filter((f) => f !== '.vsixmanifest');
    for (const required of ['package.json', 'package.nls.json', 'l10n/bundle.l10n.json', 'dist/extension.js', 'media/icon.png', 'media/activity-bar.svg', 'media/walkthrough/sign-in.md']) {
      assert.ok(files.includes(required), `${required} is missing from the package`);
    }
    assert.ok(files.some((f) => /^readme\.md$/i.test(f)) && files.some((f) => /^license/i.test(f)), 'README and LICENSE ship');
    const unexpected = files.filter((f) => /^(src|test|out|node_modules|\.ci|\.vscode-test|media\/screenshots)\/|\.(ts|map)$|^(tsconfig|esbuild|eslint|CONTRIBUTING)/.test(f));
    assert.deepEqual(unexpected, []);
  });

  it('activates and declares the Workspace Automation container with its five views', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    await ext.activate();
    assert.equal(ext.isActive, true);
    const pkg = ext.packageJSON as {
      name: string;
      contributes: { viewsContainers: { activitybar: { id: string; title: string }[] }; views: Record<string, { id: string; name: string }[]> };
    };
    assert.equal(pkg.name, 'workspace-automation');
    const container = pkg.contributes.viewsContainers.activitybar.find((c) => c.id === 'workspaceAutomation');
    assert.equal(container?.title, 'Workspace Automation');
    assert.deepEqual(
      pkg.contributes.views.workspaceAutomation.map((v) => v.name),
      ['Projects', 'Runs', 'Commits', 'Targets', 'Variables'],
    );
  });

  it('registers the commands its manifest declares (the row commands once the views have rows), and runs one of them', async () => {
    const ext = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID)!;
    const api = await ext.activate();
    const manifest = ext.packageJSON as { contributes: { commands?: { command: string }[]; menus: { commandPalette: { command: string; when?: string }[] } } };
    const declared = (manifest.contributes.commands ?? []).map((c) => c.command);
    assert.ok(declared.length > 0, 'the manifest declares no commands');
    // Hidden from the palette, they take a row: they come with the views' rows.
    const rowCommands = new Set(manifest.contributes.menus.commandPalette.filter((m) => m.when === 'false').map((m) => m.command));
    assert.ok(rowCommands.has('workspaceAutomation.openCommit'), 'Open Commit is a row command');
    const atActivation = new Set(await vscode.commands.getCommands(true));
    const missingAtActivation = declared.filter((c) => !rowCommands.has(c) && !atActivation.has(c));
    assert.deepEqual(missingAtActivation, [], 'declared in package.json but not registered at activation');
    assert.ok(api.views.projects, 'the views load (as with rows to show)');
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      declared.filter((c) => !registered.has(c)),
      [],
      'declared in package.json but not registered once the views are loaded',
    );
    // Refreshing the Projects view is harmless in any state (signed out here or not).
    await vscode.commands.executeCommand('workspaceAutomation.refreshProjects');
    // The container opens through the command VS Code derives from the manifest.
    await vscode.commands.executeCommand('workbench.view.extension.workspaceAutomation');
  });

  it('reaches the API emulator through WA_EMULATOR_URL and the apiUrl setting', async () => {
    const url = process.env.WA_EMULATOR_URL;
    assert.ok(url, 'WA_EMULATOR_URL is not set in the extension host');
    assert.equal(vscode.workspace.getConfiguration('workspaceAutomation').get('apiUrl'), url);
    const res = await fetch(`${url}/__emulator/reset`, { method: 'POST' });
    assert.ok(res.ok, `reset answered ${res.status}`);
  });
});
