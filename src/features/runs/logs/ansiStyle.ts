// What SGR parameters mean (`1;31`, `38;5;208`, `38:2::255:0:0`): the style of the text after
// them, and how the editor paints a style's colours. ansi.ts finds the sequences in a line.

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

/** `low` ≤ `c` ≤ `high` (character codes). */
export const between = (c: number, low: number, high: number): boolean => c >= low && c <= high;

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

export interface Draft {
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
  fg: AnsiColor | undefined;
  bg: AnsiColor | undefined;
}

/** The style fields after an SGR sequence's parameters. */
export function sgrDraft(params: string, style: AnsiStyle): Draft {
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

export function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
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
