// Open in Browser: opens an item's page in the web application (items whose contextValue has
// `.hasUrl`). The address comes from the server (`html_url`): only https (and http on this
// machine) is opened; anything else (javascript:, file:, command:, plain http elsewhere) is refused.
import * as vscode from 'vscode';
import { browsableUrl } from '../api/baseUrl';
import { Command } from '../commandIds';
import { showErrorMessage, showInformationMessage } from '../ui/notify';

/** Opens an address outside the editor; tests pass their own as `{ openExternal }` (last argument). */
type Opener = (uri: vscode.Uri) => Thenable<boolean>;

function openerFrom(args: readonly unknown[]): Opener {
  const last = args.at(-1) as { openExternal?: unknown } | undefined;
  return typeof last?.openExternal === 'function' ? (last.openExternal as Opener) : (uri) => vscode.env.openExternal(uri);
}

export function register(): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.OpenInBrowser, async (item?: { htmlUrl?: unknown; html_url?: unknown }, ...rest: unknown[]) => {
      const raw = item?.htmlUrl ?? item?.html_url;
      if (raw === undefined || raw === null || raw === '') {
        void showInformationMessage(vscode.l10n.t('Choose an item with a web page in one of the views.'));
        return false;
      }
      const url = browsableUrl(raw);
      if (!url) {
        void showErrorMessage(
          vscode.l10n.t('Not opened: the server gave a web address that is not https ({0}). Open the item from the web application instead.', schemeOf(raw)),
        );
        return false;
      }
      return openerFrom(rest)(vscode.Uri.parse(url, true));
    }),
  ];
}

/** "javascript:", "file:", "http://example.com": enough to say what was refused, never the whole text. */
function schemeOf(raw: unknown): string {
  const text = String(raw);
  try {
    const url = new URL(text);
    return url.protocol === 'http:' ? `http://${url.host}` : url.protocol;
  } catch {
    return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  }
}
