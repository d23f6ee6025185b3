// How the editor reads the log documents: a read-only file system (scheme `wa-run-log:`) over the
// open logs (logDocuments.ts). A file system rather than a content provider: at a change the editor
// reads the whole file, as bytes, and then sends the extension host only the lines that differ (the
// lines appended); a content provider's new text crosses as a string, is split into lines to
// compare, and over 100,000 characters replaces every line of the host's copy of the document, all
// of it garbage at each telling (tens of MB for a 100,000-line log).
import * as vscode from 'vscode';

/** An open log as a file. */
export interface LogFile {
  readonly ctime: number;
  /** Later at each change (the editor reads a file again when its time or size differ). */
  readonly mtime: number;
  readonly size: number;
  /** The content now; what it says is then taken by the editor. */
  read(): Uint8Array;
}

export interface LogFiles {
  /** The log at the address (opened when needed), after its first reading or a moment; undefined when it names none. */
  file(uri: vscode.Uri): Promise<LogFile | undefined>;
  /** A log's content changed: the editor is to read it again. */
  readonly onDidChange: vscode.Event<vscode.Uri>;
}

export class RunLogFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly logs: LogFiles) {
    this.subscription = logs.onDidChange((uri) => this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]));
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const file = await this.file(uri);
    return { type: vscode.FileType.File, ctime: file.ctime, mtime: file.mtime, size: file.size };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.file(uri)).read();
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined); // every open log's changes are told
  }

  readDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.FileNotADirectory(uri);
  }

  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  writeFile(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changes.dispose();
  }

  private async file(uri: vscode.Uri): Promise<LogFile> {
    const file = await this.logs.file(uri);
    if (!file) {
      throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('This log address names no action execution.'));
    }
    return file;
  }
}
