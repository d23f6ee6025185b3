// The Variables view's commands, one module each.
import type * as vscode from 'vscode';
import type { Services } from '../../../services';
import type { VariablesProvider } from '../provider';
import * as changeVariable from './changeVariable';
import * as copyKey from './copyKey';
import * as copyValue from './copyValue';
import * as createInScope from './createInScope';
import * as deleteVariable from './deleteVariable';
import * as importEnv from './importEnv';
import * as viewCommands from './viewCommands';

export function register(services: Services, view: VariablesProvider): vscode.Disposable[] {
  return [...[changeVariable, deleteVariable, copyKey, copyValue, createInScope, importEnv].flatMap((m) => m.register(services)), ...viewCommands.register(services, view)];
}
