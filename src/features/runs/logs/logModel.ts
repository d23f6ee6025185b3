// The log of one action execution being followed: read page by page from where it stopped, each
// page handed on as one chunk of text with its ANSI styles at document positions, and read again
// as a running action's log grows. It keeps counts and the style carried from line to line, never
// the lines (the document holds the text once). The page reader comes in as a parameter.
import * as l10n from '@vscode/l10n';
import { isFinished } from '../../../api';
import { formatCount, formatDateTime, formatDuration } from '../../../ui/localeFormat';
import { AnsiReader, plainText, type AnsiStyle } from './ansi';
import { oneLine, statusLabel } from '../runPresentation';

/** The service's largest `limit` for a page of log lines (conventions.md, "Runs"). */
export const MAX_PAGE_LINES = 1000;
/**
 * A log longer than this many document lines is cut, with a line that says so (bounded memory in
 * the editor). Document lines, not the service's: a service line holding line breaks makes several.
 */
export const MAX_LOG_LINES = 200_000;
/**
 * A log whose lines take more UTF-8 bytes than this is cut before the line that would pass it, with
 * the same line (its lines are written by whoever's code the pipeline runs: 200,000 lines of 10,000
 * characters would be gigabytes).
 */
export const MAX_LOG_BYTES = 32 * 1024 * 1024;
/** A longer line is cut here, with `…`. */
export const MAX_LINE_CHARS = 10_000;

export interface LogPage {
  /** The lines from the offset asked (the answer's `logs`). */
  readonly lines: readonly string[];
  /** How many lines the log has now (`total_element_count`), when the answer says. */
  readonly total: number | undefined;
}

/** Asks the service for `limit` lines from `offset` (0-based). */
export type FetchLogPage = (offset: number, limit: number) => Promise<LogPage>;

/** A styled part of a document line. */
export interface LogRange {
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly style: AnsiStyle;
}

/** Lines to append at the end of the document. */
export interface LogChunk {
  /** The document line the chunk's first line becomes. */
  readonly line: number;
  readonly lineCount: number;
  /** The lines, each ending with `\n`. */
  readonly text: string;
  readonly ranges: readonly LogRange[];
}

export interface LogModelOptions {
  readonly fetchPage: FetchLogPage;
  /** Receives each chunk, in order. */
  readonly append: (chunk: LogChunk) => void;
  /** The document line of the log's first line (the header's line count); 0 by default. */
  readonly firstLine?: number;
  /** Lines asked per page, at most MAX_PAGE_LINES (the default). */
  readonly pageSize?: number;
  /** Document lines kept at most, MAX_LOG_LINES by default. */
  readonly maxLines?: number;
  /** UTF-8 bytes of the lines (each with its `\n`) kept at most, MAX_LOG_BYTES by default. */
  readonly maxBytes?: number;
  readonly maxLineChars?: number;
  /** The editor's display language, for the numbers in the line that says the log was cut. */
  readonly language?: string;
}

export interface CatchUpResult {
  /** Document lines appended so far. */
  readonly lines: number;
  /** The log's length as last told. */
  readonly total: number | undefined;
  /** Another catchUp would read more now (this one stopped at its page bound); false once cut. */
  readonly more: boolean;
}

/** A count from outside: a whole number from 0, or unknown. */
function countOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

export class LogModel {
  private readonly reader = new AnsiReader();
  private readonly pageSize: number;
  private readonly maxLines: number;
  private readonly maxBytes: number;
  private readonly maxLineChars: number;
  private readonly firstLine: number;
  /** Lines of the service read: the next page's offset. */
  private fetched = 0;
  /** Document lines appended (a service line holding line breaks makes several). */
  private lines = 0;
  /** UTF-8 bytes of the document lines appended. */
  private bytes = 0;
  private total: number | undefined;
  private cut = false;
  private disposed = false;
  private reading: Promise<CatchUpResult> | undefined;

