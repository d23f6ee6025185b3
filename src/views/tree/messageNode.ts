// A plain message item: empty states ("No projects in this workspace") and hints.
import * as vscode from 'vscode';
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
