// The commit documents' URI scheme, apart from commitDocument.ts: activation registers the scheme's
// content provider (SidebarViews) without loading how a commit is rendered.
export const COMMIT_SCHEME = 'workspace-automation-commit';
