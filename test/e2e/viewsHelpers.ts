// Shared by the UI tests that start signed in (as the admin unless told) in workspace acme. The
// workspace is preset in the user settings so Sign In asks only for the token (the sign-in flow's
// own UI tests cover choosing a workspace). And the hooks of those that start signed out.
import { demoProjects, isVendor, projectLabel } from '../harness/dialect';
import { demoTokens, sameList, waitFor, workbench, type TreeRow, type Workbench } from './workbench';

export const WORKSPACE_SETTING = 'workspaceAutomation.workspace';
export const API_URL_SETTING = 'workspaceAutomation.apiUrl';

/**
 * `it` for a test, in a file that runs in both dialects, whose checks mean the same in either: no
 * answer of the service is read (a signed-out welcome, the account-type steps, an address that no
 * longer answers). It runs in the default dialect's run only, as the files that do not read the
 * dialect do (test/e2e/run.ts): the vendor run is kept to what the vendor's answers change.
 */
export function itInDefaultDialectOnly(title: string, fn: Mocha.AsyncFunc): void {
  if (!isVendor) {
    it(title, fn);
  }
}

/**
 * Registers the before()/after() hooks of a describe that starts signed out: before, no workspace
 * preset, a new window (fresh browser profile: signed out) with the container open; after, the
 * workspace and API address settings as they were, the window closed.
 * `handOn`: a describe whose tests end signed in to acme, every setting they changed back and read
 * by the window (a reload, or the window's own write), offers its window to the next describe
 * (Workbench.setAside: only when the settings are what it expects and nothing failed).
 * `withoutApiUrl`: the window opens with no API address set (no reload to take it away).
 */
export function useSignedOutEditor(opts: { handOn?: boolean; withoutApiUrl?: boolean } = {}): void {
  let savedApiUrl: unknown;
  before(async () => {
    const wb = workbench();
    savedApiUrl = wb.userSettings()[API_URL_SETTING];
    wb.setUserSettings({ [WORKSPACE_SETTING]: undefined, ...(opts.withoutApiUrl ? { [API_URL_SETTING]: undefined } : {}) });
    await wb.open(); // fresh browser profile: signed out
    await wb.openContainer();
  });
  after(async () => {
    const wb = workbench();
    if (opts.handOn && (await wb.setAside(WORKSPACE_SETTING))) {
      return;
    }
    wb.setUserSettings({ [WORKSPACE_SETTING]: undefined, [API_URL_SETTING]: savedApiUrl });
    await wb.close();
  });
}

/** Signs in with `token` through the Sign In command (workspace preset to acme by presetWorkspace). */
/** The Projects view lists exactly acme's projects in the run's dialect, every one at the top level. */
export const allDemoProjects = (rows: TreeRow[]): boolean =>
  sameList(rows.map((r) => [r.label, r.level]), demoProjects().map(projectLabel).map((label) => [label, 1]));

export async function signInWith(wb: Workbench, token: string): Promise<void> {
  await wb.runCommand('Workspace Automation: Sign In');
  await wb.waitQuickInput({ title: /Sign In/ });
  await wb.submit(token);
  await wb.waitQuickInputClosed();
  try {
    await wb.waitForRows('Projects', (rows) => sameList(rows.map((r) => r.label), demoProjects().map(projectLabel)), 'the projects after sign-in');
  } catch (e) {
    // What the window shows instead (a step still asking, a message): the evidence of a hook's failure has no screenshot.
    const open = await wb.quickInput.isVisible().catch(() => false);
    const asking = open ? `; the quick input asks ${JSON.stringify([await wb.quickInputTitle(), await wb.quickInputMessage(), await wb.quickPickItems().catch(() => [])])}` : '';
    throw new Error(`${(e as Error).message}${asking}; notifications: ${JSON.stringify(await wb.notifications().catch(() => []))}`);
  }
}

/**
 * Writes the user settings and reloads until the window shows them, which its Projects welcome
 * says (`welcome`, the signed-out text for the API address setting): a reload can race the
 * settings file's watcher and keep the old settings, and a loaded machine's watcher may not tell
 * the open window at all. Each try reloads, opens the container and gives the welcome 10 s.
 */
export async function changeSettingsAndReload(wb: Workbench, settings: Record<string, unknown>, welcome: RegExp): Promise<void> {
  wb.setUserSettings(settings);
  let last = '';
  for (let attempt = 1; ; attempt++) {
    await wb.reload();
    await wb.openContainer();
    try {
      await waitFor(`the window to show the changed settings (${String(welcome)})`, async () => {
        last = await wb.welcomeText('Projects');
        return welcome.test(last) ? true : undefined;
      }, 10_000);
      return;
    } catch (e) {
      if (attempt === 4) {
        throw new Error(`${(e as Error).message} after ${attempt} reloads; the welcome said ${JSON.stringify(last)}`);
      }
    }
  }
}

/**
 * Call in before(): a window with nothing of an earlier describe, the container open, signed in
 * with `token` in workspace acme, on the emulator's demo data. The window is the one the previous
 * describe set aside (closeSignedIn: signed out, cleaned) when there is one, else a new one.
 * `newWindow`: always a new one, for a describe that needs what only a new window has (the
 * extension not yet active, the walkthrough never opened). A describe that reloads or switches
 * workspace may take a handed-on window when no check reads which project is current: these
 * restore the project an earlier describe kept (Workbench.setAside).
 */
export async function openSignedIn(wb: Workbench, token: string = demoTokens.admin, opts: WindowOptions = {}): Promise<void> {
  await openSignedOutInAcme(wb, opts);
  await wb.openContainer();
  await signInWith(wb, token);
}

export interface WindowOptions {
  /** Not the window an earlier describe set aside: a new one (see openSignedIn). */
  newWindow?: boolean;
  /** The page's size, when not the usual. */
  viewport?: { width: number; height: number };
}

/**
 * A window as a new one starts with workspace acme preset: signed out, the emulator on its demo
 * data. The one an earlier describe set aside (closeSignedIn) when there is one, else a new one.
 */
export async function openSignedOutInAcme(wb: Workbench, opts: WindowOptions = {}): Promise<void> {
  if (opts.newWindow || !(await wb.takeSetAside(opts.viewport))) {
    presetWorkspace(wb);
    await wb.open({ viewport: opts.viewport });
  }
}

/**
 * Call in after(): the user settings as they were (the workspace and `keys`), and the window set
 * aside for the next describe that starts signed in (Workbench.setAside), or closed when it
 * cannot be (settings changed, a test failed).
 */
export async function closeSignedIn(wb: Workbench, ...keys: string[]): Promise<void> {
  if (keys.length === 0 && (await wb.setAside(WORKSPACE_SETTING))) {
    return;
  }
  clearPresets(wb, ...keys);
  await wb.close();
}

/** Call before open(): the workspace the tests browse. */
export function presetWorkspace(wb: Workbench): void {
  wb.setUserSettings({ [WORKSPACE_SETTING]: 'acme' });
}

/** Call in after(): leaves the user settings as they were. */
export function clearPresets(wb: Workbench, ...keys: string[]): void {
  const settings = wb.userSettings();
  for (const key of [WORKSPACE_SETTING, ...keys]) {
    settings[key] = undefined;
  }
  wb.setUserSettings(settings);
}
