// The status bar item of the account the views show, while several accounts are signed in: who and
// where it is; a click runs Switch Account…. With one account (or none) it is hidden: nothing to switch.
import * as vscode from 'vscode';
import type { AuthSession } from '../../auth/session';
import { Command, ViewId } from '../../commandIds';

export class AccountItem implements vscode.Disposable {
  private _item: vscode.StatusBarItem | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly session: AuthSession) {
    this.subscriptions = [session.onDidChange(() => this.update()), session.onDidChangeAccounts(() => this.update())];
    this.update();
  }

  /** Shown, and what it says (the extension-host tests read it). */
  get visible(): boolean {
    return this.session.accountLabel !== undefined;
  }

  get text(): string | undefined {
    return this._item?.text;
  }

  /** The status-bar entry, made when a second account signs in. */
  get item(): vscode.StatusBarItem {
    if (!this._item) {
      this._item = vscode.window.createStatusBarItem(ViewId.AccountItem, vscode.StatusBarAlignment.Right, 51);
      this._item.name = vscode.l10n.t('Workspace Automation Account');
      this._item.command = Command.SwitchAccount;
    }
    return this._item;
  }

  private update(): void {
    const label = this.session.accountLabel;
    if (label === undefined) {
      this._item?.hide();
      return;
    }
    const item = this.item;
    item.text = `$(account) ${label}`;
    const workspace = this.session.workspace;
    item.tooltip = workspace
      ? vscode.l10n.t('The views show {0}, workspace {1}. Click to switch account.', label, workspace)
      : vscode.l10n.t('The views show {0}. Click to switch account.', label);
    item.show();
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this._item?.dispose();
  }
}
