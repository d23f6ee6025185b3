// Runs the same extension-host suite under @vscode/test-electron (a downloaded VS Code desktop
// build), for machines that can download VS Code: `npm run test:electron`. Like test:suite, it
// installs the packaged .vsix into a fresh profile and loads only the runner extension for
// development. Not usable on machines that reach only the npm registry (the download fails).
//   VSCODE_VERSION=1.100.0 npm run test:electron     (default: stable; 1.100.0 is engines.vscode)
//   FILE=... GREP=... as for test:suite. On a headless Linux machine, run it under xvfb-run.
import { downloadAndUnzipVSCode, resolveCliArgsFromVSCodeExecutablePath, runTests } from '@vscode/test-electron';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cleanupAll } from '../cleanup';
import { startTestEmulator } from '../emulator';
import { quietSettings } from '../codeServer';
import { repoRoot } from '../paths';
import { ensureVsix } from '../vsix';
import { buildSuite, suiteOutDir } from './build';
import { TEST_HARNESS_ENV } from '../../../src/testHarness';

async function main(): Promise<number> {
  const outDir = `${suiteOutDir}-run-${process.pid}`;
  await buildSuite({ outDir, file: process.env.FILE, grep: process.env.GREP });
  const vsix = await ensureVsix();
  const vscodeExecutablePath = await downloadAndUnzipVSCode({
    version: process.env.VSCODE_VERSION ?? 'stable',
    cachePath: path.join(repoRoot, '.vscode-test'),
  });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-electron-'));
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const folder = path.join(root, 'workspace');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(folder, { recursive: true });
  const emulator = await startTestEmulator();
  try {
    fs.writeFileSync(
      path.join(userDataDir, 'User', 'settings.json'),
      JSON.stringify({ ...quietSettings, 'workspaceAutomation.apiUrl': emulator.url }, null, 2),
    );
    const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(vscodeExecutablePath);
    const installed = spawnSync(
      cli,
      [...cliArgs, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsix, '--force'],
      { stdio: 'inherit', shell: process.platform === 'win32' },
    );
    if (installed.status !== 0) {
      throw new Error(`installing ${vsix} failed (${installed.status})`);
    }
    const env: Record<string, string> = { WA_EMULATOR_URL: emulator.url, [TEST_HARNESS_ENV]: '1' };
    if (process.env.GREP) {
      env.GREP = process.env.GREP;
    }
    return await runTests({
      vscodeExecutablePath,
      extensionDevelopmentPath: path.join(__dirname, 'runner'),
      extensionTestsPath: path.join(outDir, 'index'),
      extensionTestsEnv: env,
      launchArgs: ['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--disable-workspace-trust', '--skip-welcome', folder],
    });
  } finally {
    await emulator.close();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

main().then(
  async (code) => {
    await cleanupAll();
    process.exit(code);
  },
  async (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    await cleanupAll();
    process.exit(1);
  },
);
