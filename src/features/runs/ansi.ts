// A log line's ANSI escape sequences turned into plain text and style ranges. SGR (bold, dim,
// italic, underline, 16, 256 and 24-bit colours, resets) becomes styles; every other escape and
// control character is dropped, so nothing raw reaches the editor. One pass, each character read a
// bounded number of times: linear on hostile input (a megabyte of unterminated escapes).

/** A palette index 0–255 (0–15 are the theme's terminal colours) or a 24-bit colour `#rrggbb`. */
export type AnsiColor = number | string;

export interface AnsiStyle {
  readonly bold: boolean;
  readonly dim: boolean;
  readonly italic: boolean;
  readonly underline: boolean;
  readonly fg: AnsiColor | undefined;
  readonly bg: AnsiColor | undefined;
}

/** No style: what a line starts with and what `ESC[0m` goes back to. */
export const PLAIN: AnsiStyle = Object.freeze({ bold: false, dim: false, italic: false, underline: false, fg: undefined, bg: undefined });

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

const between = (c: number, low: number, high: number): boolean => c >= low && c <= high;

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
      if (end > from && between(line.charCodeAt(end - 1), 0xd800, 0xdbff)) {
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

/** A parameter's number: '' is 0 (`ESC[m`, `ESC[;1m`); anything but 1–3 digits is none (-1). */
function num(text: string | undefined): number {
  if (text === undefined || text.length > 3) {
    return -1;
  }
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) {
      return -1;
    }
    value = value * 10 + digit;
  }
  return value;
}

const hex2 = (n: number): string => n.toString(16).padStart(2, '0');

/** A 256-colour index or an RGB triple as a colour, or undefined when out of range. */
function extendedColor(kind: number, values: readonly (string | undefined)[]): AnsiColor | undefined {
  if (kind === 5) {
    const index = num(values[0]);
    return between(index, 0, 255) ? index : undefined;
  }
  if (kind === 2) {
    const rgb = values.slice(0, 3).map(num);
    return rgb.length === 3 && rgb.every((v) => between(v, 0, 255)) ? `#${rgb.map(hex2).join('')}` : undefined;
  }
  return undefined;
}

interface Draft {
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
  fg: AnsiColor | undefined;
  bg: AnsiColor | undefined;
}

/** The style fields after an SGR sequence's parameters. */
function sgrDraft(params: string, style: AnsiStyle): Draft {
  const s: Draft = { ...style };
  const codes = params.split(';');
  for (let k = 0; k < codes.length; k++) {
    const code = codes[k];
    if (code.includes(':')) {
      applySubParams(code.split(':'), s);
      continue;
    }
    const c = num(code);
    if (c === 38 || c === 48) {
      // 38;5;n or 38;2;r;g;b: the values follow as parameters of their own.
      const kind = num(codes[k + 1]);
      const color = extendedColor(kind, codes.slice(k + 2, k + 5));
      k += kind === 5 ? 2 : kind === 2 ? 4 : 1;
      if (color !== undefined) {
        s[c === 38 ? 'fg' : 'bg'] = color;
      }
    } else {
      applyCode(c, s);
    }
  }
  return s;
}

/** `38:5:n`, `38:2:r:g:b` or `38:2:<colour space>:r:g:b` (ITU T.416), `4:n` (underline kinds; 4:0 is off). */
function applySubParams(sub: string[], s: Draft): void {
  const head = num(sub[0]);
  if (head === 38 || head === 48) {
    const kind = num(sub[1]);
    const values = kind === 2 && sub.length >= 6 ? sub.slice(3) : sub.slice(2);
    const color = extendedColor(kind, values);
    if (color !== undefined) {
      s[head === 38 ? 'fg' : 'bg'] = color;
    }
  } else if (head === 4) {
    s.underline = num(sub[1]) > 0;
  }
}

function applyCode(c: number, s: Draft): void {
  if (c === 0) {
    Object.assign(s, PLAIN);
  } else if (c === 1) {
    s.bold = true;
  } else if (c === 2) {
    s.dim = true;
  } else if (c === 3) {
    s.italic = true;
  } else if (c === 4 || c === 21) {
    s.underline = true;
  } else if (c === 22) {
    s.bold = false;
    s.dim = false;
  } else if (c === 23) {
    s.italic = false;
  } else if (c === 24) {
    s.underline = false;
  } else if (between(c, 30, 37)) {
    s.fg = c - 30;
  } else if (c === 39) {
    s.fg = undefined;
  } else if (between(c, 40, 47)) {
    s.bg = c - 40;
  } else if (c === 49) {
    s.bg = undefined;
  } else if (between(c, 90, 97)) {
    s.fg = c - 90 + 8;
  } else if (between(c, 100, 107)) {
    s.bg = c - 100 + 8;
  }
  // Anything else (blink, inverse, hidden, fonts…) is accepted and not shown.
}

function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
  return a.bold === b.bold && a.dim === b.dim && a.italic === b.italic && a.underline === b.underline && a.fg === b.fg && a.bg === b.bg;
}

export function isPlainStyle(s: AnsiStyle): boolean {
  return sameStyle(s, PLAIN);
}

/** One string per distinct style, to share one editor decoration among the ranges of a style. */
export function styleKey(s: AnsiStyle): string {
  const flags = `${s.bold ? 'b' : ''}${s.dim ? 'd' : ''}${s.italic ? 'i' : ''}${s.underline ? 'u' : ''}`;
  return `${flags}|${s.fg ?? ''}|${s.bg ?? ''}`;
}

const THEME_NAMES = ['Black', 'Red', 'Green', 'Yellow', 'Blue', 'Magenta', 'Cyan', 'White'];
const CUBE_LEVELS = [0, 95, 135, 175, 215, 255];

/**
 * How to paint a colour: 0–15 as the theme's terminal colour (`terminal.ansiRed`,
 * `terminal.ansiBrightRed`), 16–255 as xterm's palette (a 6×6×6 cube, then 24 greys), `#rrggbb` as it is.
 */
export function colorForEditor(color: AnsiColor): { readonly themeColor: string } | { readonly hex: string } {
  if (typeof color === 'string') {
    return { hex: color };
  }
  if (color < 16) {
    return { themeColor: `terminal.ansi${color < 8 ? '' : 'Bright'}${THEME_NAMES[color % 8]}` };
  }
  if (color < 232) {
    const i = color - 16;
    return { hex: `#${[Math.floor(i / 36), Math.floor(i / 6) % 6, i % 6].map((l) => hex2(CUBE_LEVELS[l])).join('')}` };
  }
  return { hex: `#${hex2(8 + 10 * (color - 232)).repeat(3)}` };
}
