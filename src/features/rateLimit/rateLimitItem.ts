// Status-bar item with the rate-limit budget ("$(pulse) 4,987/5,000") of the address in use,
// hidden until its first answer; the warning background below 10 % tells the user to slow down
// before calls fail. Clicking it shows the budget, its reset and a way to the request log
// (showDetails: the command workspaceAutomation.showRateLimit, registered by src/extension.ts).
import * as vscode from 'vscode';
import type { RateLimitSnapshot, RateLimitState } from '../../api';
import { rateLimitFigures } from './rateLimitDetails';
import { Command, ViewId } from '../../commandIds';

export { WARNING_FRACTION } from './rateLimitDetails';

const UNKNOWN: RateLimitSnapshot = { limit: undefined, remaining: undefined, resetAt: undefined };

/**
 * An answer's budget is shown this long after it, once for all the answers meanwhile: the budget
 * is told inside each answer's reading, and writing it (numbers and a time in the editor's
 * language: tens of ms the first time in a process) must not hold up the rows waiting for that
 * answer, nor happen once per answer when views load together.
 */
export const ITEM_UPDATE_MS = 150;

/** One row of the details quick pick; `action` says what choosing it does. */
export interface RateLimitDetailItem extends vscode.QuickPickItem {
  readonly action: 'showLog' | 'none';
}

/** Shows the details and resolves with the chosen row (a seam: the tests pass their own). */
export type DetailsPicker = (items: RateLimitDetailItem[], options: vscode.QuickPickOptions) => Thenable<RateLimitDetailItem | undefined>;

export class RateLimitItem implements vscode.Disposable {
  private _item: vscode.StatusBarItem | undefined;
  /** Whether the item is shown (StatusBarItem does not tell). */
  visible = false;
  private state: RateLimitState | undefined;
  private subscription: { dispose(): void } | undefined;
  private updateTimer: ReturnType<typeof setTimeout> | undefined;
  /** Why the kernel's polling of runs waits (the budget is spent), when it does; shown in the item. */
  pauseNote: () => string | undefined = () => undefined;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    state?: RateLimitState,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.follow(state);
  }

  /** The status-bar entry, made with the first budget to show (none at activation). */
  get item(): vscode.StatusBarItem {
    if (!this._item) {
      this._item = vscode.window.createStatusBarItem(ViewId.RateLimitItem, vscode.StatusBarAlignment.Right, 50);
      this._item.name = vscode.l10n.t('Workspace Automation Rate Limit');
      this._item.command = Command.ShowRateLimit;
    }
    return this._item;
  }

  /** Shows the budget of `state` (the address in use); hidden for none. */
  follow(state: RateLimitState | undefined): void {
    if (state === this.state && this.subscription) {
      return;
    }
    this.subscription?.dispose();
    this.state = state;
    this.subscription = state?.onDidChange(() => this.updateSoon());
    this.update(state?.snapshot() ?? UNKNOWN);
  }

  /** Shows the followed budget ITEM_UPDATE_MS from now (once for the changes meanwhile); a budget no longer known hides the item at once. */
  private updateSoon(): void {
    const snapshot = this.state?.snapshot() ?? UNKNOWN;
    if (snapshot.limit === undefined || snapshot.remaining === undefined) {
      this.update(snapshot);
      return;
    }
    this.updateTimer ??= setTimeout(() => {
      this.updateTimer = undefined;
      this.update(this.state?.snapshot() ?? UNKNOWN);
    }, ITEM_UPDATE_MS);
  }

  update(s: RateLimitSnapshot): void {
    clearTimeout(this.updateTimer);
    this.updateTimer = undefined;
    const figures = rateLimitFigures(s, this.now(), vscode.env.language);
    if (!figures) {
      this._item?.hide();
      this.visible = false;
      return;
    }
    const pause = this.pauseNote();
    this.item.text = `${pause ? '$(debug-pause)' : '$(pulse)'} ${figures.remaining}/${figures.limit}`;
    this.item.backgroundColor = figures.low ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const lines = [vscode.l10n.t('Workspace Automation API: {0} of {1} requests left in this hour.', figures.remaining, figures.limit)];
    if (figures.reset) {
      lines.push(vscode.l10n.t('The budget resets at {0}.', figures.reset.time));
    }
    if (figures.low) {
      lines.push(vscode.l10n.t('Less than 10 % left: requests fail once it reaches 0.'));
    }
    if (pause) {
      lines.push(pause);
    }
    this.item.tooltip = [...lines, vscode.l10n.t('Click for details and the request log.')].join('\n');
    this.item.accessibilityInformation = { label: lines.join(' ') };
    this.item.show();
    this.visible = true;
  }

  /** The rows of the details: the budget, its reset, and Show Log. */
  detailItems(): RateLimitDetailItem[] {
    const now = this.now();
    const figures = rateLimitFigures(this.state?.snapshot() ?? UNKNOWN, now, vscode.env.language);
    const items: RateLimitDetailItem[] = [];
    if (!figures) {
      items.push({ action: 'none', label: `$(pulse) ${vscode.l10n.t('No answer from the service yet: the budget is not known.')}` });
    } else {
      items.push({
        action: 'none',
        label: `$(pulse) ${vscode.l10n.t('{0} of {1} requests left in this hour', figures.remaining, figures.limit)}`,
        detail: figures.exhausted
          ? vscode.l10n.t('None left: requests fail until the budget resets.')
          : figures.low
            ? vscode.l10n.t('Less than 10 % left: requests fail once it reaches 0.')
            : undefined,
      });
      const reset = figures.reset;
      items.push({
        action: 'none',
        label: `$(clock) ${
          !reset
            ? vscode.l10n.t('The service did not say when the budget resets.')
            : reset.passed
              ? vscode.l10n.t('Reset at {0}: the next answer tells the new budget.', reset.time)
              : vscode.l10n.t('Resets at {0} ({1})', reset.time, reset.relative)
        }`,
      });
    }
    items.push({ action: 'none', label: '', kind: vscode.QuickPickItemKind.Separator });
    items.push({
      action: 'showLog',
      label: `$(output) ${vscode.l10n.t('Show Log')}`,
      detail: vscode.l10n.t('Every request with its status and duration; tokens and secret values are removed.'),
    });
    return items;
  }

  /** The click: the details in a quick pick; "Show Log" opens the output channel. */
  async showDetails(pick: DetailsPicker = (items, options) => vscode.window.showQuickPick(items, options)): Promise<RateLimitDetailItem | undefined> {
    const chosen = await pick(this.detailItems(), {
      title: vscode.l10n.t('Workspace Automation: API Rate Limit'),
      placeHolder: vscode.l10n.t('The hour\'s request budget of your account (shared by all your tokens)'),
    });
    if (chosen?.action === 'showLog') {
      this.log.show();
    }
    return chosen;
  }

  dispose(): void {
    clearTimeout(this.updateTimer);
    this.subscription?.dispose();
    this._item?.dispose();
  }
}
