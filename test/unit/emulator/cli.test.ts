import * as assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { TOKENS } from '../../emulator';
import { BANNER_END } from '../../emulator/banner';

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

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (check()) {
      return;
    }
    if (Date.now() > end) {
      throw new Error('timed out');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The whole banner, up to its last line, and the address in it. Output arrives in chunks of any
 * size (under load the token lines may come after the "listening" line): wait for the end.
 */
async function banner(cli: ReturnType<typeof startCli>): Promise<{ text: string; base: string; port: string }> {
  await waitFor(() => cli.output().includes(`${BANNER_END}\n`), 10_000);
  const text = cli.output();
  const m = /Emulator listening on (http:\/\/127\.0\.0\.1:(\d+))\n/.exec(text);
  assert.ok(m, text);
  return { text, base: m[1], port: m[2] };
}

describe('emulator: CLI', function () {
  this.timeout(15_000);

  it('prints its address, its dialect and the demo tokens, applies options, and stops cleanly on SIGTERM', async () => {
    const cli = startCli(['--port', '0', '--rate-limit', '7', '--fault', '503:2', '--oauth-access-s', '120']);
    try {
      const { text, base, port } = await banner(cli);
      assert.notEqual(port, '0');
      assert.match(text, /^Dialect: default /m);
      const tokens = Object.values(TOKENS);
      assert.ok(tokens.length >= 7);
      for (const t of tokens) {
        assert.match(text, new RegExp(`^  ${t.token} +\\S`, 'm'), t.token);
      }
      const get = (): Promise<Response> => fetch(`${base}/user`, { headers: { Authorization: 'Bearer admin-token' } });
      assert.equal((await get()).status, 503);
      assert.equal((await get()).status, 503);
      const ok = await get();
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('x-rate-limit-limit'), '7');
      assert.match(ok.headers.get('x-rate-limit-reset') ?? '', /^\d+$/);
      assert.match(text, new RegExp(`^OAuth: ${base}/oauth2/authorize .*wa-demo-app \\(secret wa-demo-secret\\)`, 'm'));
      const lifetimes = (await (await fetch(`${base}/__emulator/oauth/lifetimes`)).json()) as { accessTokenS: number };
      assert.equal(lifetimes.accessTokenS, 120);
    } finally {
      cli.child.kill('SIGTERM');
    }
    assert.equal(await cli.exited, 0);
  });

  it('--dialect vendor answers in the vendor shapes', async () => {
    const cli = startCli(['--port', '0', '--dialect', 'vendor']);
    try {
      const { text, base } = await banner(cli);
      assert.match(text, /^Dialect: vendor /m);
      assert.match(text, /^Vendor extras: /m);
      const res = await fetch(`${base}/workspaces/acme/targets`, { headers: { Authorization: 'Bearer admin-token' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('x-rate-limit-reset'), null);
      const { targets } = (await res.json()) as { targets: Record<string, unknown>[] };
      assert.deepEqual(targets.at(-1), { type: 'MATCH', identifier: 'prod-hosts', scope: 'WORKSPACE' });
      const control = (await (await fetch(`${base}/__emulator/dialect`)).json()) as { dialect: string };
      assert.equal(control.dialect, 'vendor');
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

  it('exits with status 2 on an unknown dialect, naming the ones there are', async () => {
    const cli = startCli(['--dialect', 'klingon']);
    assert.equal(await cli.exited, 2);
    assert.match(cli.output(), /--dialect must be one of default, vendor, got 'klingon'/);
  });
});
