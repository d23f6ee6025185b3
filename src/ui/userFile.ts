// A small file the user chose (a key, a .env file, a FILE variable's content), read as text: only a
// regular file, never more than the flow's limit, UTF-8; when not, why, in the flow's words
// (boundedFile.ts). On disk (file:) the bounded read of boundedFile.ts; on another file system, a
// file by its type and size, checked again on what was read.
import * as vscode from 'vscode';
import { BoundedFileError, readRegularFile, readUserText, type UserFileWords } from './boundedFile';

export { UserFileError, type UserFileWords } from './boundedFile';

/** The file's text; UserFileError, in `words`, when it is no regular file, larger than `limit`, unreadable or (with `words.notText`) no UTF-8. */
export function readUserFile(uri: vscode.Uri, limit: number, words: UserFileWords): Promise<string> {
  return readUserText(() => readBoundedUri(uri, limit), { name: fileName(uri), path: uri.fsPath }, words);
}

/** The bytes of the file at `uri`, at most `limit`; BoundedFileError for a non-file or a larger one. */
export async function readBoundedUri(uri: vscode.Uri, limit: number): Promise<Uint8Array> {
  if (uri.scheme === 'file') {
    return readRegularFile(uri.fsPath, limit);
  }
  const stat = await vscode.workspace.fs.stat(uri);
  if ((stat.type & vscode.FileType.File) === 0) {
    throw new BoundedFileError('notRegular', `${uri.toString()} is not a regular file.`);
  }
  if (stat.size > limit) {
    throw new BoundedFileError('tooLarge', `${uri.toString()} is larger than ${limit} bytes.`);
  }
  const bytes = await vscode.workspace.fs.readFile(uri);
  if (bytes.length > limit) {
    bytes.fill(0);
    throw new BoundedFileError('tooLarge', `${uri.toString()} is larger than ${limit} bytes.`);
  }
  return bytes;
}

/** The file's name, as the flows' messages name it. */
export function fileName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() || uri.fsPath;
}
