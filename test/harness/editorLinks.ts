// The editor's own link pattern for a notification's text and a quick input's message, shared by
// the unit test of noLinks (test/unit/ui/markdown.test.ts) and the extension-host test that the
// running editor still carries it (test/host/security.test.ts). No editor, no browser.

/**
 * LINK_REGEX of vs/base/common/linkedText.ts (the same in VS Code 1.100 and 1.139): what the
 * editor makes a link of, `command:` links run with their arguments on click. Written exactly as
 * the editor writes it (the host test looks for this very text in the running workbench).
 */
// eslint-disable-next-line no-useless-escape
export const EDITOR_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^\)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

/** The link targets the editor finds in a notification's text, read as parseNotificationMessage does (line breaks become spaces first). */
export function editorLinks(text: string): string[] {
  return [...text.replace(/(\r\n|\n|\r)/gm, ' ').trim().matchAll(EDITOR_LINK)].map((m) => m[2]);
}
