// `npm run mutate [-- stryker options]`: Stryker (stryker.config.mjs) over the client, the SSH
// checks and the vscode-free logic, then a summary per folder and file in
// reports/mutation/summary.md (and .json), beside Stryker's HTML report. All of reports/ is ignored.
//
// Stryker 10 (the one whose mocha runner takes mocha 12) needs Node 22 or later: under an older
// Node this runs it on the harness's Node 24 (the one code-server uses, installed on first use).
// Examples:
//   npm run mutate                                   # everything, incrementally
//   npm run mutate -- --mutate src/api/baseUrl.ts    # one file
//   npm run mutate -- --concurrency 2 --force        # everything again, ignoring the last results
//
// `--thresholds.break <score>` is the launcher's own (Stryker's command line has no thresholds):
// after the summary, it exits with 1 when the score of the run (reused results included) is below
// it. `npm run mutate:ci` (in `npm test`, so in CI) passes 85, on src/api, with the incremental
// baseline committed in test/mutation/ (CONTRIBUTING.md, "Mutation testing", says how to refresh it).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureEditor } from './install';
import { cacheRoot, NODE_PACKAGE, NODE_VERSION, repoRoot } from './paths';
import { compact, expand, serialize, type IncrementalReport } from './incrementalFile';
import { mutateTsconfig, notLogic, sourceFiles, vscodeFreeModules } from './pureModules';

const reportDir = path.join(repoRoot, 'reports', 'mutation');

interface StrykerConfig {
  default: { incrementalFile: string };
}

/** A Node that Stryker accepts: this one when it is 22 or later, else the harness's Node 24. */
async function strykerNode(): Promise<string> {
  if (Number(process.versions.node.split('.')[0]) >= 22) {
    return process.execPath;
  }
  const cached = path.join(cacheRoot, `node-${NODE_VERSION}`, 'node_modules', NODE_PACKAGE, 'bin', 'node');
  if (fs.existsSync(cached)) {
    return cached;
  }
  console.error(`[mutate] Node ${process.versions.node} is too old for Stryker: installing the harness's Node ${NODE_VERSION}`);
  return path.join((await ensureEditor()).nodeBinDir, 'node');
}

/** Writes tsconfig.mutate.json (what the type checker compiles) and says which `notLogic` entries are stale. */
function prepareModuleList(): void {
  fs.writeFileSync(path.join(repoRoot, 'tsconfig.mutate.json'), mutateTsconfig(repoRoot));
  const free = new Set(vscodeFreeModules(repoRoot));
  const all = new Set(sourceFiles(repoRoot));
  for (const file of Object.keys(notLogic)) {
    if (!all.has(file)) {
      console.error(`[mutate] WARNING: ${file} (test/harness/pureModules.ts, notLogic) does not exist any more: take it out.`);
    } else if (!free.has(file)) {
      console.error(`[mutate] WARNING: ${file} (test/harness/pureModules.ts, notLogic) now loads vscode: take it out.`);
    }
  }
}

