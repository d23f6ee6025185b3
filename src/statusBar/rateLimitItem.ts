// Status-bar item with the rate-limit budget ("$(pulse) 4,987/5,000"), hidden until the first
// answer; the warning background below 10 % tells the user to slow down before calls fail.
import * as vscode from 'vscode';
import type { RateLimitSnapshot, RateLimitState } from '../api';

export const WARNING_FRACTION = 0.1;

export class RateLimitItem implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  /** Whether the item is shown (StatusBarItem does not tell). */
  visible = false;
  private readonly subscription: { dispose(): void };

  constructor(private readonly state: RateLimitState) {
    this.item = vscode.window.createStatusBarItem('workspaceAutomation.rateLimit', vscode.StatusBarAlignment.Right, 50);
    this.item.name = vscode.l10n.t('Workspace Automation Rate Limit');
    this.subscription = state.onDidChange((s) => this.update(s));
    this.update(state.snapshot());
  }

  update(s: RateLimitSnapshot): void {
    if (s.remaining === undefined || s.limit === undefined || s.limit <= 0) {
      this.item.hide();
      this.visible = false;
      return;
    }
    const remaining = s.remaining.toLocaleString('en-US');
    const limit = s.limit.toLocaleString('en-US');
    this.item.text = `$(pulse) ${remaining}/${limit}`;
    const low = s.remaining < s.limit * WARNING_FRACTION;
    this.item.backgroundColor = low ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const lines = [vscode.l10n.t('Workspace Automation API: {0} of {1} requests left in this hour.', remaining, limit)];
    if (s.resetAt) {
      lines.push(vscode.l10n.t('The budget resets at {0}.', s.resetAt.toLocaleTimeString()));
    }
    if (low) {
      lines.push(vscode.l10n.t('Less than 10 % left: requests fail once it reaches 0.'));
    }
    this.item.tooltip = lines.join('\n');
    this.item.accessibilityInformation = { label: lines.join(' ') };
    this.item.show();
    this.visible = true;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
