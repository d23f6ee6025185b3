// Key files are read only when they are regular files, and never past the limit: /dev/zero and
// /dev/urandom (size 0, endless), a FIFO (blocks forever without a writer), a folder and a file
// larger than the limit are refused at once; a symbolic link to a key file is followed. Its text
// (readUserText, what the flows read through ui/userFile.ts): UTF-8, or why not in the flow's words.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { BoundedFileError, readRegularFile, readUserText, UserFileError, type UserFileWords } from '../../../src/ui/boundedFile';

const LIMIT = 64 * 1024;

/** Rejects when `p` takes longer than `ms`: an endless read must fail the test, not hang it. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`still reading after ${ms} ms`)), ms).unref())]);
}

async function refusal(file: string): Promise<BoundedFileError> {
  try {
    await within(readRegularFile(file, LIMIT), 2000);
  } catch (e) {
    assert.ok(e instanceof BoundedFileError, String(e));
    return e;
  }
  assert.fail(`${file} was read`);
}

describe('commands: bounded reading of key files', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-bounded-'));
  });
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads a regular file whole, and one through a symbolic link', async () => {
    const file = path.join(dir, 'id_test');
    fs.writeFileSync(file, 'key text\n');
    assert.equal((await readRegularFile(file, LIMIT)).toString('utf8'), 'key text\n');
    const link = path.join(dir, 'id_link');
    fs.symlinkSync(file, link);
    assert.equal((await readRegularFile(link, LIMIT)).toString('utf8'), 'key text\n');
    const exact = path.join(dir, 'exact');
    fs.writeFileSync(exact, Buffer.alloc(LIMIT, 0x41));
    assert.equal((await readRegularFile(exact, LIMIT)).length, LIMIT, 'exactly the limit is allowed');
  });

  for (const device of ['/dev/zero', '/dev/urandom']) {
    it(`refuses ${device} (size 0, endless) without reading it`, async () => {
      assert.equal(fs.statSync(device).size, 0, 'the size check alone would let it through');
      const e = await refusal(device);
      assert.equal(e.problem, 'notRegular');
      assert.match(e.message, /is a device, not a regular file/);
    });
  }

  it('refuses a FIFO without opening it (which would block until a writer comes)', async () => {
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const e = await refusal(fifo);
    assert.equal(e.problem, 'notRegular');
    assert.match(e.message, /is a pipe \(FIFO\)/);
  });

  it('refuses a folder, and a symbolic link to a device', async () => {
    assert.equal((await refusal(dir)).problem, 'notRegular');
    const link = path.join(dir, 'zero_link');
    fs.symlinkSync('/dev/zero', link);
    assert.equal((await refusal(link)).problem, 'notRegular');
  });

  it('refuses a file larger than the limit', async () => {
    const big = path.join(dir, 'big');
    fs.writeFileSync(big, Buffer.alloc(LIMIT + 1, 0x41));
    const e = await refusal(big);
    assert.equal(e.problem, 'tooLarge');
  });

  it('a missing file is the file system error', async () => {
    await assert.rejects(readRegularFile(path.join(dir, 'missing'), LIMIT), { code: 'ENOENT' });
  });
});

describe('commands: bounded reading, what each refusal says', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-bounded-says-'));
  });
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names a folder, a device and a socket as what they are', async () => {
    const folder = await refusal(dir);
    assert.equal(folder.name, 'BoundedFileError');
    assert.equal(folder.message, `${dir} is a folder, not a regular file.`);
    assert.match((await refusal('/dev/null')).message, /^\/dev\/null is a device, not a regular file\.$/);
    const sock = path.join(dir, 's.sock');
    const server = net.createServer().listen(sock);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      assert.match((await refusal(sock)).message, /is a socket, not a regular file\.$/);
    } finally {
      server.close();
    }
  });

  it('a file larger than the limit says the limit; exactly the limit is read', async () => {
    const file = path.join(dir, 'ten');
    fs.writeFileSync(file, '0123456789');
    assert.equal((await readRegularFile(file, 10)).toString(), '0123456789');
    await assert.rejects(readRegularFile(file, 9), (e: unknown) => e instanceof BoundedFileError && e.problem === 'tooLarge' && e.message === `${file} is larger than 9 bytes.`);
  });

  it('a regular file whose size says nothing (/proc) is still cut at the limit', async function () {
    if (!fs.existsSync('/proc/self/status')) {
      this.skip();
    }
    assert.equal(fs.statSync('/proc/self/status').size, 0, 'the size of a /proc file says nothing');
    await assert.rejects(readRegularFile('/proc/self/status', 10), (e: unknown) => e instanceof BoundedFileError && e.problem === 'tooLarge');
    assert.match((await readRegularFile('/proc/self/status', 1 << 20)).toString(), /^Name:/);
  });
});

describe('ui: a file the user chose, as text, or why not in the flow\'s words', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-user-file-'));
  });
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const words: Required<UserFileWords> = {
    tooLarge: (name) => `${name} is too large here.`,
    notRegular: (name) => `${name} is no file to choose.`,
    unreadable: (p, error) => `Could not read ${p} (${(error as NodeJS.ErrnoException).code}).`,
    notText: (name) => `${name} is not text.`,
  };
  const lenient: UserFileWords = { tooLarge: words.tooLarge, notRegular: words.notRegular, unreadable: words.unreadable };

  /** Reads `file` as the flows do, keeping the bytes read to see that they were zeroed. */
  function readText(file: string, w: UserFileWords, limit = LIMIT): { text: Promise<string>; read: Buffer[] } {
    const read: Buffer[] = [];
    const text = readUserText(
      async () => {
        const bytes = await readRegularFile(file, limit);
        read.push(bytes);
        return bytes;
      },
      { name: path.basename(file), path: file },
      w,
    );
    return { text, read };
  }

  async function refused(text: Promise<string>): Promise<UserFileError> {
    try {
      await text;
    } catch (e) {
      assert.ok(e instanceof UserFileError, String(e));
      assert.ok(e instanceof Error);
      assert.equal(e.name, 'UserFileError');
      return e;
    }
    assert.fail('the file was read');
  }

  it('gives the UTF-8 text, and zeroes the bytes read', async () => {
    const file = path.join(dir, 'app.env');
    fs.writeFileSync(file, 'GREETING=grüß dich\n');
    const { text, read } = readText(file, words);
    assert.equal(await text, 'GREETING=grüß dich\n');
    assert.equal(read.length, 1);
    assert.deepEqual([...read[0]], new Array<number>(read[0].length).fill(0));
  });

  it('says in the flow\'s words that a file is too large or no regular file, naming it', async () => {
    const big = path.join(dir, 'big.env');
    fs.writeFileSync(big, 'A=1234567890\n');
    const large = await refused(readText(big, words, 5).text);
    assert.deepEqual([large.problem, large.message], ['tooLarge', 'big.env is too large here.']);
    const folder = await refused(readText(dir, words).text);
    assert.deepEqual([folder.problem, folder.message], ['notRegular', `${path.basename(dir)} is no file to choose.`]);
    const device = await refused(readText('/dev/zero', words).text);
    assert.deepEqual([device.problem, device.message], ['notRegular', 'zero is no file to choose.']);
  });

  it('says a file it cannot read with its path and the file system\'s error', async () => {
    const missing = path.join(dir, 'missing.env');
    const e = await refused(readText(missing, words).text);
    assert.deepEqual([e.problem, e.message], ['unreadable', `Could not read ${missing} (ENOENT).`]);
  });

  it('refuses bytes that are no UTF-8 when the flow says so, the bytes zeroed too', async () => {
    const file = path.join(dir, 'binary.bin');
    fs.writeFileSync(file, Buffer.from([0x41, 0xff, 0xfe, 0x42]));
    const { text, read } = readText(file, words);
    const e = await refused(text);
    assert.deepEqual([e.problem, e.message], ['notText', 'binary.bin is not text.']);
    assert.deepEqual([...read[0]], [0, 0, 0, 0]);
  });

  it('without words for it, takes bytes that are no UTF-8 as U+FFFD (the flow\'s own check judges the text)', async () => {
    const file = path.join(dir, 'id_binary');
    fs.writeFileSync(file, Buffer.from([0x41, 0xff, 0x42]));
    assert.equal(await readText(file, lenient).text, 'A\ufffdB');
  });
});
