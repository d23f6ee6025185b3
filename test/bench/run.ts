// `npm run bench`: the benchmark. Prints every figure next to its goal and whether it is met;
// `--write-readme` also writes the table into CONTRIBUTING.md's "Performance" section (between the
// bench markers), with the machine and the date. Never a timed test: figures are reported only.
//
// Outside the editor (this process): bundle sizes, and the API client's per-request cost over raw
// fetch against an in-process emulator. In the real editor: activation as VS Code reports it (read
// from Running Extensions, ours beside a hello-world, test/bench/activation.ts) with the extension
// host's memory; then, through test/bench/payload.ts as extensionTestsPath: first rows, requests
// per journey, scale and memory.
//
//   npm run bench                    everything
//   npm run bench -- --write-readme  and update CONTRIBUTING.md
//   npm run bench -- --no-editor     only the figures measured outside the editor
//   npm run bench -- --runs 20       activation runs of each extension (default 10)
//   npm run bench -- --profile       also a CPU profile of one activation (out/bench/activation.cpuprofile)
//   npm run bench -- --activation-only  the bundle sizes and activation only (WA_VSIX=old.vsix measures a build
//                                       instead; WA_COMPARE_VSIX=old.vsix measures it beside this one, same rounds)
//   npm run bench -- --only-runs     the pipeline runs' figures only (test/bench/runs.ts: following, unfocused, logs)
//   (the pipeline files' figures, test/bench/pipelineFiles.ts, are measured outside the editor, with the bundle)
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as util from 'node:util';
import * as zlib from 'node:zlib';
import { ApiClient, type FetchLike } from '../../src/api';
import { startEmulator, type Emulator } from '../emulator';
import { median, rankSumZ } from './stats';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { extensionHostBundle } from '../harness/bundle';
import { onCleanup, runToExit } from '../harness/cleanup';
import { ensureEditor } from '../harness/install';
import { repoRoot } from '../harness/paths';
import { startSession } from '../harness/session';
import { ensureVsix } from '../harness/vsix';
import { buildHelloWorld, buildOneBundleVsix, helloWorld, measureActivation, ours, oursOneBundle, oursSignedIn, type ActivationRun } from './activation';
import { SourceMap, summariseProfile, type CpuProfile } from './profile';
import { benchPipelineFiles } from './pipelineFiles';
import { benchRuns } from './runs';
import type { BenchResults, Rows } from './results';

const argv = process.argv.slice(2);
const args = new Set(argv);
/** Activation runs of each extension (ours, hello-world), alternating. */
const RUNS = Number(argv[argv.indexOf('--runs') + 1]) || Number(process.env.WA_BENCH_RUNS) || 10;
const outDir = path.join(repoRoot, 'out', 'bench');
// The figures are for developers: they live in CONTRIBUTING.md, not in the user's README.
const README = path.join(repoRoot, 'CONTRIBUTING.md');
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

// ------------------------------------------------------------------------------------------------
// Bundle

/** The production bundles, made by esbuild.js as for the .vsix, with their source maps beside them. */
const benchDist = path.join(outDir, 'dist');

