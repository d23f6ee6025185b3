// `npm start`: try the extension in a real editor against the API emulator, in one command.
// Builds, starts the emulator with its demo data, starts an editor with the extension already
// pointed at the emulator (workspaceAutomation.apiUrl), prints what to open and which token to use,
// and stops everything it started on Ctrl+C.
//   - a local `code` binary on PATH: the desktop editor with --extensionDevelopmentPath (this repo)
//     and a temp --user-data-dir;
//   - otherwise code-server (installed on first use into .vscode-test/) with the packaged .vsix.
// WA_EDITOR=code|code-server forces one; PORT (editor) and EMULATOR_PORT (default 4010, or a free
// port when taken) fix the ports. `npm start -- --dialect vendor` (or WA_DIALECT=vendor) starts the
// emulator in the vendor dialect (the real service's documented answer shapes).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { Dialect, parseDialect, startEmulator } from '../emulator';
import { demoTokenLines } from '../emulator/banner';
import { cleanupAll, killGroup, onCleanup } from './cleanup';
import { startCodeServer } from './codeServer';
import { run } from './install';
import { repoRoot } from './paths';
import { ensureVsix } from './vsix';

function onPath(bin: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const p = path.join(dir, bin);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Pids of processes whose command line mentions `marker` (our unique temp folder). */
function pidsMentioning(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) {
      continue;
    }
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) {
        pids.push(Number(entry));
      }
    } catch {
      // gone
    }
  }
  return pids;
}

async function startEmulatorOnPreferredPort(dialect: Dialect) {
  const preferred = Number(process.env.EMULATOR_PORT ?? 4010);
  try {
    return await startEmulator({ port: preferred, dialect, clockMode: 'real' });
  } catch (e) {
    if (process.env.EMULATOR_PORT) {
      throw e;
    }
    return startEmulator({ port: 0, dialect, clockMode: 'real' });
  }
}

/** `--dialect default|vendor`, else WA_DIALECT, else default. */
function dialectOption(): Dialect {
  const { values } = parseArgs({ options: { dialect: { type: 'string' } } });
  return values.dialect === undefined ? parseDialect(process.env.WA_DIALECT, 'WA_DIALECT') : parseDialect(values.dialect, '--dialect');
}

async function startDesktop(code: string, emulatorUrl: string, dialect: Dialect, settings: Record<string, unknown>): Promise<void> {
  console.log('Building the extension (node esbuild.js)...');
  await run(process.execPath, ['esbuild.js'], { cwd: repoRoot, quiet: true });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-start-'));
  const userDataDir = path.join(root, 'user-data');
  const folder = path.join(root, 'workspace');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  const args = [
    '--new-window',
    '--wait',
    `--user-data-dir=${userDataDir}`,
    `--extensions-dir=${path.join(root, 'extensions')}`,
    `--extensionDevelopmentPath=${repoRoot}`,
    folder,
  ];
  const child = spawn(code, args, { env: { ...process.env, WA_EMULATOR_URL: emulatorUrl, WA_DIALECT: dialect }, stdio: 'inherit', detached: true });
  const stop = () => {
    // The launcher's process group, and the editor's processes (they may leave that group): all
    // carry our unique temp folder on their command line.
    killGroup(child.pid, 'SIGTERM');
    for (const pid of pidsMentioning(root)) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // gone
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  onCleanup('desktop editor', async () => stop(), stop);
  console.log(`\nVS Code (${code}) is starting with the extension under development and a fresh profile.`);
  child.on('exit', () => {
    console.log('The editor window was closed: stopping.');
    void cleanupAll().then(() => process.exit(0));
  });
}

async function main(): Promise<void> {
  const wanted = process.env.WA_EDITOR;
  const code = wanted === 'code-server' ? undefined : onPath('code');
  if (wanted === 'code' && !code) {
    throw new Error('WA_EDITOR=code but no `code` binary on PATH');
  }
  const dialect = dialectOption();
  const emulator = await startEmulatorOnPreferredPort(dialect);
  onCleanup('emulator', () => emulator.close(), () => undefined);
  const settings = {
    'workspaceAutomation.apiUrl': emulator.url,
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
  };

  if (code) {
    await startDesktop(code, emulator.url, dialect, settings);
  } else {
    await ensureVsix();
    const editor = await startCodeServer({
      port: process.env.PORT ? Number(process.env.PORT) : undefined,
      settings,
      env: { WA_EMULATOR_URL: emulator.url, WA_DIALECT: dialect },
    });
    console.log(`\ncode-server ${editor.install.version} is running with the packaged extension installed.`);
    console.log(`\n  Open:  ${editor.url}\n`);
  }
  console.log(`API emulator: ${emulator.url}  (setting workspaceAutomation.apiUrl is already set to it), dialect ${dialect}`);
  console.log('Sign in with "Workspace Automation: Sign In" (or the Sign In button in its views) using a demo token:');
  for (const line of demoTokenLines()) {
    console.log(line);
  }
  console.log('Workspaces: acme (API enabled), dormant (API disabled).');
  console.log('\nPress Ctrl+C to stop the editor and the emulator.');
}

main().catch(async (e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  await cleanupAll();
  process.exit(1);
});
