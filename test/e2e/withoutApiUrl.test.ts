// Where there is no API address in the settings, as a user of the real service starts: the
// signed-out welcome says Sign In asks where the account is (US, EU, Asia or self-hosted) and
// links the token page, which asks the account type first; Sign In asks the account type and the
// host, with Back between the steps. The window opens without the address (no reload), once for
// both; what the welcome says with an address is in first run and sign in.
import * as assert from 'node:assert/strict';
import { useSignedOutEditor } from './viewsHelpers';
import { sameList, waitFor, workbench } from './workbench';
import { runWizard } from './wizard';

describe('without an API URL (UI)', () => {
  useSignedOutEditor({ withoutApiUrl: true });

  it('without an API URL, says Sign In asks where the account is, links the token page and sends nobody to the settings', async () => {
    const wb = workbench();
    const text = await waitFor('the account welcome', async () => {
      const t = await wb.welcomeText('Projects');
      return /Sign In asks where your account is/.test(t) ? t : undefined;
    });
    assert.match(text, /US, EU, Asia or self-hosted/);
    assert.match(text, /Open the token page/);
    assert.doesNotMatch(text, /settings/i, 'an EU account is asked for by Sign In, not set in the settings first');
    assert.equal((await wb.sidebarWelcomes()).length, 1);
    // What a user of the real service sees first (README).
    await wb.readmeScreenshot('signed-out', { clip: wb.page.locator('.sidebar') });
    // The token page link asks the account type first (none is chosen yet).
    await wb.clickWelcome('Projects', 'Open the token page');
    await wb.waitQuickInput({ placeholder: /Where is your account/ });
    const items = await waitFor('the account types', async () => {
      const listed = await wb.quickPickItems();
      return listed.includes('Self-hosted installation') ? listed : undefined;
    });
    assert.deepEqual(
      items.filter((i) => /account|installation/.test(i)),
      ['US account', 'EU account', 'Asia account', 'Self-hosted installation'],
    );
    await wb.cancel();
    await wb.waitQuickInputClosed();
  });

  it('asks the account type and the host without apiUrl, with Back between the steps', async () => {
    const wb = workbench();
    await wb.runCommand('Workspace Automation: Sign In');
    await runWizard(wb, [
      {
        placeholder: /Where is your account/,
        // Each item's detail (its address) is listed as a label too.
        check: async () => {
          const accounts = ['US account', 'https://api.buddy.works', 'EU account', 'https://api.eu.buddy.works', 'Asia account', 'https://api.asia.buddy.works', 'Self-hosted installation', 'https://<host>/api'];
          await waitFor('the account types', async () => (sameList(await wb.quickPickItems(), accounts) ? true : undefined));
          assert.deepEqual(await wb.quickPickItems(), accounts);
        },
        pick: 'Self-hosted installation',
      },
      { message: /Host name or IP address/, type: 'http://ci.example.com', refused: /without a scheme/, back: true },
      { placeholder: /Where is your account/, pick: 'Self-hosted installation' },
      { message: /Host name or IP address/, submit: 'ci.example.com' },
      { message: /Paste a personal access token for https:\/\/ci\.example\.com\/api/ },
    ]);
    await wb.cancel();
    await wb.waitQuickInputClosed();
  });
});
