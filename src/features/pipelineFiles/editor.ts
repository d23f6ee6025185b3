// One job: the editor side of pipeline files — which open documents are pipeline files, loading
// the reading bundle (dist/pipelineFiles.js) when the first one opens, the file's project and
// pipelines from the data home, and the diagnostics (schema problems, variables defined nowhere,
// targets that refuse the pipeline). Data is read on open, on save and when the session changes,
// never while typing: a keystroke only reads the text again and what the data home already holds.
import * as vscode from 'vscode';
import type { Pipeline, Variable } from '../../api';
import { mayPipelineUse } from '../../api/targetAccess';
import { readGitRemotes } from '../../gitRemote';
import type { FeatureContext } from '../../services';
import { sameRepository } from '../../workspace/repoAddress';
import { MAX_PICKER_PAGES, PICKER_PAGE_SIZE } from '../../workspace/workspaceData';
import type * as Engine from './engine';
import { isPipelineFile } from './files';
import { refusedTargets, undefinedReferences, type KnownTarget, type LiveView, type PipelineView, type ScopeList, matchPipeline } from './live';
import { problemMessage } from './messages';

export type EngineModule = typeof Engine;

/** Diagnostic codes our quick fixes act on. */
export const UNDEFINED_VARIABLE = 'undefined-variable';
export const TARGET_REFUSES = 'target-refuses-pipeline';

/** Milliseconds between a change and its diagnostics (one analysis for a burst of keystrokes). */
const SETTLE_MS = 40;

interface FileLink {
  /** The project's name, when the file's folder is the project's (else the schema's help only). */
  readonly project: string | undefined;
  readonly displayName?: string;
}

