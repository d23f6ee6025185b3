// Reading key files for SSH variables. A private key is read only to check it and just before
// sending it, and is never logged, shown or stored: callers keep the file's URI, not its text.
// Only regular files are read, and never more than the size limit (ui/userFile.ts).
import * as vscode from 'vscode';
import { checkPrivateKey, MAX_PRIVATE_KEY_BYTES, parsePublicKeyLine, type PrivateKeyProblem, type PublicKeyProblem } from '../../../ssh';
import { fileName, readUserFile, UserFileError, type UserFileWords } from '../../../ui/userFile';

export { fileName };

/** A key file (or key text) that cannot be used, with a message that says why and what to do. */
export class KeyFileError extends UserFileError {
  override name = 'KeyFileError';
  constructor(message: string) {
    super('unusable', message);
  }
}

/** Reads the private key file and returns its text when it looks like one unencrypted private key. */
export async function readPrivateKey(uri: vscode.Uri): Promise<string> {
  const text = await readSmallFile(uri);
  const check = checkPrivateKey(text);
  if (!check.ok) {
    throw new KeyFileError(privateKeyProblem(check.problem, fileName(uri)));
  }
  return text;
}

/** Reads a `.pub` file and returns its public key line. */
export async function readPublicKey(uri: vscode.Uri): Promise<string> {
  const check = parsePublicKeyLine(await readSmallFile(uri));
  if (!check.ok) {
    throw new KeyFileError(publicKeyProblem(check.problem, fileName(uri)));
  }
  return check.line;
}

/** A key file that is no regular file, too large or unreadable; its text is checked as a key after (no UTF-8 check). */
const KEY_FILE_WORDS: UserFileWords = {
  tooLarge: (name) => vscode.l10n.t('{0} is too large to be a key file. Choose the key file itself.', name),
  notRegular: (name) => vscode.l10n.t('{0} is not a regular file (a device, a pipe or a folder). Choose the key file itself.', name),
  unreadable: (path, error) => vscode.l10n.t('Could not read {0} ({1}). Choose the file again.', path, error instanceof vscode.FileSystemError ? error.code : errorCode(error)),
};

function readSmallFile(uri: vscode.Uri): Promise<string> {
  return readUserFile(uri, MAX_PRIVATE_KEY_BYTES, KEY_FILE_WORDS);
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}

/** What to say about a key that fails its check, with the file's name (or "The text") as {0}. */
const KEY_PROBLEMS: Record<`private:${PrivateKeyProblem}` | `public:${PublicKeyProblem}`, (source: string) => string> = {
  'private:empty': (file) => vscode.l10n.t('{0} is empty. Choose the file that holds the private key.', file),
  'private:publicKey': (file) =>
    vscode.l10n.t('{0} holds a public key. Choose the private key file (the one without ".pub"), or create an SSH_PUBLIC_KEY variable instead.', file),
  'private:notSingleKey': (file) =>
    vscode.l10n.t('{0} holds more than one private key, or other text around it. Choose a file with exactly one private key.', file),
  'private:passphraseProtected': (file) =>
    vscode.l10n.t(
      '{0} is protected by a passphrase, which a pipeline run cannot type. Use a key without a passphrase (for example a copy made with "ssh-keygen -p").',
      file,
    ),
  'private:notPrivateKey': (file) =>
    vscode.l10n.t('{0} does not look like a private key ("-----BEGIN … PRIVATE KEY-----"). Choose the private key file.', file),
  'public:empty': (source) => vscode.l10n.t('{0} is empty. A public key is one line such as "ssh-ed25519 AAAA… comment".', source),
  'public:privateKey': (source) => vscode.l10n.t('{0} is a private key. Never share it: use the public key (the ".pub" file) here.', source),
  'public:multipleLines': (source) => vscode.l10n.t('{0} has more than one line. Give exactly one public key line.', source),
  'public:unknownType': (source) => vscode.l10n.t('{0} does not start with a key type such as "ssh-ed25519" or "ssh-rsa".', source),
  'public:damaged': (source) => vscode.l10n.t('The key data of {0} is damaged: copy the whole line again.', source),
};

export function privateKeyProblem(problem: PrivateKeyProblem, file: string): string {
  return KEY_PROBLEMS[`private:${problem}`](file);
}

export function publicKeyProblem(problem: PublicKeyProblem, source: string): string {
  return KEY_PROBLEMS[`public:${problem}`](source);
}

/** Why a pasted public key line is not one, or undefined: the check of a typed key. */
export function publicKeyLineProblem(line: string): string | undefined {
  const check = parsePublicKeyLine(line);
  return check.ok ? undefined : publicKeyProblem(check.problem, vscode.l10n.t('The text'));
}
