// One job: the life of an open log document (opened, read, told to the editor, painted, polled, closed); its parts are in the files it names.
// The log documents: a read-only file per action execution (scheme `wa-run-log:`, read by the
// editor through logFiles.ts), its content from a RunLog, its ANSI styles painted where the editor
// shows them (logPainter.ts), grown while the action runs. Growth is told as a change of the file,
// coalesced (tellingPace.ts: the first reading once when it ends within a second, then less often
// as the log grows) because each telling has the editor read the whole file.
// The editor follows the end unless the user scrolled up. Polling goes through a PollScheduler,
// watched only while the document is visible (the scheduler adds the focus); while it is, the run
// is polled too (RunTracker: one request shared with the Runs view and a follow), and the action's
// status and times come from the run's answer instead of a request of their own. A log is read
// only while the session is where it was opened (address and workspace): another account's client
// never reads it, and a read under way is cancelled when the session moves.
import * as vscode from 'vscode';
import { UnauthorizedError, type ApiClient } from '../../../api';
import type { FeatureContext } from '../../../services';
import { errorForLog } from '../../../ui/errorMessages';
import { formatCount } from '../../../ui/localeFormat';
import type { PollScheduler } from '../../../workspace/pollSchedule';
import type { ExecutionRef } from '../../../workspace/runData';
import { sessionPlace } from '../../../workspace/sessionPlace';
import { EndFollowing } from './logFollowing';
import { LogPainter } from './logPainter';
import type { LogFile, LogFiles } from './logFiles';
import { refOfUri, RUN_LOG_SCHEME } from './logUri';
import { RunLog } from './runLog';
import { RunAnswers } from '../runAnswers';
import { FIRST_READ_MS, tellingDelay } from './tellingPace';

interface OpenLog {
  readonly log: RunLog;
  readonly run: ExecutionRef;
  /** The session's address and workspace when it opened: read only while the session is there. */
  readonly place: string;
  /** Aborted when the session moves away or the log closes: its reads under way end. */
  reads: AbortController;
  watch?: vscode.Disposable;
  /** The run polled while the log is (its answer says the action's status). */
  runWatch?: vscode.Disposable;
  /** When runWatch began: the run's answers since are current. */
  runWatchedSince?: number;
  flushTimer?: ReturnType<typeof setTimeout>;
  /** When flushTimer fires. */
  flushAt?: number;
  readonly openedAt: number;
  /** The first reading is under way. */
  readingFirst: boolean;
  /** The text changed since the editor last asked for it. */
  dirty: boolean;
  lastFlush: number;
  /** When the last change was told, until the editor has taken it. */
  toldAt?: number;
  /** How long the editor took to take the last change. */
  takeMs: number;
  /** The log's lines when the editor last took the text, or was told of it. */
  linesTold: number;
  /** Changes told (the tests). */
  tellings: number;
  /** The file's modification time: later at each change (the editor reads a file again when its time or size differ). */
  mtime: number;
  readonly uri: vscode.Uri;
  /** The first reading (header and every line there is). */
  first?: Promise<void>;
  /** Requests this log sent (the bench and the tests read it). */
  requests: number;
  /** While a long first reading shows its progress: told the lines read. */
  progress?: (lines: number) => void;
}

/** What the tests see of an open log. */
export interface RunLogState {
  readonly lines: number;
  readonly headerLines: number;
  readonly done: boolean;
  readonly status: string | undefined;
  readonly requests: number;
  readonly styledRanges: number;
  /** Our copy of the lines' text was let go (the document holds the finished log whole). */
  readonly released: boolean;
  readonly watched: boolean;
  /** Changes told to the editor since the document opened. */
  readonly tellings: number;
}

