// Shared by the UI tests of the write commands (variables, allow-pipeline, create project):
// a clean start for each test, reading the emulator's state through the API, and reading what
// the quick input shows beyond labels (descriptions, step counter, password mode).
import * as assert from 'node:assert/strict';
import { readAllVariables, type ApiVariable } from '../harness/variables';
import { exact, sameList, waitFor, type Workbench } from './workbench';

export { md5Fingerprint, onlyNewVariable, publicHalf, type ApiVariable } from '../harness/variables';

/** Call in beforeEach(): the demo data again, `read` of it (to compare with), an empty request log. */
export async function resetDemoData<T>(wb: Workbench, read: (wb: Workbench) => Promise<T>): Promise<T> {
  wb.emulator.reset();
  const state = await read(wb);
  wb.emulator.clearRequests();
  return state;
}

/** Call in afterEach(): no quick input or notification left over for the next test. */
export async function dismissInputAndNotifications(wb: Workbench): Promise<void> {
  await wb.page.keyboard.press('Escape');
  await wb.clearNotifications();
}

/** GET on the emulator's API as the admin (state checks, never through the extension). */
export async function apiGet<T>(wb: Workbench, path: string): Promise<T> {
  const res = await fetch(`${wb.emulator.url}${path}`, { headers: { Authorization: 'Bearer admin-token' } });
  const text = await res.text();
  assert.ok(res.ok, `GET ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Waits for the quick input showing this step ("2/6" style counter in the title bar). */
export async function waitStep(wb: Workbench, title: string, step: number, total: number): Promise<void> {
  await wb.waitQuickInput({ title: new RegExp(`^${title}.*\\b${step}\\s*/\\s*${total}\\b`) });
}

/** Description (grey text) of a quick-pick item, by its label. */
export async function pickDescription(wb: Workbench, label: string): Promise<string> {
  const row = wb.quickInput
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: wb.page.locator('.label-name', { hasText: exact(label) }) })
    .first();
  await row.waitFor({ state: 'visible' });
  const description = row.locator('.label-description');
  return (await description.count()) ? (await description.first().innerText()).trim() : '';
}

/** Whether the quick input's text box hides what is typed. */
export async function isPasswordBox(wb: Workbench): Promise<boolean> {
  return (await wb.quickInput.locator('.quick-input-box input').getAttribute('type')) === 'password';
}

/** Waits until the quick input's text box shows `value` (a kept or proposed answer). */
export async function waitValue(wb: Workbench, value: string): Promise<void> {
  await waitFor(`the input box to show ${JSON.stringify(value)}`, async () => ((await wb.quickInputValue()) === value ? true : undefined));
}

/** Waits until the quick pick lists `label` and it is the focused (highlighted) item. */
export async function waitFocused(wb: Workbench, label: string): Promise<void> {
  await waitFor(`the item ${label} to be highlighted`, async () => {
    const focused = wb.quickInput.locator('.quick-input-list .monaco-list-row.focused .label-name');
    return (await focused.count()) && (await focused.first().innerText()).trim() === label ? true : undefined;
  });
}

/** Waits until the quick input has shown no busy bar for a moment (the open dialog reads folders). */
async function waitIdle(wb: Workbench, what: string): Promise<void> {
  const busy = wb.quickInput.locator('.monaco-progress-container.active');
  let idleSince = 0;
  await waitFor(what, async () => {
    if (await busy.count()) {
      idleSince = 0;
      return undefined;
    }
    idleSince ||= Date.now();
    return Date.now() - idleSince >= 400 ? true : undefined;
  });
}

/**
 * Accepts a file in the editor's open dialog (the simple dialog of a remote window): types its
 * path. The dialog fills in its folder and checks a typed path asynchronously; an Enter taken
 * while it is still busy closes it without a file, so each step waits for it to be idle.
 */
export async function openFileInDialog(wb: Workbench, file: string): Promise<void> {
  const title = await wb.quickInputTitle();
  await wb.quickInput.waitFor({ state: 'visible' });
  await waitFor('the open dialog', async () => ((await wb.quickInputValue()).startsWith('/') ? true : undefined));
  await waitIdle(wb, 'the open dialog to list its folder');
  await wb.type(file);
  await waitValue(wb, file);
  await waitIdle(wb, 'the open dialog to check the typed path');
  await wb.enter();
  await waitFor('the open dialog to close with the file', async () => ((await wb.quickInputTitle()) !== title ? true : undefined));
}

/** Every variable of workspace acme, per scope ("workspace", "project web-app", "pipeline 103", "action 1012"). */
export function allVariables(wb: Workbench): Promise<Map<string, ApiVariable[]>> {
  return readAllVariables((path) => apiGet(wb, path));
}

/** Labels of the quick pick's items (the first label of each row: not the detail line). */
export async function pickLabels(wb: Workbench): Promise<string[]> {
  await wb.quickInput.waitFor({ state: 'visible' });
  return wb.quickInput
    .locator('.quick-input-list .monaco-list-row')
    .evaluateAll((rows) => rows.map((row) => (row.querySelector('.label-name') as HTMLElement | null)?.innerText.trim() ?? ''));
}

/**
 * Runs a context-menu command of a tree row and waits for its quick input. The row is selected
 * first and the menu item waited for (a click racing the menu's opening is lost otherwise).
 */
export async function contextMenuCommand(wb: Workbench, viewTitle: string, rowLabel: string, itemLabel: string): Promise<void> {
  const row = await wb.row(viewTitle, rowLabel);
  await row.click({ button: 'right' });
  const menu = wb.page.locator('.monaco-menu-container .monaco-menu, .context-view .monaco-menu').first();
  await menu.waitFor({ state: 'visible' });
  await wb.clickMenuItem(menu.locator('.action-item .action-label', { hasText: exact(itemLabel) }).first());
  await wb.quickInput.waitFor({ state: 'visible' });
}

/** Whether the quick input shows its busy bar (a list still loading). */
async function quickInputBusy(wb: Workbench): Promise<boolean> {
  return (await wb.quickInput.locator('.monaco-progress-container.active').count()) > 0;
}

/** Waits until the quick input is shown and not busy: a step's list loaded, so Enter answers for what it shows. */
export async function waitQuickInputLoaded(wb: Workbench): Promise<void> {
  await wb.quickInput.waitFor({ state: 'visible' });
  await waitFor('the quick input loaded (not busy)', async () => ((await quickInputBusy(wb)) ? undefined : true));
}

/**
 * Waits until the quick pick is loaded (not busy) and lists exactly `expected`, in order; returns
 * its labels. A step's title shows while its list still loads: this waits for the list itself.
 */
export async function waitPickLabels(wb: Workbench, expected: readonly string[]): Promise<string[]> {
  let last: string[] = [];
  try {
    return await waitFor(`the quick pick to list ${JSON.stringify(expected)}`, async () => {
      last = (await quickInputBusy(wb)) ? [] : await pickLabels(wb);
      return sameList(last, expected) ? last : undefined;
    });
  } catch (e) {
    throw new Error(`${(e as Error).message}; it listed ${JSON.stringify(last)}`);
  }
}

/**
 * Waits until a multi-select quick pick is loaded (not busy) and shows exactly `expected`: each
 * item's label and whether it shows checked (the row's aria-checked, as a screen reader says it).
 */
export async function waitPickChecks(wb: Workbench, expected: readonly [label: string, checked: boolean][]): Promise<[label: string, checked: boolean][]> {
  let last: [string, boolean][] = [];
  try {
    return await waitFor(`a multi-select pick showing ${JSON.stringify(expected)}`, async () => {
      last = (await quickInputBusy(wb))
        ? []
        : await wb.quickInput
            .locator('.quick-input-list .monaco-list-row')
            .evaluateAll((els) => els.map((row) => [(row.querySelector('.label-name') as HTMLElement | null)?.innerText.trim() ?? '', row.getAttribute('aria-checked') === 'true'] as [string, boolean]));
      return sameList(last, expected) ? last : undefined;
    });
  } catch (e) {
    throw new Error(`${(e as Error).message}; it showed ${JSON.stringify(last)}`);
  }
}
