// Full commits (GET one commit) fetched once per revision and shared by the Commits view (a commit's
// files) and the commit document, so expanding a commit and then opening it costs one request.
import * as vscode from 'vscode';
import type { Commit } from '../../api';
import type { Session } from '../../services';

/** Which commit: a revision of a project in a workspace. */
export interface CommitRef {
  readonly workspace: string;
  readonly project: string;
  readonly revision: string;
}

/** The tree item id of a commit's row (its file rows' ids start with it). */
export function commitNodeId(ref: CommitRef): string {
  return `commit:${ref.workspace}/${ref.project}/${ref.revision}`;
}

/** Full commits kept at most; the oldest fetched goes first (a commit may carry large patches). */
export const MAX_CACHED_COMMITS = 100;

export class CommitStore implements vscode.Disposable {
  private readonly commits = new Map<string, Promise<Commit>>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly session: Session) {
    // Another account or workspace may see other data under the same names.
    this.subscription = session.onDidChange(() => this.clear());
  }

  /** The full commit, from the cache or with one request. A failed fetch is not cached. */
  get(ref: CommitRef): Promise<Commit> {
    const key = keyOf(ref);
    let pending = this.commits.get(key);
    if (!pending) {
      const client = this.session.client;
      if (!client) {
        return Promise.reject(new Error(vscode.l10n.t('Sign in to see commits.')));
      }
      pending = client.getCommit(ref.workspace, ref.project, ref.revision);
      this.commits.set(key, pending);
      while (this.commits.size > MAX_CACHED_COMMITS) {
        this.commits.delete(this.commits.keys().next().value as string);
      }
      pending.catch(() => {
        if (this.commits.get(key) === pending) {
          this.commits.delete(key);
        }
      });
    }
    return pending;
  }

  clear(): void {
    this.commits.clear();
  }

  dispose(): void {
    this.subscription.dispose();
    this.commits.clear();
  }
}

function keyOf(ref: CommitRef): string {
  return `${ref.workspace}\u0000${ref.project}\u0000${ref.revision}`;
}
