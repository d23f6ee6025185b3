// Drives the real VS Code workbench (code-server in Chromium) as a person would. UI tests get the
// shared instance with `workbench()`; test/e2e/run.ts starts the editor, the emulator and the
// browser once per run. See test/README.md for examples.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { editorPageHeaders } from '../harness/browser';
import { RunningEmulator, demoTokens } from '../harness/emulator';
import { extensionId, repoRoot, resultsDir } from '../harness/paths';
import type { EditorSession } from '../harness/session';

export { demoTokens };

/**
 * Default time a wait may take (ms); WA_UI_TIMEOUT overrides. A bound for a loaded 2-core machine
 * (CI's may run other work): a wait that is met returns at once, so only a failure takes this long.
 */
export const UI_TIMEOUT = Number(process.env.WA_UI_TIMEOUT) || 30_000;
/** The extension's activity-bar container. */
export const CONTAINER_TITLE = 'Workspace Automation';

export interface TreeRow {
  /** The item's label. */
  label: string;
  /** The item's description (grey text after the label), '' when none. */
  description: string;
  /** The row's accessible label (tooltip-like: label, description, and what VS Code adds). */
  ariaLabel: string;
  /** 1 for top-level items. */
  level: number;
  /** true / false for collapsible items, undefined for leaves. */
  expanded: boolean | undefined;
  /** The row's codicon (`pass`, `sync`: a spinning one is `sync` too), '' when it shows none. */
  icon: string;
  /** Whether the row is selected. */
  selected: boolean;
}

export type TextMatch = string | RegExp;

function matches(text: string, m: TextMatch): boolean {
  return typeof m === 'string' ? text === m : m.test(text);
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether two lists hold the same items in the same order (a wait for a whole list, not a part). */
export function sameList<T>(actual: readonly T[], expected: readonly T[]): boolean {
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/** Matches the whole text (but for surrounding white space), as typed. */
export function exact(s: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);
}

function safeName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').slice(0, 120);
}

/** Polls `fn` until it returns a value other than undefined, or throws after `timeout` ms. */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeout = UI_TIMEOUT): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) {
        return v;
      }
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The size of a window's page unless a test asks for another. */
const defaultViewport = { width: 1400, height: 900 };

export class Workbench {
  private ctx: BrowserContext | undefined;
  private currentPage: Page | undefined;
  /** The user settings the run's editor started with (close() restores them). */
  private readonly startSettings: Record<string, unknown>;
  /** Milliseconds from navigation to a restored workbench, for the last open(). */
  lastReadyMs = 0;
  /** What the run's open() calls cost: how many, editor restarts, page loads to a restored workbench (ms); windows handed on. */
  readonly openCost = { opens: 0, restarts: 0, restartMs: 0, loadMs: 0, reloads: 0, reloadMs: 0, handedOn: 0, handOnMs: 0 };
  /** The window is set aside, signed out and cleaned, for the next describe that starts signed in (setAside). */
  private setAsideWindow = false;
  /** For each view a test expanded or collapsed in this window: whether it was expanded before (setAside puts it back). */
  private readonly viewsToggled = new Map<string, boolean>();
  /** A test or hook failed in this window: it is not handed on. */
  private failedInWindow = false;

  constructor(readonly session: EditorSession) {
    this.startSettings = this.userSettings();
  }

  /** The emulator of this run (same process: call reset(), injectFault(), setLatency(), read requests). */
  get emulator(): RunningEmulator {
    return this.session.emulator;
  }

  /** Back to the demo data: no faults, no latency, an empty request log. */
  resetEmulator(): void {
    this.emulator.reset();
  }

  /** The current page (after open()). */
  get page(): Page {
    if (!this.currentPage) {
      throw new Error('no workbench open: call `await workbench().open()` first (e.g. in before())');
    }
    return this.currentPage;
  }

  // ---------------------------------------------------------------- lifecycle

  /**
   * Opens the workbench fresh: a new window of the run's editor in a new browser profile, so with
   * nothing of an earlier window (SecretStorage empty: signed out; no global, workspace or view
   * state, which a web editor keeps in the browser profile; a new extension host), with the user
   * settings written so far (`setUserSettings` before `open()` presets them), by default after
   * resetting the emulator to its demo data. Waits until the workbench is restored.
   * An earlier window is closed first (`close()`'s wait included). `freshEditor: true` also
   * replaces the editor (a new code-server with a fresh server profile: 4–5 s of CPU more) for a
   * test that needs what no window resets: state the server keeps across windows.
   */
  async open(opts: { resetEmulator?: boolean; freshEditor?: boolean; viewport?: { width: number; height: number } } = {}): Promise<Page> {
    this.releaseSetAside();
    if (opts.resetEmulator ?? true) {
      this.emulator.reset();
    }
    await this.closeWindow();
    this.failedInWindow = false;
    this.viewsToggled.clear();
    this.openCost.opens++;
    if (opts.freshEditor) {
      const restarting = Date.now();
      await this.session.restartEditor(this.userSettings());
      this.openCost.restarts++;
      this.openCost.restartMs += Date.now() - restarting;
    }
    this.ctx = await this.session.browser.newContext({ viewport: opts.viewport ?? defaultViewport, extraHTTPHeaders: editorPageHeaders });
    this.ctx.setDefaultTimeout(UI_TIMEOUT);
    this.currentPage = await this.ctx.newPage();
    const started = Date.now();
    await this.page.goto(this.session.editor.url, { waitUntil: 'domcontentloaded', timeout: 90_000 });
    await this.ready();
    this.lastReadyMs = Date.now() - started;
    this.openCost.loadMs += this.lastReadyMs;
    return this.page;
  }

