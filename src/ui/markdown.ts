// The one way to put a server's text into Markdown (tooltips and other MarkdownStrings): as
// literal text, as an inline code span, or as a code block, so that nothing a server sends
// (a project name, a commit message, a target's field) becomes a link, an image, a heading or
// markup. Also the one way to keep a link out of the editor's plain-text places that still make
// links (notifications, a quick input's message: noLinks). No editor dependency (unit-tested).

/** Every ASCII punctuation character: CommonMark lets a backslash make each one literal. */
const PUNCTUATION = /[!-/:-@[-`{-~]/g;

/**
 * The text as literal Markdown: all punctuation escaped (no emphasis, link, image, HTML, autolink,
 * entity or list), line breaks and runs of white space as one space (no heading, quote or code block).
 */
export function escapeMarkdown(text: unknown): string {
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .replace(PUNCTUATION, '\\$&');
}

/** The longest run of backticks in `text`. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) {
    longest = Math.max(longest, run.length);
  }
  return longest;
}

/** The text as an inline code span that nothing in it can end (on one line). */
export function inlineCode(text: unknown): string {
  const content = String(text ?? '').replace(/\s+/g, ' ');
  const fence = '`'.repeat(longestBacktickRun(content) + 1);
  // A space inside the fence when the content starts or ends with a backtick (or is blank),
  // which CommonMark strips again.
  const pad = content.startsWith('`') || content.endsWith('`') || content.trim() === '' ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** The text as a fenced code block that nothing in it can end; `language` keeps only word characters. */
export function codeBlock(text: unknown, language = 'text'): string {
  const content = String(text ?? '').replace(/\r\n?/g, '\n');
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
  const lang = language.replace(/[^\w-]/g, '');
  return `\n${fence}${lang}\n${content}\n${fence}\n`;
}

/** Invisible and unbreakable: put between `]` and `(`, it keeps them apart without showing. */
const WORD_JOINER = '\u2060';

/**
 * Text the editor shows as it is in a notification or a quick input's message, where it makes a
 * link of `[label](command:…)`, `[label](https://…)` and `[label](file:…)` (the editor's linked
 * text, vs/base/common/linkedText.ts: a link's label and its target must meet as `](`) and runs a
 * command link with its arguments on click. An invisible word joiner goes between every `]` and
 * `(`, so no link can form; the words read the same.
 */
export function noLinks<T extends string | undefined>(text: T): T {
  return (text === undefined ? text : text.replaceAll('](', `]${WORD_JOINER}(`)) as T;
}
