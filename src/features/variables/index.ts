// The variables feature: the Variables view (the workspace's, or the current project's with its
// pipelines and actions, and what each run receives), and Create, Change, Delete, Copy and Import.
import type * as vscode from 'vscode';
import type { FeatureContext } from '../../services';
import * as commands from './commands';
import * as createVariable from './createVariable';
import { VariablesProvider } from './provider';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const variables = new VariablesProvider(ctx.session, ctx.data, ctx.selection.project);
  variables.createTreeView();
  ctx.expose('variables', variables);
  return [variables, ...createVariable.register(ctx), ...commands.register(ctx, variables)];
}