  /** Reloads the page (same browser profile: a signed-in user stays signed in). */
  async reload(): Promise<void> {
    const started = Date.now();
    await this.page.reload({ waitUntil: 'domcontentloaded', timeout: 90_000 });
    await this.ready();
    this.openCost.reloads++;
    this.openCost.reloadMs += Date.now() - started;
  }

  /** Waits for the workbench to be restored (the smoke-test driver's own signal). */
  async ready(): Promise<void> {
    await this.page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    await this.page.waitForFunction(() => 'driver' in window, undefined, { timeout: 60_000 });
    await this.page.evaluate(() => (window as unknown as { driver: { whenWorkbenchRestored(): Promise<void> } }).driver.whenWorkbenchRestored());
  }

  /**
   * Our extension's workspace state as the window has stored it (its IndexedDB, what a reload
   * reads), {} when nothing is stored yet. The window writes its storage a moment after a change
   * (and a reload by the browser does not wait for it): a test waits here for what must survive.
   */
  async storedWorkspaceState(): Promise<Record<string, unknown>> {
    return this.storedState('workspace');
  }

  /** The same of our extension's global state (the accounts, the scopes, the token expiry notices). */
  async storedGlobalState(): Promise<Record<string, unknown>> {
    return this.storedState('global');
  }

  private async storedState(scope: 'workspace' | 'global'): Promise<Record<string, unknown>> {
    const raw = await this.page.evaluate(async ([key, global]) => {
      const name = (await indexedDB.databases())
        .map((d) => d.name ?? '')
        .find((n) => n.startsWith('vscode-web-state-db-') && n.startsWith('vscode-web-state-db-global') === global);
      if (!name) {
        return undefined;
      }
      const db: IDBDatabase = await new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        return await new Promise<unknown>((resolve, reject) => {
          const get = db.transaction('ItemTable').objectStore('ItemTable').get(key);
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => reject(get.error);
        });
      } finally {
        db.close();
      }
    }, [extensionId, scope === 'global'] as const);
    const text = typeof raw === 'string' ? raw : raw instanceof Uint8Array ? new TextDecoder().decode(raw) : undefined;
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  /**
   * Closes the window and its browser profile, ends its extension host, and leaves the editor as
   * the run started it for the next describe: the user settings as they were at the start (what the describe changed and did
   * not restore is restored here), the opened folder empty. The editor and the emulator keep
   * running. A describe's `after()` calls it.
   */
  async close(): Promise<void> {
    this.setAsideWindow = false;
    await this.closeWindow();
    fs.writeFileSync(this.settingsFile, JSON.stringify(this.startSettings, null, 2));
    const folder = this.session.editor.folder;
    for (const entry of fs.readdirSync(folder)) {
      fs.rmSync(path.join(folder, entry), { recursive: true, force: true });
    }
  }

