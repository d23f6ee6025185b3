// Reading a small file from outside (a key file the user picked, a folder's .git/config), safely: only a regular file (not a device such as
// /dev/zero or /dev/urandom, a FIFO, a socket or a folder, whose size says nothing), and never
// more than `limit` + 1 bytes from the opened handle, so no file can make the read endless or the
// memory grow; then its text, or why not in the words of the flow that asked (userFile.ts gives
// them a URI). No editor dependency (unit-tested in plain Node).
import * as fs from 'node:fs';

export type BoundedFileProblem = 'notRegular' | 'tooLarge';

export class BoundedFileError extends Error {
  override name = 'BoundedFileError';
  constructor(
    readonly problem: BoundedFileProblem,
    message: string,
  ) {
    super(message);
  }
}

// O_NONBLOCK: a FIFO swapped in after the check must not block the open (0 where it does not exist).
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOCTTY ?? 0);

function notRegular(file: string, stat: fs.Stats): BoundedFileError {
  const what = stat.isDirectory()
    ? 'a folder'
    : stat.isFIFO()
      ? 'a pipe (FIFO)'
      : stat.isCharacterDevice() || stat.isBlockDevice()
        ? 'a device'
        : stat.isSocket()
          ? 'a socket'
          : 'not a regular file';
  return new BoundedFileError('notRegular', `${file} is ${what}, not a regular file.`);
}

/**
 * The bytes of the regular file at `file` (symbolic links followed), at most `limit` of them:
 * BoundedFileError 'notRegular' for anything but a regular file, 'tooLarge' past the limit. Other
 * failures (missing, no permission) are the file system's errors. The caller should zero the
 * buffer (`fill(0)`) once it has decoded it.
 */
export async function readRegularFile(file: string, limit: number): Promise<Buffer> {
  const before = await fs.promises.stat(file);
  if (!before.isFile()) {
    throw notRegular(file, before);
  }
  // Stryker disable ConditionalExpression,BlockStatement,StringLiteral: equivalent, the bounded read below refuses such a file with the same error (this only spares reading it)
  if (before.size > limit) {
    throw new BoundedFileError('tooLarge', `${file} is larger than ${limit} bytes.`);
  }
  // Stryker restore ConditionalExpression,BlockStatement,StringLiteral
  const handle = await fs.promises.open(file, OPEN_FLAGS);
  try {
    // The file opened must be the one checked: not replaced by a device or pipe meanwhile.
    const opened = await handle.stat();
    if (!opened.isFile() || opened.ino !== before.ino || opened.dev !== before.dev) {
      throw notRegular(file, opened);
    }
    // One byte more than allowed tells a file that grew past the limit since the check.
    const buffer = Buffer.alloc(limit + 1);
    let total = 0;
    // Stryker disable next-line EqualityOperator: equivalent, at total === buffer.length the read asks 0 bytes and gets 0 (the loop ends)
    while (total < buffer.length) {
      const { bytesRead } = await handle.read(buffer, total, buffer.length - total, total);
      if (bytesRead === 0) {
        break;
      }
      total += bytesRead;
    }
    if (total > limit) {
      buffer.fill(0);
      throw new BoundedFileError('tooLarge', `${file} is larger than ${limit} bytes.`);
    }
    return buffer.subarray(0, total);
  } finally {
    await handle.close();
  }
}

export type UserFileProblem = BoundedFileProblem | 'unreadable' | 'notText' | 'unusable';

/** A file the user chose that cannot be used; the message says why and what to do. */
export class UserFileError extends Error {
  override name = 'UserFileError';
  constructor(
    readonly problem: UserFileProblem,
    message: string,
  ) {
    super(message);
  }
}

/** What a flow says of a file it cannot use, in its own words (`name`: the file's name). */
export interface UserFileWords {
  tooLarge(name: string): string;
  notRegular(name: string): string;
  /** Missing, no permission, …: `error` is the file system's. */
  unreadable(path: string, error: unknown): string;
  /** Without it, bytes that are no UTF-8 become U+FFFD, for a flow whose own check then refuses the text (a key). */
  notText?(name: string): string;
}

/**
 * The text of a file the user chose: `read` gives its bytes (bounded, BoundedFileError when not a
 * regular file or too large), decoded as UTF-8; UserFileError in the flow's words when it cannot.
 * The bytes are zeroed once decoded (a key's or a secret's bytes do not outlive their text).
 */
export async function readUserText(read: () => Promise<Uint8Array>, file: { name: string; path: string }, words: UserFileWords): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await read();
  } catch (error) {
    if (error instanceof BoundedFileError) {
      throw new UserFileError(error.problem, error.problem === 'tooLarge' ? words.tooLarge(file.name) : words.notRegular(file.name));
    }
    throw new UserFileError('unreadable', words.unreadable(file.path, error));
  }
  try {
    if (!words.notText) {
      return new TextDecoder('utf-8').decode(bytes);
    }
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new UserFileError('notText', words.notText(file.name));
    }
  } finally {
    bytes.fill(0);
  }
}
