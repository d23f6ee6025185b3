// Shared by the UI tests that start signed in (as the admin unless told) in workspace acme. The
// workspace is preset in the user settings so Sign In asks only for the token (the sign-in flow's
// own UI tests cover choosing a workspace).
import { demoTokens, type Workbench } from './workbench';

export const WORKSPACE_SETTING = 'workspaceAutomation.workspace';

/** Signs in with `token` through the Sign In command (workspace preset to acme by presetWorkspace). */
export async function signInWith(wb: Workbench, token: string): Promise<void> {
  await wb.runCommand('Workspace Automation: Sign In');
  await wb.waitQuickInput({ title: /Sign In/ });
  await wb.submit(token);
  await wb.waitQuickInputClosed();
  await wb.waitForRows('Projects', (rows) => rows.some((r) => r.label === 'Web App'), 'the projects after sign-in');
}

/** Call in before(): a fresh editor, the container open, signed in with `token` in workspace acme. */
export async function openSignedIn(wb: Workbench, token: string = demoTokens.admin): Promise<void> {
  presetWorkspace(wb);
  await wb.open();
  await wb.openContainer();
  await signInWith(wb, token);
}

/** Call in after(): the user settings as they were (the workspace and `keys`), the editor closed. */
export async function closeSignedIn(wb: Workbench, ...keys: string[]): Promise<void> {
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

/**
 * Clicks a project in the Projects view and waits until the Commits view follows it. A click that
 * lands while the tree is being refreshed is dropped by the editor (its row handle is gone for a
 * moment), so when the Commits view has not followed after a few seconds, the selection is moved
 * away and back with the keyboard, as a person would click again.
 */
export async function chooseProject(wb: Workbench, displayName: string): Promise<void> {
  const description = wb.view('Commits').locator('.pane-header .description');
  const follows = async () => (await description.count()) > 0 && new RegExp(displayName).test(await description.innerText());
  await wb.clickRow('Projects', displayName);
  const deadline = Date.now() + 4_000;
  while (Date.now() < deadline) {
    if (await follows()) {
      return;
    }
    await wb.page.waitForTimeout(100);
  }
  await wb.page.keyboard.press('ArrowDown');
  await wb.page.keyboard.press('ArrowUp');
}