  /**
   * Sets the window aside for the next describe that starts signed in (`takeSetAside`), instead of
   * closing it: a new window costs 20–25 CPU-s, this 3–5 s. Leaves nothing a new window would not
   * have: quick input, editors, panel and notifications closed; signed out through the Sign Out
   * command (every secret of the account gone, the current project and pipeline with it, and the
   * views back to their welcome: their rows, expanded or not, are gone; no other account of ours
   * left in the Accounts menu); the views a test expanded or collapsed put back; the opened folder
   * empty. The next describe resets the emulator and signs in again. Sign-out keeps the current
   * project chosen for the next start (the window's workspace state): only a start (a reload) or
   * a switch of account or workspace shows it, so a describe that reloads or switches takes a
   * set-aside window only when no check reads which project is current (else
   * `openSignedIn(wb, token, { newWindow: true })`). Only a window whose settings are the run's
   * start settings with workspace `acme` preset (what `openSignedIn` writes) and in which nothing
   * failed is set aside; anything else (a dirty editor, a step that does not go as planned)
   * closes it instead. Returns whether it was set aside.
   */
  async setAside(workspaceSetting: string): Promise<boolean> {
    const expected = { ...this.startSettings, [workspaceSetting]: 'acme' };
    if (!this.currentPage || this.currentPage.isClosed() || this.failedInWindow) {
      return false;
    }
    if (!sameSettings(this.userSettings(), expected)) {
      console.log(`      [harness] closing the window instead of handing it on: settings ${JSON.stringify(this.userSettings())}, not ${JSON.stringify(expected)}`);
      return false;
    }
    const started = Date.now();
    try {
      await this.page.keyboard.press('Escape');
      await this.page.keyboard.press('Escape');
      const size = this.page.viewportSize();
      if (size?.width !== defaultViewport.width || size.height !== defaultViewport.height) {
        await this.page.setViewportSize(defaultViewport);
      }
      if ((await this.page.locator('.tabs-container .tab.dirty').count()) > 0) {
        return false;
      }
      if ((await this.page.locator('.tabs-container .tab').count()) > 0) {
        await this.runCommand('View: Close All Editors');
        await waitFor('every editor closed', async () => ((await this.page.locator('.tabs-container .tab').count()) === 0 ? true : undefined), 10_000);
      }
      if (await this.page.locator('.part.panel').isVisible()) {
        await this.runCommand('View: Hide Panel');
      }
      await this.openContainer();
      // The editor keeps a tree's expanded rows by id across a sign-out and a sign-in: collapse
      // every tree (its panel opened for it), then put the panels back as they were.
      const shown = await this.page.locator('.sidebar .pane-header:not(.hidden) h3.title').allInnerTexts();
      for (const title of shown.map((t) => t.trim())) {
        await this.collapseAllRows(title);
      }
      for (const [title, wasExpanded] of [...this.viewsToggled].reverse()) {
        await this.setViewExpanded(title, wasExpanded);
      }
      this.viewsToggled.clear();
      // Signed out already (the palette offers Sign Out only while signed in): the accounts check below still holds.
      // A window the palette offers no Sign Out in while it keeps an account is closed instead (soon).
      if (!/Sign In/.test(await this.welcomeText('Projects'))) {
        await this.runCommand('Workspace Automation: Sign Out', 5_000);
      }
      await waitFor('the Projects view to show the signed-out welcome', async () => (/Sign In/.test(await this.welcomeText('Projects')) ? true : undefined), 15_000);
      await this.clearNotifications();
      await this.page.keyboard.press('Escape');
      // What sign-out keeps, a new window would not have: another account (signed in at another
      // address). The window stores the list a moment after the sign-out.
      let left: unknown;
      await waitFor('no account of ours stored', async () => {
        left = (await this.storedGlobalState())['workspaceAutomation.accounts'];
        return left === undefined || (Array.isArray(left) && left.length === 0) ? true : undefined;
      }, 5_000).catch(() => {
        throw new Error(`accounts left after Sign Out: ${JSON.stringify(left)}`);
      });
      const folder = this.session.editor.folder;
      for (const entry of fs.readdirSync(folder)) {
        fs.rmSync(path.join(folder, entry), { recursive: true, force: true });
      }
    } catch (e) {
      console.log(`      [harness] closing the window instead of handing it on: ${(e as Error).message.split('\n').slice(0, 4).join(' | ')}`);
      return false;
    }
    this.setAsideWindow = true;
    this.openCost.handOnMs += Date.now() - started;
    return true;
  }

  /**
   * Takes the window `setAside` left (signed out, workspace `acme` preset), the emulator reset, the
   * page at `viewport` when given; false when there is none.
   */
  async takeSetAside(viewport?: { width: number; height: number }): Promise<boolean> {
    if (!this.setAsideWindow) {
      return false;
    }
    this.setAsideWindow = false;
    this.emulator.reset();
    if (viewport) {
      await this.page.setViewportSize(viewport);
    }
    this.openCost.handedOn++;
    return true;
  }

  /** A window set aside and not taken: its settings and folder go back to the run's start (the window closes at the next open). */
  private releaseSetAside(): void {
    if (!this.setAsideWindow) {
      return;
    }
    this.setAsideWindow = false;
    fs.writeFileSync(this.settingsFile, JSON.stringify(this.startSettings, null, 2));
  }

  /** Called on a failed test or hook: the window is closed at the describe's end, never handed on. */
  markFailed(): void {
    this.failedInWindow = true;
  }

  /**
   * Closes the window (every page of the browser profile, then the profile) and ends what it
   * started in the editor: its extension host and what that started (language servers). The
   * server would keep a closed window's extension host for its reconnection grace time (hours),
   * going on with its timers and asking the emulator while the next describe runs and counts.
   */
  private async closeWindow(): Promise<void> {
    const ctx = this.ctx;
    this.ctx = undefined;
    this.currentPage = undefined;
    if (!ctx) {
      return;
    }
    await ctx.close().catch(() => undefined);
    const editor = this.session.editor;
    let left = editor.windowProcesses();
    for (const p of left) {
      try {
        process.kill(p.pid, 'SIGTERM');
      } catch {
        // ended meanwhile
      }
    }
    await waitFor('the closed window\'s extension host (and what it started) to end', async () => {
      left = editor.windowProcesses();
      return left.length === 0 ? true : undefined;
    }).catch((e: Error) => {
      throw new Error(`${e.message}; still running: ${JSON.stringify(left)}`);
    });
  }

  private get settingsFile(): string {
    return path.join(this.session.editor.userDataDir, 'User', 'settings.json');
  }

  /** Merges `settings` into the editor's user settings.json (the editor picks the change up). */
  setUserSettings(settings: Record<string, unknown>): void {
    this.releaseSetAside();
    fs.writeFileSync(this.settingsFile, JSON.stringify({ ...this.userSettings(), ...settings }, null, 2));
  }

  /** The user settings.json as written so far. */
  userSettings(): Record<string, unknown> {
    this.releaseSetAside();
    return JSON.parse(fs.readFileSync(this.settingsFile, 'utf8')) as Record<string, unknown>;
  }

  // ---------------------------------------------------------------- activity bar and views

  /** The activity-bar entry (tab) with this title. */
  activityBarEntry(title = CONTAINER_TITLE): Locator {
    return this.page.locator('.activitybar li.action-item').filter({ has: this.page.locator(`a.action-label[aria-label^="${title}"]`) });
  }

