// The commits feature: the Commits view (the current project's commits, a date filter), the commit
// documents (a read-only diff per commit), and their commands.
import * as vscode from 'vscode';
import { Command, ViewId } from '../../commandIds';
import type { FeatureContext } from '../../services';
import * as clearCommitFilter from './clearCommitFilter';
import { COMMIT_SCHEME } from './commitScheme';
import * as copyRevision from './copyRevision';
import * as filterCommits from './filterCommits';
import * as openCommit from './openCommit';
import { CommitsProvider } from './provider';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const commits = new CommitsProvider(ctx.session, ctx.data, ctx.views.currentProject);
  ctx.views.provide({ commitFilter: () => commits.filter, setCommitFilter: (filter) => commits.setFilter(filter) });
  return [
    ctx.views.addView(ViewId.Commits, commits),
    vscode.workspace.registerTextDocumentContentProvider(COMMIT_SCHEME, commits.documents),
    vscode.commands.registerCommand(Command.RefreshCommits, () => commits.refresh()),
    ...[filterCommits, clearCommitFilter, copyRevision, openCommit].flatMap((m) => m.register(ctx)),
  ];
}
