// Which command arguments a test may script. Under the test harness only, a command's last argument
// may carry a test's answers (`{ prompter }`, `{ confirm }`, a token for Sign In); anywhere else
// (a command link, a keybinding, another extension's executeCommand) it is ignored and the person
// is asked, as always: nothing that changes an account, a secret or a run is confirmed for them.
import * as vscode from 'vscode';
import { underTestHarness } from '../testHarness';

/** True under the test harness: scripted arguments count. */
export function scripted(context: Pick<vscode.ExtensionContext, 'extensionMode'>): boolean {
  return underTestHarness(context.extensionMode === vscode.ExtensionMode.Test);
}

/** The last argument as a test's script (an object), only under the test harness; else undefined. */
export function scriptOf(args: readonly unknown[], context: Pick<vscode.ExtensionContext, 'extensionMode'>): Record<string, unknown> | undefined {
  const last = args.at(-1);
  return scripted(context) && typeof last === 'object' && last !== null && !Array.isArray(last) ? (last as Record<string, unknown>) : undefined;
}
