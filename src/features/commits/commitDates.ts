// How the Commits view writes a commit's date: "3 days ago", in the editor's display language
// (vscode.env.language, passed in). No vscode import: the unit tests run it in plain Node.
import { relativeTimeFormat } from '../../ui/localeFormat';

/** "3 days ago", "yesterday", "in 2 hours", in `language` (English when it is missing or not a language tag). */
export function relativeTime(date: Date, language: string | undefined, now = Date.now()): string {
  const seconds = Math.round((date.getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 24 * 3600],
    ['month', 30 * 24 * 3600],
    ['week', 7 * 24 * 3600],
    ['day', 24 * 3600],
    ['hour', 3600],
    ['minute', 60],
  ];
  const format = relativeTimeFormat(language, 'en');
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) {
      return format.format(Math.trunc(seconds / size), unit);
    }
  }
  return format.format(0, 'second');
}
