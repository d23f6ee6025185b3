// The rate-limit feature: the status-bar item with the budget of the address in use (hidden until
// its first answer) and Show API Rate Limit. The budgets are the kernel's (the client waits on them).
import * as vscode from 'vscode';
import { Command } from '../../commandIds';
import type { FeatureContext } from '../../services';
import { RateLimitItem } from './rateLimitItem';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const item = new RateLimitItem(ctx.log);
  // The kernel's polling of runs waits for the reset when the budget is spent: the item says so.
  item.pauseNote = () => {
    const ms = ctx.runs.budgetPause();
    return ms > 0 && ctx.runs.scheduler.watching > 0
      ? vscode.l10n.t('Following runs is paused until the budget resets (in {0} s).', Math.ceil(ms / 1000))
      : undefined;
  };
  // Signed out: no budget shown (the last one is not current any more).
  const follow = (): void => item.follow(ctx.session.baseUrl && ctx.session.signedIn ? ctx.connection.rateLimitFor(ctx.session.baseUrl) : undefined);
  follow();
  ctx.expose('statusBar', item);
  return [item, ctx.session.onDidChange(follow), vscode.commands.registerCommand(Command.ShowRateLimit, () => item.showDetails())];
}
