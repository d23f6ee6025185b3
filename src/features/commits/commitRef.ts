// Which commit a row or a document shows: a revision of a project in a workspace. Its full data
// (files, patches) is in the workspace's data (DataKey.commit), fetched once per revision and shared
// by the Commits view (a commit's files) and the commit document.
import type { CommitRef } from '../../workspace/workspaceData';

export type { CommitRef };

/** The tree item id of a commit's row (its file rows' ids start with it). */
export function commitNodeId(ref: CommitRef): string {
  return `commit:${ref.workspace}/${ref.project}/${ref.revision}`;
}
