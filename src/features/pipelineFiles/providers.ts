// One job: what the editor asks of a pipeline file — completion (keys, enumerated values, `$`
// variables with their values and scopes, targets), hover (keys, variables, targets), quick fixes
// (Create variable…, Allow pipeline on target…) and the lenses above each `pipeline:` (Run, last
// run's status, Runs, Open in Browser, Compare with the service). Everything is read from the
// analysis and the data home: no request.
import * as vscode from 'vscode';
import { Command } from '../../commandIds';
import type { FeatureContext } from '../../services';
import { PICKER_PAGE_SIZE } from '../../workspace/workspaceData';
import type { Analysis, VariableRef } from './engine/analyze';
import type { Level } from './engine/schema';
import { TARGET_REFUSES, UNDEFINED_VARIABLE, type EngineModule, type PipelineFiles } from './editor';
import { shownValue, visibleVariables, type Visible } from './live';

export const PipelineCommand = { Compare: Command.ComparePipelineFile, Update: Command.UpdatePipelineFromFile } as const;

const RUNS_FOCUS = 'workspaceAutomation.runs.focus';

function scopeLabel(scope: Visible['scope']): string {
  switch (scope) {
    case 'file-action':
      return vscode.l10n.t('this action, in this file');
    case 'file-pipeline':
      return vscode.l10n.t('this pipeline, in this file');
    case 'action':
      return vscode.l10n.t('action');
    case 'pipeline':
      return vscode.l10n.t('pipeline');
    case 'project':
      return vscode.l10n.t('project');
    case 'workspace':
      return vscode.l10n.t('workspace');
  }
}

function valueText(v: Visible['variable']): string {
  return shownValue(v) ?? vscode.l10n.t('(encrypted)');
}

function refAt(analysis: Analysis, offset: number): VariableRef | undefined {
  return analysis.refs.find((r) => r.span.start <= offset && offset <= r.span.end);
}

/** The variable's card: value (masked when encrypted), scope, what it shadows; text from outside stays text. */
function variableMarkdown(v: Visible, revealable: boolean): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendMarkdown('**');
  md.appendText(`$${v.key}`);
  md.appendMarkdown('** — ');
  md.appendText(vscode.l10n.t('scope: {0}', scopeLabel(v.scope)));
  md.appendMarkdown('\n\n');
  md.appendText(vscode.l10n.t('Value: {0}', valueText(v.variable)));
  if (v.variable.description) {
    md.appendMarkdown('\n\n');
    md.appendText(v.variable.description);
  }
  for (const s of v.shadows) {
    md.appendMarkdown('\n\n');
    md.appendText(vscode.l10n.t('Shadows {0}: {1}', scopeLabel(s.scope), valueText(s.variable)));
  }
  if (revealable) {
    // A workspace or project variable is selected in the view; one of a pipeline or an action, whose
    // row is under its pipeline, shows the project's scope. The key goes as JSON (text, never markup).
    const exact = v.scope === 'workspace' || v.scope === 'project';
    const command = exact ? Command.RevealVariable : Command.ShowProjectVariables;
    const args = exact ? `?${encodeURIComponent(JSON.stringify([v.scope, v.key])).replace(/\(/g, '%28').replace(/\)/g, '%29')}` : '';
    md.isTrusted = { enabledCommands: [command] };
    md.appendMarkdown(`\n\n[${vscode.l10n.t('Reveal in Variables view')}](command:${command}${args})`);
  }
  return md;
}

