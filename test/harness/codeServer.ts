// Starts code-server (a real VS Code served to a browser) on loopback with a fresh profile, installs
// the packaged extension into it, and stops it with its whole process group.
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { killGroup, onCleanup } from './cleanup';
import { freePort } from './freePort';
import { EditorInstall, ensureEditor, nodeEnv, run } from './install';
import { vsixPath } from './paths';

export interface CodeServerOptions {
  /** User settings written before start (merged over the quiet defaults). */
  settings?: Record<string, unknown>;
  /** Extra environment for code-server and so for its extension host. */
  env?: Record<string, string>;
  /** The .vsix to install first; `false` installs nothing. Default: the packaged extension. */
  vsix?: string | false;
  /** The folder to open; default: a fresh empty folder in the run's temp folder. */
  folder?: string;
  /** Fixed port; default: a free one. */
  port?: number;
}

/** A process of the editor's process group that a window started. */
export interface WindowProcess {
  pid: number;
  /** Its command line (the first 200 characters). */
  command: string;
}

export interface CodeServer {
  /** The workbench URL with the folder opened, e.g. http://127.0.0.1:PORT/?folder=/tmp/... */
  url: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  /** The server's process id, which leads its process group (the extension host is in it). */
  pid: number;
  folder: string;
  /** The run's temp folder (profile, extensions, XDG dirs, server log). */
  root: string;
  userDataDir: string;
  extensionsDir: string;
  /** code-server's own output (stdout + stderr). */
  serverLog: string;
  /** Milliseconds from spawn to a healthy /healthz. */
  startMs: number;
  /** Settles when the server process exits (its exit code, or the signal's name). */
  exited: Promise<number | string>;
  install: EditorInstall;
  /**
   * The live processes windows started in this editor: their extension hosts and what those
   * started (language servers). The server keeps a closed window's for its reconnection grace time
   * (hours), so whoever closes the last window ends them (`endWindowProcesses`).
   */
  windowProcesses(): WindowProcess[];
  /** Copies the editor's logs (server output, VS Code log folders) into `dest`. */
  collectLogs(dest: string): void;
  /** Stops the whole process group and removes the temp folder (kept when WA_KEEP=1). */
  stop(): Promise<void>;
}

/** Settings that keep the editor quiet and fast for automation. */
export const quietSettings: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  // No extensions.autoUpdate: without update checks it does nothing, and 1.139 rewrites the old
  // value (false) as "off" in settings.json at every new window's start; under load that save
  // could hang and hold back the window's later settings writes (a sign-in's workspace).
  'extensions.autoCheckUpdates': false,
  'update.mode': 'none',
  'workbench.enableExperiments': false,
  'workbench.tips.enabled': false,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'window.restoreWindows': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

function profileArgs(dirs: { userDataDir: string; extensionsDir: string; config: string }): string[] {
  return ['--user-data-dir', dirs.userDataDir, '--extensions-dir', dirs.extensionsDir, '--config', dirs.config];
}

/** Environment with the fresh XDG folders of one run and code-server's Node first on PATH. */
function editorEnv(install: EditorInstall, root: string, extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Keep the npm-run context and VS Code's own variables (when run from a VS Code terminal) out.
    // WORKSPACE_AUTOMATION_TOKEN: the extension signs in with it; only a test may set it (opts.env).
    if (!k.startsWith('npm_') && !k.startsWith('VSCODE_') && !['ELECTRON_RUN_AS_NODE', 'WORKSPACE_AUTOMATION_TOKEN'].includes(k)) {
      base[k] = v;
    }
  }
  const env = nodeEnv(install.nodeDir, base);
  env.XDG_CONFIG_HOME = path.join(root, 'xdg-config');
  env.XDG_DATA_HOME = path.join(root, 'xdg-data');
  env.XDG_CACHE_HOME = path.join(root, 'xdg-cache');
  env.XDG_RUNTIME_DIR = path.join(root, 'xdg-runtime');
  for (const d of [env.XDG_CONFIG_HOME, env.XDG_DATA_HOME, env.XDG_CACHE_HOME, env.XDG_RUNTIME_DIR]) {
    fs.mkdirSync(d, { recursive: true, mode: 0o700 });
  }
  return { ...env, ...extra };
}

async function waitHealthy(origin: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`code-server exited early (${child.exitCode ?? child.signalCode}):\n${log().slice(-4000)}`);
    }
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`code-server did not answer ${origin}/healthz within ${timeoutMs} ms:\n${log().slice(-4000)}`);
}

function copyDir(src: string, dest: string): void {
  if (fs.existsSync(src)) {
    fs.cpSync(src, dest, { recursive: true, force: true });
  }
}

/** Extensions folders with a .vsix installed, by editor and .vsix file (path, time, size). */
const installedFolders = new Map<string, Promise<string>>();

