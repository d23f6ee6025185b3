// Every command's register function. Each module registers its own commands; add a line for yours.
import type * as vscode from 'vscode';
import type { Services } from '../services';
import * as allowPipeline from '../features/pipelineAccess/allowPipeline';
import * as checkPipelineAccess from '../features/pipelineAccess/checkPipelineAccess';
import * as clearCommitFilter from '../features/commits/clearCommitFilter';
import * as copyRevision from '../features/commits/copyRevision';
import * as createProject from '../features/projects/createProject';
import * as createVariable from '../features/variables/createVariable';
import * as filterCommits from '../features/commits/filterCommits';
import * as openCommit from '../features/commits/openCommit';
import * as openInBrowser from './openInBrowser';
import * as openSettings from './openSettings';
import * as openTokenPage from '../features/accounts/openTokenPage';
import * as refresh from './refresh';
import * as retry from './retry';
import * as selectWorkspace from '../features/accounts/selectWorkspace';
import * as signIn from '../features/accounts/signIn';
import * as showLog from './showLog';
import * as signOut from '../features/accounts/signOut';
import * as variables from '../features/variables/commands';

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