async function bundle(): Promise<void> {
  // Exactly the code `npm run package` ships (the maps are separate files: the code is the same).
  fs.rmSync(benchDist, { recursive: true, force: true });
  execFileSync(process.execPath, ['esbuild.js', '--production', '--sourcemap=external', `--outdir=${benchDist}`], { cwd: repoRoot, stdio: 'pipe' });
  const size = (f: string) => fs.statSync(path.join(benchDist, f)).size;
  const gz = (f: string) => zlib.gzipSync(fs.readFileSync(path.join(benchDist, f))).length;
  const files = ['extension.js', 'lazy.js', 'fetch.js'];
  const total = files.reduce((a, f) => a + size(f), 0);
  add('Bundle: dist/extension.js, what activation loads', `${kb(size('extension.js'))} (${kb(gz('extension.js'))} gzip)`, '< 60 KB', size('extension.js') < 60 * KB);
  // Issue 34: the pipeline files add nothing to what activation loads (their registration is in lazy.js, their reader in pipelineFiles.js).
  const activationSources: string[] = JSON.parse(fs.readFileSync(path.join(benchDist, 'extension.js.map'), 'utf8')).sources ?? [];
  const pipelineFilesInActivation = activationSources.filter((s) => s.includes('src/features/pipelineFiles/') || s.includes('node_modules/yaml/') || s.includes('node_modules/ajv/'));
  add(
    'Bundle: pipeline-file modules (the feature, yaml, ajv) in dist/extension.js',
    `${pipelineFilesInActivation.length} of ${activationSources.length} modules`,
    'none (the activation bundle unchanged by the feature)',
    activationSources.length > 0 && pipelineFilesInActivation.length === 0,
  );
  add('Bundle: dist/lazy.js, loaded by the first command or a session with a token (the data, the client, every feature)', `${kb(size('lazy.js'))} (${kb(gz('lazy.js'))} gzip)`, 'reported', undefined);
  add('Bundle: dist/fetch.js, loaded by the first request (node-fetch and its polyfills)', `${kb(size('fetch.js'))} (${kb(gz('fetch.js'))} gzip)`, 'reported', undefined);
  add('Bundle: all of dist/ (production, minified)', kb(total), '< 250 KB', total < 250 * KB);
  const vsix = await ensureVsix();
  const vsixSize = fs.statSync(vsix).size;
  let shipped = '';
  try {
    const listing = execFileSync('unzip', ['-l', vsix], { encoding: 'utf8' });
    const entries = [...listing.matchAll(/^\s*(\d+)\s+\S+\s+\S+\s+extension\/(\S+)\s*$/gm)].map((m) => ({ size: Number(m[1]), name: m[2] }));
    const dist = entries.filter((e) => e.name.startsWith('dist/'));
    const media = entries.filter((e) => e.name.startsWith('media/')).reduce((a, e) => a + e.size, 0);
    shipped = `: ${dist.map((e) => `${e.name} ${kb(e.size)}`).join(', ')}; media/ ${kb(media)}`;
    const stale = dist.filter((e) => fs.existsSync(path.join(benchDist, e.name.slice(5))) && e.size !== size(e.name.slice(5)));
    if (stale.length) {
      notes.push(`The .vsix's ${stale.map((e) => e.name).join(', ')} differ from a fresh build: run \`npm run package\` and the bench again.`);
    }
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

/** Bundles a payload (extensionTestsPath) for the extension host into out/bench/<name>/index.js. */
async function buildPayload(name: string, entry: string): Promise<string> {
  const dir = path.join(outDir, name);
  fs.mkdirSync(dir, { recursive: true });
  await esbuild.build({ ...extensionHostBundle, entryPoints: { index: path.join(repoRoot, 'test', 'bench', entry) }, outdir: dir });
  return path.join(dir, 'index');
}

/** Runs a payload in a fresh editor session (emulator, the .vsix installed); resolves its exit code. */
async function runPayload(payloadPath: string, env: Record<string, string>): Promise<number> {
  const session = await startSession({ env });
  try {
    const remote = (p: string) => `vscode-remote://127.0.0.1:${session.editor.port}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(path.join(repoRoot, 'test', 'harness', 'host', 'runner'))],
      ['extensionTestsPath', remote(payloadPath)],
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
    return code;
  } finally {
    await session.stop();
  }
}

async function inEditor(): Promise<BenchResults> {
  const payload = await buildPayload('payload', 'payload.ts');
  const resultsFile = path.join(outDir, 'editor-results.json');
  fs.rmSync(resultsFile, { force: true });
  console.error(`[bench] starting the scale emulator (${SCALE.projects} projects, ${SCALE.targets} targets, ${SCALE.commits} commits)…`);
  const scale: Emulator = await startEmulator({ port: 0, scale: SCALE, rateLimit: 1_000_000 });
  const unregister = onCleanup('scale emulator', () => scale.close(), () => undefined);
  console.error('[bench] starting code-server with the installed .vsix…');
  try {
    const code = await runPayload(payload, { WA_BENCH_OUT: resultsFile, WA_BENCH_SCALE_URL: scale.url });
    if (!fs.existsSync(resultsFile)) {
      throw new Error(`the bench payload wrote no results (exit code ${code})`);
    }
    return JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as BenchResults;
  } finally {
    unregister();
    await scale.close();
  }
}

// ------------------------------------------------------------------------------------------------
// Activation as VS Code reports it, and where its time goes

const range = (xs: number[], f: (x: number) => string) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;

async function activationAsReported(): Promise<void> {
  const vsix = await ensureVsix();
  console.error('[bench] building the hello-world extension…');
  const hello = buildHelloWorld(outDir);
  // The returning user's floor as the container is: five views drawn at the click, each with a row.
  const hello5 = buildHelloWorld(outDir, 5);
  const browser: Browser = await launchBrowser();
  // The signed-in runs' service: the emulator's demo workspace, whose first project is Web App.
  const emu = await startEmulator({ port: 0, rateLimit: 1_000_000 });
  try {
    const oneBundle = buildOneBundleVsix(vsix, outDir);
    // WA_COMPARE_VSIX: another build of ours (signed out) in the same rounds, for a change's A/B.
    const compared = process.env.WA_COMPARE_VSIX ? path.resolve(process.env.WA_COMPARE_VSIX) : undefined;
    const comparedLabel = compared ? path.basename(compared) : '';
    const subjects = [
      ours(vsix),
      helloWorld(hello),
      oursSignedIn(vsix, emu.url, 'admin-token', 'acme', 'Web App'),
      oursOneBundle(oneBundle),
      helloWorld(hello5, 5),
      ...(compared ? [{ ...ours(compared), label: `Workspace Automation from ${comparedLabel} (signed out)` }] : []),
    ];
    console.error(`[bench] activation as Running Extensions reports it: ${RUNS} runs of each, alternating, a fresh editor each…`);
    const [mine, base, signedIn, single, base5, other] = await measureActivation(browser, subjects, RUNS, (subject, i, r) =>
      console.error(
        `[bench]   ${subject.label} run ${i + 1}: ${r.activationMs} ms, first content drawn ${Math.round(r.firstContentMs)} ms after the click (Playwright's polling: ${Math.round(r.polledMs)} ms), extension host ${mb(r.rssMB)} (settled in ${(r.settleMs / 1000).toFixed(1)} s)`,
      ),
    );
    const act = (rs: ActivationRun[]) => rs.map((r) => r.activationMs);
    const rss = (rs: ActivationRun[]) => rs.map((r) => r.rssMB);
    const shown = (rs: ActivationRun[]) => rs.map((r) => r.firstContentMs);
    const whole = (x: number) => `${x % 1 ? x.toFixed(1) : x} ms`;
    const round = (x: number) => `${Math.round(x)} ms`;
    add('Activation as VS Code reports it (Running Extensions: loading + activate()), signed out, median (range)', range(act(mine), whole), 'reported', undefined);
    add('Activation of a hello-world with one tree view, same runs', range(act(base), whole), 'reported', undefined);
    const diff = median(act(mine)) - median(act(base));
    add(`Activation: ours − hello-world (medians, ${RUNS} runs each)`, `${signed(diff.toFixed(1))} ms`, '≤ 5 ms', diff <= 5);
    if (other) {
      add(`Activation of ${comparedLabel} (WA_COMPARE_VSIX), signed out, same runs`, range(act(other), whole), 'reported', undefined);
      const z = rankSumZ(act(mine), act(other));
      add(
        `Activation: this build − ${comparedLabel} (medians, ${RUNS} runs each, same rounds)`,
        `${signed((median(act(mine)) - median(act(other))).toFixed(1))} ms (rank-sum z = ${z.toFixed(2)}; |z| < 1.96: within noise at 5 %)`,
        'reported',
        undefined,
      );
    }
    add('Activation as VS Code reports it, signed in (token and workspace known at start), same runs', range(act(signedIn), whole), 'reported', undefined);
    add('Activation without the lazy split (one bundle: the kernel and every feature read at activation), signed out, same runs', range(act(single), whole), 'reported', undefined);
    const singleDiff = median(act(single)) - median(act(base));
    add(`Activation without the lazy split − hello-world (medians, ${RUNS} runs each)`, `${signed(singleDiff.toFixed(1))} ms`, '≤ 5 ms (the split is kept while this is not met)', singleDiff <= 5);
    add('Extension host memory (RSS) after activation: ours, median (range)', range(rss(mine), mb), 'reported', undefined);
    add('Extension host memory (RSS) after activation: hello-world', range(rss(base), mb), 'reported', undefined);
    const memDiff = median(rss(mine)) - median(rss(base));
    add('Extension host memory: ours − hello-world (medians)', `${signed(memDiff.toFixed(1))} MB`, '≤ 5 MB', memDiff <= 5);
    add(
      'Click on the activity-bar entry → the frame that draws the first content (the page\'s clock), median (range)',
      `signed out, the welcome: ${range(shown(mine), round)}; hello-world, its row: ${range(shown(base), round)}; signed in, the first project row (views' code loaded, 2 requests): ${range(shown(signedIn), round)}; one bundle, the welcome: ${range(shown(single), round)}; a hello-world with five views, its first row: ${range(shown(base5), round)}`,
      'reported',
      undefined,
    );
    const returning = median(shown(signedIn)) - median(shown(base));
    add(
      'A returning user: click → first project row, minus the hello-world\'s click → its row (medians)',
      `${signed(Math.round(returning).toString())} ms`,
      '≤ 100 ms',
      returning <= 100,
    );
    add(
      'A returning user: click → first project row, minus a five-view hello-world\'s click → its first row (medians; the container has five views)',
      `${signed(Math.round(median(shown(signedIn)) - median(shown(base5))).toString())} ms (five views cost a hello-world ${signed(Math.round(median(shown(base5)) - median(shown(base))).toString())} ms over one)`,
      'reported',
      undefined,
    );
  } finally {
    await emu.close();
    await browser.close();
  }
}

/** One activation under V8's sampling profiler (test/bench/profilePayload.ts), summarised. */
async function profileActivation(): Promise<void> {
  const payload = await buildPayload('profile', 'profilePayload.ts');
  const file = path.join(outDir, 'activation.cpuprofile');
  fs.rmSync(file, { force: true });
  console.error('[bench] CPU profile of one activation…');
  const code = await runPayload(payload, { WA_BENCH_PROFILE: file });
  if (!fs.existsSync(file)) {
    notes.push(`The CPU profile was not written (exit code ${code}).`);
    return;
  }
  const mapFile = path.join(benchDist, 'extension.js.map');
  // Our install folder: other extensions (TypeScript's, for one) also run a dist/extension.js.
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
  const ourBundle = `/${manifest.publisher}.${manifest.name}-${manifest.version}/dist/extension.js`;
  const s = summariseProfile(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile, ourBundle, fs.existsSync(mapFile) ? new SourceMap(mapFile) : undefined);
  const f = (x: number) => `${x.toFixed(1)} ms`;
  if (s.compileMs + s.topLevelMs + s.activateMs === 0) {
    // The activation (onStartupFinished) began before the payload could start the profiler: zeros
    // here would read as "free". What ran of ours afterwards is still in the note below.
    add('CPU profile of one activation (sampled every 50 µs, profiler overhead included)', 'not measured: the activation began before the profiler started (onStartupFinished)', 'reported', undefined);
  } else {
    const later = s.calledByEditor.reduce((a, x) => a + x.ms, 0);
    add(
      'CPU profile of one activation (sampled every 50 µs, profiler overhead included)',
      `compiling dist/extension.js ${f(s.compileMs)}, its top level ${f(s.topLevelMs)}, its require('vscode') (the API object every extension gets) ${f(s.vscodeApiMs)}, activate() ${f(s.activateMs)}${later ? `; after activation, our callbacks ${f(later)}` : ''}`,
      'reported',
      undefined,
    );
  }
  notes.push(`CPU profile (${path.relative(repoRoot, file)}, opens in Chrome DevTools), by self time while our code ran: ${s.top.map((t) => `${t.where} ${f(t.selfMs)}`).join('; ')}.`);
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
    add('Activation, measured by the extension itself: time inside activate() (not what VS Code reports)', ms(a.insideActivateMs), '< 20 ms', a.insideActivateMs < 20);
    if (a.wasActiveBefore) {
      // Since activation comes after the editor's startup, the payload finds it done: a call then
      // loads nothing and asks nothing, so those figures would pass whatever activation does.
      notes.push('The extension was already active when the payload started: the activation figures are not a cold activation.');
      const why = 'not measured: the extension was active before the payload (onStartupFinished)';
      add('Activation, measured by a test: extension.activate() call, loading included (not what VS Code reports)', why, 'reported', undefined);
      add('Activation: modules loaded', why, 'dist/extension.js only (not lazy.js, fetch.js), no network module', undefined);
      add('Activation: API requests', why, '0', undefined);
      return judgeRest(r);
    }
    add('Activation, measured by a test: extension.activate() call, loading included (not what VS Code reports)', ms(a.activateCallMs), 'reported', undefined);
    const heavy = a.builtinsLoaded.filter((m) => /\b(http|https|net|tls|zlib|stream|dns|http2)\b/.test(m));
    const files = a.modulesLoaded;
    add(
      'Activation: modules loaded',
      `${files.length} file(s) [${files.map((f) => path.basename(f)).join(', ')}], ${a.builtinsLoaded.length} Node built-in(s)${heavy.length ? ` incl. ${heavy.join(', ')}` : ''}${a.otherModulesLoaded ? ` (and ${a.otherModulesLoaded} file(s) of other extensions activating meanwhile)` : ''}`,
      'dist/extension.js only (not lazy.js, fetch.js), no network module',
      files.length <= 1 && files.every((f) => f.endsWith('/dist/extension.js')) && heavy.length === 0,
    );
    add('Activation: API requests', a.requests.length ? a.requests.join('; ') : '0', '0', a.requests.length === 0);
  }
  judgeRest(r);
}

