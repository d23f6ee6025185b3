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

/**
 * Invisible characters that reorder the text around them (embeddings, overrides, isolates, marks):
 * in a name any member can choose they make "evil.sh" read as "hs.live", or move words of a question.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text for a notification or a quick input with each bidirectional control shown, as `⟨U+202E⟩`,
 * where it stands: the words keep their order and the person sees that something was hidden there
 * (the editor marks them in documents only).
 */
export function markBidi<T extends string | undefined>(text: T): T {
  return (text === undefined ? text : text.replace(BIDI_CONTROLS, (c) => `\u27E8U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}\u27E9`)) as T;
}

/** Text for a notification or a quick input: no link (noLinks), every bidirectional control marked (markBidi). */
export function shownPlain<T extends string | undefined>(text: T): T {
  return markBidi(noLinks(text));
}
