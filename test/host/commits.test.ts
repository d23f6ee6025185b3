// The Commits view in the real editor's extension host, against the emulator over HTTP: paging
// across web-app's 52 commits, labels and descriptions, lazy tooltips, the date filter (command,
// quick-input steps with Back, the exact UTC bounds sent), a commit's files, the commit document,
// Copy Revision, empty states and error states (500, malformed answer) with Retry.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { ALL_STATUSES_COMMIT_INDEX, demoCommits, LARGE_PATCH_COMMIT_INDEX, LARGE_PATCH_LINES, USERS, WEB_APP_COMMIT_COUNT } from '../emulator/demo-data';
import { askCommitFilter } from '../../src/features/commits/filterCommits';
import { BACK, type Prompter } from '../../src/ui/multiStepInput';
import { demoCommitAuthor, fullCommitHasParents, isVendor } from '../harness/dialect';
import { addFault, clearRequests, labelOf, requests, setSetting, signedInAs } from './sessionHelpers';

type Node = vscode.TreeItem & { parent?: unknown };

const WEB_APP = { name: 'web-app', displayName: 'Web App' };
const webApp = demoCommits('web-app');

function commitsView(api: ExtensionApi) {
  const view = api.views.commits;
  assert.ok(view, 'the Commits provider exists');
  return view;
}

async function roots(api: ExtensionApi): Promise<Node[]> {
  return (await commitsView(api).getChildren()) as Node[];
}

function kinds(nodes: Node[]): string[] {
  return nodes.map((n) => String(n.contextValue).split('.').slice(0, 2).join('.'));
}

function commitRows(nodes: Node[]): Node[] {
  return nodes.filter((n) => /^wa\.commit(\.|$)/.test(String(n.contextValue)));
}

function loadMoreOf(nodes: Node[]): Node | undefined {
  return nodes.find((n) => n.contextValue === 'wa.loadMore');
}

async function loadMore(api: ExtensionApi): Promise<Node[]> {
  const more = loadMoreOf(await roots(api));
  assert.ok(more, 'a Load more item is shown');
  await vscode.commands.executeCommand('workspaceAutomation.loadMore', more);
  return roots(api);
}

/** Signed in as admin in acme, web-app chosen, page size 20, no filter, empty request log. */
async function withWebApp(pageSize = 20): Promise<ExtensionApi> {
  const api = await signedInAs();
  await setSetting('commits.pageSize', pageSize);
  await vscode.commands.executeCommand('workspaceAutomation.clearCommitFilter');
  // Let the settings' change events settle before choosing the project (a session change clears it).
  await new Promise((r) => setTimeout(r, 100));
  api.views.currentProject.set(WEB_APP);
  commitsView(api).refresh();
  await clearRequests();
  return api;
}

function query(path: string): URLSearchParams {
  return new URLSearchParams(path.split('?')[1] ?? '');
}