/** The in-editor figures after activation: first rows, journeys, scale. */
function judgeRest(r: BenchResults): void {
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

function table(markdown: boolean, shown: Line[] = lines): string {
  const head = ['Figure', 'Measured', 'Goal', 'Met'];
  const rows = shown.map((l) => [l.figure, l.value, l.goal, l.met === undefined ? '–' : l.met ? 'yes' : 'NO']);
  if (markdown) {
    const esc = (s: string) => s.replace(/\|/g, '\\|');
    return [`| ${head.join(' | ')} |`, '| --- | --- | --- | --- |', ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
  }
  const widths = head.map((h, i) => Math.min(i === 1 || i === 2 ? 70 : 90, Math.max(h.length, ...rows.map((r) => r[i].length))));
  const fmt = (r: string[]) => r.map((c, i) => (c.length > widths[i] ? `${c.slice(0, widths[i] - 1)}…` : c.padEnd(widths[i]))).join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

/**
 * The last mutation score (`npm run mutate`, reports/mutation/summary.json), printed beside the
 * table: not a bench figure (nothing is measured here), the quality figure the README quotes.
 */
function mutationScoreLine(file = path.join(repoRoot, 'reports', 'mutation', 'summary.json')): string {
  if (!fs.existsSync(file)) {
    return 'Mutation score: not run (`npm run mutate`).';
  }
  const s = JSON.parse(fs.readFileSync(file, 'utf8')) as { date?: string; score?: number | null; args?: string[]; folders?: Record<string, { score?: number | null }> };
  const pct = (x: number | null | undefined) => (typeof x === 'number' ? `${x.toFixed(1)} %` : 'n/a');
  const folders = Object.entries(s.folders ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}/ ${pct(v.score)}`);
  const narrowed = s.args?.some((a) => a === '--mutate' || a === '-m' || a.startsWith('--mutate=')) ? ` (on part of the code: ${s.args.join(' ')})` : '';
  return `Mutation score: ${pct(s.score)} on ${s.date ?? 'an unknown date'} by \`npm run mutate\`${narrowed}; ${folders.join(', ')}.`;
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
    note: "Allow a pipeline made more than its one POST: the pickers (`ApiLists` in `src/ui/pickers.ts`) read the workspace's data (`src/workspace/workspaceData.ts`), which serves a list a view has loaded in full (`every()`) and a target the view has fetched; check that the journey loaded them and that the target came from the item.",
  },
  {
    figure: /^Requests: /,
    note: 'A journey made more requests than its minimum: the requests are listed in the table; the extension part that sends the extra ones should reuse what is loaded.',
  },
  {
    figure: /^Activation: ours − hello-world/,
    note: 'Activation as VS Code reports it is wall-clock time in the extension host (Date.now() around loading the main module and the synchronous part of activate()): on a busy machine every millisecond of work stretches, ours more than the hello-world\'s because there is more of it. Both extensions activate once the editor has started (onStartupFinished, with the other extensions that start then), so the time also includes waiting for those: a hello-world activated on its view instead reports about 2 ms. Check the load average above; `npm run bench -- --profile` shows where the time goes (compiling dist/extension.js, its top level, activate()).',
  },
  {
    figure: /^Extension host memory: ours/,
    note: 'Extension host memory after activation over the hello-world\'s by more than 5 MB: check that activation loads dist/extension.js only (the "modules loaded" line), not lazy.js or fetch.js.',
  },
  {
    figure: /^Bundle: dist\/extension\.js/,
    note: 'The bundle activation loads grew past 60 KB: something src/extension.ts imports statically (or what that imports) brings code that the first welcome does not need; import it from src/lazy.ts instead (esbuild.js puts it in dist/lazy.js).',
  },
  {
    figure: /^Bundle: all of dist/,
    note: 'All of dist/ is over 250 KB: node-fetch with its polyfills (dist/fetch.js, about 94 KB, the project\'s chosen transport) and dist/lazy.js (the kernel\'s data and client, every feature: views, commands, the Variables view and its import) grew with the features; none of it loads at activation (dist/extension.js), lazy.js comes with the first command or a session with a token, fetch.js with the first request. Splitting lazy.js further (views apart from commands) would shorten the first rows\' load, not the download.',
  },
  {
    figure: /^Activation, measured by the extension itself/,
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

const RUNS_WHY_NOT_MET: { figure: RegExp; note: string }[] = [
  {
    figure: /^Runs: requests to follow/,
    note: 'Following a run asked more than 40 times: the run is one request per poll (shared by the follow, the Runs view and an expanded row: one key in the RunTracker), paced by src/workspace/pollSchedule.ts (2 s while it changed in the last 30 s, then 5 s); an open log adds its pages while its action runs (src/features/runs/logs/logDocuments.ts). Check the breakdown for an action request per log poll or log pages read before the action started.',
  },
  {
    figure: /^Runs: requests in 60 s with the window unfocused/,
    note: 'Unfocused, only the runs followed are asked, together once a minute (UNFOCUSED_MS): a log or a shown run polled meanwhile did not hear of the window losing its focus (vscode.window.onDidChangeWindowState).',
  },
  {
    figure: /^Runs: extension host memory/,
    note: 'Memory with a 100,000-line log open: the extension host keeps the editor\'s copy of the document\'s lines (the floor) and the log\'s styled ranges, packed (runLog.ts; only those in view are painted, logPainter.ts); our own copy of the text (UTF-8 bytes) goes once the finished log is wholly in the document. Each change told has the editor read the whole file (logFiles.ts, a read-only file system: the host then receives only the lines appended): a buffer and its message copy per telling, which the process may keep as malloc arenas after they are freed, so a log being read is told only when its text has doubled and 5 s on (tellingPace.ts). A figure over the goal: check how often the log was told (RunLogState.tellings) and that its copy was let go (RunLogState.released); the window\'s JS heap beside it is where the editor keeps the document, its edits and their undo.',
  },
  {
    figure: /^Runs: status change/,
    note: 'A status change took longer than the poll interval plus 0.5 s to show: the poll found it (pace in pollSchedule.ts), then the row is drawn again from the data (provider.ts redrawRun); a loaded machine stretches the drawing (see the load average).',
  },
  {
    figure: /^Runs: a finished 10,000-line log/,
    note: 'The 10,000-line log: ten pages of 1000 lines are the least (logModel.ts; the action\'s status comes from the run the Runs view read). Its time beside the raw fetches is the editor taking the text: the document opens with the whole first reading when it ends within a second (logDocuments.ts), read by the editor as one file (logFiles.ts), which it then draws; a loaded machine (see the load average) stretches that most.',
  },
];

function whyNotMet(shown: Line[] = lines): string[] {
  const out: string[] = [];
  for (const l of shown.filter((x) => x.met === false)) {
    const why = [...RUNS_WHY_NOT_MET, ...WHY_NOT_MET].find((w) => w.figure.test(l.figure))?.note ?? `${l.figure}: not met in this run.`;
    if (!out.includes(why)) {
      out.push(why);
    }
  }
  return out;
}

let codeServerVersion = '';

function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version} (bench)${codeServerVersion ? `, code-server ${codeServerVersion}` : ''}, load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`;
}

/** The figures of pipeline runs (test/bench/runs.ts) have a table of their own: `--only-runs` rewrites just it. */
const RUNS_BEGIN = '<!-- bench-runs:begin -->';
const RUNS_END = '<!-- bench-runs:end -->';
const isRunsLine = (l: Line) => l.figure.startsWith('Runs: ');

function replaceBlock(text: string, begin: string, end: string, body: string): string {
  const a = text.indexOf(begin);
  const b = text.indexOf(end);
  if (a < 0 || b < a) {
    throw new Error(`CONTRIBUTING.md has no ${begin} … ${end} markers (in its "Performance" section)`);
  }
  return text.slice(0, a) + body + text.slice(b + end.length);
}

function writeReadme(editorVersion: string | undefined, onlyRuns: boolean): void {
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const measured = `Measured on ${date} on ${machine()}${editorVersion ? ` (VS Code ${editorVersion})` : ''}`;
  const main = lines.filter((l) => !isRunsLine(l));
  const runs = lines.filter(isRunsLine);
  let text = fs.readFileSync(README, 'utf8');
  if (!onlyRuns) {
    const body = [
      BEGIN,
      `${measured} by \`npm run bench -- --write-readme\`.`,
      '',
      table(true, main),
      '',
      mutationScoreLine(),
      ...(whyNotMet(main).length ? ['', 'Where a goal is not met:', '', ...whyNotMet(main).map((n) => `- ${n}`)] : []),
      ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []),
      END,
    ].join('\n');
    text = replaceBlock(text, BEGIN, END, body);
  }
  if (runs.length) {
    const body = [
      RUNS_BEGIN,
      `${measured} by \`npm run bench -- ${onlyRuns ? '--only-runs ' : ''}--write-readme\`.`,
      '',
      table(true, runs),
      ...(whyNotMet(runs).length ? ['', 'Where a goal is not met:', '', ...whyNotMet(runs).map((n) => `- ${n}`)] : []),
      ...(onlyRuns && notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []),
      RUNS_END,
    ].join('\n');
    text = replaceBlock(text, RUNS_BEGIN, RUNS_END, body);
  }
  fs.writeFileSync(README, text);
  console.log(`[bench] CONTRIBUTING.md "Performance" updated${onlyRuns ? ' (the runs table)' : ''}`);
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const onlyRuns = args.has('--only-runs');
  if (!onlyRuns) {
    console.error('[bench] bundle…');
    await bundle();
  }
  if (!args.has('--activation-only') && !onlyRuns) {
    console.error('[bench] client overhead…');
    await clientOverhead();
    console.error('[bench] pipeline files…');
    benchPipelineFiles(add);
  }
  let editorVersion: string | undefined;
  if (!args.has('--no-editor')) {
    codeServerVersion = (await ensureEditor()).version;
    if (!onlyRuns) {
      await activationAsReported();
    }
    if (args.has('--profile')) {
      await profileActivation();
    }
    if (!args.has('--activation-only') && !onlyRuns) {
      const r = await inEditor();
      editorVersion = r.editor;
      judgeEditor(r);
    }
    if (!args.has('--activation-only')) {
      await benchRuns(await ensureVsix(), add, notes);
    }
  }
  console.log(`\n${table(false)}\n`);
  console.log(`${mutationScoreLine()}\n`);
  for (const n of [...whyNotMet(), ...notes]) {
    console.log(`note: ${n}\n`);
  }
  const missed = lines.filter((l) => l.met === false).length;
  console.log(`${lines.filter((l) => l.met).length} goal(s) met, ${missed} not met (${machine()}).`);
  if (args.has('--write-readme')) {
    writeReadme(editorVersion, onlyRuns);
  }
}

runToExit(main);
