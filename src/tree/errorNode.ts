// An item that shows why a load failed and offers the way forward: Retry re-runs the failed load;
// a rejected token (401) offers Sign In instead, a bad API address Open Settings.
import * as vscode from 'vscode';
import { ConfigurationError, NotFoundError, UnauthorizedError } from '../api/errors';
import { describeError } from '../ui/errorMessages';
import { ContextValue } from './contextValues';
import { TreeNode } from './treeNode';
import { escapeMarkdown } from '../ui/markdown';
import { Command } from '../commandIds';

/** contextValue facets: `wa.error.retry`, `wa.error.signIn`, `wa.error.settings`, `wa.error.workspace`. */
export type ErrorAction = 'retry' | 'signIn' | 'settings' | 'workspace';

export class ErrorNode extends TreeNode {
  readonly action: ErrorAction;

  constructor(
    readonly error: unknown,
    /** Re-runs the load that failed; the owner refreshes the tree when it settles. */
    readonly retry: () => Promise<void> | void,
  ) {
    super(describeError(error));
    this.action = errorAction(error);
    this.contextValue = `${ContextValue.Error}.${this.action}`;
    this.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    this.tooltip = new vscode.MarkdownString(
      `${escapeMarkdown(describeError(error))}\n\n${escapeMarkdown(actionHint(this.action))}`,
    );
    this.description = actionHint(this.action);
    this.command =
      this.action === 'signIn'
        ? { command: Command.SignIn, title: vscode.l10n.t('Sign In') }
        : this.action === 'settings'
          ? { command: Command.OpenSettings, title: vscode.l10n.t('Open Settings') }
          : this.action === 'workspace'
            ? { command: Command.SelectWorkspace, title: vscode.l10n.t('Select Workspace') }
            : { command: Command.Retry, title: vscode.l10n.t('Retry'), arguments: [this] };
  }
}

function errorAction(error: unknown): ErrorAction {
  if (error instanceof UnauthorizedError) {
    return 'signIn';
  }
  if (error instanceof ConfigurationError) {
    return 'settings';
  }
  if (error instanceof NotFoundError && error.resource?.toLowerCase() === 'workspace') {
    return 'workspace';
  }
  return 'retry';
}

function actionHint(action: ErrorAction): string {
  switch (action) {
    case 'signIn':
      return vscode.l10n.t('Click to sign in');
    case 'settings':
      return vscode.l10n.t('Click to open the settings');
    case 'workspace':
      return vscode.l10n.t('Click to select another workspace');
    default:
      return vscode.l10n.t('Click to retry');
  }
}
