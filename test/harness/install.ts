// First-use install of Node 24 and code-server into the ignored cache folder, keyed by version.
// Each install goes into a temporary sibling folder that is renamed into place only once it is
// complete, so an interrupted install leaves nothing half-done behind (a later run starts over).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CODE_SERVER_VERSION, NODE_PACKAGE, NODE_VERSION, cacheRoot } from './paths';

export interface EditorInstall {
  /** Folder of the Node 24 package (its `bin/node`, and `include/node` for node-gyp). */
  nodeDir: string;
  /** Folder holding Node 24's `node` binary: put it first on PATH for code-server. */
  nodeBinDir: string;
  /** code-server's launcher script. */
  codeServerBin: string;
  version: string;
  /** Milliseconds spent installing in this call (0 when the cache was already there). */
  installMs: number;
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

/** Installs `spec` with npm into `target` unless `marker` (relative to target) already exists. */
async function npmInstallOnce(spec: string, target: string, marker: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  if (fs.existsSync(path.join(target, marker))) {
    return false;
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.partial-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'wa-editor-cache', private: true }, null, 2));
  try {
    await run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--loglevel=error', spec], { cwd: tmp, env, quiet: !process.env.WA_VERBOSE });
    if (!fs.existsSync(path.join(tmp, marker))) {
      throw new Error(`npm install ${spec} finished but ${marker} is missing`);
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

/** Environment for running code-server (and npm installing it) on Node 24. */
export function nodeEnv(nodeDir: string, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env = { ...base };
  env.PATH = `${path.join(nodeDir, 'bin')}${path.delimiter}${base.PATH ?? ''}`;
  // The machine's npm config points node-gyp at Node 20's headers; use Node 24's.
  env.npm_config_nodedir = nodeDir;
  delete env.NODE_OPTIONS;
  return env;
}

let pending: Promise<EditorInstall> | undefined;

/** Returns the cached Node 24 + code-server, installing them on first use. */
export function ensureEditor(): Promise<EditorInstall> {
  pending ??= doEnsureEditor();
  return pending;
}

async function doEnsureEditor(): Promise<EditorInstall> {
  const started = Date.now();
  const nodeRoot = path.join(cacheRoot, `node-${NODE_VERSION}`);
  const nodeDir = path.join(nodeRoot, 'node_modules', NODE_PACKAGE);
  const base = { ...process.env };
  // Outside the repo's npm context: don't let an `npm run` parent's settings leak in.
  for (const k of Object.keys(base)) {
    if (k.startsWith('npm_')) {
      delete base[k];
    }
  }
  let installed = false;
  if (await npmInstallOnce(`${NODE_PACKAGE}@${NODE_VERSION}`, nodeRoot, `node_modules/${NODE_PACKAGE}/bin/node`, base)) {
    installed = true;
    console.error(`[harness] installed Node ${NODE_VERSION} into ${nodeRoot}`);
  }
  const csRoot = path.join(cacheRoot, `code-server-${CODE_SERVER_VERSION}`);
  const marker = 'node_modules/code-server/out/node/entry.js';
  if (!fs.existsSync(path.join(csRoot, marker))) {
    console.error(`[harness] installing code-server ${CODE_SERVER_VERSION} into ${csRoot} (first use: about 2 minutes)`);
  }
  if (await npmInstallOnce(`code-server@${CODE_SERVER_VERSION}`, csRoot, marker, nodeEnv(nodeDir, base))) {
    installed = true;
  }
  const installMs = installed ? Date.now() - started : 0;
  if (installed) {
    console.error(`[harness] figure: editor cache install took ${(installMs / 1000).toFixed(1)} s`);
  }
  return {
    nodeDir,
    nodeBinDir: path.join(nodeDir, 'bin'),
    codeServerBin: path.join(csRoot, 'node_modules', '.bin', 'code-server'),
    version: CODE_SERVER_VERSION,
    installMs,
  };
}

if (require.main === module) {
  ensureEditor().then(
    (r) => console.log(`[harness] code-server ${r.version}: ${r.codeServerBin} (Node in ${r.nodeBinDir})`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