export class PipelineFiles implements vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection('workspaceAutomation.pipelineFiles');
  private engine: Promise<EngineModule> | undefined;
  private loaded: EngineModule | undefined;
  private readonly disposables: vscode.Disposable[] = [this.diagnostics];
  private readonly links = new Map<string, Promise<FileLink>>();
  private readonly resolved = new Map<string, FileLink>();
  private readonly analyses = new Map<string, { version: number; analysis: Engine.Analysis }>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly started = new vscode.EventEmitter<EngineModule>();
  /** Fires once, with the reading bundle, when the first pipeline file opens. */
  readonly onDidStart = this.started.event;

  constructor(private readonly ctx: FeatureContext) {
    this.disposables.push(
      this.started,
      vscode.workspace.onDidOpenTextDocument((d) => this.opened(d)),
      vscode.workspace.onDidCloseTextDocument((d) => this.closed(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.changed(e.document)),
      vscode.workspace.onDidSaveTextDocument((d) => this.isPipelineDocument(d) && void this.readData(d)),
      ctx.session.onDidChange(() => this.sessionChanged()),
      // The file's project is the current project's: another choice maps the files again.
      ctx.selection.project.onDidChangeCurrentProject(() => this.sessionChanged()),
      ctx.data.onDidChange(() => this.refreshAll()),
      // A file shown again (its tab opened) reads what it needs; the data home answers from its cache.
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        for (const e of editors) {
          if (this.loaded && this.isPipelineDocument(e.document)) {
            void this.readData(e.document);
          }
        }
      }),
      // A write (Create Variable, Allow Pipeline…) made a list the files see stale: read it again,
      // so that the file keeps every scope whole (the warning goes, and later ones still come).
      ctx.data.onDidInvalidate(() => this.readAllSoon()),
    );
    for (const d of vscode.workspace.textDocuments) {
      this.opened(d);
    }
  }

  dispose(): void {
    for (const t of this.timers.values()) {
      clearTimeout(t);
    }
    vscode.Disposable.from(...this.disposables).dispose();
  }

  /** Whether the document is a pipeline file of one of the open folders. */
  isPipelineDocument(d: vscode.TextDocument): boolean {
    if (d.uri.scheme !== 'file' && d.uri.scheme !== 'vscode-remote' && d.uri.scheme !== 'untitled') {
      return false;
    }
    const folder = vscode.workspace.getWorkspaceFolder(d.uri);
    return folder !== undefined && isPipelineFile(d.uri.path, folder.uri.path);
  }

  /** The reading bundle, loaded once (dist/pipelineFiles.js). */
  load(): Promise<EngineModule> {
    this.engine ??= import('./engine/index.js').then((m) => {
      this.loaded = m;
      this.started.fire(m);
      return m;
    });
    return this.engine;
  }

  /** The analysis of the document's text now (kept per version). */
  analysis(d: vscode.TextDocument): Engine.Analysis | undefined {
    if (!this.loaded) {
      return undefined;
    }
    const key = d.uri.toString();
    const kept = this.analyses.get(key);
    if (kept?.version === d.version) {
      return kept.analysis;
    }
    const analysis = this.loaded.analyze(d.getText());
    this.analyses.set(key, { version: d.version, analysis });
    return analysis;
  }

  /** The file's project, when known (no request: undefined until resolved). */
  linkOf(d: vscode.TextDocument): FileLink | undefined {
    return this.resolved.get(d.uri.toString());
  }

  private opened(d: vscode.TextDocument): void {
    if (!this.isPipelineDocument(d)) {
      return;
    }
    void this.load().then(() => {
      this.refresh(d);
      if (shownInTab(d)) {
        void this.readData(d);
      }
    });
  }

  private closed(d: vscode.TextDocument): void {
    const key = d.uri.toString();
    this.analyses.delete(key);
    this.links.delete(key);
    this.resolved.delete(key);
    this.diagnostics.delete(d.uri);
  }

  private changed(d: vscode.TextDocument): void {
    if (!this.loaded || !this.isPipelineDocument(d)) {
      return;
    }
    const key = d.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.refresh(d);
      }, SETTLE_MS),
    );
  }

  /** The session or the current project changed: each file's project is resolved again. */
  private sessionChanged(): void {
    this.links.clear();
    this.resolved.clear();
    for (const d of vscode.workspace.textDocuments) {
      if (this.loaded && this.isPipelineDocument(d)) {
        this.refresh(d);
        if (shownInTab(d)) {
          void this.readData(d);
        }
      }
    }
  }

  private refreshAll(): void {
    // Data arrives a page at a time: one pass for a burst.
    this.onceSettled('*', (d) => this.refresh(d));
  }

  private readAllSoon(): void {
    this.onceSettled('read', (d) => {
      if (shownInTab(d)) {
        void this.readData(d);
      }
    });
  }

  /** `work` on each open pipeline document, SETTLE_MS after the first call of a burst (`key`: one pass pending per kind). */
  private onceSettled(key: string, work: (d: vscode.TextDocument) => void): void {
    if (!this.loaded || this.timers.has(key)) {
      return;
    }
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        for (const d of vscode.workspace.textDocuments) {
          if (this.isPipelineDocument(d)) {
            work(d);
          }
        }
      }, SETTLE_MS),
    );
  }

  /** The folder's project: the current project when the folder's git remote is its repository (or, without a remote, the one folder open). */
  private link(d: vscode.TextDocument): Promise<FileLink> {
    const key = d.uri.toString();
    let link = this.links.get(key);
    if (!link) {
      link = this.resolveLink(d).then(
        (l) => {
          this.resolved.set(key, l);
          return l;
        },
        (e: unknown) => {
          this.ctx.log.info(`Pipeline file ${d.uri.path}: its project is not known (${e instanceof Error ? e.message : String(e)}).`);
          const none = { project: undefined };
          this.resolved.set(key, none);
          return none;
        },
      );
      this.links.set(key, link);
    }
    return link;
  }

  private async resolveLink(d: vscode.TextDocument): Promise<FileLink> {
    const current = this.ctx.selection.project.currentProject;
    const folder = vscode.workspace.getWorkspaceFolder(d.uri);
    if (!current || !folder || !this.ctx.session.signedIn || this.ctx.session.workspace === undefined) {
      return { project: undefined };
    }
    const remotes = folder.uri.scheme === 'file' || folder.uri.scheme === 'vscode-remote' ? await readGitRemotes(folder.uri) : [];
    if (remotes.length === 0) {
      const folders = vscode.workspace.workspaceFolders ?? [];
      return folders.length === 1 ? { project: current.name, displayName: current.displayName } : { project: undefined };
    }
    const full = await this.ctx.data.project(current.name);
    return remotes.some((r) => sameRepository(r, full.http_repository) || sameRepository(r, full.ssh_repository))
      ? { project: current.name, displayName: current.displayName }
      : { project: undefined };
  }

  /**
   * Reads what the file needs into the data home: the project's pipelines, the variables of each
   * scope the file's places see, the actions of its pipelines, the targets its actions name. A
   * list already whole there costs no request.
   */
  async readData(d: vscode.TextDocument): Promise<void> {
    if (this.ctx.session.state !== 'ready') {
      return;
    }
    const { project } = await this.link(d);
    const analysis = this.analysis(d);
    if (project === undefined || !analysis) {
      this.refresh(d);
      return;
    }
    const data = this.ctx.data;
    const bounded = { maxPages: MAX_PICKER_PAGES };
    try {
      const [pipelines] = await Promise.all([data.every(data.pipelines(project, PICKER_PAGE_SIZE), bounded), data.every(data.variables({}), bounded), data.every(data.variables({ projectName: project }), bounded)]);
      const reads: Promise<unknown>[] = [];
      for (const p of analysis.pipelines) {
        const service = matchPipeline(p, pipelines.items);
        if (!service) {
          continue;
        }
        reads.push(data.every(data.variables({ pipelineId: service.id }), bounded));
        if (p.actions.length > 0) {
          reads.push(
            data.every(data.actions(project, service.id, PICKER_PAGE_SIZE), bounded).then((actions) =>
              Promise.all(
                p.actions.map((a) => {
                  const match = actions.items.find((x) => x.name === a.name);
                  return match ? data.every(data.variables({ actionId: match.id }), bounded) : undefined;
                }),
              ),
            ),
          );
        }
      }
      const named = new Set(analysis.pipelines.flatMap((p) => p.actions.flatMap((a) => a.targets.map((t) => t.id))));
      if (named.size > 0) {
        reads.push(
          data.every(data.targets(PICKER_PAGE_SIZE), bounded).then((targets) =>
            Promise.all(targets.items.filter((t) => t.identifier && named.has(t.identifier) && typeof t.id === 'string').map((t) => data.target(t.id as string))),
          ),
        );
      }
      await Promise.all(reads);
    } catch (e) {
      this.ctx.log.info(`Pipeline file ${d.uri.path}: the service's data was not read whole (${e instanceof Error ? e.message : String(e)}); no diagnostic depends on it.`);
    }
    this.refresh(d);
  }

  private scope(filter: Parameters<FeatureContext['data']['variables']>[0]): ScopeList | undefined {
    const list = this.ctx.data.variables(filter);
    return list.started || list.complete ? { items: list.items.map(seen), complete: list.complete } : undefined;
  }

  /** What the data home holds for the document now (no request). */
  liveView(d: vscode.TextDocument, analysis: Engine.Analysis): LiveView {
    const signedIn = this.ctx.session.signedIn && this.ctx.session.state === 'ready';
    const project = signedIn ? this.linkOf(d)?.project : undefined;
    if (project === undefined) {
      return { signedIn, project: undefined, workspace: undefined, projectScope: undefined, pipelines: [] };
    }
    const data = this.ctx.data;
    const pipelines = data.pipelines(project, PICKER_PAGE_SIZE).items;
    return {
      signedIn,
      project,
      workspace: this.scope({}),
      projectScope: this.scope({ projectName: project }),
      pipelines: analysis.pipelines.map((p): PipelineView | undefined => {
        const service = matchPipeline(p, pipelines);
        if (!service) {
          return undefined;
        }
        const actionList = data.actions(project, service.id, PICKER_PAGE_SIZE);
        return {
          pipeline: service,
          scope: this.scope({ pipelineId: service.id }),
          actions: new Map(p.actions.map((a, i) => [i, actionList.items.find((x) => x.name === a.name)?.id])),
          actionsComplete: actionList.complete,
          actionScope: (actionId) => this.scope({ actionId }),
        };
      }),
    };
  }

  /** The service's pipeline of the file's pipeline at `index`, when known. */
  servicePipeline(d: vscode.TextDocument, index: number): Pipeline | undefined {
    const project = this.linkOf(d)?.project;
    const analysis = this.analysis(d);
    if (project === undefined || !analysis?.pipelines[index]) {
      return undefined;
    }
    return matchPipeline(analysis.pipelines[index], this.ctx.data.pipelines(project, PICKER_PAGE_SIZE).items) as Pipeline | undefined;
  }

  /** A workspace target by identifier, with whether it lets a pipeline deploy (known only once the full target was read). */
  knownTarget(identifier: string): KnownTarget | undefined {
    const summary = this.ctx.data.targets(PICKER_PAGE_SIZE).items.find((t) => t.identifier === identifier);
    if (!summary || typeof summary.id !== 'string') {
      return undefined;
    }
    const full = this.ctx.data.knownTarget(summary.id);
    return { identifier, allows: (pipelineId) => (full ? mayPipelineUse(full, pipelineId) : undefined) };
  }

  private refresh(d: vscode.TextDocument): void {
    const engine = this.loaded;
    const analysis = this.analysis(d);
    if (!engine || !analysis || d.isClosed) {
      return;
    }
    const range = (start: number, end: number): vscode.Range => new vscode.Range(d.positionAt(start), d.positionAt(end));
    const out: vscode.Diagnostic[] = analysis.problems.map((p) => {
      const diagnostic = new vscode.Diagnostic(
        range(p.span.start, p.span.end),
        problemMessage(p),
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : p.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information,
      );
      diagnostic.source = 'Workspace Automation';
      diagnostic.code = p.code;
      return diagnostic;
    });
    const view = this.liveView(d, analysis);
    for (const u of undefinedReferences(analysis, view, engine.predefinedVariable)) {
      const message =
        u.severity === 'hint'
          ? vscode.l10n.t('{0} is defined in no scope of the service nor in this file; the shell may set it.', u.ref.name)
          : vscode.l10n.t('{0} is defined nowhere: not in this file, nor in the action, pipeline, project or workspace variables.', u.ref.name);
      const diagnostic = new vscode.Diagnostic(range(u.ref.span.start, u.ref.span.end), message, u.severity === 'hint' ? vscode.DiagnosticSeverity.Hint : vscode.DiagnosticSeverity.Warning);
      diagnostic.source = 'Workspace Automation';
      diagnostic.code = UNDEFINED_VARIABLE;
      out.push(diagnostic);
    }
    for (const r of refusedTargets(analysis, view, (id) => this.knownTarget(id))) {
      const pipelineName = view.pipelines[r.pipeline]?.pipeline.name ?? analysis.pipelines[r.pipeline]?.id ?? '';
      const diagnostic = new vscode.Diagnostic(
        range(r.start, r.end),
        vscode.l10n.t('Target {0} does not allow pipeline {1}: a run would fail with error 2678004.', r.target, pipelineName),
        vscode.DiagnosticSeverity.Warning,
      );
      diagnostic.source = 'Workspace Automation';
      diagnostic.code = TARGET_REFUSES;
      out.push(diagnostic);
    }
    this.diagnostics.set(d.uri, out);
  }
}

function seen(v: Variable): { key: string; value: string; encrypted: boolean; description?: string } {
  return { key: v.key, value: v.value ?? '', encrypted: v.encrypted === true, ...(typeof v.description === 'string' && v.description !== '' ? { description: v.description } : {}) };
}

/**
 * True when the document is open in a tab: the service is read only for files the person has open
 * (the rate budget). The editor keeps a closed file's document loaded for minutes, and other
 * extensions load documents without showing them.
 */
function shownInTab(d: vscode.TextDocument): boolean {
  const uri = d.uri.toString();
  return vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri));
}
