// What a language model tool answers, made small and safe: plain text without ANSI codes or
// control characters, secrets redacted (src/api/redact.ts), lines and characters bounded with the
// cut said, and the answer as one JSON object of a few KB. Pure: no editor, no request.
import { redact } from '../../api';

/** An answer is at most this many characters (about 4,000 tokens). */
export const MAX_ANSWER_CHARS = 16_000;
/** A failed log's tail: this many lines unless asked otherwise, and never more than MAX_LOG_LINES. */
export const DEFAULT_LOG_LINES = 200;
export const MAX_LOG_LINES = 500;
/** One log line is cut after this many characters. */
export const MAX_LOG_LINE_CHARS = 400;

// CSI (colours, cursor), OSC (titles, hyperlinks: their address never reaches the text), and the
// two-character escapes.
// eslint-disable-next-line no-control-regex -- the escapes are what is removed
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;
// Control characters but tab; bidirectional overrides and isolates, which could reorder what a person reads.
// eslint-disable-next-line no-control-regex -- the control characters are what is removed
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A line of output as plain text: ANSI codes and control characters removed, secrets redacted. */
export function plainLine(line: string, secrets: readonly string[] = []): string {
  return redact(String(line).replace(ANSI, '').replace(CONTROL, ''), secrets);
}

/** Text from the service for an answer: one line, plain, redacted, at most `max` characters. */
export function field(value: unknown, max = 200, secrets: readonly string[] = []): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') {
    return undefined;
  }
  const text = plainLine(String(value), secrets).replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
  if (text === '') {
    return undefined;
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export interface LogTail {
  readonly lines: string[];
  /** Lines before the tail that are left out. */
  readonly omittedLines: number;
  /** Lines cut to MAX_LOG_LINE_CHARS. */
  readonly cutLines: number;
}

/**
 * The last `count` lines (bounded by MAX_LOG_LINES) of a log, plain and redacted, each at most
 * MAX_LOG_LINE_CHARS, and all together within `maxChars` (older lines dropped first).
 */
export function logTail(all: readonly string[], count: number, maxChars: number, secrets: readonly string[] = []): LogTail {
  const wanted = Math.max(1, Math.min(MAX_LOG_LINES, Math.floor(count)));
  const start = Math.max(0, all.length - wanted);
  const lines: string[] = [];
  let cutLines = 0;
  let chars = 0;
  for (let i = all.length - 1; i >= start; i--) {
    let line = plainLine(all[i], secrets);
    if (line.length > MAX_LOG_LINE_CHARS) {
      line = `${line.slice(0, MAX_LOG_LINE_CHARS - 1)}…`;
      cutLines++;
    }
    if (chars + line.length + 1 > maxChars) {
      break;
    }
    chars += line.length + 1;
    lines.unshift(line);
  }
  return { lines, omittedLines: all.length - lines.length, cutLines };
}

/**
 * The answer as JSON text within MAX_ANSWER_CHARS: when it is longer, its longest list is
 * shortened (from its end) until it fits, and `truncated` says how many items were left out.
 */
export function answerText(answer: Record<string, unknown>, max = MAX_ANSWER_CHARS): string {
  let text = JSON.stringify(answer, null, 1);
  if (text.length <= max) {
    return text;
  }
  const listKey = Object.keys(answer)
    .filter((k) => Array.isArray(answer[k]))
    .sort((a, b) => JSON.stringify(answer[b]).length - JSON.stringify(answer[a]).length)[0];
  if (listKey !== undefined) {
    const list = answer[listKey] as unknown[];
    for (let keep = list.length - 1; keep >= 0; keep--) {
      text = JSON.stringify({ ...answer, [listKey]: list.slice(0, keep), truncated: `${list.length - keep} of ${list.length} ${listKey} left out to keep the answer short` }, null, 1);
      if (text.length <= max) {
        return text;
      }
    }
  }
  return JSON.stringify({ error: 'The answer was too long to return. Ask for less (a pipeline, fewer lines).' });
}
