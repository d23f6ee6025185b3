// The notice of a followed run's end (succeeded, failed in an action, cancelled) or of its wait for
// a person, in plain text (no link a name could make: noLinks), with what to do next: Show Log
// (the run logs' command), Retry, Approve, Set Variables…, and Allow <pipeline> on <target>… when a
// target refused the pipeline (2678004).
import * as vscode from 'vscode';
import { showMessage } from '../../ui/notify';
import { Command } from '../../commandIds';
import { noLinks } from '../../ui/markdown';
import type { FeatureContext } from '../../services';
import type { RunMoment } from '../../workspace/runTracker';
import { pipelineLabel } from './runActions';
import { noticeFactsOf, notAllowedTarget, runFacet, waitingGate } from './runFacts';
import { MAX_NAME, oneLine, runNotice } from './runPresentation';

/** Shows a message with actions; resolves to the chosen one (a seam: tests record instead). */
export type Notify = (severity: 'info' | 'warning' | 'error', text: string, actions: string[]) => Thenable<string | undefined>;

const editorNotify: Notify = (severity, text, actions) => showMessage(severity, text, ...actions);

/** The last notices shown (text and actions), for the extension-host tests. */
export const shownNotices: { text: string; actions: string[] }[] = [];
const MAX_KEPT_NOTICES = 20;

export async function tellMoment(ctx: FeatureContext, moment: RunMoment, notify: Notify = editorNotify): Promise<string | undefined> {
  const { ref, execution } = moment;
  const pipeline = pipelineLabel(ctx, ref);
  const refused = notAllowedTarget(execution);
  let text = runNotice(noticeFactsOf(execution, pipeline), vscode.env.language) ?? vscode.l10n.t('Run #{0} of {1} changed', ref.executionId, pipeline);
  if (refused) {
    text = `${text}: ${vscode.l10n.t('the pipeline may not use target {0}', oneLine(refused.target, MAX_NAME))}`;
  }
  text = noLinks(text);
  const facet = runFacet(execution.status);
  const actions: { label: string; run: () => unknown }[] = [];
  const gate = waitingGate(execution);
  if (facet === 'approve') {
    actions.push({ label: vscode.l10n.t('Approve…'), run: () => vscode.commands.executeCommand(Command.ApproveRun, ref) });
  } else if (facet === 'variables') {
    actions.push({ label: vscode.l10n.t('Set Variables…'), run: () => vscode.commands.executeCommand(Command.SetRunVariables, ref) });
  }
  if (refused) {
    actions.push({
      label: noLinks(vscode.l10n.t('Allow {0} on {1}…', oneLine(pipeline, MAX_NAME), oneLine(refused.target, MAX_NAME))),
      run: () => vscode.commands.executeCommand(Command.AllowRunTarget, ref),
    });
  }
  if (facet === 'failed') {
    actions.push({ label: vscode.l10n.t('Retry'), run: () => vscode.commands.executeCommand(Command.RetryRun, ref) });
  }
  const logOf = refused?.actionExecution ?? gate?.actionExecution ?? [...execution.action_executions].reverse().find((a) => typeof a.action_execution_id === 'string');
  const logId = logOf?.action_execution_id;
  if (typeof logId === 'string' && logId !== '') {
    actions.push({
      label: vscode.l10n.t('Show Log'),
      run: () => vscode.commands.executeCommand(Command.ShowRunLog, { ...ref, actionExecutionId: logId }).then(undefined, () => undefined),
    });
  }
  shownNotices.push({ text, actions: actions.map((a) => a.label) });
  ctx.log.info(`Run ${ref.project}/${ref.pipelineId}/${ref.executionId} ${execution.status ?? '?'}: notice shown`);
  shownNotices.splice(0, Math.max(0, shownNotices.length - MAX_KEPT_NOTICES));
  const severity = facet === 'failed' ? 'error' : moment.state === 'needs-person' ? 'warning' : 'info';
  const chosen = await notify(severity, text, actions.map((a) => a.label));
  await actions.find((a) => a.label === chosen)?.run();
  return chosen;
}

export function register(ctx: FeatureContext): vscode.Disposable[] {
  return [ctx.runs.onDidReachMoment((moment) => void tellMoment(ctx, moment).catch((error) => ctx.log.warn(`A run's notice failed: ${String(error)}`)))];
}