function run(node: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const preload = `--require ${JSON.stringify(path.join(__dirname, 'strykerMocha12.cjs'))}`;
    const env = {
      ...process.env,
      PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
      NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' '),
    };
    const child = spawn(node, [path.join(repoRoot, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'), 'run', ...args], {
      cwd: repoRoot,
      env,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// ------------------------------------------------------------------------------------------------
// The summary, from Stryker's JSON report (mutation-testing-report-schema).

interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
  statusReason?: string;
  location: { start: { line: number; column: number } };
}
interface Report {
  files: Record<string, { mutants: ReportMutant[] }>;
}

interface Counts {
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Marked equivalent with a `// Stryker disable` comment (its reason beside it). */
  ignored: number;
  /** Run only while a module loads (ignoreStatic: a whole suite run each); not in the score. */
  staticOnly: number;
  errors: number;
}

const zero = (): Counts => ({ killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, staticOnly: 0, errors: 0 });

function add(c: Counts, m: ReportMutant): void {
  switch (m.status) {
    case 'Killed':
      c.killed++;
      break;
    case 'Timeout':
      c.timeout++;
      break;
    case 'Survived':
      c.survived++;
      break;
    case 'NoCoverage':
      c.noCoverage++;
      break;
    case 'Ignored':
      if (m.statusReason?.startsWith('Static mutant')) {
        c.staticOnly++;
      } else {
        c.ignored++;
      }
      break;
    default:
      c.errors++; // CompileError, RuntimeError: not counted in the score
  }
}

/** Stryker's mutation score: detected / (detected + undetected), in percent; undefined with no valid mutant. */
function score(c: Counts): number | undefined {
  const valid = c.killed + c.timeout + c.survived + c.noCoverage;
  return valid === 0 ? undefined : (100 * (c.killed + c.timeout)) / valid;
}

function summarize(report: Report, seconds: number, args: string[]): { markdown: string; json: unknown } {
  const perFile = new Map<string, Counts>();
  const perFolder = new Map<string, Counts>();
  const total = zero();
  const survivors: string[] = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const rel = path.relative(repoRoot, path.resolve(repoRoot, file)).split(path.sep).join('/');
    const folder = path.posix.dirname(rel);
    const f = perFile.get(rel) ?? zero();
    const d = perFolder.get(folder) ?? zero();
    for (const m of mutants) {
      add(f, m);
      add(d, m);
      add(total, m);
      if (m.status === 'Survived' || m.status === 'NoCoverage') {
        survivors.push(`${rel}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName}${m.replacement ? ` → ${m.replacement.replace(/\s+/g, ' ').slice(0, 80)}` : ''}`);
      }
    }
    perFile.set(rel, f);
    perFolder.set(folder, d);
  }
  const pct = (c: Counts) => {
    const s = score(c);
    return s === undefined ? 'n/a' : `${s.toFixed(1)} %`;
  };
  const row = (name: string, c: Counts) =>
    `| ${name} | ${pct(c)} | ${c.killed} | ${c.timeout} | ${c.survived} | ${c.noCoverage} | ${c.ignored} | ${c.staticOnly} | ${c.errors} |`;
  const head = ['| Where | Score | Killed | Timeout | Survived | No coverage | Marked equivalent | Static only (ignored) | Errors (type, runtime) |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- |'];
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const markdown = [
    `# Mutation testing: ${pct(total)}`,
    '',
    `${date}, ${Math.round(seconds)} s, \`npm run mutate${args.length ? ` -- ${args.join(' ')}` : ''}\` (Stryker, the unit suite; score = killed and timed out / all but ignored and errors).`,
    '',
    ...head,
    row('**all**', total),
    ...[...perFolder].sort(([a], [b]) => a.localeCompare(b)).map(([k, c]) => row(`${k}/`, c)),
    '',
    ...head,
    ...[...perFile].sort(([a], [b]) => a.localeCompare(b)).map(([k, c]) => row(k, c)),
    '',
    `## Survivors (${survivors.length})`,
    '',
    ...survivors.map((s) => `- ${s}`),
    '',
  ].join('\n');
  const json = {
    date,
    seconds: Math.round(seconds),
    args,
    score: score(total),
    total,
    folders: Object.fromEntries([...perFolder].map(([k, c]) => [k, { score: score(c), ...c }])),
    files: Object.fromEntries([...perFile].map(([k, c]) => [k, { score: score(c), ...c }])),
    survivors,
  };
  return { markdown, json };
}

/** Takes the launcher's own `--thresholds.break <score>` (or `=<score>`) out of the arguments for Stryker. */
function breakThreshold(argv: string[]): { args: string[]; breakAt?: number } {
  const args: string[] = [];
  let breakAt: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split('=', 2) as [string, string | undefined];
    if (name !== '--thresholds.break') {
      args.push(argv[i]);
      continue;
    }
    const value = inline ?? argv[++i];
    breakAt = Number(value);
    if (value === undefined || value === '' || !Number.isFinite(breakAt) || breakAt < 0 || breakAt > 100) {
      throw new Error(`--thresholds.break needs a score from 0 to 100, not ${JSON.stringify(value)}`);
    }
  }
  return { args, breakAt };
}

