// Pipeline files in the editor (buddy.yml, .buddy/*.yml): schema help, live variables and
// targets, runs and the service's copy. Registering costs a listener of opened documents; the
// reading bundle (dist/pipelineFiles.js: yaml, ajv, the schema) and the providers come when the
// first pipeline file opens. The files stay in the YAML language: other YAML tools keep working,
// and no schema is handed to them (one diagnostic per problem).
import * as vscode from 'vscode';
import type { FeatureContext } from '../../services';
import { describeError } from '../../ui/errorMessages';
import { showInformationMessage, showWarningMessage } from '../../ui/notify';
import { scriptOf } from '../../ui/scripted';
import { DataKey } from '../../workspace/workspaceData';
import { PipelineFiles } from './editor';
import { PIPELINE_FILE_GLOB } from './files';
import { PipelineCommand, registerProviders } from './providers';

export const SERVICE_SCHEME = 'workspace-automation-pipeline';

export function register(ctx: FeatureContext): vscode.Disposable[] {
  const files = new PipelineFiles(ctx);
  const selector: vscode.DocumentSelector = [
    { language: 'yaml', pattern: PIPELINE_FILE_GLOB },
    { scheme: 'untitled', language: 'yaml' },
  ];
  const providers: vscode.Disposable[] = [];
  const copies = new Map<string, string>();
  const copyChanged = new vscode.EventEmitter<vscode.Uri>();
  ctx.expose('pipelineFiles', files);
  return [
    files,
    copyChanged,
    { dispose: () => vscode.Disposable.from(...providers).dispose() },
    files.onDidStart((engine) => providers.push(...registerProviders(ctx, files, engine, selector))),
    vscode.workspace.registerTextDocumentContentProvider(SERVICE_SCHEME, { onDidChange: copyChanged.event, provideTextDocumentContent: (uri) => copies.get(uri.toString()) ?? '' }),
    vscode.commands.registerCommand(PipelineCommand.Compare, (uri?: vscode.Uri, index?: number) => compare(ctx, files, copies, copyChanged, uri, index)),
    // `{ confirm }` as the last argument answers the confirmation only under the test harness (scriptOf).
    vscode.commands.registerCommand(PipelineCommand.Update, (uri?: vscode.Uri, index?: number, ...rest: unknown[]) =>
      update(ctx, files, copies, copyChanged, uri, index, scriptOf(rest, ctx.context) as { confirm?: boolean } | undefined),
    ),
  ];
}

interface Target {
  document: vscode.TextDocument;
  index: number;
  project: string;
  pipelineId: number;
  name: string;
  source: string | null | undefined;
  /** The file's text of that pipeline: the whole file for one pipeline, else its entry. */
  text: string;
}

async function targetOf(ctx: FeatureContext, files: PipelineFiles, uri: vscode.Uri | undefined, index: number | undefined): Promise<Target | undefined> {
  const editor = vscode.window.activeTextEditor;
  const document = uri ? await vscode.workspace.openTextDocument(uri) : editor?.document;
  if (!document || !files.isPipelineDocument(document)) {
    await showInformationMessage(vscode.l10n.t('Open a pipeline file (buddy.yml or one under .buddy/) first.'));
    return undefined;
  }
  await files.load();
  await files.readData(document);
  const analysis = files.analysis(document);
  const at = index ?? analysis?.pipelines.findIndex((p) => editor && p.span.start <= document.offsetAt(editor.selection.active) && document.offsetAt(editor.selection.active) <= p.span.end) ?? -1;
  const model = analysis?.pipelines[at < 0 ? 0 : at];
  const project = files.linkOf(document)?.project;
  const service = model ? files.servicePipeline(document, at < 0 ? 0 : at) : undefined;
  if (!model || project === undefined || !service) {
    await showInformationMessage(vscode.l10n.t('This file\u2019s pipeline is not one of the current project\u2019s pipelines (signed in, with the folder\u2019s project chosen).'));
    return undefined;
  }
  const whole = document.getText();
  const text = analysis!.pipelines.length === 1 ? whole : dedent(whole.slice(lineStart(whole, model.span.start), model.span.end));
  return { document, index: at < 0 ? 0 : at, project, pipelineId: service.id, name: service.name ?? model.id, source: service.definition_source, text };
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** A list item's text as a document of its own: the `- ` and the indentation taken off. */
function dedent(entry: string): string {
  const lines = entry.replace(/^(\s*)- /, '$1  ').split(/\r?\n/);
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^\s*/.exec(l)![0].length));
  return `${lines.map((l) => l.slice(indent)).join('\n').trimEnd()}\n`;
}

