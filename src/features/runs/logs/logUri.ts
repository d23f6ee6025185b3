// The address of a log document (scheme `wa-run-log:`): the action execution it shows in its
// query, a file name after the action and the run's number. A link's query is read back tolerantly.
import * as vscode from 'vscode';
import type { RunLogRef } from './runLog';

export const RUN_LOG_SCHEME = 'wa-run-log';
export function runLogUri(ref: RunLogRef, actionName: string): vscode.Uri {
  const name = `${actionName.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').slice(0, 80) || 'action'} #${ref.executionId}.log`;
  const query = new URLSearchParams({
    workspace: ref.workspace,
    project: ref.project,
    pipelineId: String(ref.pipelineId),
    executionId: String(ref.executionId),
    actionExecutionId: ref.actionExecutionId,
  });
  return vscode.Uri.from({ scheme: RUN_LOG_SCHEME, path: `/${ref.project}/${ref.pipelineId}/${ref.actionExecutionId}/${name}`, query: query.toString() });
}

export function refOfUri(uri: vscode.Uri): RunLogRef | undefined {
  const q = new URLSearchParams(uri.query);
  const pipelineId = Number(q.get('pipelineId'));
  const executionId = Number(q.get('executionId'));
  const [workspace, project, actionExecutionId] = [q.get('workspace'), q.get('project'), q.get('actionExecutionId')];
  if (!workspace || !project || !actionExecutionId || !Number.isSafeInteger(pipelineId) || !Number.isSafeInteger(executionId)) {
    return undefined;
  }
  return { workspace, project, pipelineId, executionId, actionExecutionId };
}