  constructor(private readonly options: LogModelOptions) {
    this.pageSize = Math.max(1, Math.min(MAX_PAGE_LINES, Math.floor(options.pageSize ?? MAX_PAGE_LINES)));
    this.maxLines = Math.max(1, options.maxLines ?? MAX_LOG_LINES);
    this.maxBytes = Math.max(1, options.maxBytes ?? MAX_LOG_BYTES);
    this.maxLineChars = Math.max(1, options.maxLineChars ?? MAX_LINE_CHARS);
    this.firstLine = options.firstLine ?? 0;
  }

  /** Document lines appended so far. */
  get lineCount(): number {
    return this.lines;
  }

  /** Service lines read so far: where the next page starts. */
  get offset(): number {
    return this.fetched;
  }

  /**
   * Reads what the log has beyond what was read (at least one request, to learn of growth), up to
   * one maximal log's worth of pages and one; one call at a time (a second caller shares the first's).
   * A failed request rejects; what was appended stays, and the next call goes on from there.
   */
  catchUp(): Promise<CatchUpResult> {
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  /** Stops: no more requests, and an answer still under way is dropped. */
  dispose(): void {
    this.disposed = true;
  }

  private async read(): Promise<CatchUpResult> {
    // Enough full pages for a maximal log, and the one-line page that tells whether it is longer.
    const maxPages = Math.ceil(this.maxLines / this.pageSize) + 1;
    let more = !this.cut && !this.disposed;
    for (let pages = 0; more && pages < maxPages; pages++) {
      // Each service line makes at least one document line: no more are asked than could be kept.
      const room = this.maxLines - this.lines;
      // With no room left, one line is asked only to learn whether the log goes on.
      const limit = Math.min(this.pageSize, Math.max(room, 1));
      const page = await this.options.fetchPage(this.fetched, limit);
      if (this.disposed) {
        return this.result(false);
      }
      const total = countOf(page.total);
      const received = Array.isArray(page.lines) ? page.lines : [];
      const lines = received.slice(0, Math.min(limit, room));
      this.total = total;
      // A bound met inside the page: what it left out makes the log longer than shown.
      const leftOut = lines.length > 0 && this.appendLines(lines);
      // A page shorter than asked ends the log only when no total says otherwise.
      const longer = total !== undefined ? total > this.fetched : received.length >= limit;
      // Without a total, only a line past the last one kept tells that the log is longer.
      if (leftOut || (this.lines >= this.maxLines && (total !== undefined ? longer : room === 0 && received.length > 0))) {
        this.appendCut();
      }
      more = !this.cut && lines.length > 0 && longer;
    }
    return this.result(more);
  }

  private result(more: boolean): CatchUpResult {
    return { lines: this.lines, total: this.total, more };
  }

  /**
   * Appends the document lines the service lines make, up to the bounds on lines and bytes; true
   * when a bound left some out (the log is then longer than shown).
   */
  private appendLines(serviceLines: readonly string[]): boolean {
    const line = this.firstLine + this.lines;
    const texts: string[] = [];
    const ranges: LogRange[] = [];
    let leftOut = false;
    let read = 0;
    for (; read < serviceLines.length && !leftOut; read++) {
      const serviceLine = String(serviceLines[read] ?? '');
      // Part by part (not split whole): a bound met stops the reading of the rest.
      for (let from = 0; from <= serviceLine.length; ) {
        if (this.lines + texts.length >= this.maxLines) {
          leftOut = true;
          break;
        }
        const lf = serviceLine.indexOf('\n', from);
        const to = lf === -1 ? serviceLine.length : lf;
        // A line break is `\n` or `\r\n`.
        const part = serviceLine.slice(from, lf !== -1 && to > from && serviceLine.charCodeAt(to - 1) === 0x0d ? to - 1 : to);
        const ansi = this.reader.read(part, this.maxLineChars);
        const text = ansi.truncated ? `${ansi.text}…` : ansi.text;
        const size = Buffer.byteLength(text, 'utf8') + 1;
        if (this.bytes + size > this.maxBytes) {
          leftOut = true;
          break;
        }
        this.bytes += size;
        const at = line + texts.length;
        for (const r of ansi.ranges) {
          ranges.push({ line: at, start: r.start, end: r.end, style: r.style });
        }
        texts.push(text);
        from = to + 1;
      }
    }
    this.fetched += read;
    this.lines += texts.length;
    if (texts.length > 0) {
      this.options.append({ line, lineCount: texts.length, text: `${texts.join('\n')}\n`, ranges });
    }
    return leftOut;
  }

  private appendCut(): void {
    this.cut = true;
    // The lines shown: maxLines when that bound cut the log, fewer when the bytes' bound did.
    const text = l10n.t('[The log is longer: only its first {0} lines are shown here.]', formatCount(this.lines, this.options.language));
    this.options.append({ line: this.firstLine + this.lines, lineCount: 1, text: `${text}\n`, ranges: [] });
    this.lines += 1;
  }
}

/** What the header of an action's log says, read tolerantly by the caller from the action execution. */
export interface ActionLogFacts {
  readonly actionName: string | undefined;
  readonly status: string | undefined;
  readonly startDate?: Date;
  readonly finishDate?: Date;
  readonly errorMessage?: string;
}

/** Error messages are cut to this in the header (the log has them whole). */
const MAX_ERROR_CHARS = 500;

/**
 * Error 2678004 ("Pipeline is not allowed to use target [<identifier>]", or only its code): the
 * target it names, when it names one; undefined for any other message.
 */
export function notAllowedTarget(message: string | null | undefined): { readonly target: string | undefined } | undefined {
  const text = typeof message === 'string' ? message : '';
  const named = /pipeline is not allowed to use target \[([^\]\r\n]{1,200})\]/i.exec(text);
  if (named !== null) {
    const target = oneLine(named[1], 100);
    return { target: target === '' ? undefined : target };
  }
  return /(^|\D)2678004(\D|$)/.test(text) ? { target: undefined } : undefined;
}

