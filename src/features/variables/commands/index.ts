// The Variables view's commands, one module each.
import type * as vscode from 'vscode';
import type { Services } from '../../../services';
import * as changeVariable from './changeVariable';
import * as copyKey from './copyKey';
import * as copyValue from './copyValue';
import * as createInScope from './createInScope';
import * as deleteVariable from './deleteVariable';
import * as importEnv from './importEnv';
import * as viewCommands from './viewCommands';

export function register(services: Services): vscode.Disposable[] {
  return [changeVariable, deleteVariable, copyKey, copyValue, createInScope, importEnv, viewCommands].flatMap((m) => m.register(services));
}
