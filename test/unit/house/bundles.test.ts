// What activation loads (ARCHITECTURE.md, "Bundles"): dist/extension.js holds the session, the
// settings, the Accounts menu's provider and the loader of the rest; the rest of the kernel (the
// API connection and client, the workspace's data, the sidebar), every other part of a feature and
// node-fetch are in dist/lazy.js and dist/fetch.js, loaded on first need. An import that pulls one of them into the activation bundle
// fails here, before the benchmark would show it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..', '..');
/** The accounts feature's provider for the editor's Accounts menu: registered at activation (ARCHITECTURE.md, "What may go into the kernel"). */
const ACCOUNTS_MENU = 'src/features/accounts/authProvider.ts';

/** The modules of a development (unminified) bundle, from the `// path` line esbuild puts above each. */
function modulesOf(file: string): string[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(/^\/\/ ((?:src|node_modules)\/\S+)$/gm)].map((m) => m[1]);
}

describe('house: the bundles', function () {
  this.timeout(60_000);
  let dir: string;
  let main: string[];
  let lazy: string[];

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-bundles-'));
    execFileSync(process.execPath, ['esbuild.js', `--outdir=${dir}`], { cwd: root, stdio: 'pipe' });
    main = modulesOf(path.join(dir, 'extension.js'));
    lazy = modulesOf(path.join(dir, 'lazy.js'));
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the pipeline files\' reader (yaml, ajv, the schema) is dist/pipelineFiles.js alone, required by dist/lazy.js only when a pipeline file opens', () => {
    const reader = modulesOf(path.join(dir, 'pipelineFiles.js'));
    for (const needed of ['src/features/pipelineFiles/engine/analyze.ts', 'src/features/pipelineFiles/engine/schema.ts']) {
      assert.ok(reader.includes(needed), `${needed} is in dist/pipelineFiles.js`);
    }
    assert.ok(reader.some((m) => m.startsWith('node_modules/yaml/')) && reader.some((m) => m.startsWith('node_modules/ajv/')));
    // Nothing of the kernel (its state lives in dist/lazy.js) and no vscode.
    assert.deepEqual(reader.filter((m) => m.startsWith('src/') && !m.startsWith('src/features/pipelineFiles/engine/')), []);
    assert.doesNotMatch(fs.readFileSync(path.join(dir, 'pipelineFiles.js'), 'utf8'), /require\("vscode"\)/);
    const notEarly = [...main, ...lazy].filter((m) => m.startsWith('src/features/pipelineFiles/engine/') || m.startsWith('node_modules/yaml/') || m.startsWith('node_modules/ajv/'));
    assert.deepEqual(notEarly, []);
    assert.match(fs.readFileSync(path.join(dir, 'lazy.js'), 'utf8'), /require\("\.\/pipelineFiles\.js"\)/);
  });

  it('the YAML library the agent tools read a pipeline\'s targets with is dist/yaml.js, required by dist/lazy.js on the first read', () => {
    const reader = modulesOf(path.join(dir, 'yaml.js'));
    assert.ok(reader.some((m) => m.startsWith('node_modules/yaml/')), reader.join(', '));
    assert.deepEqual(reader.filter((m) => m.startsWith('src/')), []);
    assert.match(fs.readFileSync(path.join(dir, 'lazy.js'), 'utf8'), /require\("\.\/yaml\.js"\)/);
  });

  it('activation loads the session, the settings, the loader and the Accounts menu, nothing else of a feature, the client, its budgets or the data', () => {
    for (const needed of ['src/extension.ts', 'src/auth/session.ts', 'src/settings.ts', 'src/lazyLoad.ts', ACCOUNTS_MENU]) {
      assert.ok(main.includes(needed), `${needed} is in dist/extension.js (found: ${main.join(', ')})`);
    }
    const tooEarly = main.filter(
      (m) =>
        (m.startsWith('src/features/') && m !== ACCOUNTS_MENU) ||
        m.startsWith('src/tree/') ||
        m.startsWith('src/workspace/') ||
        ['src/kernel.ts', 'src/lazy.ts', 'src/api/client.ts', 'src/api/transport.ts', 'src/api/validate.ts', 'src/ui/multiStepInput.ts'].includes(m) ||
        // What comes with the first client (src/kernel.ts): the connection and its budgets, the
        // expiry watcher, the request log's redaction.
        ['src/auth/apiConnection.ts', 'src/requestLog.ts', 'src/auth/tokenExpiryWatcher.ts', 'src/api/rateLimit.ts', 'src/api/redact.ts'].includes(m) ||
        // @vscode/l10n too: lazy() configures it when dist/lazy.js loads, so a module using it
        // in dist/extension.js would show English until then.
        m.startsWith('node_modules/'),
    );
    assert.deepEqual(tooEarly, []);
  });

  it('the kernel’s connection and data, the features and the client are in dist/lazy.js, with no second copy of a module of dist/extension.js', () => {
    for (const needed of ['src/kernel.ts', 'src/features/projects/index.ts', 'src/features/projects/provider.ts', 'src/workspace/workspaceData.ts', 'src/api/client.ts', 'src/auth/apiConnection.ts', 'src/features/rateLimit/rateLimitItem.ts']) {
      assert.ok(lazy.includes(needed), `${needed} is in dist/lazy.js`);
    }
    assert.deepEqual(
      lazy.filter((m) => main.includes(m)),
      [],
    );
  });
});
