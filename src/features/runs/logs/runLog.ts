// One action execution's log as a document's content: a header (logModel.ts's logHeader, one fact a
// line, then a blank line) and the log's lines, read page by page by a LogModel and kept as the
// UTF-8 bytes of the chunks it appended (what the editor reads: no string of the whole text is
// made), with their ANSI ranges numbered from the log's first line (the header's length changes as
// the action runs: ranges are placed under it when they are painted). No editor: the page reader,
// the action's reader and the change listener come in.
import * as l10n from '@vscode/l10n';
import type { ActionExecution } from '../../../api';
import { actionExecutionName, isFinished, parseApiDate } from '../../../api';

import { logHeader, LogModel, type FetchLogPage, type LogRange } from './logModel';
import { RangeStore, type StyledRanges } from './styledRanges';

export interface RunLogRef {
  readonly workspace: string;
  readonly project: string;
  readonly pipelineId: number;
  readonly executionId: number;
  readonly actionExecutionId: string;
}

export interface RunLogOptions {
  readonly ref: RunLogRef;
  readonly fetchPage: FetchLogPage;
  readonly fetchAction: () => Promise<ActionExecution>;
  /** Told after text was appended or the header changed (the document shows it). */
  readonly changed: () => void;
  readonly language?: string;
  readonly now?: () => Date;
}

export type { StyledRanges };

/** An action that has not started has no lines yet: its log is not asked for. */
const NOT_STARTED = new Set(['INITIAL', 'ENQUEUED']);

export class RunLog {
  private readonly model: LogModel;
  /** The lines read, as UTF-8, a chunk a page; none once released. */
  private readonly chunks: Buffer[] = [];
  private bodyBytes = 0;
  private released = false;
  private readonly styled = new RangeStore();
  private action: ActionExecution | undefined;
  private header: string[];
  private lastStatus: string | undefined;
  private finished = false;
  private updating = false;
  /** Why the last read failed, shown in the header until one succeeds. */
  private problem: string | undefined;

  constructor(private readonly options: RunLogOptions) {
    this.header = [l10n.t('Action execution {0}', options.ref.actionExecutionId), l10n.t('Loading…')];
    this.model = new LogModel({ fetchPage: options.fetchPage, append: (chunk) => this.append(chunk.text, chunk.ranges), language: options.language });
  }

  /** The document's content now, UTF-8: the header, a blank line, the lines (one copy, handed to the editor); undefined once released. */
  bytes(): Uint8Array | undefined {
    if (this.released) {
      return undefined;
    }
    const header = Buffer.from(this.headerText(), 'utf8');
    return Buffer.concat([header, ...this.chunks], header.length + this.bodyBytes);
  }

  /** The content as text (the tests). */
  text(): string {
    return new TextDecoder().decode(this.bytes());
  }

  /**
   * Forgets the lines' bytes: the editor holds the finished log whole and nothing more will come
   * (the caller knows). The counts, the header and the styles stay; bytes() then gives nothing.
   */
  release(): void {
    if (this.finished && !this.updating) {
      this.released = true;
      this.chunks.length = 0;
    }
  }

  /** The lines' bytes were released (release()). */
  get isReleased(): boolean {
    return this.released;
  }

  /** The content's size in bytes now. */
  get byteLength(): number {
    return Buffer.byteLength(this.headerText(), 'utf8') + this.bodyBytes;
  }

  /** The header's lines and the blank line under it. */
  private headerText(): string {
    return `${this.header.join('\n')}\n\n`;
  }

  /** Lines above the log's first line (the header and its blank line). */
  get headerLines(): number {
    return this.header.length + 1;
  }

  get lineCount(): number {
    return this.model.lineCount;
  }

  /** The action finished and its whole log was read: nothing more will come. */
  get done(): boolean {
    return this.finished;
  }

  get status(): string | undefined {
    return this.lastStatus;
  }

  /** A reading is under way: the lines told now are not all there are (more pages may follow). */
  get reading(): boolean {
    return this.updating;
  }

  /**
   * Each style of the log's text that has ranges on the log's lines [from, to), with them (the
   * editor side paints what is in view); a style with none there is left out.
   */
  stylesIn(from: number, to: number): Iterable<StyledRanges> {
    return this.styled.in(from, to);
  }

  get styledRangeCount(): number {
    return this.styled.count;
  }

  /** Reads the action's status, then the lines beyond those read; resolves what the poll scheduler takes. */
  async update(): Promise<{ status: string | undefined; done: boolean }> {
    this.updating = true;
    try {
      this.action = await this.options.fetchAction();
      this.lastStatus = this.action.status ?? undefined;
      // The header first: the lines then only grow below it, and the editor takes each change as
      // the lines appended (a header that changed at the end would make it take the whole text).
      this.refreshHeader();
      const finishedBefore = isFinished(this.lastStatus);
      // Read after the status: a finished action's log is then whole.
      let more = !NOT_STARTED.has(String(this.lastStatus ?? '').trim().toUpperCase());
      for (let rounds = 0; more && rounds < 1000; rounds++) {
        more = (await this.model.catchUp()).more;
      }
      this.problem = undefined;
      this.finished = finishedBefore;
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
      this.updating = false;
      this.refreshHeader();
      this.options.changed();
      throw error;
    }
    this.updating = false;
    this.refreshHeader();
    this.options.changed();
    return { status: `${this.lastStatus ?? ''}|${this.model.lineCount}`, done: this.finished };
  }

  dispose(): void {
    this.model.dispose();
  }

  private append(text: string, ranges: readonly LogRange[]): void {
    if (this.released) {
      return; // never: a released log is finished and read
    }
    const chunk = Buffer.from(text, 'utf8');
    this.chunks.push(chunk);
    this.bodyBytes += chunk.length;
    for (const r of ranges) {
      this.styled.add(r.style, r.line, r.start, r.end);
    }
    // Each page is told as it comes: the document grows while the rest is read.
    this.options.changed();
  }

  private refreshHeader(): void {
    const a = this.action;
    const header =
      a === undefined
        ? [l10n.t('Action execution {0}', this.options.ref.actionExecutionId)]
        : logHeader(
            {
              actionName: actionExecutionName(a),
              status: a.status ?? undefined,
              startDate: parseApiDate(a.start_date),
              finishDate: parseApiDate(a.finish_date),
              errorMessage: a.error_message ?? undefined,
            },
            this.options.now?.() ?? new Date(),
            this.options.language,
          );
    this.header = this.problem === undefined ? header : [...header, `(${this.problem})`];
  }
}

