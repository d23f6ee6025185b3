// The Projects view in the real editor against the emulator: labels, descriptions, children,
// paging with "Load more", one request per load, error items with Retry and Sign In, and the
// project chosen from the open folder's git remote.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { demoProjects, projectLabel } from '../harness/dialect';
import { addFault, apiCall, clearRequests, ENV_TOKEN, hideSidebar, labelOf, requests, setSetting, signedInAs, signedOutState, signInCommand, waitFor } from './sessionHelpers';

type Node = vscode.TreeItem & { getChildren(): Promise<Node[]> | Node[]; contextValue?: string };

async function roots(api: ExtensionApi): Promise<Node[]> {
  return (await api.views.projects.getChildren()) as Node[];
}

async function child(nodes: Node[], label: string): Promise<Node> {
  const node = nodes.find((n) => labelOf(n) === label);
  assert.ok(node, `no "${label}" among ${nodes.map(labelOf).join(', ')}`);
  return node;
}

describe('projects: the Projects view', function () {
  this.timeout(60_000);
  let api: ExtensionApi;

  // An earlier file may have left the container open: its load at sign-in would take the faults below.
  before(hideSidebar);

  beforeEach(async () => {
    api = await signedInAs('admin-token', 'acme');
  });

  after(async () => {
    await hideSidebar(); // the selection tests open the container
    await signedOutState();
  });

  it('lists the projects: display name as label, name as description, project contextValue with .hasUrl', async () => {
    const nodes = await roots(api);
    assert.deepEqual(
      nodes.map((n) => [labelOf(n), n.description]),
      demoProjects().map((p) => [projectLabel(p), p.name]),
    );
    assert.deepEqual(nodes.slice(0, 4).map(labelOf), ['Web App', 'API Service', 'Mobile App', 'Docs']);
    for (const n of nodes) {
      assert.equal(n.contextValue, 'wa.project.hasUrl');
      assert.equal(n.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
      assert.ok(n.iconPath instanceof vscode.ThemeIcon);
    }
  });

  it('costs one request per load; showing it again answers from memory until Refresh', async () => {
    await vscode.commands.executeCommand('workspaceAutomation.refreshProjects');
    await clearRequests();
    await vscode.commands.executeCommand('workspaceAutomation.refreshProjects');
    await roots(api);
    await roots(api);
    const first = await requests('/projects');
    assert.deepEqual(
      first.map((r) => `${r.method} ${r.path}`),
      ['GET /workspaces/acme/projects?page=1&per_page=20'],
    );
    await vscode.commands.executeCommand('workspaceAutomation.refreshProjects');
    await roots(api);
    assert.equal((await requests('/projects?')).length, 2);
  });

  it('expands a project into its pipelines and a pipeline into its actions', async () => {
    const webApp = await child(await roots(api), 'Web App');
    const pipelines = await webApp.getChildren();
    assert.deepEqual(pipelines.map(labelOf), ['Build and test', 'Deploy to staging', 'Deploy to production', 'Nightly end-to-end', 'Release notes']);
    assert.deepEqual(
      pipelines.map((p) => p.contextValue),
      Array.from({ length: 5 }, () => 'wa.pipeline.hasUrl'),
    );
    const build = await child(pipelines, 'Build and test');
    assert.match(String(build.description), /successful/);
    const actions = await build.getChildren();
    assert.deepEqual(
      actions.map((a) => [labelOf(a), a.description]),
      [
        ['Install dependencies', 'BUILD'],
        ['Unit tests', 'BUILD'],
        ['Lint', 'BUILD'],
      ],
    );
    assert.deepEqual(
      actions.map((a) => [a.contextValue, a.collapsibleState]),
      Array.from({ length: 3 }, () => ['wa.action.hasUrl', vscode.TreeItemCollapsibleState.None]),
    );
    assert.deepEqual(
      (await requests('/workspaces/acme/projects')).map((r) => r.path),
      ['/workspaces/acme/projects?page=1&per_page=20', '/workspaces/acme/projects/web-app/pipelines?page=1&per_page=20', '/workspaces/acme/projects/web-app/pipelines/101/actions?page=1&per_page=20'],
    );
  });

  it('pages with "Load more": 20 projects first, then the rest, and stops at the short page', async () => {
    for (let i = 1; i <= 21; i++) {
      await apiCall('POST', '/workspaces/acme/projects', { display_name: `Paged Project ${String(i).padStart(2, '0')}` });
    }
    await clearRequests();
    // The view may have loaded (and kept) the list before these existed.
    await vscode.commands.executeCommand('workspaceAutomation.refreshProjects');
    const first = await roots(api);
    assert.equal(first.length, 21, '20 projects and the Load more item');
    const loadMore = first[20];
    assert.equal(loadMore.contextValue, 'wa.loadMore');
    assert.equal(labelOf(loadMore), 'Load more');
    assert.equal(loadMore.command?.command, 'workspaceAutomation.loadMore');
    await vscode.commands.executeCommand('workspaceAutomation.loadMore', ...(loadMore.command?.arguments ?? []));
    const all = await roots(api);
    const count = demoProjects().length + 21;
    assert.equal(all.length, count, `${count} projects, no Load more`);
    assert.deepEqual(
      all.map((n) => n.contextValue),
      Array.from({ length: count }, () => 'wa.project.hasUrl'),
    );
    assert.equal(labelOf(all[count - 1]), 'Paged Project 21');
    assert.deepEqual(
      (await requests('/projects?')).map((r) => r.path),
      ['/workspaces/acme/projects?page=1&per_page=20', '/workspaces/acme/projects?page=2&per_page=20'],
    );
  });

  it('shows a failed load as an error item with Retry, and Retry loads it', async () => {
    await addFault({ kind: '500', path: '/workspaces/acme/projects?' });
    await vscode.commands.executeCommand('workspaceAutomation.refreshProjects');
    const failed = await roots(api);
    assert.equal(failed.length, 1);
    assert.equal(failed[0].contextValue, 'wa.error.retry');
    assert.match(labelOf(failed[0]), /failed/i);
    assert.equal(failed[0].command?.command, 'workspaceAutomation.retry');
    assert.equal(api.session.state, 'ready', 'a server error is no welcome state');
    await vscode.commands.executeCommand('workspaceAutomation.retry', ...(failed[0].command?.arguments ?? []));
    assert.equal((await roots(api)).length, demoProjects().length);
  });

  it('keeps loaded items when a later page fails, with the error item at the end', async () => {
    const webApp = await child(await roots(api), 'Web App');
    // A proxy's HTML page (502), more times than the client retries a GET.
    await addFault({ kind: 'html', path: '/pipelines/101/actions', count: 10 });
    const build = await child(await webApp.getChildren(), 'Build and test');
    const actions = await build.getChildren();
    assert.equal(actions.length, 1);
    assert.equal(actions[0].contextValue, 'wa.error.retry');
    assert.match(labelOf(actions[0]), /failed \(502\)/);
    assert.equal((await roots(api)).length, demoProjects().length, 'the projects stay');
  });

  it('turns a malformed answer into an error item, never a crash', async () => {
    await addFault({ kind: 'badjson', path: '/workspaces/acme/projects?' });
    await vscode.commands.executeCommand('workspaceAutomation.refreshProjects');
    const nodes = await roots(api);
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0].contextValue, 'wa.error.retry');
  });

  it('offers Select Workspace when the workspace does not exist', async () => {
    await setSetting('workspace', 'no-such-workspace');
    await waitFor('the session to follow the setting', () => api.session.workspace === 'no-such-workspace');
    const nodes = await roots(api);
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0].contextValue, 'wa.error.workspace');
    assert.equal(nodes[0].command?.command, 'workspaceAutomation.selectWorkspace');
    assert.match(labelOf(nodes[0]), /Workspace not found/);
  });

  it('offers Sign In on a 401', async () => {
    await signedOutState();
    await setSetting('workspace', 'acme');
    process.env[ENV_TOKEN] = 'revoked-token';
    try {
      await api.session.reload();
      const nodes = await roots(api);
      assert.equal(nodes.length, 1);
      assert.equal(nodes[0].contextValue, 'wa.error.signIn');
      assert.equal(nodes[0].command?.command, 'workspaceAutomation.signIn');
      assert.match(labelOf(nodes[0]), /refused the token/);
    } finally {
      delete process.env[ENV_TOKEN];
      await api.session.signOut();
    }
  });

  describe('the open folder git remote', () => {
    let gitDir: string;

    before(() => {
      const folder = vscode.workspace.workspaceFolders?.[0];
      assert.ok(folder, 'the suite runs with a folder open');
      gitDir = path.join(folder.uri.fsPath, '.git');
      // The harness opens a fresh empty folder: never touch a real repository.
      assert.ok(!fs.existsSync(gitDir), `${gitDir} already exists`);
    });

    afterEach(() => {
      fs.rmSync(gitDir, { recursive: true, force: true });
    });

    function writeRemote(url: string): void {
      fs.mkdirSync(gitDir, { recursive: true });
      fs.writeFileSync(
        path.join(gitDir, 'config'),
        `[core]\n\trepositoryformatversion = 0\n[remote "upstream"]\n\turl = https://example.org/other/thing.git\n[remote "origin"]\n\turl = ${url}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n`,
      );
    }

    it('chooses the project whose repository is the remote, fetching only the look-alike project', async () => {
      writeRemote('ssh://git@Git.Example.com/acme/Web-App.git/');
      await api.session.reload(true); // a new session: the match runs again at the next first show
      await clearRequests();
      await roots(api);
      const match = await api.views.projects.gitRemoteMatch;
      assert.equal(api.views.projects.gitRemoteError, undefined, String(api.views.projects.gitRemoteError));
      assert.deepEqual(match, { name: 'web-app', displayName: 'Web App' }, api.views.projects.gitRemoteOutcome);
      assert.deepEqual(api.views.currentProject.currentProject, { name: 'web-app', displayName: 'Web App' });
      assert.deepEqual(
        (await requests('/projects')).map((r) => r.path).filter((p) => !p.includes('/repository/') && !p.includes('/pipelines?')), // the Commits and Variables views follow the choice
        ['/workspaces/acme/projects?page=1&per_page=20', '/workspaces/acme/projects/web-app'],
      );
    });

    it('accepts the scp-like form and chooses nothing for a remote of another host', async () => {
      writeRemote('git@git.example.com:acme/docs.git');
      await api.session.reload(true);
      await roots(api);
      assert.deepEqual(await api.views.projects.gitRemoteMatch, { name: 'docs', displayName: 'Docs' }, api.views.projects.gitRemoteOutcome);

      writeRemote('https://github.com/acme/docs.git');
      await api.session.reload(true);
      await clearRequests();
      await roots(api);
      assert.equal(await api.views.projects.gitRemoteMatch, undefined);
      assert.equal(api.views.currentProject.currentProject, undefined);
      assert.deepEqual(
        (await requests('/projects')).map((r) => r.path).filter((p) => !p.includes('/repository/') && !p.includes('/pipelines?')), // the Commits and Variables views follow the choice
        ['/workspaces/acme/projects?page=1&per_page=20', '/workspaces/acme/projects/docs'],
        'one look-alike checked, then nothing chosen',
      );
    });
  });

  // After the git-remote tests: a project selected in the tree is kept selected across refreshes.
  describe('refreshes', () => {
    it('tells the tree of a sign-in once: a second change in the same turn would make the editor re-read the root later and drop a click', async () => {
      const signedOut = await signedOutState();
      await setSetting('workspace', 'acme'); // as a user with the workspace set: one change, the token
      let rootChanges = 0;
      const sub = signedOut.views.projects.onDidChangeTreeData((node) => {
        if (!node) {
          rootChanges++;
        }
      });
      try {
        const result = await signInCommand('admin-token');
        assert.equal(result?.signedIn, true);
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.equal(rootChanges, 1);
      } finally {
        sub.dispose();
      }
    });
  });

  describe('selection', () => {
    it('makes a clicked project current, and selectProject() finds and selects one', async () => {
      const changes: (string | undefined)[] = [];
      const sub = api.views.currentProject.onDidChangeCurrentProject((p) => changes.push(p?.name));
      try {
        await vscode.commands.executeCommand('workbench.view.extension.workspaceAutomation');
        await api.views.selectProject('mobile-app');
        assert.deepEqual(api.views.currentProject.currentProject, { name: 'mobile-app', displayName: 'Mobile App' });
        assert.deepEqual(api.views.projects.treeView?.selection.map(labelOf), ['Mobile App']);
        assert.deepEqual(changes, ['mobile-app']);
      } finally {
        sub.dispose();
      }
    });

    it('makes the project of a selected pipeline current', async () => {
      await api.views.selectProject('mobile-app');
      const webApp = api.views.projects.projectNodes().find((n) => n.project.name === 'web-app');
      assert.ok(webApp, 'web-app is listed');
      const pipeline = (await webApp.getChildren()).find((n) => n.label === 'Build and test');
      assert.ok(pipeline, 'web-app has the pipeline Build and test');
      await api.views.projects.treeView?.reveal(pipeline, { select: true });
      await waitFor('web-app to become current', () => api.views.currentProject.currentProject?.name === 'web-app' || undefined);
      assert.deepEqual(api.views.currentProject.currentProject, { name: 'web-app', displayName: 'Web App' });
    });

    it('clears the current project when the session changes', async () => {
      await api.views.selectProject('docs');
      assert.equal(api.views.currentProject.currentProject?.name, 'docs');
      await vscode.commands.executeCommand('workspaceAutomation.selectWorkspace', 'dormant');
      assert.equal(api.views.currentProject.currentProject, undefined);
    });
  });
});
