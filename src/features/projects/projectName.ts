// A new project's name: the slug proposed from its display name, and the check of a typed name. No
// vscode import: the unit tests run it in plain Node.
import * as l10n from '@vscode/l10n';
import { slug } from '../../workspace/repoAddress';

/** A project name: lower-case letters, digits and inner dashes. */
export const PROJECT_NAME_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;
export const MAX_PROJECT_NAME = 100;

/** The lower-case slug of a display name, as the service derives it: "Web App" → "web-app". */
export function slugOf(displayName: string): string {
  // Accents off first ("Café" → "cafe"), then the slug the Projects view matches repositories by.
  return slug(displayName.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .slice(0, MAX_PROJECT_NAME)
    .replace(/-$/, '');
}

export function checkProjectName(name: string): string | undefined {
  if (name === '') {
    return l10n.t('Enter a name for the project.');
  }
  if (name.length > MAX_PROJECT_NAME) {
    return l10n.t('Use at most {0} characters.', MAX_PROJECT_NAME);
  }
  return PROJECT_NAME_PATTERN.test(name)
    ? undefined
    : l10n.t('Use lower-case letters, digits and dashes, starting and ending with a letter or digit (for example web-app).');
}
