import * as assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { TOKENS } from '../../emulator';

const ROOT = join(__dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = join(ROOT, 'test', 'emulator', 'cli.ts');

function startCli(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(TSX, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => RegExpExecArray | null, ms: number): Promise<RegExpExecArray> {
  const end = Date.now() + ms;
  for (;;) {
    const m = check();
    if (m) {
      return m;
    }
    if (Date.now() > end) {
      throw new Error('timed out');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('emulator: CLI', function () {
  this.timeout(15_000);

  it('prints its address and the demo tokens, applies options, and stops cleanly on SIGTERM', async () => {
    const cli = startCli(['--port', '0', '--rate-limit', '7', '--fault', '503:2']);
    try {
      const m = await waitFor(() => /Emulator listening on (http:\/\/127\.0\.0\.1:(\d+))\n/.exec(cli.output()), 10_000);
      const base = m[1];
      assert.notEqual(m[2], '0');
      for (const t of Object.values(TOKENS)) {
        assert.ok(cli.output().includes(t.token), t.token);
      }
      const get = (): Promise<Response> => fetch(`${base}/user`, { headers: { Authorization: 'Bearer admin-token' } });
      assert.equal((await get()).status, 503);
      assert.equal((await get()).status, 503);
      const ok = await get();
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('x-rate-limit-limit'), '7');
    } finally {
      cli.child.kill('SIGTERM');
    }
    assert.equal(await cli.exited, 0);
  });

  it('exits with status 2 and usage on a bad option', async () => {
    const cli = startCli(['--fault', 'teapot']);
    assert.equal(await cli.exited, 2);
    assert.match(cli.output(), /unknown fault kind 'teapot'/);
    assert.match(cli.output(), /Usage: npm run emulator/);
  });
});
