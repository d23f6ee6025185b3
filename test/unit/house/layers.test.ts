// The house's import rules (eslint.config.mjs, ARCHITECTURE.md) bite: ESLint, configured as
// `npm run lint` is, reports a wrong-way import and an import circle in src/, and lets the right
// way through. Runs ESLint's Node API on text placed at paths inside src/ (nothing is written).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const root = path.join(__dirname, '..', '..', '..');
let eslint: ESLint;

/** The rule ids ESLint reports for `text` as if it were the file at `file` (relative to the repository). */
async function ruleIds(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

/** One import of `name` from `from`, used, so that no other rule speaks. */
const importing = (name: string, from: string): string => `import { ${name} } from '${from}';\n\nexport const used = ${name};\n`;

describe('house: the import rules of npm run lint', function () {
  this.timeout(60_000);

  before(() => {
    eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.mjs') });
  });

  const wrongWay: [string, string, string, string][] = [
    ['src/api/transportProbe.ts', 'window', 'vscode', 'the client knows no editor'],
    ['src/api/transportProbe.ts', 'Command', '../commandIds', 'the client imports nothing outside src/api'],
    ['src/ui/probe.ts', 'ErrorNode', '../tree/errorNode', 'ui never imports tree nodes'],
    ['src/ui/probe.ts', 'register', '../features/projects', 'ui never imports a feature'],
    ['src/features/commits/probe.ts', 'features', '../../lazy', 'a feature never imports the list of features'],
    ['src/features/commits/probe.ts', 'TargetNode', '../targets/targetNode', 'a feature never imports another feature'],
    ['src/features/variables/commands/probe.ts', 'ProjectNode', '../../projects/projectNode', 'a feature never imports another feature, from any depth'],
    ['src/features/projects/probe.ts', 'createKernel', '../../kernel', 'a feature never imports the kernel’s wiring: it gets the kernel in register(ctx)'],
    ['src/tree/probe.ts', 'CommitNode', '../features/commits/commitNode', 'the generic tree pieces never import a feature'],
    ['src/auth/probe.ts', 'ProjectsProvider', '../features/projects/provider', 'the kernel never imports a feature'],
    ['src/services.ts', 'features', './lazy', 'the kernel never imports the list of features'],
    ['src/workspace/probe.ts', 'ProjectsProvider', '../features/projects/provider', 'the data never imports a view'],
    ['src/features/accounts/probe.ts', 'activate', '../../extension', 'nothing imports extension.ts'],
    ['src/features/commits/probe.ts', 'RunNode', '../../features/runs/runNodes', 'a feature never imports another feature, through features/'],
    ['src/features/variables/commands/probe.ts', 'runIcon', '../../runs/runPresentation', 'a feature never imports another feature, from a subfolder'],
  ];
  for (const [file, name, from, why] of wrongWay) {
    it(`reports ${from} in ${file}: ${why}`, async () => {
      assert.deepEqual(await ruleIds(file, importing(name, from)), ['no-restricted-imports']);
    });
  }

  it('lets the right way through: a feature uses itself, the tree pieces, the kernel and the Session interface', async () => {
    assert.deepEqual(await ruleIds('src/features/variables/commands/probe.ts', importing('VariablesProvider', '../provider')), []);
    assert.deepEqual(await ruleIds('src/features/commits/probe.ts', importing('TreeNode', '../../tree/treeNode')), []);
    assert.deepEqual(await ruleIds('src/features/commits/probe.ts', importing('ApiClient', '../../api')), []);
    assert.deepEqual(await ruleIds('src/features/commits/probe.ts', "import type { Session } from '../../services';\n\nexport type Used = Session;\n"), []);
    assert.deepEqual(await ruleIds('src/features/commits/probe.ts', importing('DataKey', '../../workspace/workspaceData')), []);
    assert.deepEqual(await ruleIds('src/lazy.ts', importing('register', './features/projects')), [], 'the list of features imports each');
  });

  it('lets a feature import a kernel module that shares a feature’s name: auth/accounts, api/runs', async () => {
    assert.deepEqual(await ruleIds('src/features/runs/probe.ts', importing('accountLabel', '../../auth/accounts')), []);
    assert.deepEqual(await ruleIds('src/features/accounts/probe.ts', importing('accountLabel', '../../auth/accounts')), []);
    assert.deepEqual(await ruleIds('src/features/commits/probe.ts', "import type { Execution } from '../../api/runs';\n\nexport type Used = Execution;\n"), []);
    assert.deepEqual(await ruleIds('src/features/variables/commands/probe.ts', "import type { Execution } from '../../../api/runs';\n\nexport type Used = Execution;\n"), []);
  });

  it('reports an import circle: a commit file row importing its commit row', async () => {
    const file = 'src/features/commits/commitFileNode.ts';
    const text = `${fs.readFileSync(path.join(root, file), 'utf8')}\n${importing('CommitNode', './commitNode').replace('used', 'parentClass')}`;
    assert.ok((await ruleIds(file, text)).includes('import-x/no-cycle'));
  });
});