  /** Shows the view container (clicks its activity-bar entry unless it is already showing). */
  async openContainer(title = CONTAINER_TITLE): Promise<void> {
    const entry = this.activityBarEntry(title);
    await entry.waitFor({ state: 'visible' });
    if ((await entry.getAttribute('aria-selected')) !== 'true') {
      await entry.click();
    }
    await waitFor(`the ${title} container to show`, async () => ((await entry.getAttribute('aria-selected')) === 'true' ? true : undefined));
  }

  /** Titles of the views (sections) in the side bar, top to bottom. */
  async viewTitles(): Promise<string[]> {
    return (await this.page.locator('.sidebar .pane-header h3.title').allInnerTexts()).map((t) => t.trim());
  }

  /** The pane (header + body) of the side-bar view with this title. */
  view(title: string): Locator {
    return this.page.locator('.sidebar .pane').filter({ has: this.page.locator('.pane-header h3.title', { hasText: exact(title) }) });
  }

  /** Expands the view's section when it is collapsed; waits until it shows expanded. */
  async expandView(title: string): Promise<void> {
    await this.setViewExpanded(title, true);
  }

  /** Collapses the view's section when it is expanded (gives the others its height); waits until it shows collapsed. */
  async collapseView(title: string): Promise<void> {
    await this.setViewExpanded(title, false);
  }

  private async setViewExpanded(title: string, expanded: boolean): Promise<void> {
    const header = this.view(title).locator('.pane-header');
    await header.waitFor();
    const state = String(expanded);
    const was = await header.getAttribute('aria-expanded');
    if (was !== state) {
      if (!this.viewsToggled.has(title)) {
        this.viewsToggled.set(title, was === 'true');
      }
      await header.click();
    }
    await waitFor(`the ${title} view ${expanded ? 'expanded' : 'collapsed'}`, async () => ((await header.getAttribute('aria-expanded')) === state ? true : undefined));
  }

  /** The rows of a tree view as shown (only rendered rows: scrolled-away rows are not in the DOM). */
  async treeRows(viewTitle: string): Promise<TreeRow[]> {
    const rows = this.view(viewTitle).locator('.pane-body .monaco-list-row');
    return rows.evaluateAll((els) =>
      els.map((el) => {
        // No named helper functions in here: tsx's keepNames would wrap them in `__name(...)`,
        // which does not exist in the page.
        const expanded = el.getAttribute('aria-expanded');
        return {
          label: (el.querySelector('.label-name') as HTMLElement | null)?.innerText.trim() ?? '',
          description: (el.querySelector('.label-description') as HTMLElement | null)?.innerText.trim() ?? '',
          ariaLabel: el.getAttribute('aria-label') ?? '',
          level: Number(el.getAttribute('aria-level') ?? '1'),
          expanded: expanded === null ? undefined : expanded === 'true',
          selected: el.classList.contains('selected'),
          icon: /\bcodicon-(?!modifier-)([\w-]+)/.exec((el.querySelector('.custom-view-tree-node-item-icon') as HTMLElement | null)?.className ?? '')?.[1] ?? '',
        };
      }),
    );
  }

  /** Labels of the view's rows. */
  async rowLabels(viewTitle: string): Promise<string[]> {
    return (await this.treeRows(viewTitle)).map((r) => r.label);
  }

  /** Waits until the view's rows satisfy `predicate`; returns them. */
  async waitForRows(viewTitle: string, predicate: (rows: TreeRow[]) => boolean, what = 'rows', timeout = UI_TIMEOUT): Promise<TreeRow[]> {
    let last: TreeRow[] = [];
    try {
      return await waitFor(
        `${what} in the ${viewTitle} view`,
        async () => {
          last = await this.treeRows(viewTitle);
          return predicate(last) ? last : undefined;
        },
        timeout,
      );
    } catch (e) {
      throw new Error(`${(e as Error).message}; rows were: ${JSON.stringify(last.map((r) => [r.label, r.description, r.icon].filter(Boolean).join(' | ')))}`);
    }
  }

  /** The row (Locator) of the view whose label matches; waits for it. */
  async row(viewTitle: string, label: TextMatch): Promise<Locator> {
    const rowLocator = this.view(viewTitle)
      .locator('.pane-body .monaco-list-row')
      .filter({ has: this.page.locator('.label-name', { hasText: typeof label === 'string' ? exact(label) : label }) })
      .first();
    try {
      await rowLocator.waitFor({ state: 'visible' });
    } catch (e) {
      const labels = await this.rowLabels(viewTitle).catch(() => []);
      throw new Error(`no row ${String(label)} in the ${viewTitle} view (rows: ${JSON.stringify(labels)}): ${(e as Error).message}`);
    }
    return rowLocator;
  }

  /** Clicks a row (selects it; toggles a collapsible row). */
  async clickRow(viewTitle: string, label: TextMatch): Promise<void> {
    await (await this.row(viewTitle, label)).click();
  }

  /** Clicks an inline action (icon shown on hover) of a row, by its title (aria-label prefix). */
  async rowAction(viewTitle: string, label: TextMatch, actionTitle: string): Promise<void> {
    const r = await this.row(viewTitle, label);
    await r.hover();
    await r.locator(`.actions .action-label[aria-label^="${actionTitle}"]`).click();
  }