/** The header above an action's log, one fact a line, plain text. */
export function logHeader(facts: ActionLogFacts, now: Date, language: string | undefined): string[] {
  const name = oneLine(facts.actionName, 200);
  const lines = [l10n.t('Action: {0}', name === '' ? l10n.t('(unnamed action)') : name), l10n.t('Status: {0}', statusLabel(facts.status))];
  const finished = isFinished(facts.status);
  if (facts.startDate !== undefined) {
    lines.push(l10n.t('Started: {0}', formatDateTime(facts.startDate, language)));
  }
  if (finished && facts.finishDate !== undefined) {
    lines.push(l10n.t('Finished: {0}', formatDateTime(facts.finishDate, language)));
  }
  // No duration while it runs: the header then changes only with the status, and a poll only adds
  // lines at the end (the editor keeps each change of the file for undo; a header changing at every
  // poll would have it keep the whole log again each time). The Runs view's row says how long so far.
  if (facts.startDate !== undefined && finished) {
    const end = facts.finishDate ?? now;
    lines.push(l10n.t('Duration: {0}', formatDuration(end.getTime() - facts.startDate.getTime(), language)));
  }
  // Line breaks first: a carriage return alone would start the text again (ansi.ts).
  const error = oneLine(plainText(typeof facts.errorMessage === 'string' ? facts.errorMessage.replace(/[\r\n]+/g, ' ') : ''), MAX_ERROR_CHARS);
  if (error !== '') {
    lines.push(l10n.t('Error: {0}', error));
  }
  const notAllowed = notAllowedTarget(facts.errorMessage);
  if (notAllowed !== undefined) {
    lines.push(
      notAllowed.target === undefined
        ? l10n.t('The pipeline may not use one of its targets (error 2678004): allow it on that target (Allow Pipeline on Target…), then retry the run.')
        : l10n.t('The pipeline may not use target {0} (error 2678004): allow it on that target (Allow Pipeline on Target…), then retry the run.', notAllowed.target),
    );
  }
  return lines;
}
