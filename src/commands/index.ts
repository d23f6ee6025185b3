// Every command's register function. Each module registers its own commands; add a line for yours.
import type * as vscode from 'vscode';
import type { Services } from '../services';
import * as allowPipeline from './pipelineAccess/allowPipeline';
import * as checkPipelineAccess from './pipelineAccess/checkPipelineAccess';
import * as clearCommitFilter from './clearCommitFilter';
import * as copyRevision from './copyRevision';
import * as createProject from './createProject';
import * as createVariable from './createVariable';
import * as filterCommits from './filterCommits';
import * as openCommit from './openCommit';
import * as openInBrowser from './openInBrowser';
import * as openSettings from './openSettings';
import * as openTokenPage from './openTokenPage';
import * as refresh from './refresh';
import * as retry from './retry';
import * as selectWorkspace from './selectWorkspace';
import * as signIn from './signIn';
import * as showLog from './showLog';
import * as signOut from './signOut';
import * as variables from './variables';

export const commandModules: readonly { register(services: Services): vscode.Disposable[] }[] = [
  signIn,
  signOut,
  selectWorkspace,
  refresh,
  retry,
  openInBrowser,
  openSettings,
  filterCommits,
  clearCommitFilter,
  copyRevision,
  openCommit,
  createVariable,
  allowPipeline,
  checkPipelineAccess,
  createProject,
  showLog,
  openTokenPage,
  variables,
];

export function registerCommands(services: Services): vscode.Disposable[] {
  return commandModules.flatMap((m) => m.register(services));
}
