// Browsing the Commits view as a person does, in the real editor: sign in, pick web-app in the
// Projects view, page with "Load more", filter by date through the two-step input (with a typing
// mistake and Back), clear the filter, expand a commit to its files and open the commit document.
import * as assert from 'node:assert/strict';
import { demoCommits } from '../emulator/demo-data';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { sameList, waitFor, workbench } from './workbench';
import { runWizard } from './wizard';

const PAGE_SIZE = 5;
const webApp = demoCommits('web-app');

function firstLine(message: string): string {
  return message.split('\n')[0];
}

/** The rows of web-app's first page, unfiltered. */
function firstPage(): string[] {
  return [...webApp.slice(0, PAGE_SIZE).map((c) => firstLine(c.message)), 'Load more'];
}

describe('Commits view (UI)', () => {
  before(async () => {
    const wb = workbench();
    wb.setUserSettings({ 'workspaceAutomation.commits.pageSize': PAGE_SIZE });
    await openSignedIn(wb);
  });

  after(() => closeSignedIn(workbench(), 'workspaceAutomation.commits.pageSize'));

  it('asks to select a project, then shows web-app newest first a page at a time', async () => {
    const wb = workbench();
    // Two pages must be rendered at once: the five views share the side bar's height.
    await wb.collapseView('Runs');
    await wb.collapseView('Targets');
    await wb.collapseView('Variables');
    await wb.expandView('Commits');
    await wb.waitForRows('Commits', (rows) => sameList(rows.map((r) => r.label), ['Select a project in the Projects view']), 'the empty state');
    await wb.clickRow('Projects', 'Web App');
    // The whole page, every row: the Load more row alone is rendered a moment before the commits.
    const first = await wb.waitForRows('Commits', (rows) => sameList(rows.map((r) => r.label), firstPage()), 'the first page');
    assert.deepEqual(
      first.map((r) => r.label),
      [...webApp.slice(0, PAGE_SIZE).map((c) => firstLine(c.message)), 'Load more'],
    );
    assert.match(first[0].description, / · .+/, 'author and relative date');
    await wb.clickRow('Commits', 'Load more');
    const twoPages = [...webApp.slice(0, 2 * PAGE_SIZE).map((c) => firstLine(c.message)), 'Load more'];
    const second = await wb.waitForRows('Commits', (rows) => sameList(rows.map((r) => r.label), twoPages), 'the second page');
    assert.equal(second.at(-1)?.label, 'Load more');
    const pages = wb.emulator.requests.filter((r) => r.path.includes('/projects/web-app/repository/commits?'));
    assert.deepEqual(
      pages.map((r) => new URLSearchParams(r.path.split('?')[1]).get('page')),
      ['1', '2'],
    );
    await wb.screenshot('commits-paged');
  });

  it('filters by date with the two-step input (validation, Back), then clears the filter', async () => {
    const wb = workbench();
    // The unfiltered list as shown now (every loaded page: the workspace's data keeps it while the
    // filter is set), newest first and ending with Load more: Clear Filter shows it again.
    const unfiltered = (await wb.waitForRows('Commits', (r) => r.at(-1)?.label === 'Load more' && r.length > PAGE_SIZE, 'the unfiltered list')).map((r) => r.label);
    assert.ok((unfiltered.length - 1) % PAGE_SIZE === 0, `whole pages: ${JSON.stringify(unfiltered)}`);
    assert.deepEqual(unfiltered.slice(0, -1), webApp.slice(0, unfiltered.length - 1).map((c) => firstLine(c.message)));
    await wb.viewAction('Commits', 'Filter Commits by Date');
    await runWizard(wb, [
      { title: /Filter Commits by Date/, type: '2026-13-01', refused: /YYYY-MM-DD/, submit: '2026-09-25' },
      { message: /until this day/, type: '2026-09-10', refused: /on or after/, back: true },
      // Since comes back with its answer.
      { value: '2026-09-25', submit: '2026-09-15' },
      // Wait for the second step's box before typing into it (the first one is being replaced).
      { message: /until this day/, submit: '2026-09-24' },
    ]);
    await wb.waitQuickInputClosed();
    const from = Date.parse('2026-09-15T00:00:00Z');
    const to = Date.parse('2026-09-24T23:59:59Z');
    const expected = webApp.filter((c) => c.commitDate >= from && c.commitDate <= to).map((c) => firstLine(c.message));
    assert.ok(expected.length > PAGE_SIZE, 'the range spans more than one page');
    const rows = await wb.waitForRows('Commits', (r) => sameList(r.map((x) => x.label), [...expected.slice(0, PAGE_SIZE), 'Load more']), 'the filtered first page');
    assert.deepEqual(
      rows.slice(0, -1).map((r) => r.label),
      expected.slice(0, PAGE_SIZE),
    );
    const header = await waitFor('the filter in the view\'s title', async () => {
      const text = await wb.view('Commits').locator('.pane-header').innerText();
      return /2026-09-15 to 2026-09-24/.test(text) ? text : undefined;
    });
    assert.match(header, /2026-09-15 to 2026-09-24/);
    const sent = wb.emulator.requests.map((r) => decodeURIComponent(r.path)).filter((p) => p.includes('since='));
    assert.ok(
      sent.some((p) => p.includes('since=2026-09-15T00:00:00Z') && p.includes('until=2026-09-24T23:59:59Z')),
      `UTC bounds of whole days were sent: ${JSON.stringify(sent)}`,
    );
    await wb.screenshot('commits-filtered');

    await wb.viewAction('Commits', 'Clear Filter');
    await wb.waitForRows('Commits', (r) => sameList(r.map((x) => x.label), unfiltered), 'the unfiltered list as it was');
    const cleared = await waitFor('the view\'s title without the filter', async () => {
      const text = await wb.view('Commits').locator('.pane-header').innerText();
      return /2026-09-15/.test(text) ? undefined : text;
    });
    assert.doesNotMatch(cleared, /2026-09-15/);
  });

  it('expands a commit to its files and opens the commit document', async () => {
    const wb = workbench();
    const label = 'Restructure the settings page';
    const commit = await wb.row('Commits', label);
    // The twistie expands; a click on the label opens the document.
    await commit.locator('.monaco-tl-twistie').click();
    const commitFiles = ['src/pages/settings/theme.tsx', 'src/pages/settings/index.tsx', 'src/styles/theme.css', 'src/legacy/polyfills.ts'];
    const rows = await wb.waitForRows('Commits', (r) => sameList(r.filter((x) => x.level === 2).map((x) => x.label), commitFiles), 'the commit files');
    const files = rows.filter((r) => r.level === 2);
    assert.deepEqual(
      files.map((f) => f.label),
      ['src/pages/settings/theme.tsx', 'src/pages/settings/index.tsx', 'src/styles/theme.css', 'src/legacy/polyfills.ts'],
    );
    assert.match(files[0].description, /^added \+6 −0$/);
    await wb.clickRow('Commits', label);
    const revision = webApp[1].revision;
    // Its tab and its text: the tab shows before the document's text is rendered.
    const text = await waitFor('the commit document', async () =>
      (await wb.activeEditorTitle()).startsWith(revision.slice(0, 7)) && (await wb.activeEditorText()).includes(`commit ${revision}`) ? wb.activeEditorText() : undefined,
    );
    assert.match(text, new RegExp(`commit ${revision}`));
    assert.match(text, /Restructure the settings page/);
    assert.match(text, /4 files changed/);
    await wb.readmeScreenshot('commits');
    await wb.screenshot('commit-document');

    // A file opens the document at its diff.
    await wb.clickRow('Commits', 'src/legacy/polyfills.ts');
    await waitFor('the deleted file diff in view', async () =>
      (await wb.activeEditorText()).includes('diff --git a/src/legacy/polyfills.ts b/src/legacy/polyfills.ts') ? true : undefined,
    );
    const fetched = wb.emulator.requests.filter((r) => r.path.endsWith(`/repository/commits/${revision}`));
    assert.equal(fetched.length, 1, 'the full commit was fetched once');
  });
});
