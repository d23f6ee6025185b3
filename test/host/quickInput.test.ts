// The editor's own quick pick as the flows use it (QuickInputPrompter, not a scripted prompter):
// what a multi-select shows checked is what an untouched accept returns, also when its items are
// loaded and the editor took an accept before it showed them (it answers that accept with an empty
// selection: it had nothing checked). The accepts are the editor's command (Enter in the quick input).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { QuickInputPrompter, type PickManyOptions, type PromptFrame } from '../../src/ui/multiStepInput';

const ACCEPT = 'workbench.action.acceptSelectedQuickOpenItem';
const frame: PromptFrame = { title: 'Quick input test', step: 2, totalSteps: 3, canGoBack: true };

function choices(): vscode.QuickPickItem[] {
  return [{ label: 'NEW_ONE' }, { label: 'OLD_ONE' }, { label: 'API_TOKEN' }];
}

const isNew = (item: vscode.QuickPickItem) => item.label !== 'OLD_ONE';

function labels(result: readonly vscode.QuickPickItem[] | symbol | undefined): unknown {
  return Array.isArray(result) ? result.map((item: vscode.QuickPickItem) => item.label) : result;
}

/** Shows a multi-select with the real prompter; `answer()` is its answer once it has one. */
function showPickMany(options: PickManyOptions<vscode.QuickPickItem>) {
  let answer: unknown;
  const result = new QuickInputPrompter().pickMany(frame, options);
  void result.then((r) => (answer = labels(r)));
  return { result, answer: () => answer };
}

describe('the quick pick of the flows (the editor\'s own)', function () {
  this.timeout(30_000);
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeQuickOpen'));

  it('a multi-select accepted untouched answers the items shown checked', async () => {
    const pick = showPickMany({ placeholder: 'Check the secrets', items: choices(), isSelected: isNew });
    await vscode.commands.executeCommand(ACCEPT);
    assert.deepEqual(labels(await pick.result), ['NEW_ONE', 'API_TOKEN']);
  });

  it('loaded items: an accept the editor took before it showed them is no answer; accepted untouched once shown, the items shown checked', async () => {
    const pick = showPickMany({ placeholder: 'Check the variables to import', loadingPlaceholder: 'Reading…', items: async () => choices(), isSelected: isNew });
    // Sent at once: the items are on this side before the editor's answer to this accept comes back,
    // and either the editor still showed the busy pick (no answer) or already the items.
    await vscode.commands.executeCommand(ACCEPT);
    if (pick.answer() === undefined) {
      await vscode.commands.executeCommand(ACCEPT);
    }
    assert.deepEqual(labels(await pick.result), ['NEW_ONE', 'API_TOKEN']);
  });
});
