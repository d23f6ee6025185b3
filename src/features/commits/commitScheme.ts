// The commit documents' URI scheme: the commits feature registers its content provider for it
// (index.ts), and commitDocument.ts makes and reads the documents' addresses.
export const COMMIT_SCHEME = 'workspace-automation-commit';
