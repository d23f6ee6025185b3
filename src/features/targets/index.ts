// The targets feature: the Targets view (targets, the pipelines each allows) and its Refresh.
import * as vscode from 'vscode';
import { Command } from '../../commandIds';
import type { FeatureContext } from '../../services';
import { TargetsProvider } from './provider';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const targets = new TargetsProvider(ctx.session, ctx.data);
  targets.createTreeView();
  ctx.expose('targets', targets);
  return [targets, vscode.commands.registerCommand(Command.RefreshTargets, () => targets.refresh())];
}
