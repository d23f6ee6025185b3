// A newcomer's first look, as a person sees it: one signed-out welcome (in Projects; Commits and
// Targets appear once signed in), Show API Rate Limit before any request, and the status bar
// item's click showing the budget and the log. (Without an API address: withoutApiUrl.test.ts.)
import * as assert from 'node:assert/strict';
import { demoTokens, sameList, waitFor, workbench } from './workbench';
import { demoProjects, projectLabel, sendsRateLimitReset } from '../harness/dialect';
import { itInDefaultDialectOnly, useSignedOutEditor } from './viewsHelpers';

describe('first run (UI)', () => {
  // Its last test signs in to acme (the window writes the workspace): the window goes on.
  useSignedOutEditor({ handOn: true });

  itInDefaultDialectOnly('signed out, shows one welcome with Sign In, and no Commits, Targets or Variables view', async () => {
    const wb = workbench();
    const text = await waitFor('the signed-out welcome', async () => {
      const t = await wb.welcomeText('Projects');
      return /Sign in with a personal access token for the API address set in the API URL setting/.test(t) ? t : undefined;
    });
    // apiUrl is set (the emulator): the welcome speaks of that address, not of account types.
    assert.match(text, /Sign in with a personal access token for the API address set in the API URL setting/);
    assert.deepEqual((await wb.sidebarWelcomes()).length, 1, 'one welcome in the side bar');
    assert.equal(await wb.page.locator('.sidebar .welcome-view-content .monaco-button', { hasText: 'Sign In' }).count(), 1);
    const titles = await wb.viewTitles();
    assert.ok(!titles.includes('Commits') && !titles.includes('Targets') && !titles.includes('Variables'), `views shown: ${JSON.stringify(titles)}`);
    // Before any request (the rate-limit item comes with the first client, src/loadedParts.ts),
    // the palette's Show API Rate Limit still answers: no budget known yet, and the log.
    await wb.runCommand('Workspace Automation: Show API Rate Limit');
    await wb.waitQuickInput({ title: /API Rate Limit/ });
    const items = await waitFor('the budget unknown and Show Log', async () => {
      const listed = await wb.quickPickItems();
      return listed.some((i) => /No answer from the service yet/.test(i)) && listed.some((i) => /Show Log/.test(i)) ? listed : undefined;
    });
    assert.ok(items.some((i) => /No answer from the service yet/.test(i)), `rows: ${JSON.stringify(items)}`);
    assert.ok(items.some((i) => /Show Log/.test(i)), `rows: ${JSON.stringify(items)}`);
    await wb.cancel();
    await wb.waitQuickInputClosed();
  });

  it('signed in, shows the five views, and the status bar item\'s click shows the budget and the log', async () => {
    const wb = workbench();
    await waitFor('the API URL welcome', async () => ((await wb.welcomeText('Projects')).includes('API URL setting') ? true : undefined));
    await wb.clickWelcome('Projects', 'Sign In');
    await wb.waitQuickInput({ title: /Sign In/ });
    await wb.submit(demoTokens.admin);
    await wb.pick('Acme');
    await wb.waitQuickInputClosed();
    await wb.waitForRows('Projects', (r) => sameList(r.map((x) => x.label), demoProjects().map(projectLabel)), 'the projects');
    const views = ['Projects', 'Runs', 'Commits', 'Targets', 'Variables'];
    await waitFor('the five views, no welcome', async () => (sameList(await wb.viewTitles(), views) && (await wb.sidebarWelcomes()).length === 0 ? true : undefined));
    assert.deepEqual(await wb.viewTitles(), views);
    assert.deepEqual(await wb.sidebarWelcomes(), [], 'no welcome once signed in with a workspace');

    const item = wb.page.locator('.statusbar-item', { hasText: /\d[\d,]*\/5,000/ }).first();
    await item.waitFor({ state: 'visible' });
    await item.locator('a, .statusbar-item-label').first().click();
    await wb.waitQuickInput({ title: /API Rate Limit/ });
    const rows = await waitFor('the budget and Show Log', async () => {
      const listed = await wb.quickPickItems();
      return /^\d,\d{3} of 5,000 requests left in this hour$/.test(listed[0] ?? '') && listed.includes('Show Log') ? listed : undefined;
    });
    assert.match(rows[0], /^\d,\d{3} of 5,000 requests left in this hour$/);
    if (sendsRateLimitReset) {
      assert.match(rows[1], /^Resets at .+ \(in .+\)$/);
    } else {
      assert.equal(rows[1], 'The service did not say when the budget resets.');
    }
    assert.ok(rows.includes('Show Log'), JSON.stringify(rows));
    await wb.pick('Show Log');
    await wb.waitQuickInputClosed();
    // The Output panel shows the extension's channel, with the requests.
    // (Monaco renders spaces as no-break spaces.)
    const outputText = async () => (await wb.page.locator('.part.panel .monaco-editor .view-lines').first().innerText().catch(() => '')).replace(/\u00a0/g, ' ');
    const text = await waitFor('the log in the Output panel, the token check and the projects', async () => {
      const shown = await outputText();
      return shown.includes('GET /user/token 200') && /GET \/workspaces\/acme\/projects\?page=1&per_page=20 200/.test(shown) ? shown : undefined;
    });
    assert.match(text, /GET \/workspaces\/acme\/projects\?page=1&per_page=20 200/);
    assert.doesNotMatch(text, new RegExp(demoTokens.admin));
  });
});