  /** Right-clicks a row and chooses a context-menu item by its label. */
  async rowContextMenu(viewTitle: string, label: TextMatch, itemLabel: string): Promise<void> {
    await (await this.row(viewTitle, label)).click({ button: 'right' });
    await this.chooseMenuItem(itemLabel);
  }

  /**
   * Collapses every row of the view (its Collapse All, the view's panel opened first), and checks
   * that no row shows expanded.
   */
  private async collapseAllRows(viewTitle: string): Promise<void> {
    await this.expandView(viewTitle);
    const pane = this.view(viewTitle);
    const action = pane.locator('.pane-header .actions .action-label[aria-label^="Collapse All"]');
    if ((await action.count()) === 0 || (await action.getAttribute('aria-disabled')) === 'true') {
      return;
    }
    await this.viewAction(viewTitle, 'Collapse All');
    await this.waitForRows(viewTitle, (rows) => rows.every((r) => r.expanded !== true), 'every row collapsed', 10_000);
  }

  /** Clicks an action in the view's title bar (e.g. "Refresh"), by its title (aria-label prefix). */
  async viewAction(viewTitle: string, actionTitle: string): Promise<void> {
    const pane = this.view(viewTitle);
    await this.parkPointer();
    await pane.locator('.pane-header').hover();
    await pane.locator(`.pane-header .actions .action-label[aria-label^="${actionTitle}"]`).click();
  }

  /**
   * Moves the pointer to the status bar's empty middle and waits for any hover tooltip to close:
   * a row's tooltip left open by the last click can cover a view's title bar.
   */
  async parkPointer(): Promise<void> {
    const viewport = this.page.viewportSize();
    if (viewport) {
      await this.page.mouse.move(viewport.width / 2, viewport.height - 5);
    }
    const hover = this.page.locator('.context-view .monaco-hover');
    // A tooltip closes by itself a moment after the pointer left; Escape closes one that stays.
    await hover.first().waitFor({ state: 'hidden', timeout: 2000 }).catch(async () => {
      await this.page.keyboard.press('Escape');
      await hover.first().waitFor({ state: 'hidden' });
    });
  }

  /** Opens the view's "..." menu and chooses an item by its label. */
  async viewMenu(viewTitle: string, itemLabel: string): Promise<void> {
    const pane = this.view(viewTitle);
    await this.parkPointer();
    await pane.locator('.pane-header').hover();
    await pane.locator('.pane-header .actions .action-label[aria-label^="Views and More Actions"], .pane-header .actions .action-label[aria-label^="More Actions"]').first().click();
    await this.chooseMenuItem(itemLabel);
  }

  /**
   * Opens the editor's Accounts menu (the activity bar's person icon), then the submenu whose label
   * matches (an account: "<account> (<provider>)"), and clicks `itemLabel` in it (e.g. "Sign Out").
   */
  async accountsMenu(submenu: TextMatch, itemLabel: string): Promise<void> {
    await this.parkPointer();
    await this.page.locator('.activitybar a.action-label[aria-label^="Accounts"]').first().click();
    const entry = this.page.locator('.monaco-menu .action-item .action-label', { hasText: submenu }).first();
    await entry.waitFor({ state: 'visible' });
    await entry.hover();
    await entry.click();
    const item = this.page.locator('.monaco-menu .monaco-menu .action-item .action-label', { hasText: exact(itemLabel) }).first();
    await item.waitFor({ state: 'visible' });
    await item.hover();
    await item.click();
  }