describe('Commits view', function () {
  this.timeout(60_000);

  after(async () => {
    await setSetting('commits.pageSize', undefined);
    await vscode.commands.executeCommand('workspaceAutomation.clearCommitFilter');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('asks for a project while none is chosen, without a request', async () => {
    const api = await signedInAs();
    api.views.currentProject.set(undefined);
    const nodes = await roots(api);
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0].contextValue, 'wa.message');
    assert.equal(labelOf(nodes[0]), 'Select a project in the Projects view');
    assert.deepEqual(await requests('/repository/commits'), []);
  });

  it('pages through all 52 commits of web-app, newest first, 20 at a time', async () => {
    const api = await withWebApp(20);
    let nodes = await roots(api);
    assert.equal(commitRows(nodes).length, 20);
    assert.equal(kinds(nodes).at(-1), 'wa.loadMore');
    nodes = await loadMore(api);
    assert.equal(commitRows(nodes).length, 40);
    assert.ok(loadMoreOf(nodes));
    nodes = await loadMore(api);
    const rows = commitRows(nodes);
    assert.equal(rows.length, WEB_APP_COMMIT_COUNT);
    assert.equal(loadMoreOf(nodes), undefined, 'no Load more after the last (short) page');
    // Newest first, exactly the emulator's history.
    assert.deepEqual(
      rows.map((n) => (n.id ?? '').split('/').at(-1)),
      webApp.map((c) => c.revision),
    );
    const sent = (await requests('/repository/commits')).map((r) => query(r.path));
    assert.deepEqual(
      sent.map((q) => [q.get('page'), q.get('per_page')]),
      [
        ['1', '20'],
        ['2', '20'],
        ['3', '20'],
      ],
    );
    // Data already loaded is not fetched again when the tree asks for it again.
    await clearRequests();
    assert.equal(commitRows(await roots(api)).length, WEB_APP_COMMIT_COUNT);
    assert.deepEqual(await requests('/repository/commits'), []);
  });

  it('uses the commits.pageSize setting', async () => {
    const api = await withWebApp(25);
    assert.equal(commitRows(await roots(api)).length, 25);
    assert.equal(commitRows(await loadMore(api)).length, 50);
    const last = await loadMore(api);
    assert.equal(commitRows(last).length, WEB_APP_COMMIT_COUNT);
    assert.equal(loadMoreOf(last), undefined);
    assert.deepEqual(
      (await requests('/repository/commits')).map((r) => query(r.path).get('per_page')),
      ['25', '25', '25'],
    );
  });

  it('labels a commit with its first line, author and relative date; the tooltip is built on hover', async () => {
    const api = await withWebApp(20);
    const rows = commitRows(await roots(api));
    const special = rows[ALL_STATUSES_COMMIT_INDEX];
    const demo = webApp[ALL_STATUSES_COMMIT_INDEX];
    assert.equal(labelOf(special), 'Restructure the settings page');
    const author = Object.values(USERS).find((u) => u.id === demo.authorId)!;
    assert.match(String(special.description), new RegExp(`^${author.name} · (.+ ago|yesterday|last (week|month|year))$`));
    assert.equal((special.iconPath as vscode.ThemeIcon).id, 'git-commit');
    assert.equal(special.contextValue, 'wa.commit.hasUrl');
    assert.equal(special.tooltip, undefined, 'the tooltip is not built up front');
    const resolved = await commitsView(api).resolveTreeItem(special, special as never, new vscode.CancellationTokenSource().token);
    // Markdown escapes punctuation with backslashes: compare the text as rendered.
    const tooltip = (resolved.tooltip as vscode.MarkdownString).value.replace(/\\(?=[^\n])/g, '');
    assert.ok(tooltip.includes('Moves the theme into its own stylesheet'), 'full message');
    assert.ok(tooltip.includes(demo.revision), 'revision');
    assert.ok(tooltip.includes(author.email), 'author');
    assert.match(tooltip, /Committer/);
  });

  it('filters by date: UTC bounds of whole days, view description, then Clear Filter', async () => {
    const api = await withWebApp(20);
    await vscode.commands.executeCommand('workspaceAutomation.filterCommits', { since: '2026-09-20', until: '2026-09-24' });
    assert.deepEqual(commitsView(api).filter, { since: '2026-09-20', until: '2026-09-24' });
    const from = Date.parse('2026-09-20T00:00:00Z');
    const to = Date.parse('2026-09-24T23:59:59Z');
    const expected = webApp.filter((c) => c.commitDate >= from && c.commitDate <= to).map((c) => c.revision);
    assert.ok(expected.length > 3 && expected.length < 20, `demo data has ${expected.length} commits in the range`);
    const nodes = await roots(api);
    assert.deepEqual(
      commitRows(nodes).map((n) => (n.id ?? '').split('/').at(-1)),
      expected,
    );
    assert.equal(loadMoreOf(nodes), undefined);
    const sent = (await requests('/repository/commits')).map((r) => query(r.path));
    assert.equal(sent.length, 1);
    assert.equal(sent[0].get('since'), '2026-09-20T00:00:00Z');
    assert.equal(sent[0].get('until'), '2026-09-24T23:59:59Z');
    assert.equal(commitsView(api).treeView?.description, 'Web App · 2026-09-20 to 2026-09-24');

    // Open-ended: since only.
    await vscode.commands.executeCommand('workspaceAutomation.filterCommits', { since: '2026-09-29' });
    const recent = webApp.filter((c) => c.commitDate >= Date.parse('2026-09-29T00:00:00Z'));
    assert.equal(commitRows(await roots(api)).length, recent.length);
    assert.equal(commitsView(api).treeView?.description, 'Web App · since 2026-09-29');

    await vscode.commands.executeCommand('workspaceAutomation.clearCommitFilter');
    assert.equal(commitsView(api).filter, undefined);
    assert.equal(commitsView(api).treeView?.description, 'Web App');
    const all = await roots(api);
    assert.equal(commitRows(all).length, 20);
    assert.ok(loadMoreOf(all));
  });

  it('shows an empty state with Clear Filter when no commit matches', async () => {
    const api = await withWebApp(20);
    await vscode.commands.executeCommand('workspaceAutomation.filterCommits', { since: '2020-01-01', until: '2020-01-31' });
    const nodes = await roots(api);
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0].contextValue, 'wa.message');
    assert.match(labelOf(nodes[0]), /^No commits match the filter \(2020-01-01 to 2020-01-31\)$/);
    assert.equal(nodes[0].command?.command, 'workspaceAutomation.clearCommitFilter');
    await vscode.commands.executeCommand('workspaceAutomation.clearCommitFilter');
  });

  it('refuses an invalid filter given to the command and keeps the old one', async () => {
    const api = await withWebApp(20);
    await vscode.commands.executeCommand('workspaceAutomation.filterCommits', { since: '2026-09-20' });
    await vscode.commands.executeCommand('workspaceAutomation.filterCommits', { since: '2026-09-24', until: '2026-09-20' });
    assert.deepEqual(commitsView(api).filter, { since: '2026-09-20', until: undefined });
    await vscode.commands.executeCommand('workspaceAutomation.filterCommits', { since: '2026-02-30' });
    assert.deepEqual(commitsView(api).filter, { since: '2026-09-20', until: undefined });
    await vscode.commands.executeCommand('workspaceAutomation.clearCommitFilter');
  });

  it('asks since then until with live validation, Back keeping the answers', async () => {
    const seen: { step: number; value?: string; canGoBack: boolean; problems: (string | undefined)[] }[] = [];
    const script: ((validate: (v: string) => string | undefined) => string | typeof BACK)[] = [
      () => '2026-09-10',
      () => BACK,
      () => '2026-09-12',
      (validate) => {
        seen.at(-1)!.problems = [validate('2026-13-01'), validate('2026-09-11'), validate('2026-09-12'), validate('')];
        return '2026-09-15';
      },
    ];
    const prompter: Prompter = {
      input: async (frame, options) => {
        seen.push({ step: frame.step, value: options.value, canGoBack: frame.canGoBack, problems: [] });
        return script.shift()!(options.validate ?? (() => undefined));
      },
      pick: async () => undefined,
      pickMany: async () => undefined,
      openFile: async () => undefined,
      message: async () => undefined,
    };
    const filter = await askCommitFilter(prompter, { until: '2026-09-30' });
    assert.deepEqual(filter, { since: '2026-09-12', until: '2026-09-15' });
    assert.deepEqual(
      seen.map((s) => [s.step, s.value, s.canGoBack]),
      [
        [1, '', false],
        [2, '2026-09-30', true],
        [1, '2026-09-10', false],
        [2, '2026-09-30', true],
      ],
    );
    const [badDay, beforeSince, sameDay, empty] = seen[3].problems;
    assert.match(String(badDay), /YYYY-MM-DD/);
    assert.match(String(beforeSince), /on or after/);
    assert.equal(sameDay, undefined);
    assert.equal(empty, undefined);
    // Both empty means no filter; cancelling means no change.
    const none = await askCommitFilter({ ...prompter, input: async () => '' }, undefined);
    assert.equal(none, undefined);
    const cancelled = await askCommitFilter({ ...prompter, input: async () => undefined }, { since: '2026-01-01' });
    assert.equal(cancelled, null);
  });

  it("expands a commit to its files, then opens its document without fetching it again", async () => {
    const api = await withWebApp(20);
    const commit = commitRows(await roots(api))[ALL_STATUSES_COMMIT_INDEX];
    const files = (await commitsView(api).getChildren(commit as never)) as Node[];
    assert.deepEqual(
      files.map((f) => [labelOf(f), f.description, (f.iconPath as vscode.ThemeIcon).id]),
      webApp[ALL_STATUSES_COMMIT_INDEX].files.map((f) => [
        f.file_name,
        `${f.status.toLowerCase()} +${f.additions} −${f.deletions}`,
        { ADDED: 'diff-added', MODIFIED: 'diff-modified', REPLACED: 'diff-renamed', DELETED: 'diff-removed' }[f.status],
      ]),
    );
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('workspaceAutomation.openCommit', commit);
    assert.ok(editor, 'the command returns the editor');
    const doc = editor.document;
    assert.equal(doc.uri.scheme, 'workspace-automation-commit');
    assert.equal(doc.languageId, 'diff');
    const text = doc.getText();
    const demo = webApp[ALL_STATUSES_COMMIT_INDEX];
    assert.ok(text.startsWith(`commit ${demo.revision}\n`));
    if (fullCommitHasParents) {
      assert.ok(text.includes(`Parents:    ${webApp[ALL_STATUSES_COMMIT_INDEX + 1].revision}`), 'parents');
    } else {
      assert.ok(!text.includes('Parents:'), 'no Parents line when the server sends none');
    }
    assert.ok(text.includes('    Restructure the settings page'), 'message');
    const adds = demo.files.reduce((n, f) => n + f.additions, 0);
    const dels = demo.files.reduce((n, f) => n + f.deletions, 0);
    assert.ok(text.includes(` 4 files changed, ${adds} insertions(+), ${dels} deletions(-)`), 'stats');
    for (const f of demo.files) {
      assert.ok(text.includes(`diff --git a/${f.file_name} b/${f.file_name}\n`), `header of ${f.file_name}`);
      assert.ok(text.includes(`# ${f.status}, +${f.additions} -${f.deletions}`), `status and counts of ${f.file_name}`);
      assert.ok(text.includes(f.patch.replace(/\n$/, '')), `patch of ${f.file_name}`);
    }
    const fetched = await requests(`/repository/commits/${demo.revision}`);
    assert.equal(fetched.length, 1, 'the full commit is fetched once for both the files and the document');

    // A file item opens the same document at that file's diff.
    const replaced = files.find((f) => labelOf(f) === 'src/styles/theme.css')!;
    assert.equal(replaced.command?.command, 'workspaceAutomation.openCommit');
    const atFile = await vscode.commands.executeCommand<vscode.TextEditor>(replaced.command!.command, ...(replaced.command!.arguments ?? []));
    assert.equal(atFile.document.lineAt(atFile.selection.active.line).text, 'diff --git a/src/styles/theme.css b/src/styles/theme.css');
    assert.equal((await requests(`/repository/commits/${demo.revision}`)).length, 1);
  });

  it(`opens a commit by ${isVendor ? 'someone outside the workspace (name and e-mail only)' : 'a member'} as a document, the list intact`, async () => {
    const api = await withWebApp(20);
    const index = 3;
    const author = demoCommitAuthor('web-app', index);
    assert.equal(author.member, !isVendor, 'the demo data this test is about');
    const rows = commitRows(await roots(api));
    assert.equal(rows.length, 20, 'the whole first page');
    assert.deepEqual((await roots(api)).filter((n) => n.contextValue === 'wa.badItem'), [], 'no error row');
    const commit = rows[index];
    assert.match(String(commit.description), new RegExp(`^${author.name.replace(/[[\]]/g, '\\$&')} · `));
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('workspaceAutomation.openCommit', commit);
    const text = editor.document.getText();
    assert.ok(text.startsWith(`commit ${webApp[index].revision}\n`), text.slice(0, 200));
    assert.ok(text.includes(`Author:     ${author.name} <${author.email}>\n`), text.slice(0, 400));
    assert.ok(text.includes(`    ${webApp[index].message.split('\n')[0]}`), 'message');
    for (const f of webApp[index].files) {
      assert.ok(text.includes(`diff --git a/${f.file_name} b/${f.file_name}\n`), `header of ${f.file_name}`);
    }
  });

  it('opens a commit with a 2,000-line patch as a readable document', async () => {
    const api = await withWebApp(20);
    const commit = commitRows(await roots(api))[LARGE_PATCH_COMMIT_INDEX];
    assert.equal(labelOf(commit), 'Add generated translations');
    const started = Date.now();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('workspaceAutomation.openCommit', commit);
    const took = Date.now() - started;
    const doc = editor.document;
    assert.ok(doc.lineCount > LARGE_PATCH_LINES, `${doc.lineCount} lines`);
    assert.ok(doc.getText().includes('+++ b/src/i18n/messages.generated.ts'));
    assert.ok(doc.getText().includes("+export const messages: Record<string, string> = {"));
    console.log(`[figure] open a ${doc.lineCount}-line commit document: ${took} ms`);
  });

  it('copies the revision', async () => {
    const api = await withWebApp(20);
    const commit = commitRows(await roots(api))[0];
    await vscode.env.clipboard.writeText('');
    const copied = await vscode.commands.executeCommand<string>('workspaceAutomation.copyRevision', commit);
    assert.equal(copied, webApp[0].revision);
    assert.equal(await vscode.env.clipboard.readText(), webApp[0].revision);
  });

  it('shows an empty project as such', async () => {
    const api = await signedInAs();
    await new Promise((r) => setTimeout(r, 100));
    api.views.currentProject.set({ name: 'docs', displayName: 'Docs' });
    commitsView(api).refresh();
    const nodes = await roots(api);
    assert.deepEqual(nodes.map(labelOf), ['No commits in Docs']);
  });

  it('shows a server failure as an error item whose Retry loads again', async () => {
    const api = await withWebApp(20);
    await addFault({ kind: '500', path: '/repository/commits' });
    const nodes = await roots(api);
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0].contextValue, 'wa.error.retry');
    assert.match(labelOf(nodes[0]), /The service failed/);
    assert.equal(nodes[0].command?.command, 'workspaceAutomation.retry');
    await vscode.commands.executeCommand('workspaceAutomation.retry', nodes[0]);
    const again = await roots(api);
    assert.equal(commitRows(again).length, 20);
  });

  it('shows a malformed answer as an error item, not a crash', async () => {
    const api = await withWebApp(20);
    await addFault({ kind: 'badjson', path: '/repository/commits' });
    const nodes = await roots(api);
    assert.deepEqual(kinds(nodes), ['wa.error']);
    assert.match(labelOf(nodes[0]), /not the API/);
    // Expanding a commit whose full answer is malformed: an error item under it.
    commitsView(api).refresh();
    const commit = commitRows(await roots(api))[0];
    await addFault({ kind: 'badjson', path: `/repository/commits/${webApp[0].revision}` });
    const children = (await commitsView(api).getChildren(commit as never)) as Node[];
    assert.deepEqual(kinds(children), ['wa.error']);
    // Retry asks again and shows the files.
    const files = (await commitsView(api).getChildren(commit as never)) as Node[];
    assert.equal(files.length, webApp[0].files.length);
  });
});
