// The benchmark's CPU profile of an activation (extensionTestsPath of a code-server session started
// by test/bench/run.ts): V8's sampling profiler through the inspector protocol, in the extension
// host itself, from the payload's start (the extension activates once the editor has started)
// until activate() has returned and the host is idle again. Writes the .cpuprofile (Chrome
// DevTools opens it) to WA_BENCH_PROFILE.
import * as fs from 'node:fs';
import * as inspector from 'node:inspector';
import * as vscode from 'vscode';

const EXTENSION_ID = 'workspace-automation.workspace-automation';

function post<T>(session: inspector.Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as T))));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (3 s at least, 30 s at most) until this extension host has used under 2 % of a core for 1.5 s. */
async function settle(): Promise<void> {
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  await sleep(3000);
  const end = Date.now() + 27_000;
  let before = cpuMs();
  while (Date.now() < end) {
    await sleep(1500);
    const now = cpuMs();
    if (now - before < 30) {
      return;
    }
    before = now;
  }
}

export async function run(): Promise<void> {
  const out = process.env.WA_BENCH_PROFILE;
  if (!out) {
    throw new Error('WA_BENCH_PROFILE must be set (run through `npm run bench`)');
  }
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext || ext.isActive) {
    throw new Error(`${EXTENSION_ID} is ${ext ? 'already active before the profiler could start' : 'not installed'}`);
  }
  // The profiler starts at once: the extension activates once the editor has started
  // (onStartupFinished), often while the built-in extensions are still settling. The summary keeps
  // only the samples of our bundle, so the startup around it does not count.
  const session = new inspector.Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: 50 }); // µs
  await post(session, 'Profiler.start');
  await settle();
  // If still not active, what a click on the activity-bar entry does (the onView activation event);
  // else these change nothing.
  await vscode.commands.executeCommand('workbench.view.extension.workspaceAutomation');
  await ext.activate();
  await new Promise((r) => setTimeout(r, 500));
  const { profile } = await post<{ profile: object }>(session, 'Profiler.stop');
  session.disconnect();
  fs.writeFileSync(out, JSON.stringify(profile));
}
