// Create Variable… on a scope node of the Variables view: the Create Variable flow with that scope
// filled in (the workspace included, which the Projects view has no item for).
import * as vscode from 'vscode';
import type { Services } from '../../../services';
import { prompterFrom } from '../../../ui/multiStepInput';
import { createVariable } from '../createVariable';
import { answersFromItem, emptyAnswers, type VariableAnswers } from '../createVariable/answers';
import { scopeItemOf } from './items';
import { Command } from '../../../commandIds';

export function register(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Command.CreateVariableInScope, async (item?: unknown, ...rest: unknown[]) => {
      const scope = scopeItemOf(item);
      let answers: VariableAnswers;
      if (scope?.kind === 'workspace') {
        answers = { ...emptyAnswers(), scope: 'workspace', preset: { scope: true, project: false, pipeline: false, action: false } };
      } else {
        // A project, pipeline or action node carries `project`, `pipeline` and `action` as the Projects view's items do.
        answers = answersFromItem(item);
      }
      // Create Variable refreshes the scope in the Variables view itself.
      return createVariable(services, prompterFrom(rest, services.context), answers);
    }),
  ];
}
