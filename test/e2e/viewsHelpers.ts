// Shared by the Commits and Targets UI tests: signed in as the admin in workspace acme. The
// workspace is preset in the user settings so Sign In asks only for the token (the sign-in flow's
// own UI tests cover choosing a workspace).
import { demoTokens, type Workbench } from './workbench';

export const WORKSPACE_SETTING = 'workspaceAutomation.workspace';

/** Presets workspace acme, then signs in with the admin token through the Sign In command. */
export async function signInAsAdmin(wb: Workbench): Promise<void> {
  await wb.runCommand('Workspace Automation: Sign In');
  await wb.waitQuickInput({ title: /Sign In/ });
  await wb.submit(demoTokens.admin);
  await wb.waitQuickInputClosed();
  await wb.waitForRows('Projects', (rows) => rows.some((r) => r.label === 'Web App'), 'the projects after sign-in');
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
