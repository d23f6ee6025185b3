// The targets feature: the Targets view (targets, the pipelines each allows) and its Refresh.
import * as vscode from 'vscode';
import { Command, ViewId } from '../../commandIds';
import type { FeatureContext } from '../../services';
import { TargetsProvider } from './provider';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const targets = new TargetsProvider(ctx.session, ctx.data);
  return [ctx.views.addView(ViewId.Targets, targets), vscode.commands.registerCommand(Command.RefreshTargets, () => targets.refresh())];
}