async function showDiff(ctx: FeatureContext, copies: Map<string, string>, changed: vscode.EventEmitter<vscode.Uri>, t: Target): Promise<boolean> {
  if (!(await ctx.session.ensureReady())) {
    return false;
  }
  let serviceText: string;
  try {
    // Read again each time: the comparison is with what the service keeps now.
    ctx.data.invalidate(DataKey.definition(t.project, t.pipelineId));
    serviceText = (await ctx.data.definition(t.project, t.pipelineId)).yaml;
  } catch (e) {
    await showWarningMessage(vscode.l10n.t('The service\u2019s definition of {0} could not be read: {1}', t.name, describeError(e)));
    return false;
  }
  const left = vscode.Uri.from({ scheme: SERVICE_SCHEME, path: `/${t.project}/${t.pipelineId}.yml` });
  copies.set(left.toString(), serviceText);
  changed.fire(left);
  let right = t.document.uri;
  if (t.text !== t.document.getText()) {
    right = vscode.Uri.from({ scheme: SERVICE_SCHEME, path: `/${t.project}/${t.pipelineId}.file.yml` });
    copies.set(right.toString(), t.text);
    changed.fire(right);
  }
  await vscode.commands.executeCommand('vscode.diff', left, right, vscode.l10n.t('{0}: the service \u2194 this file', t.name));
  return true;
}

async function compare(ctx: FeatureContext, files: PipelineFiles, copies: Map<string, string>, changed: vscode.EventEmitter<vscode.Uri>, uri?: vscode.Uri, index?: number): Promise<boolean> {
  const t = await targetOf(ctx, files, uri, index);
  return t ? showDiff(ctx, copies, changed, t) : false;
}

async function update(
  ctx: FeatureContext,
  files: PipelineFiles,
  copies: Map<string, string>,
  changed: vscode.EventEmitter<vscode.Uri>,
  uri?: vscode.Uri,
  index?: number,
  options?: { confirm?: boolean },
): Promise<'updated' | 'cancelled' | 'git' | 'failed'> {
  const t = await targetOf(ctx, files, uri, index);
  if (!t) {
    return 'cancelled';
  }
  if (t.source === 'REMOTE') {
    await showInformationMessage(vscode.l10n.t('The definition of {0} is kept in Git: Git is its source. Commit and push this file instead.', t.name));
    return 'git';
  }
  if (!(await showDiff(ctx, copies, changed, t))) {
    return 'cancelled';
  }
  const scripted = typeof options?.confirm === 'boolean';
  const ok = vscode.l10n.t('Update');
  const answer = scripted ? (options?.confirm ? ok : undefined) : await showWarningMessage(vscode.l10n.t('Replace the service\u2019s definition of {0} with this file\u2019s (the diff is open)?', t.name), { modal: true }, ok);
  if (answer !== ok) {
    return 'cancelled';
  }
  const ready = await ctx.session.ensureReady();
  if (!ready) {
    return 'cancelled';
  }
  try {
    await ready.client.updatePipelineYaml(ready.workspace, t.project, t.pipelineId, t.text);
  } catch (e) {
    ctx.log.warn(`Update pipeline ${t.pipelineId} of ${t.project} from ${t.document.uri.path} failed: ${describeError(e)}`);
    await showWarningMessage(vscode.l10n.t('The service did not take the definition of {0}: {1}', t.name, describeError(e)));
    return 'failed';
  }
  ctx.log.info(`Updated pipeline ${t.pipelineId} of ${t.project} from ${t.document.uri.path}.`);
  ctx.data.invalidate(DataKey.pipelines(t.project));
  ctx.data.invalidate(DataKey.definition(t.project, t.pipelineId));
  void showInformationMessage(vscode.l10n.t('The service\u2019s pipeline {0} now has this file\u2019s definition.', t.name));
  return 'updated';
}