  /** The labels of the editor's Accounts menu (opened, read, closed with Escape). */
  async accountsMenuItems(): Promise<string[]> {
    await this.parkPointer();
    await this.page.locator('.activitybar a.action-label[aria-label^="Accounts"]').first().click();
    const items = this.page.locator('.monaco-menu .action-item .action-label');
    await items.first().waitFor({ state: 'visible' });
    const labels = (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    await this.page.keyboard.press('Escape');
    return labels;
  }

  /** Clicks a button of the modal dialog shown now (e.g. "Sign Out"); returns the dialog's text. */
  async answerDialog(button: string): Promise<string> {
    const dialog = this.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible' });
    const text = await dialog.innerText();
    await dialog.locator('.monaco-button', { hasText: exact(button) }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    return text;
  }

  /** The description beside a view's title ('' when none). */
  async viewDescription(title: string): Promise<string> {
    const d = this.view(title).locator('.pane-header .description');
    return (await d.count()) ? (await d.first().innerText()).trim() : '';
  }

  private async chooseMenuItem(itemLabel: string): Promise<void> {
    const item = this.page.locator('.monaco-menu .action-item .action-label', { hasText: exact(itemLabel) }).first();
    await this.clickMenuItem(item);
  }

  /**
   * Clicks an item of an open menu once the menu has settled: a menu ignores clicks while it opens
   * (its animation). Hovers first, as a pointer does.
   */
  async clickMenuItem(item: Locator): Promise<void> {
    await item.waitFor({ state: 'visible' });
    await item.hover();
    await waitFor('the menu to finish opening', async () =>
      (await item.evaluate((el) => (el.closest('.monaco-menu-container, .context-view') ?? el).getAnimations({ subtree: true }).every((a) => a.playState !== 'running')))
        ? true
        : undefined,
    );
    await item.click();
  }

  /** The text of every welcome content shown in the side bar. */
  sidebarWelcomes(): Promise<string[]> {
    return this.page.locator('.sidebar .welcome-view-content').allInnerTexts();
  }

  /** The text of the view's welcome content ('' when the view shows rows instead). */
  async welcomeText(viewTitle: string): Promise<string> {
    const w = this.view(viewTitle).locator('.welcome-view-content');
    return (await w.count()) ? (await w.first().innerText()).trim() : '';
  }

  /** Clicks a button or link in the view's welcome content by its text. */
  async clickWelcome(viewTitle: string, text: string): Promise<void> {
    const w = this.view(viewTitle).locator('.welcome-view-content');
    await w.locator('.monaco-button, a', { hasText: exact(text) }).first().click();
  }

  // ---------------------------------------------------------------- command palette and quick input

  /** The quick input widget (command palette, quick picks and input boxes share it). */
  get quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /**
   * Runs a command by its title as the palette shows it (e.g. "Workspace Automation: Sign In"),
   * through F1. `title` must match a row's label exactly (or be a RegExp).
   */
  async runCommand(title: TextMatch, timeout = UI_TIMEOUT): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor();
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.press('F1');
    const input = this.quickInput.locator('.quick-input-box input');
    await input.waitFor({ state: 'visible' });
    const filter = typeof title === 'string' ? title : title.source.replace(/[\\^$]/g, '');
    await input.fill(`>${filter}`);
    await this.pick(title, timeout);
  }

  /** Waits for the quick input to be open, optionally with a title / placeholder (prompt) matching. */
  async waitQuickInput(opts: { title?: TextMatch; placeholder?: TextMatch } = {}): Promise<void> {
    await this.quickInput.waitFor({ state: 'visible' });
    let last = { title: '', placeholder: '' };
    try {
      await waitFor(`a quick input ${JSON.stringify({ title: String(opts.title ?? ''), placeholder: String(opts.placeholder ?? '') })}`, async () => {
        last = { title: await this.quickInputTitle(), placeholder: await this.quickInputPlaceholder() };
        return (opts.title === undefined || matches(last.title, opts.title)) && (opts.placeholder === undefined || matches(last.placeholder, opts.placeholder)) ? true : undefined;
      });
    } catch (e) {
      throw new Error(`${(e as Error).message}; the quick input showed ${JSON.stringify(last)}`);
    }
  }

  /** The quick input's title ('' when it has none). */
  async quickInputTitle(): Promise<string> {
    const t = this.quickInput.locator('.quick-input-title');
    return (await t.isVisible()) ? (await t.innerText()).trim() : '';
  }

  /** The quick input's placeholder (for input boxes: usually the prompt is the message). */
  async quickInputPlaceholder(): Promise<string> {
    return (await this.quickInput.locator('.quick-input-box input').getAttribute('placeholder')) ?? '';
  }

  /** The text under the input: an input box's prompt or its validation message. */
  async quickInputMessage(): Promise<string> {
    const m = this.quickInput.locator('.quick-input-message');
    return (await m.isVisible()) ? (await m.innerText()).trim() : '';
  }

  /** Waits until the message under the input matches (e.g. a validation error). */
  async waitQuickInputMessage(m: TextMatch): Promise<string> {
    return waitFor(`the quick input message ${String(m)}`, async () => {
      const text = await this.quickInputMessage();
      return matches(text, m) ? text : undefined;
    });
  }

  /** The current value of the quick input's text box. */
  async quickInputValue(): Promise<string> {
    return this.quickInput.locator('.quick-input-box input').inputValue();
  }

  /** Labels of the quick pick's visible items (separators excluded). */
  async quickPickItems(): Promise<string[]> {
    await this.quickInput.waitFor({ state: 'visible' });
    return (await this.quickInput.locator('.quick-input-list .monaco-list-row .label-name').allInnerTexts()).map((t) => t.trim());
  }

  /**
   * Chooses a quick-pick item by its label; waits for it to be listed. The list re-renders while it
   * filters (rows are reused), so this waits for the list to settle, moves the focus onto the item
   * with the arrow keys, checks the focused row is that item, and presses Enter. In a multi-select
   * pick (checkboxes) it clicks the item instead, which toggles it.
   */
  async pick(label: TextMatch, timeout = UI_TIMEOUT): Promise<void> {
    const labelMatch = typeof label === 'string' ? exact(label) : label;
    let last: string[] = [];
    try {
      await waitFor(`quick-pick item ${String(label)}`, async () => {
        const before = await this.quickPickItems();
        if (!before.some((l) => matches(l, label))) {
          last = before;
          return undefined;
        }
        await new Promise((r) => setTimeout(r, 120));
        const after = await this.quickPickItems();
        last = after;
        return JSON.stringify(before) === JSON.stringify(after) ? true : undefined;
      }, timeout);
    } catch (e) {
      throw new Error(`no quick-pick item ${String(label)} (items: ${JSON.stringify(last)}): ${(e as Error).message}`);
    }
    const rows = this.quickInput.locator('.quick-input-list .monaco-list-row');
    // canSelectMany: the widget carries `show-checkboxes`, and clicking a row toggles its checkbox.
    if (await this.quickInput.evaluate((el) => el.classList.contains('show-checkboxes'))) {
      await rows.filter({ has: this.page.locator('.label-name', { hasText: labelMatch }) }).first().click();
      return;
    }
    const input = this.quickInput.locator('.quick-input-box input');
    const focused = this.quickInput.locator('.quick-input-list .monaco-list-row.focused .label-name');
    const total = Number((await rows.first().getAttribute('aria-setsize')) ?? '0') || (await rows.count());
    for (let i = 0; i <= total + 1; i++) {
      const text = (await focused.count()) ? (await focused.first().innerText()).trim() : '';
      if (text && matches(text, label)) {
        await input.press('Enter');
        return;
      }
      await input.press('ArrowDown');
    }
    throw new Error(`could not move the focus onto quick-pick item ${String(label)} (items: ${JSON.stringify(await this.quickPickItems())})`);
  }

  /** Replaces the text of the quick input (input box or quick-pick filter). */
  async type(text: string): Promise<void> {
    const input = this.quickInput.locator('.quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill(text);
  }

  /** Presses Enter in the quick input (accepts the input box / the focused item). */
  async enter(): Promise<void> {
    await this.quickInput.locator('.quick-input-box input').press('Enter');
  }

  /** Types `text` and presses Enter. */
  async submit(text: string): Promise<void> {
    await this.type(text);
    await this.enter();
  }

  /** Clicks the quick input's Back button (multi-step inputs). */
  async back(): Promise<void> {
    await this.quickInput.locator('.action-label[aria-label^="Back"]').click();
  }

  /** Closes the quick input with Escape (cancels it). */
  async cancel(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.waitQuickInputClosed();
  }

  /** Waits until no quick input is shown. */
  async waitQuickInputClosed(timeout = UI_TIMEOUT): Promise<void> {
    await this.quickInput.waitFor({ state: 'hidden', timeout });
  }

  // ---------------------------------------------------------------- notifications

  /**
   * Messages in the notification center, newest first. With the smoke-test driver, toasts are
   * hidden: this opens the center (through the palette, so it closes an open quick input).
   */
  async notifications(): Promise<string[]> {
    await this.showNotificationCenter();
    return (await this.page.locator('.notifications-center .notification-list-item-message').allInnerTexts()).map((t) => t.trim());
  }

  /**
   * Opens the notification center (it stays open and updates while you wait): the status bar's
   * bell, which leaves a quick input an extension is about to show again alone (the palette would
   * take its place); the palette when the status bar has no bell.
   */
  async showNotificationCenter(): Promise<void> {
    if (!(await this.page.locator('.notifications-center.visible').isVisible())) {
      const bell = this.page.locator('.statusbar-item[id="status.notifications"] a, .statusbar-item[id="status.notifications"] .statusbar-item-label').first();
      if ((await bell.count()) > 0 && (await bell.isVisible())) {
        await bell.click();
      } else {
        await this.runCommand('Notifications: Show Notifications');
      }
      await this.page.locator('.notifications-center.visible').waitFor();
    }
  }

  /**
   * Waits for a notification whose message is `m` (a string: the whole message) or matches it (a
   * RegExp), shown in the notification center; returns its text. The center closes by itself when
   * its last notification goes (a button clicked, a progress ended): it is opened again for as long
   * as the wait lasts. While it is closed and a quick input is open, the center is not opened (it
   * would close the input): the wait goes on until the input closes. Toasts are read then too, for
   * a window without the smoke-test driver; with it (every run of the harness) no toast shows, so a
   * test reads a message shown beside its list once the list is closed.
   */
  async waitForNotification(m: TextMatch, timeout = UI_TIMEOUT): Promise<string> {
    const messages = this.page.locator('.notifications-center.visible .notification-list-item-message');
    const toasts = this.page.locator('.notifications-toasts .notification-list-item-message');
    let last: string[] = [];
    try {
      return await waitFor(
        `a notification ${typeof m === 'string' ? JSON.stringify(m) : String(m)}`,
        async () => {
          if (!(await this.page.locator('.notifications-center.visible').isVisible())) {
            last = (await toasts.allInnerTexts()).map((t) => t.trim());
            const toast = last.find((t) => matches(t, m));
            if (toast !== undefined || (await this.quickInput.isVisible())) {
              return toast;
            }
          }
          await this.showNotificationCenter();
          last = (await messages.allInnerTexts()).map((t) => t.trim());
          return last.find((t) => matches(t, m));
        },
        timeout,
      );
    } catch (e) {
      throw new Error(`${(e as Error).message}; notifications were: ${JSON.stringify(last)}`);
    }
  }

  /** Clicks a button of the notification whose message is (or matches) `m`. */
  async clickNotificationButton(m: TextMatch, button: string): Promise<void> {
    await this.waitForNotification(m);
    const item = this.page
      .locator('.notifications-center .notification-list-item')
      .filter({ has: this.page.locator('.notification-list-item-message', { hasText: typeof m === 'string' ? exact(m) : m }) })
      .first();
    await item.hover();
    await item.locator('.monaco-button', { hasText: exact(button) }).first().click();
  }

  /** Clicks a link (its text: `link`) in the notification whose message is (or matches) `m`. */
  async clickNotificationLink(m: TextMatch, link: string): Promise<void> {
    await this.waitForNotification(m);
    const message = this.page.locator('.notifications-center .notification-list-item-message', { hasText: typeof m === 'string' ? exact(m) : m }).first();
    await message.locator('a', { hasText: exact(link) }).first().click();
  }

  /** Clears all notifications (and closes the center). */
  async clearNotifications(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications');
  }

  // ---------------------------------------------------------------- editors

  /** Title of the active editor tab ('' when none). */
  async activeEditorTitle(): Promise<string> {
    const tab = this.page.locator('.tabs-container .tab.active .label-name');
    return (await tab.count()) ? (await tab.first().innerText()).trim() : '';
  }

  /** Visible text of the active text editor (only rendered lines). */
  async activeEditorText(): Promise<string> {
    const lines = this.page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
    await lines.waitFor();
    return (await lines.innerText()).replace(/\u00a0/g, ' ');
  }

  /** Waits until the active editor's title matches; returns it. */
  async waitActiveEditor(title: TextMatch, timeout = UI_TIMEOUT): Promise<string> {
    let last = '';
    try {
      return await waitFor(
        `an active editor ${String(title)}`,
        async () => {
          last = await this.activeEditorTitle();
          return matches(last, title) ? last : undefined;
        },
        timeout,
      );
    } catch (e) {
      throw new Error(`${(e as Error).message}; the active editor is ${JSON.stringify(last)}`);
    }
  }

  // ---------------------------------------------------------------- evidence

  /** Saves a screenshot to test-results/screenshots/NAME.png; returns its path. */
  async screenshot(name: string): Promise<string> {
    const file = path.join(resultsDir, 'screenshots', `${safeName(name)}.png`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await this.page.screenshot({ path: file });
    return file;
  }

  /**
   * Saves a README screenshot to media/screenshots/NAME.png when run by `npm run screenshots`
   * (WA_SCREENSHOTS=1); otherwise does nothing and returns undefined.
   */
  async readmeScreenshot(name: string, opts: { clip?: Locator } = {}): Promise<string | undefined> {
    if (!process.env.WA_SCREENSHOTS) {
      return undefined;
    }
    const file = path.join(repoRoot, 'media', 'screenshots', `${safeName(name)}.png`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await this.parkPointer(); // no hover tooltip in the picture
    if (opts.clip) {
      await opts.clip.screenshot({ path: file });
    } else {
      await this.page.screenshot({ path: file });
    }
    console.log(`      [screenshot] ${path.relative(repoRoot, file)}`);
    return file;
  }

  /** The workbench's own logs (window, extension host, output channels) from the driver. */
  async editorLogs(): Promise<{ relativePath: string; contents: string }[]> {
    return this.page.evaluate(() =>
      (window as unknown as { driver: { getLogs(): Promise<{ relativePath: string; contents: string }[]> } }).driver.getLogs(),
    );
  }

  /** Saves a screenshot and the editor's logs under test-results/e2e/NAME/ (done on every failure). */
  async saveFailure(name: string): Promise<string> {
    this.markFailed();
    const dir = path.join(resultsDir, 'e2e', safeName(name));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    if (this.currentPage && !this.currentPage.isClosed()) {
      await this.currentPage.screenshot({ path: path.join(dir, 'screenshot.png') }).catch((e: Error) => console.error(`screenshot failed: ${e.message}`));
      const logs = await Promise.race([
        this.editorLogs().catch(() => []),
        new Promise<{ relativePath: string; contents: string }[]>((r) => setTimeout(() => r([]), 5000)),
      ]);
      for (const l of logs) {
        const dest = path.join(dir, 'vscode-logs-browser', l.relativePath);
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        fs.writeFileSync(dest, l.contents);
      }
    }
    this.session.editor.collectLogs(dir);
    fs.writeFileSync(path.join(dir, 'emulator-requests.json'), JSON.stringify(this.emulator.requests, null, 2));
    if (process.env.CI) {
      // CI keeps only the printed output: the end of our own log says what the extension did.
      printLogTail(dir);
    }
    return dir;
  }
}

/** Prints the last lines of the extension's output-channel logs found under `dir`. */
function printLogTail(dir: string, lines = 25): void {
  const found: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        walk(p);
      } else if (e.name.includes('Workspace Automation') && e.name.endsWith('.log')) {
        found.push(p);
      }
    }
  };
  walk(dir);
  for (const file of found) {
    const tail = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines);
    console.log(`      ${path.relative(dir, file)} (last ${tail.length} lines):\n${tail.map((l) => `        ${l}`).join('\n')}`);
  }
}

/**
 * Whether two user settings objects have the same keys and the same values of ours (undefined
 * values are not written). The editor's own values are left out: the editor migrates some of the
 * run's quiet settings in the file itself (`extensions.autoUpdate`: false becomes "off").
 */
function sameSettings(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const canonical = (o: Record<string, unknown>) =>
    JSON.stringify(Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => [k, k.startsWith('workspaceAutomation.') ? o[k] : '']));
  return canonical(a) === canonical(b);
}

let current: Workbench | undefined;

/** The run's workbench helper (set up by test/e2e/run.ts). */
export function workbench(): Workbench {
  if (!current) {
    throw new Error('the workbench is not started: run UI tests with `npm run test:e2e`');
  }
  return current;
}

/** Used by the runner. */
export function setWorkbench(w: Workbench | undefined): void {
  current = w;
}
