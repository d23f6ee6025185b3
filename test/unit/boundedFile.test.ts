// Key files are read only when they are regular files, and never past the limit: /dev/zero and
// /dev/urandom (size 0, endless), a FIFO (blocks forever without a writer), a folder and a file
// larger than the limit are refused at once; a symbolic link to a key file is followed.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { BoundedFileError, readRegularFile } from '../../src/boundedFile';

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
