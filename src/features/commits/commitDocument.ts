// A commit's full view: a read-only virtual document in the `diff` language. Plain text keeps a
// 2,000-line patch fast to open and lets the editor's own search, folding and theme apply.
import * as vscode from 'vscode';
import { parseApiDate, personName, type Commit, type CommitFile, type Member } from '../../api';
import type { CommitRef } from './commitRef';
import type { WorkspaceData } from '../../workspace/workspaceData';
import { ViewId } from '../../commandIds';
import { COMMIT_SCHEME } from './commitScheme';

/** The document's address: `workspace-automation-commit:/<workspace>/<project>/<short revision>.diff?<revision>`. */
export function commitUri(ref: CommitRef): vscode.Uri {
  return vscode.Uri.from({
    scheme: COMMIT_SCHEME,
    path: `/${ref.workspace}/${ref.project}/${ref.revision.slice(0, 7)}.diff`,
    query: ref.revision,
  });
}

export function commitRefOf(uri: vscode.Uri): CommitRef | undefined {
  const m = /^\/([^/]+)\/([^/]+)\/[^/]+\.diff$/.exec(uri.path);
  if (uri.scheme !== COMMIT_SCHEME || !m || !uri.query) {
    return undefined;
  }
  return { workspace: m[1], project: m[2], revision: uri.query };
}

export interface RenderedCommit {
  readonly text: string;
  /** Zero-based line of each file's `diff --git` header, by file name. */
  readonly fileLines: ReadonlyMap<string, number>;
}

/** The document's text: a git-show-like header, a file summary, then each file's diff. */
export function renderCommit(commit: Commit): RenderedCommit {
  const lines: string[] = [];
  const fileLines = new Map<string, number>();
  const files: CommitFile[] = Array.isArray(commit.files) ? commit.files : [];
  const parents = Array.isArray(commit.parents) ? commit.parents : [];

  lines.push(`commit ${commit.revision}`);
  if (parents.length > 0) {
    lines.push(`Parents:    ${parents.map((p) => p?.revision ?? '?').join(' ')}`);
  }
  lines.push(`Author:     ${memberText(commit.author)}`);
  lines.push(`AuthorDate: ${dateText(commit.author_date)}`);
  lines.push(`Commit:     ${memberText(commit.committer)}`);
  lines.push(`CommitDate: ${dateText(commit.commit_date)}`);
  if (commit.html_url) {
    lines.push(`URL:        ${commit.html_url}`);
  }
  lines.push('');
  for (const line of (commit.message ?? '').replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n')) {
    lines.push(`    ${line}`);
  }
  lines.push('');

  const stats = commit.stats;
  const additions = stats?.additions ?? sum(files, (f) => f.additions);
  const deletions = stats?.deletions ?? sum(files, (f) => f.deletions);
  lines.push(
    ` ${files.length} ${files.length === 1 ? 'file' : 'files'} changed, ${additions} ${additions === 1 ? 'insertion' : 'insertions'}(+), ${deletions} ${deletions === 1 ? 'deletion' : 'deletions'}(-)`,
  );
  const nameWidth = Math.min(60, Math.max(0, ...files.map((f) => String(f.file_name ?? '').length)));
  for (const f of files) {
    lines.push(` ${String(f.file_name ?? '').padEnd(nameWidth)} | ${String(f.status ?? '').padEnd(8)} +${f.additions ?? 0} -${f.deletions ?? 0}`);
  }

  for (const f of files) {
    const name = String(f.file_name ?? '');
    lines.push('');
    fileLines.set(name, lines.length);
    lines.push(`diff --git a/${name} b/${name}`);
    switch (f.status) {
      case 'ADDED':
        lines.push('new file');
        break;
      case 'DELETED':
        lines.push('deleted file');
        break;
      case 'REPLACED':
        lines.push('replaced file');
        break;
    }
    lines.push(`# ${f.status ?? 'UNKNOWN'}, +${f.additions ?? 0} -${f.deletions ?? 0}`);
    const patch = typeof f.patch === 'string' ? f.patch.replace(/\r\n?/g, '\n').replace(/\n$/, '') : '';
    if (!patch) {
      lines.push('(no patch: binary file or too large)');
      continue;
    }
    if (!/^(---|diff )/.test(patch)) {
      lines.push(f.status === 'ADDED' ? '--- /dev/null' : `--- a/${name}`);
      lines.push(f.status === 'DELETED' ? '+++ /dev/null' : `+++ b/${name}`);
    }
    lines.push(...patch.split('\n'));
  }
  return { text: `${lines.join('\n')}\n`, fileLines };
}

/** Serves the commit documents from the workspace's data (one request per revision). */
export class CommitDocumentProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly data: WorkspaceData) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const ref = commitRefOf(uri);
    if (!ref) {
      return vscode.l10n.t('This is not a commit address: {0}', uri.toString());
    }
    try {
      return renderCommit(await this.data.commit(ref)).text;
    } catch (e) {
      // The open command loads the commit first and reports failures; this covers a reload later.
      return vscode.l10n.t('Could not load commit {0}: {1}', ref.revision, e instanceof Error ? e.message : String(e));
    }
  }
}

/** Loads the commit (with progress), then opens its document, at the given file when there is one. */
export async function showCommit(data: WorkspaceData, ref: CommitRef, fileName?: string): Promise<vscode.TextEditor> {
  const commit = await vscode.window.withProgress(
    { location: { viewId: ViewId.Commits }, title: vscode.l10n.t('Loading commit…') },
    () => data.commit(ref),
  );
  let doc = await vscode.workspace.openTextDocument(commitUri(ref));
  if (doc.languageId !== 'diff') {
    doc = await vscode.languages.setTextDocumentLanguage(doc, 'diff');
  }
  const line = fileName !== undefined ? renderCommit(commit).fileLines.get(fileName) : undefined;
  const at = new vscode.Position(line ?? 0, 0);
  const editor = await vscode.window.showTextDocument(doc, {
    preview: true,
    selection: new vscode.Range(at, at),
  });
  editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.AtTop);
  return editor;
}

function memberText(m: Member | null | undefined): string {
  if (!m) {
    return '(unknown)';
  }
  // A non-member author may come with a name and an e-mail only, or with one of them.
  const name = personName(m) ?? '(unknown)';
  return m.email && name !== m.email ? `${name} <${m.email}>` : name;
}

function dateText(text: string | null | undefined): string {
  const d = parseApiDate(text);
  return d ? d.toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC') : String(text ?? '');
}

function sum(files: CommitFile[], pick: (f: CommitFile) => number | null | undefined): number {
  return files.reduce((n, f) => n + (Number(pick(f)) || 0), 0);
}