/** The incremental file of this run: `--incrementalFile <file>` (or `=<file>`), else the config's. */
function incrementalFileOf(args: string[], config: StrykerConfig): string {
  const i = args.findIndex((a) => a === '--incrementalFile' || a.startsWith('--incrementalFile='));
  const file = i < 0 ? config.default.incrementalFile : args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
  return path.resolve(repoRoot, file);
}

/**
 * Stryker's arguments with the incremental file replaced by a working copy in reports/mutation/:
 * the kept file (`target`, e.g. the committed baseline in test/mutation/) is compact
 * (incrementalFile.ts); the copy is it made whole for Stryker, and only a run that ends well
 * writes the kept file again, compacted.
 */
function withWorkingIncrementalFile(args: string[], target: string): { args: string[]; work: string } {
  const work = path.join(reportDir, 'incremental-work.json');
  const rest = args.filter((a, i) => !(a === '--incrementalFile' || a.startsWith('--incrementalFile=') || args[i - 1] === '--incrementalFile'));
  fs.mkdirSync(reportDir, { recursive: true });
  fs.rmSync(work, { force: true });
  if (fs.existsSync(target)) {
    const textOf = (file: string) => {
      const full = path.join(repoRoot, file);
      return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined;
    };
    fs.writeFileSync(work, JSON.stringify(expand(JSON.parse(fs.readFileSync(target, 'utf8')) as IncrementalReport, textOf)));
  }
  return { args: [...rest, '--incrementalFile', path.relative(repoRoot, work)], work };
}

async function main(): Promise<void> {
  const { args, breakAt } = breakThreshold(process.argv.slice(2));
  const config = (await import(pathToFileURL(path.join(repoRoot, 'stryker.config.mjs')).href)) as StrykerConfig;
  prepareModuleList();
  const node = await strykerNode();
  const jsonReport = path.join(reportDir, 'mutation.json');
  fs.rmSync(jsonReport, { force: true });
  const started = Date.now();
  const target = incrementalFileOf(args, config);
  const { args: strykerArgs, work } = withWorkingIncrementalFile(args, target);
  const code = await run(node, strykerArgs);
  const seconds = (Date.now() - started) / 1000;
  if (code !== 0 || !fs.existsSync(jsonReport)) {
    console.error(`[mutate] Stryker exited with ${code} after ${Math.round(seconds)} s`);
    process.exit(code || 1);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, serialize(compact(JSON.parse(fs.readFileSync(work, 'utf8')) as IncrementalReport)));
  const { markdown, json } = summarize(JSON.parse(fs.readFileSync(jsonReport, 'utf8')) as Report, seconds, args);
  fs.writeFileSync(path.join(reportDir, 'summary.md'), markdown);
  fs.writeFileSync(path.join(reportDir, 'summary.json'), `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\n${markdown.split('\n## Survivors')[0]}`);
  console.log(`[mutate] ${path.relative(repoRoot, path.join(reportDir, 'index.html'))}, ${path.relative(repoRoot, path.join(reportDir, 'summary.md'))} (survivors listed there)`);
  const reached = (json as { score?: number }).score;
  if (breakAt !== undefined && (reached === undefined || reached < breakAt)) {
    console.error(`[mutate] FAILED: mutation score ${reached === undefined ? 'n/a' : `${reached.toFixed(2)} %`} is below the break threshold of ${breakAt} % (--thresholds.break): add tests for the survivors in ${path.relative(repoRoot, path.join(reportDir, 'summary.md'))}`);
    process.exit(1);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
