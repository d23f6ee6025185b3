// A log line's ANSI escape sequences turned into plain text and style ranges. SGR (bold, dim,
// italic, underline, 16, 256 and 24-bit colours, resets) becomes styles; every other escape and
// control character is dropped, so nothing raw reaches the editor. One pass, each character read a
// bounded number of times: linear on hostile input (a megabyte of unterminated escapes). What the
// SGR parameters mean is ansiStyle.ts.
import { between, isPlainStyle, PLAIN, sameStyle, sgrDraft, styleKey, type AnsiStyle, type Draft } from './ansiStyle';

export { colorForEditor, isPlainStyle, PLAIN, styleKey, type AnsiColor, type AnsiStyle } from './ansiStyle';

/** Characters `start` (inclusive) to `end` (exclusive) of the plain text have `style`. */
export interface StyleRange {
  readonly start: number;
  readonly end: number;
  readonly style: AnsiStyle;
}

export interface AnsiLine {
  /** The text without escapes and control characters (tabs kept). */
  readonly text: string;
  /** The styled parts, in order, not overlapping; unstyled text has none. */
  readonly ranges: readonly StyleRange[];
  /** The style at the end of the line, which the next line starts with. */
  readonly style: AnsiStyle;
  /** The text was cut at `maxChars`. */
  readonly truncated: boolean;
}

const ESC = 0x1b;
const BEL = 0x07;
const TAB = 0x09;
const CR = 0x0d;
const DEL = 0x7f;
/** The 8-bit forms of CSI, OSC and ST, and the other introducers of a string (DCS, SOS, PM, APC). */
const CSI_8BIT = 0x9b;
const OSC_8BIT = 0x9d;
const ST_8BIT = 0x9c;
const STRING_8BIT = new Set([0x90, 0x98, 0x9e, 0x9f]);
/** After ESC: the introducers of a string (OSC `]`, DCS `P`, SOS `X`, PM `^`, APC `_`). */
const STRING_AFTER_ESC = new Set([0x5d, 0x50, 0x58, 0x5e, 0x5f]);

/** True for a character shown as it is: printable, or a tab. */
function isShown(c: number): boolean {
  return (c >= 0x20 && c !== DEL && !between(c, 0x80, 0x9f)) || c === TAB;
}

/**
 * Reads the lines of one log in order: the style at a line's end is where the next begins. It
 * remembers the styles and style changes it met (a bounded number), so that a log repeating the
 * same few colours, or a line changing colour at every character, costs no new objects.
 */
export class AnsiReader {
  private readonly styles = new Map<string, AnsiStyle>([[styleKey(PLAIN), PLAIN]]);
  private readonly changes = new Map<AnsiStyle, Map<string, AnsiStyle>>();

  constructor(public style: AnsiStyle = PLAIN) {}

  /** The plain text and styled ranges of the next line, at most `maxChars` characters of text. */
  read(line: string, maxChars = Number.POSITIVE_INFINITY): AnsiLine {
    const out = new Output(this, this.style, maxChars);
    const n = line.length;
    let shownFrom = 0;
    let i = 0;
    while (i < n) {
      if (isShown(line.charCodeAt(i))) {
        i++;
        continue;
      }
      out.text(line, shownFrom, i);
      i = skipControl(line, i, out);
      shownFrom = i;
    }
    out.text(line, shownFrom, n);
    this.style = out.style;
    return { text: out.parts.join(''), ranges: out.ranges, style: out.style, truncated: out.truncated };
  }

  /** The style after an SGR sequence's parameters (`1;31`, `38;5;208`, `38:2::255:0:0`, '' = reset). */
  applySgr(params: string, style: AnsiStyle): AnsiStyle {
    const known = this.changes.get(style);
    const cached = known?.get(params);
    if (cached !== undefined) {
      return cached;
    }
    const after = this.settle(sgrDraft(params, style), style);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, a cache (the results are the same without it)
    if (known !== undefined && known.size < MAX_CHANGES_PER_STYLE && params.length <= MAX_CACHED_PARAMS) {
      known.set(params, after);
    }
    return after;
  }

  /** The same object when nothing changed (so ranges join); one object per distinct style, up to MAX_STYLES. */
  private settle(s: Draft, before: AnsiStyle): AnsiStyle {
    if (sameStyle(s, before)) {
      return before;
    }
    const key = styleKey(s);
    const seen = this.styles.get(key);
    if (seen !== undefined) {
      return seen;
    }
    const style: AnsiStyle = Object.freeze({ bold: s.bold, dim: s.dim, italic: s.italic, underline: s.underline, fg: s.fg, bg: s.bg });
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: equivalent, a cache (the results are the same without it)
    if (this.styles.size < MAX_STYLES) {
      this.styles.set(key, style);
      this.changes.set(style, new Map());
    }
    return style;
  }
}

