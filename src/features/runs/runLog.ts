// One action execution's log as a document's text: a header (logModel.ts's logHeader, one fact a
// line, then a blank line) and the log's lines, read page by page by a LogModel and kept as the
// chunks it appended, with their ANSI ranges numbered from the log's first line (the header's
// length changes as the action runs: ranges are placed under it when they are painted). No editor:
// the page reader, the action's reader and the change listener come in.
import * as l10n from '@vscode/l10n';
import type { ActionExecution } from '../../api';
import { actionExecutionName, isFinished, parseApiDate } from '../../api';

import { styleKey, type AnsiStyle } from './ansi';
import { logHeader, LogModel, type FetchLogPage, type LogRange } from './logModel';

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

export interface StyledRanges {
  readonly style: AnsiStyle;
  /** [line, start, end], the line counted from the log's first line. */
  readonly ranges: [number, number, number][];
}

export class RunLog {
  private readonly model: LogModel;
  private readonly parts: string[] = [];
  private readonly styled = new Map<string, StyledRanges>();
  private action: ActionExecution | undefined;
  private header: string[];
  private lastStatus: string | undefined;
  private finished = false;
  private rangeCount = 0;
  /** Why the last read failed, shown in the header until one succeeds. */
  private problem: string | undefined;

  constructor(private readonly options: RunLogOptions) {
    this.header = [l10n.t('Action execution {0}', options.ref.actionExecutionId), l10n.t('Loading…')];
    this.model = new LogModel({ fetchPage: options.fetchPage, append: (chunk) => this.append(chunk.text, chunk.ranges), language: options.language });
  }

  /** The document's text now. */
  text(): string {
    return `${this.header.join('\n')}\n\n${this.parts.join('')}`;
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

  /** The styles of the log's text, each with its ranges (painted by the editor side). */
  styles(): Iterable<StyledRanges> {
    return this.styled.values();
  }

  get styledRangeCount(): number {
    return this.rangeCount;
  }

  /** Reads the action's status, then the lines beyond those read; resolves what the poll scheduler takes. */
  async update(): Promise<{ status: string | undefined; done: boolean }> {
    try {
      this.action = await this.options.fetchAction();
      this.lastStatus = this.action.status ?? undefined;
      const finishedBefore = isFinished(this.lastStatus);
      // Read after the status: a finished action's log is then whole.
      let more = true;
      for (let rounds = 0; more && rounds < 1000; rounds++) {
        more = (await this.model.catchUp()).more;
      }
      this.problem = undefined;
      this.finished = finishedBefore;
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
      this.refreshHeader();
      this.options.changed();
      throw error;
    }
    this.refreshHeader();
    this.options.changed();
    return { status: `${this.lastStatus ?? ''}|${this.model.lineCount}`, done: this.finished };
  }

  dispose(): void {
    this.model.dispose();
  }

  private append(text: string, ranges: readonly LogRange[]): void {
    this.parts.push(text);
    for (const r of ranges) {
      const key = styleKey(r.style);
      let entry = this.styled.get(key);
      if (entry === undefined) {
        entry = { style: r.style, ranges: [] };
        this.styled.set(key, entry);
      }
      entry.ranges.push([r.line, r.start, r.end]);
      this.rangeCount++;
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

