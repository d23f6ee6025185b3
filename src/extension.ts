import * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Views and commands are registered here as they are built.
}

export function deactivate(): void {}
