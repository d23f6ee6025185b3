// Language model tools (package.json contributes.languageModelTools; `when`: signed in): the read
// tools answer from the workspace's data and ask nothing; the change tools ask the editor's
// confirmation (prepareInvocation: account, workspace, project, pipeline, run or branch, what will
// change) and then run their command by id, whose own prompts the person answers: no route
// (chat, agent mode, another extension's vscode.lm.invokeTool, an auto-approval) changes anything
// on the tool call alone. Each answer is a small JSON object; a refusal is a sentence saying what to do.
import * as vscode from 'vscode';
import { Tool } from '../../commandIds';
import type { FeatureContext } from '../../services';
import { errorForLog } from '../../ui/errorMessages';
import { escapeMarkdown } from '../../ui/markdown';
import { allowPipeline, approveRun, cancelRun, retryRun, runPipeline, type ChangeTool } from './changeTools';
import { ToolRefusal, refusal } from './place';
import { failedLog, pipelineTargets, recentRuns, runSummary, variables, type Answer } from './readTools';
import { answerText } from './toolText';

type Input = Record<string, unknown>;
type Read = (ctx: FeatureContext, input: Input) => Promise<Answer>;

const READ: [string, Read, () => string][] = [
  [Tool.RecentRuns, recentRuns, () => vscode.l10n.t('Reading recent runs…')],
  [Tool.RunSummary, runSummary, () => vscode.l10n.t('Reading the run…')],
  [Tool.FailedLog, failedLog, () => vscode.l10n.t('Reading the log…')],
  [Tool.Variables, variables, () => vscode.l10n.t('Reading the variables…')],
  [Tool.PipelineTargets, pipelineTargets, () => vscode.l10n.t('Reading the targets…')],
];
const CHANGE: [string, ChangeTool][] = [
  [Tool.RunPipeline, runPipeline],
  [Tool.RetryRun, retryRun],
  [Tool.CancelRun, cancelRun],
  [Tool.ApproveRun, approveRun],
  [Tool.AllowPipeline, allowPipeline],
];

/** What the extension-host tests reach (ctx.expose): the tools, and a prompter for the commands' questions. */
export interface AgentToolsForTests {
  readonly tools: ReadonlyMap<string, vscode.LanguageModelTool<Input>>;
  /** Given to the commands as `{ prompter }`, which they take only under the test harness. */
  prompter: unknown;
}

function result(answer: Answer): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answerText(answer))]);
}

async function answering(ctx: FeatureContext, name: string, work: () => Promise<Answer>): Promise<vscode.LanguageModelToolResult> {
  try {
    return result(await work());
  } catch (error) {
    if (!(error instanceof ToolRefusal)) {
      ctx.log.warn(`Tool ${name} failed: ${errorForLog(error)}`);
    }
    return result({ error: refusal(error).message });
  }
}

function plain(text: string): vscode.MarkdownString {
  // Text from the service stays text: no link, no command, no markup; one paragraph a line.
  const md = new vscode.MarkdownString(text.split('\n').map(escapeMarkdown).join('\n\n'));
  md.isTrusted = false;
  md.supportHtml = false;
  return md;
}

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const tools = new Map<string, vscode.LanguageModelTool<Input>>();
  const seam: AgentToolsForTests = { tools, prompter: undefined };
  const script = (): unknown[] => (seam.prompter !== undefined ? [{ prompter: seam.prompter }] : []);
  for (const [name, read, progress] of READ) {
    tools.set(name, {
      prepareInvocation: () => ({ invocationMessage: progress() }),
      invoke: (options) => answering(ctx, name, () => read(ctx, options.input ?? {})),
    });
  }
  for (const [name, change] of CHANGE) {
    tools.set(name, {
      // Always a confirmation, also when the input cannot be resolved (the call then refuses).
      prepareInvocation: async (options) => {
        try {
          const c = await change.prepare(ctx, options.input ?? {});
          return { invocationMessage: vscode.l10n.t('Waiting for your answer in Workspace Automation…'), confirmationMessages: { title: c.title, message: plain(c.message) } };
        } catch (error) {
          return { confirmationMessages: { title: vscode.l10n.t('Workspace Automation'), message: plain(refusal(error).message) } };
        }
      },
      invoke: (options) => answering(ctx, name, () => change.act(ctx, options.input ?? {}, script())),
    });
  }
  ctx.expose('agentTools', seam);
  const registered: vscode.Disposable[] = [];
  for (const [name, tool] of tools) {
    try {
      registered.push(vscode.lm.registerTool(name, tool));
    } catch (error) {
      ctx.log.warn(`The language model tool ${name} was not registered: ${errorForLog(error)}`);
    }
  }
  return registered;
}
