// The rate-limit feature: the status-bar item with the budget of the address in use (hidden until
// its first answer) and Show API Rate Limit. The budgets are the kernel's (the client waits on them).
import * as vscode from 'vscode';
import { Command } from '../../commandIds';
import type { FeatureContext } from '../../services';
import { RateLimitItem } from './rateLimitItem';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const item = new RateLimitItem(ctx.log);
  // Signed out: no budget shown (the last one is not current any more).
  const follow = (): void => item.follow(ctx.session.baseUrl && ctx.session.signedIn ? ctx.connection.rateLimitFor(ctx.session.baseUrl) : undefined);
  follow();
  ctx.expose('statusBar', item);
  return [item, ctx.session.onDidChange(follow), vscode.commands.registerCommand(Command.ShowRateLimit, () => item.showDetails())];
}