export class RunLogDocuments implements LogFiles, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  /** A log's content changed: the editor is to read it again. */
  readonly onDidChange = this.changes.event;
  private readonly logs = new Map<string, OpenLog>();
  private readonly painter = new LogPainter();
  private readonly following = new EndFollowing();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly runAnswers: RunAnswers;

  constructor(
    private readonly services: FeatureContext,
    private readonly scheduler: PollScheduler,
  ) {
    this.runAnswers = new RunAnswers(services.data, services.runs);
    this.disposables.push(
      this.changes,
      vscode.workspace.onDidCloseTextDocument((doc) => doc.uri.scheme === RUN_LOG_SCHEME && this.close(doc.uri)),
      vscode.workspace.onDidChangeTextDocument((e) => e.document.uri.scheme === RUN_LOG_SCHEME && this.changed(e.document)),
      vscode.workspace.onDidOpenTextDocument((doc) => doc.uri.scheme === RUN_LOG_SCHEME && this.releaseTaken(doc)),
      vscode.window.onDidChangeVisibleTextEditors(() => {
        this.arrangeWatches();
        this.paintVisible();
      }),
      vscode.window.onDidChangeTextEditorVisibleRanges((e) => {
        const open = e.textEditor.document.uri.scheme === RUN_LOG_SCHEME ? this.logs.get(e.textEditor.document.uri.toString()) : undefined;
        if (open) {
          this.painter.paint(e.textEditor, open.log);
        }
      }),
      services.session.onDidChange(() => this.sessionMoved()),
      this.runAnswers,
    );
  }

  /** The log at the address (opened now when needed), its first reading awaited up to FIRST_READ_MS after it opened; undefined when it names none. */
  async file(uri: vscode.Uri): Promise<LogFile | undefined> {
    const open = this.open(uri);
    if (!open) {
      return undefined;
    }
    if (open.readingFirst) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([open.first, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, open.openedAt + FIRST_READ_MS - Date.now()))))]);
      clearTimeout(timer);
    }
    return {
      ctime: open.openedAt,
      mtime: open.mtime,
      size: open.log.byteLength,
      read: () => {
        open.dirty = false;
        open.linesTold = open.log.lineCount;
        // Released: the editor's document has it all (read again by a Revert, say).
        return open.log.bytes() ?? Buffer.from(vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.getText() ?? '', 'utf8');
      },
    };
  }

  /**
   * Starts reading a log the editor is about to open: its pages come while the editor opens the
   * tab and asks for the file. `opened` settles when the editor has opened it or failed to: a log
   * it did not open is let go (no document will close it).
   */
  readAhead(uri: vscode.Uri, opened: Thenable<unknown>): void {
    if (!this.open(uri)) {
      return;
    }
    const notOpened = (): void => {
      if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) {
        this.close(uri);
      }
    };
    opened.then(() => undefined, notOpened);
  }

  /** The state of an open log (for the tests and the bench). */
  state(uri: vscode.Uri): RunLogState | undefined {
    const open = this.logs.get(uri.toString());
    return open && {
      lines: open.log.lineCount,
      headerLines: open.log.headerLines,
      done: open.log.done,
      status: open.log.status,
      requests: open.requests,
      styledRanges: open.log.styledRangeCount,
      released: open.log.isReleased,
      watched: open.watch !== undefined,
      tellings: open.tellings,
    };
  }

  /** Reads an open log now (a person asked; the tests, after advancing the emulator's clock); resolves when read. */
  async refresh(uri: vscode.Uri): Promise<void> {
    const open = this.logs.get(uri.toString());
    if (!open) {
      return;
    }
    await open.first;
    if (open.watch) {
      await this.scheduler.refresh(`log:${uri.toString()}`);
    } else if (!open.log.done) {
      await open.log.update().catch((error: unknown) => this.services.log.warn(`Run log: ${errorForLog(error)}`));
      this.arrangeWatches();
    }
  }

  /** Resolves once an open log's first reading is done (the tests). */
  async whenRead(uri: vscode.Uri): Promise<void> {
    await this.logs.get(uri.toString())?.first;
  }

  dispose(): void {
    for (const key of [...this.logs.keys()]) {
      this.close(vscode.Uri.parse(key));
    }
    this.painter.dispose();
    this.disposables.forEach((d) => d.dispose());
  }

  private open(uri: vscode.Uri): OpenLog | undefined {
    const key = uri.toString();
    const known = this.logs.get(key);
    if (known) {
      return known;
    }
    const ref = refOfUri(uri);
    const place = sessionPlace(this.services.session);
    if (!ref || !place) {
      return undefined;
    }
    const clientHere = (): ApiClient => {
      const client = this.services.session.client;
      if (!client || !this.inPlace(open)) {
        throw new UnauthorizedError(vscode.l10n.t('Signed out, or another account or workspace is in use: this log is not read.'));
      }
      return client;
    };
    const counted = <T>(request: Promise<T>): Promise<T> => {
      open.requests++;
      return request;
    };
    const run: ExecutionRef = { workspace: ref.workspace, project: ref.project, pipelineId: ref.pipelineId, executionId: ref.executionId };
    const log: RunLog = new RunLog({
      ref,
      language: vscode.env.language,
      fetchAction: async () => {
        if (open.runWatchedSince !== undefined && !this.runAnswers.readSince(run, open.runWatchedSince)) {
          // Its first reading since the log is polled (joined when one is under way).
          await this.services.runs.refresh(run);
        }
        return (
          this.runAnswers.action(run, ref.actionExecutionId, open.runWatchedSince) ??
          counted(clientHere().getActionExecution(ref.workspace, ref.project, ref.pipelineId, ref.executionId, ref.actionExecutionId, { signal: open.reads.signal }))
        );
      },
      fetchPage: async (offset, limit) => {
        const page = await counted(clientHere().getLogs(ref.workspace, ref.project, ref.pipelineId, ref.executionId, ref.actionExecutionId, { offset, limit }, { signal: open.reads.signal }));
        return { lines: page.logs, total: page.total_element_count ?? undefined };
      },
      changed: () => {
        open.dirty = true;
        open.mtime = Math.max(Date.now(), open.mtime + 1);
        open.progress?.(open.log.lineCount);
        this.scheduleFlush(uri);
      },
    });
    const openedAt = Date.now();
    const open: OpenLog = { log, run, uri, place, reads: new AbortController(), openedAt, mtime: openedAt, readingFirst: true, dirty: false, lastFlush: 0, takeMs: 0, linesTold: 0, tellings: 0, requests: 0 };
    this.logs.set(key, open);
    // A first reading past its first telling says how far it got (the document is told less often).
    const slow = setTimeout(() => this.showProgress(open), FIRST_READ_MS);
    open.first = log
      .update()
      .then(
        () => undefined,
        (error: unknown) => this.services.log.warn(`Run log ${ref.project}/${ref.pipelineId}/${ref.executionId}/${ref.actionExecutionId}: ${errorForLog(error)}`),
      )
      .then(() => {
        // What was read is told now (not at the end of the first reading's wait).
        clearTimeout(slow);
        open.readingFirst = false;
        clearTimeout(open.flushTimer);
        open.flushTimer = undefined;
        open.flushAt = undefined;
        this.scheduleFlush(uri, true);
        this.arrangeWatches();
      });
    return open;
  }

  /** A first reading still under way: its progress in the status bar, the lines read so far. */
  private showProgress(open: OpenLog): void {
    const first = open.first;
    if (!open.readingFirst || !first) {
      return;
    }
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading a run log') }, (progress) => {
      open.progress = (lines) => progress.report({ message: vscode.l10n.t('{0} lines', formatCount(lines, vscode.env.language)) });
      open.progress(open.log.lineCount);
      return first.finally(() => (open.progress = undefined));
    });
  }

  private close(uri: vscode.Uri): void {
    const key = uri.toString();
    const open = this.logs.get(key);
    if (open) {
      this.logs.delete(key);
      open.watch?.dispose();
      open.runWatch?.dispose();
      open.reads.abort();
      clearTimeout(open.flushTimer);
      open.log.dispose();
    }
  }

  /** The session is where the log was opened. */
  private inPlace(open: OpenLog): boolean {
    return sessionPlace(this.services.session) === open.place;
  }

  /** Signed out, another account or workspace: the logs opened elsewhere stop, their reads under way too; back there, they go on. */
  private sessionMoved(): void {
    for (const open of this.logs.values()) {
      if (!this.inPlace(open)) {
        open.reads.abort();
        open.reads = new AbortController();
      }
    }
    this.arrangeWatches();
  }

  /** Polls the logs that are shown and still running, where they were opened; a hidden or finished one is not asked. */
  private arrangeWatches(): void {
    const visible = new Set(vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()));
    for (const [key, open] of this.logs) {
      const wanted = visible.has(key) && !open.log.done && this.inPlace(open);
      if (wanted && open.watch === undefined) {
        open.runWatchedSince = Date.now();
        open.runWatch = this.services.runs.show(open.run, this.services.data.knownExecution(open.run)?.status ?? undefined);
        open.watch = this.scheduler.watch(`log:${key}`, {
          status: `${open.log.status ?? ''}|${open.log.lineCount}`,
          poll: async () => {
            const result = await open.log.update();
            if (result.done) {
              // Disposed once this poll has returned (the scheduler stops on `done` itself).
              queueMicrotask(() => this.arrangeWatches());
            }
            return result;
          },
        });
      } else if (!wanted && open.watch !== undefined) {
        open.watch.dispose();
        open.watch = undefined;
        open.runWatch?.dispose();
        open.runWatch = undefined;
        open.runWatchedSince = undefined;
      }
    }
  }

  private scheduleFlush(uri: vscode.Uri, firstReadingEnded = false): void {
    const open = this.logs.get(uri.toString());
    if (!open) {
      return;
    }
    const now = Date.now();
    const wait = tellingDelay({
      now,
      openedAt: open.openedAt,
      firstReading: open.readingFirst,
      lastTold: open.lastFlush,
      takeMs: open.takeMs,
      lines: open.log.lineCount,
      linesTold: open.linesTold,
      reading: open.log.reading,
      firstReadingEnded,
    });
    // A telling already due sooner stands; a reading that ended (or a doubled text) brings a later one forward.
    if (wait === undefined || (open.flushAt !== undefined && open.flushAt <= now + wait)) {
      return;
    }
    clearTimeout(open.flushTimer);
    open.flushAt = now + wait;
    open.flushTimer = setTimeout(() => {
      open.flushTimer = undefined;
      open.flushAt = undefined;
      if (!open.dirty) {
        return; // the editor has the text as it is (it asked meanwhile)
      }
      open.lastFlush = Date.now();
      open.toldAt = open.lastFlush;
      open.linesTold = open.log.lineCount;
      open.tellings++;
      this.following.noteBefore(uri);
      this.changes.fire(open.uri);
    }, wait);
  }

  /** The text grew: paint it, and keep the editors that showed the end at the end. */
  private changed(doc: vscode.TextDocument): void {
    const open = this.logs.get(doc.uri.toString());
    if (!open) {
      return;
    }
    if (open.toldAt !== undefined) {
      open.takeMs = Date.now() - open.toldAt;
      open.toldAt = undefined;
    }
    this.following.grown(doc, (editor) => this.painter.paint(editor, open.log));
    this.releaseTaken(doc);
  }

  /** A finished log the document holds whole: our copy of its text goes (the editor's is the one kept). */
  private releaseTaken(doc: vscode.TextDocument): void {
    const open = this.logs.get(doc.uri.toString());
    if (open && open.log.done && !open.log.reading && !open.dirty && doc.lineCount === open.log.headerLines + open.log.lineCount + 1) {
      open.log.release();
    }
  }


  /** Paints an editor of a log (also when it is shown again). */
  paintVisible(): void {
    for (const editor of vscode.window.visibleTextEditors) {
      const open = this.logs.get(editor.document.uri.toString());
      if (open) {
        this.painter.paint(editor, open.log);
      }
    }
  }
}
