// The notification rule (eslint.config.mjs, issue 22) bites: outside src/ui/notify.ts, ESLint as
// `npm run lint` runs it reports every way to reach window.show{Information,Warning,Error}Message,
// and lets the helper's own functions through. Runs ESLint's Node API on text placed at paths
// inside src/ (nothing is written).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const root = path.join(__dirname, '..', '..', '..');
let eslint: ESLint;

async function ruleIds(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('house: notifications only through src/ui/notify.ts', function () {
  this.timeout(60_000);

  before(() => {
    eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.mjs') });
  });

  const direct: [string, string, string][] = [
    ['src/features/commits/probe.ts', "import * as vscode from 'vscode';\n\nexport const shown = vscode.window.showErrorMessage('x');\n", 'vscode.window.showErrorMessage'],
    ['src/auth/probe.ts', "import * as vscode from 'vscode';\n\nexport const shown = vscode.window.showWarningMessage('x', { modal: true });\n", 'vscode.window.showWarningMessage, in the kernel'],
    ['src/commands/probe.ts', "import { window } from 'vscode';\n\nexport const shown = window.showInformationMessage('x');\n", 'window imported by name'],
    ['src/features/variables/commands/probe.ts', "import * as vscode from 'vscode';\n\nexport const shown = vscode.window['showInformationMessage']('x');\n", 'a computed member'],
    ['src/ui/probe.ts', "import * as vscode from 'vscode';\n\nconst { showErrorMessage } = vscode.window;\nexport const shown = showErrorMessage('x');\n", 'taken out of vscode.window'],
    ['src/features/projects/probe.ts', "import { window } from 'vscode';\n\nconst { showWarningMessage: warn } = window;\nexport const shown = warn('x');\n", 'taken out of window, renamed'],
    ['src/extension.ts', "import * as vscode from 'vscode';\n\nexport const shown = vscode.window.showInformationMessage('x');\n", 'even in the wiring'],
  ];
  for (const [file, text, how] of direct) {
    it(`reports ${how} in ${file}`, async () => {
      assert.deepEqual(await ruleIds(file, text), ['no-restricted-syntax']);
    });
  }

  it('lets the helper’s functions through, and the helper itself reach the editor', async () => {
    assert.deepEqual(
      await ruleIds('src/features/commits/probe.ts', "import { showErrorMessage } from '../../ui/notify';\n\nexport const shown = showErrorMessage('x');\n"),
      [],
    );
    assert.deepEqual(await ruleIds('src/features/commits/probe.ts', "import * as notify from '../../ui/notify';\n\nexport const shown = notify.showErrorMessage('x');\n"), []);
    const helper = 'src/ui/notify.ts';
    const text = fs.readFileSync(path.join(root, helper), 'utf8');
    assert.match(text, /vscode\.window\.showErrorMessage/, 'the helper calls the editor itself');
    assert.deepEqual(await ruleIds(helper, text), []);
  });
});
