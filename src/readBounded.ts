// A small file at a URI, read with a bound: on disk (file:) only a regular file and never more than
// `limit` + 1 bytes (boundedFile.ts); on another file system, a file by its type and size, checked
// again on what was read.
import * as vscode from 'vscode';
import { BoundedFileError, readRegularFile } from './boundedFile';

export { BoundedFileError };

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
