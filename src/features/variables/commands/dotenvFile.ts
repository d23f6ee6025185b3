// Reading a .env file for Import: the values come from the `dotenv` library's parse (quotes,
// escapes, multi-line values, `export`, comments, as every tool that reads .env files does). dotenv
// reports nothing about lines it cannot read, so a small scanner walks the same lines only to say
// where each entry starts and which lines are no entry: a bad line is listed with its number. The
// service's key rule is stricter than dotenv's (no `.` or `-`, no leading digit): such keys are
// listed too. No editor dependency (unit-tested in plain Node).
import { parse } from 'dotenv';
import { VARIABLE_KEY_PATTERN } from '../../../ssh';

export interface EnvEntry {
  readonly key: string;
  readonly value: string;
  /** 1-based line where the entry starts (undefined only if the scanner could not place it). */
  readonly line: number | undefined;
}

export type EnvProblem =
  /** A line that is no `KEY=value`, no comment and not blank. */
  | { readonly kind: 'unreadable'; readonly line: number; readonly text: string }
  /** A key the service does not accept. */
  | { readonly kind: 'invalidKey'; readonly line: number | undefined; readonly key: string }
  /** The same key again: the later line counts (as in dotenv). */
  | { readonly kind: 'duplicate'; readonly line: number; readonly key: string; readonly firstLine: number }
  /** An empty value: the service takes none. */
  | { readonly kind: 'emptyValue'; readonly line: number | undefined; readonly key: string };

export interface EnvFile {
  /** The entries to import, in file order, one per key (the last of duplicates). */
  readonly entries: readonly EnvEntry[];
  readonly problems: readonly EnvProblem[];
}

/** `[export ]KEY=` or `KEY: ` at a line's start, dotenv's key characters. */
const ENTRY_START = /^\s*(?:export\s+)?([\w.-]+)(?:\s*=|:\s)/;
const QUOTES = new Set(["'", '"', '`']);

interface ScannedEntry {
  key: string;
  line: number;
}

/**
 * Where entries start and which lines are unreadable, following dotenv's multi-line quoted values.
 * Linear in the text: a file of unclosed quotes must not look for each one's end through all the
 * lines after it (that froze the extension host for minutes on a 256 KiB file).
 */
function scan(text: string): { entries: ScannedEntry[]; unreadable: { line: number; text: string }[] } {
  const lines = text.split('\n');
  const closing = new ClosingLines(lines);
  const entries: ScannedEntry[] = [];
  const unreadable: { line: number; text: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) {
      continue;
    }
    const m = ENTRY_START.exec(raw);
    if (!m) {
      unreadable.push({ line: i + 1, text: raw.trim() });
      continue;
    }
    entries.push({ key: m[1], line: i + 1 });
    // A quoted value may end on a later line: skip to the line of its closing quote.
    const rest = raw.slice(m[0].length).trimStart();
    const quote = rest[0];
    if (quote && QUOTES.has(quote) && !closes(rest.slice(1), quote)) {
      i = closing.next(quote, i + 1) ?? i;
    }
  }
  return { entries, unreadable };
}

/**
 * The lines that close a quoted value, per quote character: each line is looked at once per quote
 * (on first need), and the questions come in line order, so a cursor answers each in turn.
 */
class ClosingLines {
  private readonly found = new Map<string, { lines: number[]; cursor: number }>();

  constructor(private readonly lines: readonly string[]) {}

  /** The first line at or after `from` that closes a `quote`d value, if any. */
  next(quote: string, from: number): number | undefined {
    let f = this.found.get(quote);
    if (!f) {
      f = { lines: [], cursor: 0 };
      this.lines.forEach((line, i) => closes(line, quote) && f!.lines.push(i));
      this.found.set(quote, f);
    }
    while (f.cursor < f.lines.length && f.lines[f.cursor] < from) {
      f.cursor++;
    }
    return f.lines[f.cursor];
  }
}

const BLANK = /\s/;
/** What `.` in a regular expression does not match: after one, `#.*$` is no comment to the end. */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * Whether `text` holds an unescaped closing `quote` followed only by blanks or a comment (what
 * `/^\s*(#.*)?$/` says of the rest). One pass from the end, knowing at each place whether what
 * follows is such a tail: linear, however many quotes the line has.
 */
function closes(text: string, quote: string): boolean {
  /** text.slice(k + 1) is blanks, then perhaps a comment. */
  let tailOk = true;
  /** text.slice(k + 1) has no line break. */
  let noBreak = true;
  for (let k = text.length - 1; k >= 0; k--) {
    const c = text[k];
    if (c === quote && tailOk && text[k - 1] !== '\\') {
      return true;
    }
    tailOk = BLANK.test(c) ? tailOk : c === '#' && noBreak;
    noBreak = noBreak && !LINE_BREAK.test(c);
  }
  return false;
}

/** Reads a .env file's text: the entries to import, and every line or key that will not be. */
export function readEnvFile(text: string): EnvFile {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const values = parse(normalised);
  const { entries: scanned, unreadable } = scan(normalised);
  const problems: EnvProblem[] = unreadable.map((u) => ({ kind: 'unreadable', line: u.line, text: u.text }));
  // Duplicates: every earlier line of a key is replaced by its last (dotenv keeps the last value).
  const lastLine = new Map<string, number>();
  const firstLine = new Map<string, number>();
  for (const s of scanned) {
    if (firstLine.has(s.key)) {
      problems.push({ kind: 'duplicate', line: s.line, key: s.key, firstLine: firstLine.get(s.key)! });
    } else {
      firstLine.set(s.key, s.line);
    }
    lastLine.set(s.key, s.line);
  }
  // Entries in the order dotenv read them, placed on the line where their last occurrence starts.
  const entries: EnvEntry[] = [];
  for (const [key, value] of Object.entries(values)) {
    const line = lastLine.get(key);
    if (!VARIABLE_KEY_PATTERN.test(key)) {
      problems.push({ kind: 'invalidKey', line, key });
    } else if (value === '') {
      problems.push({ kind: 'emptyValue', line, key });
    } else {
      entries.push({ key, value, line });
    }
  }
  // A line the scanner took for an entry that dotenv did not read is unreadable after all.
  for (const s of scanned) {
    if (!(s.key in values) && lastLine.get(s.key) === s.line) {
      problems.push({ kind: 'unreadable', line: s.line, text: s.key });
    }
  }
  entries.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  return { entries, problems };
}

/**
 * A problem as the log writes it: its line and its kind, nothing of the line itself (a bad line
 * may be `DB PASSWORD=…` or a private key's body, and the log is pasted into reports).
 */
export function problemForLog(problem: EnvProblem): string {
  const where = problem.line !== undefined ? `line ${problem.line}` : 'a line';
  switch (problem.kind) {
    case 'unreadable':
      return `${where}: not KEY=value, skipped`;
    case 'invalidKey':
      return `${where}: a key the service does not take, skipped`;
    case 'duplicate':
      return `${where}: a key again (first on line ${problem.firstLine}), the last one is imported`;
    case 'emptyValue':
      return `${where}: an empty value, skipped`;
  }
}
