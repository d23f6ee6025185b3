// The commits feature: the Commits view (the current project's commits, a date filter), the commit
// documents (a read-only diff per commit), and their commands.
import * as vscode from 'vscode';
import { Command } from '../../commandIds';
import type { FeatureContext } from '../../services';
import * as clearCommitFilter from './clearCommitFilter';
import { COMMIT_SCHEME } from './commitScheme';
import * as copyRevision from './copyRevision';
import * as filterCommits from './filterCommits';
import * as openCommit from './openCommit';
import { CommitsProvider } from './provider';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const commits = new CommitsProvider(ctx.session, ctx.data, ctx.selection.project);
  commits.createTreeView();
  ctx.expose('commits', commits);
  return [
    commits,
    vscode.workspace.registerTextDocumentContentProvider(COMMIT_SCHEME, commits.documents),
    vscode.commands.registerCommand(Command.RefreshCommits, () => commits.refresh()),
    ...filterCommits.register(ctx, commits),
    ...clearCommitFilter.register(commits),
    ...[copyRevision, openCommit].flatMap((m) => m.register(ctx)),
  ];
}