export function registerProviders(ctx: FeatureContext, files: PipelineFiles, engine: EngineModule, selector: vscode.DocumentSelector): vscode.Disposable[] {
  const ready = (d: vscode.TextDocument): Analysis | undefined => (files.isPipelineDocument(d) ? files.analysis(d) : undefined);

  const completion: vscode.CompletionItemProvider = {
    provideCompletionItems(d, position) {
      const analysis = ready(d);
      if (!analysis) {
        return undefined;
      }
      const offset = d.offsetAt(position);
      const c = engine.completionContext(d.getText(), offset, analysis);
      const range = (start: number): vscode.Range => new vscode.Range(d.positionAt(start), position);
      if (c.kind === 'variable') {
        const visible = visibleVariables(analysis, files.liveView(d, analysis), c.pipeline, c.action);
        const items = visible.map((v) => {
          const item = new vscode.CompletionItem({ label: v.key, description: scopeLabel(v.scope) }, vscode.CompletionItemKind.Variable);
          item.detail = valueText(v.variable);
          item.documentation = variableMarkdown(v, false);
          item.insertText = c.braced ? `\${${v.key}}` : `$${v.key}`;
          item.filterText = c.braced ? `\${${v.key}` : `$${v.key}`;
          item.range = range(c.start);
          item.sortText = `0${v.key}`;
          return item;
        });
        for (const [name, doc] of Object.entries(engine.PREDEFINED_VARIABLES)) {
          const item = new vscode.CompletionItem({ label: name, description: vscode.l10n.t('predefined') }, vscode.CompletionItemKind.Constant);
          item.documentation = doc;
          item.insertText = c.braced ? `\${${name}}` : `$${name}`;
          item.filterText = c.braced ? `\${${name}` : `$${name}`;
          item.range = range(c.start);
          item.sortText = `1${name}`;
          items.push(item);
        }
        return items;
      }
      if (c.kind === 'key') {
        return Object.entries(engine.propertiesOf(c.level)).map(([key, p]) => {
          const item = new vscode.CompletionItem(key, vscode.CompletionItemKind.Property);
          item.documentation = p.description;
          item.insertText = `${key}: `;
          item.range = range(c.start);
          return item;
        });
      }
      if (c.kind === 'value') {
        return (engine.valuesOf(c.level, c.key) ?? []).map((value) => {
          const item = new vscode.CompletionItem(value, vscode.CompletionItemKind.EnumMember);
          item.range = range(c.start);
          return item;
        });
      }
      if (c.kind === 'target') {
        const pipeline = c.pipeline === undefined ? undefined : analysis.pipelines[c.pipeline];
        const items = (pipeline?.targets ?? []).map((t) => {
          const item = new vscode.CompletionItem({ label: t.id, description: vscode.l10n.t('in this file') }, vscode.CompletionItemKind.Reference);
          item.range = range(c.start);
          return item;
        });
        if (files.linkOf(d)?.project !== undefined) {
          for (const t of ctx.data.targets(PICKER_PAGE_SIZE).items) {
            if (t.identifier) {
              const item = new vscode.CompletionItem({ label: t.identifier, description: [t.type, t.host].filter(Boolean).join(' ') }, vscode.CompletionItemKind.Reference);
              item.range = range(c.start);
              items.push(item);
            }
          }
        }
        return items;
      }
      return undefined;
    },
  };

  const hover: vscode.HoverProvider = {
    provideHover(d, position) {
      const analysis = ready(d);
      if (!analysis) {
        return undefined;
      }
      const offset = d.offsetAt(position);
      const ref = refAt(analysis, offset);
      const span = (s: { start: number; end: number }) => new vscode.Range(d.positionAt(s.start), d.positionAt(s.end));
      if (ref) {
        const view = files.liveView(d, analysis);
        const v = visibleVariables(analysis, view, ref.pipeline, ref.action).find((x) => x.key === ref.name);
        if (v) {
          return new vscode.Hover(variableMarkdown(v, view.project !== undefined && !v.scope.startsWith('file-')), span(ref.span));
        }
        const predefined = engine.predefinedVariable(ref.name);
        if (predefined !== undefined) {
          const md = new vscode.MarkdownString();
          md.appendText(`$${ref.name} — ${vscode.l10n.t('predefined by the service')}${predefined ? `: ${predefined}` : ''}`);
          return new vscode.Hover(md, span(ref.span));
        }
        return undefined;
      }
      for (const p of analysis.pipelines) {
        for (const a of p.actions) {
          const t = a.targets.find((x) => x.span.start <= offset && offset <= x.span.end);
          if (t) {
            return new vscode.Hover(targetMarkdown(ctx, p.targets, t.id), span(t.span));
          }
        }
      }
      const word = d.getWordRangeAtPosition(position, /[A-Za-z_][\w]*(?=\s*:)/);
      if (word) {
        const key = d.getText(word);
        const c = engine.completionContext(d.getText(), d.offsetAt(word.start), analysis);
        const level: Level = c.kind === 'key' ? c.level : 'pipeline';
        const description = engine.propertiesOf(level)[key]?.description;
        if (description) {
          const md = new vscode.MarkdownString();
          md.appendText(description);
          return new vscode.Hover(md, word);
        }
      }
      return undefined;
    },
  };

  const actions: vscode.CodeActionProvider = {
    provideCodeActions(d, _range, context) {
      const analysis = ready(d);
      const link = files.linkOf(d);
      const project = link?.project;
      if (!analysis || project === undefined) {
        return [];
      }
      const out: vscode.CodeAction[] = [];
      for (const diagnostic of context.diagnostics) {
        const offset = d.offsetAt(diagnostic.range.start);
        if (diagnostic.code === UNDEFINED_VARIABLE) {
          const ref = refAt(analysis, offset);
          const pipeline = ref ? files.servicePipeline(d, ref.pipeline) : undefined;
          if (!ref) {
            continue;
          }
          const action = new vscode.CodeAction(vscode.l10n.t('Create variable {0}…', ref.name), vscode.CodeActionKind.QuickFix);
          action.diagnostics = [diagnostic];
          action.isPreferred = true;
          const item = pipeline ? { project: { name: project, display_name: link?.displayName }, pipeline: { id: pipeline.id, name: pipeline.name ?? String(pipeline.id) }, key: ref.name } : { projectName: project, key: ref.name };
          action.command = { command: Command.CreateVariable, title: action.title, arguments: [item] };
          out.push(action);
        } else if (diagnostic.code === TARGET_REFUSES) {
          const index = analysis.pipelines.findIndex((p) => p.span.start <= offset && offset <= p.span.end);
          const pipeline = files.servicePipeline(d, index);
          const target = d.getText(diagnostic.range).replace(/^["']|["']$/g, '');
          if (!pipeline) {
            continue;
          }
          const action = new vscode.CodeAction(vscode.l10n.t('Allow pipeline on target {0}…', target), vscode.CodeActionKind.QuickFix);
          action.diagnostics = [diagnostic];
          action.command = { command: Command.AllowPipeline, title: action.title, arguments: [{ target, pipeline: { project, id: pipeline.id, name: pipeline.name ?? undefined } }] };
          out.push(action);
        }
      }
      return out;
    },
  };

  const lensChanged = new vscode.EventEmitter<void>();
  const lenses: vscode.CodeLensProvider = {
    onDidChangeCodeLenses: lensChanged.event,
    provideCodeLenses(d) {
      const analysis = ready(d);
      const project = files.linkOf(d)?.project;
      if (!analysis || project === undefined) {
        return [];
      }
      const out: vscode.CodeLens[] = [];
      analysis.pipelines.forEach((p, index) => {
        const service = files.servicePipeline(d, index);
        const at = new vscode.Range(d.positionAt(p.keySpan.start), d.positionAt(p.keySpan.start));
        if (!service) {
          out.push(new vscode.CodeLens(at, { title: vscode.l10n.t('No pipeline {0} in project {1}', p.id, project), command: '' }));
          return;
        }
        out.push(new vscode.CodeLens(at, { title: `$(play) ${vscode.l10n.t('Run')}`, command: Command.RunPipeline, arguments: [{ project, pipeline: service }] }));
        if (service.last_execution_status) {
          out.push(new vscode.CodeLens(at, { title: vscode.l10n.t('Last run: {0}', service.last_execution_status), command: '' }));
        }
        out.push(new vscode.CodeLens(at, { title: vscode.l10n.t('Runs'), command: RUNS_FOCUS }));
        if (service.html_url) {
          out.push(new vscode.CodeLens(at, { title: vscode.l10n.t('Open in Browser'), command: Command.OpenInBrowser, arguments: [{ html_url: service.html_url }] }));
        }
        out.push(new vscode.CodeLens(at, { title: vscode.l10n.t('Compare with the service'), command: PipelineCommand.Compare, arguments: [d.uri, index] }));
        // Only where the service keeps the definition: one kept in Git has Git as its source.
        if (service.definition_source !== 'REMOTE') {
          out.push(new vscode.CodeLens(at, { title: vscode.l10n.t('Update the service from this file…'), command: PipelineCommand.Update, arguments: [d.uri, index] }));
        }
      });
      return out;
    },
  };

  return [
    lensChanged,
    ctx.data.onDidChange(() => lensChanged.fire()),
    vscode.languages.registerCompletionItemProvider(selector, completion, '$', '{'),
    vscode.languages.registerHoverProvider(selector, hover),
    vscode.languages.registerCodeActionsProvider(selector, actions, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
    vscode.languages.registerCodeLensProvider(selector, lenses),
  ];
}

function targetMarkdown(ctx: FeatureContext, inline: readonly { id: string; type?: string; host?: string; authMethod?: string }[], id: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  const own = inline.find((t) => t.id === id);
  if (own) {
    md.appendText(vscode.l10n.t('Target {0} (in this file): {1} {2}, login {3}', id, own.type ?? '', own.host ?? '', own.authMethod ?? '—'));
    return md;
  }
  const summary = ctx.data.targets(PICKER_PAGE_SIZE).items.find((t) => t.identifier === id);
  if (!summary) {
    md.appendText(vscode.l10n.t('Target {0}: not among the workspace\u2019s targets read so far.', id));
    return md;
  }
  const full = typeof summary.id === 'string' ? ctx.data.knownTarget(summary.id) : undefined;
  const auth = (full?.auth ?? summary.auth) as { method?: unknown } | null | undefined;
  md.appendText(vscode.l10n.t('Target {0}: {1} {2}, login {3}', id, summary.type ?? '', [summary.host, summary.port].filter(Boolean).join(':'), typeof auth?.method === 'string' ? auth.method : '—'));
  if (full) {
    const all = full.all_pipelines_allowed === true || full.pipelines_access_level === 'ALLOWED';
    md.appendMarkdown('\n\n');
    md.appendText(
      all
        ? vscode.l10n.t('Every pipeline may deploy to it.')
        : vscode.l10n.t('Pipelines allowed: {0}', (full.allowed_pipelines ?? []).map((p) => p.name ?? String(p.id)).join(', ') || vscode.l10n.t('none')),
    );
  }
  return md;
}
