// Open in Browser: opens an item's page in the web application (items whose contextValue has `.hasUrl`).
import * as vscode from 'vscode';
import type { Services } from '../services';

export const OPEN_IN_BROWSER = 'workspaceAutomation.openInBrowser';

export function register(_services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(OPEN_IN_BROWSER, async (item?: { htmlUrl?: string; html_url?: string }) => {
      const url = item?.htmlUrl ?? item?.html_url;
      if (!url) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Choose an item with a web page in one of the views.'));
        return false;
      }
      return vscode.env.openExternal(vscode.Uri.parse(url, true));
    }),
  ];
}
