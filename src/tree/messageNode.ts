// A plain message item: empty states ("No projects in this workspace") and hints.
import * as vscode from 'vscode';
import { ViewCommand } from '../commandIds';
import { ContextValue } from './contextValues';
import { TreeNode } from './treeNode';

export class MessageNode extends TreeNode {
  constructor(message: string, icon = 'info', command?: vscode.Command) {
    super(message);
    this.contextValue = ContextValue.Message;
    this.iconPath = new vscode.ThemeIcon(icon);
    this.tooltip = message;
    this.command = command;
  }
}

/** The hint of a view that follows the current project while none is chosen: a click shows Projects. */
export function selectProjectNode(): MessageNode {
  return new MessageNode(vscode.l10n.t('Select a project in the Projects view'), 'info', {
    command: ViewCommand.FocusProjects,
    title: vscode.l10n.t('Show Projects'),
  });
}