/** An extensions folder of this process with `vsix` installed by `install`'s code-server (made on first use, removed at exit). */
function installedExtensions(install: EditorInstall, vsix: string): Promise<string> {
  const stat = fs.statSync(vsix);
  const key = [install.codeServerBin, path.resolve(vsix), stat.mtimeMs, stat.size].join('|');
  let folder = installedFolders.get(key);
  if (!folder) {
    folder = (async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-extensions-'));
      const remove = () => fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
      if (!process.env.WA_KEEP) {
        onCleanup(`extensions ${root}`, async () => remove(), remove);
      }
      const dirs = { userDataDir: path.join(root, 'user-data'), extensionsDir: path.join(root, 'extensions'), config: path.join(root, 'config.yaml') };
      fs.mkdirSync(dirs.extensionsDir, { recursive: true });
      fs.writeFileSync(dirs.config, 'auth: none\ncert: false\n');
      await run(install.codeServerBin, [...profileArgs(dirs), '--install-extension', vsix, '--force'], { cwd: root, env: editorEnv(install, root, undefined), quiet: true });
      return dirs.extensionsDir;
    })();
    installedFolders.set(key, folder);
    folder.catch(() => installedFolders.delete(key));
  }
  return folder;
}

/**
 * The live processes of process group `pgid` (the editor's: its leader is code-server) that an
 * extension host is or started (Linux: read from /proc; elsewhere []).
 */
function extensionHostProcesses(pgid: number): WindowProcess[] {
  if (!fs.existsSync('/proc/self/stat')) {
    return [];
  }
  const procs = new Map<number, { ppid: number; cmd: string }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) {
      continue;
    }
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // After the command's parenthesised name: state, ppid, pgrp, …
      const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') {
        procs.set(Number(name), { ppid: Number(ppid), cmd: fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() });
      }
    } catch {
      // ended while read
    }
  }
  const fromHost = (pid: number): boolean => {
    for (let p = procs.get(pid); p; p = procs.get(p.ppid)) {
      if (p.cmd.includes('--type=extensionHost')) {
        return true;
      }
    }
    return false;
  };
  return [...procs.keys()].filter(fromHost).map((pid) => ({ pid, command: procs.get(pid)!.cmd.slice(0, 200) }));
}

/** Starts code-server with a fresh profile and (by default) the packaged extension installed. */
export async function startCodeServer(opts: CodeServerOptions = {}): Promise<CodeServer> {
  const install = await ensureEditor();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-editor-'));
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const config = path.join(root, 'config.yaml');
  const folder = opts.folder ?? path.join(root, 'workspace');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(config, 'auth: none\ncert: false\n');
  fs.writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...quietSettings, ...opts.settings }, null, 2),
  );
  const env = editorEnv(install, root, opts.env);
  const vsix = opts.vsix === undefined ? vsixPath : opts.vsix;
  if (vsix && !fs.existsSync(vsix)) {
    throw new Error(`${vsix} does not exist: run \`npm run package\` first`);
  }
  // The extensions folder with the .vsix installed is made once per editor version and .vsix file
  // (an install is a code-server process of about 3 s); every editor of this process reuses it.
  const dirs = { userDataDir, extensionsDir: vsix ? await installedExtensions(install, vsix) : extensionsDir, config };

  const port = opts.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const serverLog = path.join(root, 'code-server.log');
  const logFd = fs.openSync(serverLog, 'a');
  const args = [
    ...profileArgs(dirs),
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    ...install.smokeTestDriverArgs,
    folder,
  ];
  const started = Date.now();
  // detached: the child calls setsid(), so it leads its own process group and `kill -- -PID`
  // reaches the helpers (extension host, file watcher, pty host) too.
  const child = spawn(install.codeServerBin, args, { cwd: root, env, detached: true, stdio: ['ignore', logFd, logFd] });
  fs.closeSync(logFd);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const readLog = () => (fs.existsSync(serverLog) ? fs.readFileSync(serverLog, 'utf8') : '');

  let stopped = false;
  const removeTemp = () => {
    if (!process.env.WA_KEEP) {
      fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    }
  };
  const stop = async () => {
    if (stopped) {
      return;
    }
    stopped = true;
    unregister();
    if (killGroup(child.pid, 'SIGTERM')) {
      const exited = new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      // Helpers may outlive the leader for a moment: make sure the whole group is gone.
      await new Promise((r) => setTimeout(r, 200));
      killGroup(child.pid, 'SIGKILL');
    }
    removeTemp();
  };
  const unregister = onCleanup(`code-server :${port}`, stop, () => {
    killGroup(child.pid, 'SIGKILL');
    removeTemp();
  });

  try {
    await waitHealthy(origin, child, readLog, 60_000);
  } catch (e) {
    await stop();
    throw e;
  }
  const startMs = Date.now() - started;
  return {
    url: `${origin}/?folder=${encodeURIComponent(folder)}`,
    origin,
    port,
    pid: child.pid!,
    folder,
    root,
    userDataDir,
    extensionsDir: dirs.extensionsDir,
    serverLog,
    startMs,
    exited,
    install,
    windowProcesses: () => extensionHostProcesses(child.pid!),
    collectLogs(dest: string) {
      fs.mkdirSync(dest, { recursive: true });
      if (fs.existsSync(serverLog)) {
        fs.copyFileSync(serverLog, path.join(dest, 'code-server.log'));
      }
      copyDir(path.join(userDataDir, 'logs'), path.join(dest, 'vscode-logs'));
      copyDir(path.join(userDataDir, 'User', 'settings.json'), path.join(dest, 'settings.json'));
    },
    stop,
  };
}