/** Bounds of what an AnsiReader remembers (a hostile log may hold any number of distinct styles). */
const MAX_STYLES = 256;
const MAX_CHANGES_PER_STYLE = 32;
const MAX_CACHED_PARAMS = 32;

/** The plain text and styled ranges of one line, starting in `style` (the previous line's end). */
export function parseAnsiLine(line: string, style: AnsiStyle = PLAIN, maxChars = Number.POSITIVE_INFINITY): AnsiLine {
  return new AnsiReader(style).read(line, maxChars);
}

/** The line without its escapes and control characters. */
export function plainText(line: string): string {
  return parseAnsiLine(line).text;
}

/** The style after an SGR sequence's parameters, on its own (no reader). */
export function applySgr(params: string, style: AnsiStyle): AnsiStyle {
  return new AnsiReader().applySgr(params, style);
}

/** The text being built, its ranges and the current style. */
class Output {
  parts: string[] = [];
  ranges: { start: number; end: number; style: AnsiStyle }[] = [];
  length = 0;
  truncated = false;
  /** A carriage return was met: the next shown text starts the line again (a progress bar's redraw). */
  returned = false;

  constructor(
    readonly reader: AnsiReader,
    public style: AnsiStyle,
    private readonly maxChars: number,
  ) {}

  text(line: string, from: number, to: number): void {
    if (from >= to) {
      return;
    }
    if (this.returned) {
      this.returned = false;
      this.parts = [];
      this.ranges = [];
      this.length = 0;
      this.truncated = false;
    }
    let end = to;
    if (to - from > this.maxChars - this.length) {
      end = from + this.maxChars - this.length;
      // Never half of a surrogate pair.
      if (between(line.charCodeAt(end - 1), 0xd800, 0xdbff)) {
        end--;
      }
      this.truncated = true;
    }
    if (end <= from) {
      return;
    }
    this.parts.push(line.slice(from, end));
    const start = this.length;
    this.length += end - from;
    if (isPlainStyle(this.style)) {
      return;
    }
    const last = this.ranges[this.ranges.length - 1];
    if (last !== undefined && last.end === start && last.style === this.style) {
      last.end = this.length;
    } else {
      this.ranges.push({ start, end: this.length, style: this.style });
    }
  }
}

/** Skips the control character or escape sequence at `i`, applying SGR; returns where the text goes on. */
function skipControl(line: string, i: number, out: Output): number {
  const c = line.charCodeAt(i);
  if (c === ESC) {
    const next = line.charCodeAt(i + 1);
    if (next === 0x5b) {
      return skipCsi(line, i + 2, out);
    }
    if (STRING_AFTER_ESC.has(next)) {
      return skipString(line, i + 2);
    }
    if (between(next, 0x20, 0x2f)) {
      // ESC, intermediates, one final character (a character set choice such as `ESC ( B`).
      let j = i + 2;
      while (between(line.charCodeAt(j), 0x20, 0x2f)) {
        j++;
      }
      return between(line.charCodeAt(j), 0x30, 0x7e) ? j + 1 : j;
    }
    // A two-character escape (`ESC 7`, `ESC M`, `ESC c`…), or a lone ESC (dropped alone).
    return between(next, 0x30, 0x7e) ? i + 2 : i + 1;
  }
  if (c === CSI_8BIT) {
    return skipCsi(line, i + 1, out);
  }
  if (c === OSC_8BIT || STRING_8BIT.has(c)) {
    return skipString(line, i + 1);
  }
  if (c === CR) {
    out.returned = true;
  }
  return i + 1;
}

/**
 * A control sequence from its parameters at `j`: parameter bytes, intermediate bytes, a final byte.
 * `m` with plain parameters is SGR; any other is dropped, and so is one cut short (by another
 * escape, a control character or the line's end), from which the text goes on.
 */
function skipCsi(line: string, j: number, out: Output): number {
  const paramsFrom = j;
  while (between(line.charCodeAt(j), 0x30, 0x3f)) {
    j++;
  }
  const paramsTo = j;
  while (between(line.charCodeAt(j), 0x20, 0x2f)) {
    j++;
  }
  const final = line.charCodeAt(j);
  if (!between(final, 0x40, 0x7e)) {
    return j;
  }
  // Private parameters (`ESC[?25h`) and intermediates are never SGR.
  if (final === 0x6d && paramsTo === j && !between(line.charCodeAt(paramsFrom), 0x3c, 0x3f)) {
    out.style = out.reader.applySgr(line.slice(paramsFrom, paramsTo), out.style);
  }
  return j + 1;
}

/** A string (OSC, DCS…) to its terminator: BEL, ST (`ESC \` or 0x9C); another ESC or the line's end cuts it. */
function skipString(line: string, j: number): number {
  for (; j < line.length; j++) {
    const c = line.charCodeAt(j);
    if (c === BEL || c === ST_8BIT) {
      return j + 1;
    }
    if (c === ESC) {
      return line.charCodeAt(j + 1) === 0x5c ? j + 2 : j;
    }
  }
  return j;
}

