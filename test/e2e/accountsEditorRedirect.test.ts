// Sign In with OAuth with the default redirect, the editor's own address, in code-server (issue 32,
// item 8), as a new user following the README does it: the address "Show the OAuth Redirect
// Address" shows is registered with the application; the authorize request must carry exactly that
// address (a web editor's has a query of its own: `…/callback?vscode-reqid=1&vscode-scheme=…`), the
// consent page then offers Approve, and the browser's answer comes back to the editor through its
// callback page and the URI handler. The waiting notification (with its Paste the Address… link)
// goes once signed in.
import * as assert from 'node:assert/strict';
import { OAUTH_SETTINGS, openForEditorOAuth, startOAuthSignIn } from './oauthConsentPage';
import { waitFor, workbench } from './workbench';
import { WORKSPACE_SETTING } from './viewsHelpers';

const CLIENT_ID = 'wa-ui-editor-redirect';
const WAITING = /^Waiting for the browser to sign in to /;

describe('accounts: Sign In with OAuth, the editor\'s own redirect (UI)', () => {
  let shown: string;

  before(async () => {
    shown = await openForEditorOAuth(workbench(), CLIENT_ID, 'Workspace Automation (editor redirect test)');
  });

  after(async () => {
    const wb = workbench();
    wb.setUserSettings({ [WORKSPACE_SETTING]: undefined, ...Object.fromEntries(OAUTH_SETTINGS.map((k) => [k, undefined])) });
    await wb.close();
  });

  it('the authorize request carries exactly the address shown; approved on the consent page, the answer comes back to the editor and signs in', async () => {
    const wb = workbench();
    // code-server's own callback address: its query names the request and our handler.
    assert.match(shown, /^http:\/\/[^?]+\/callback\?vscode-reqid=\d+&vscode-scheme=[^&]+&vscode-authority=workspace-automation\.workspace-automation&vscode-path=%2Foauth%2Fcallback$/);
    wb.emulator.clearRequests();
    const consent = await startOAuthSignIn(wb, CLIENT_ID);

    // What the browser asked the service for: the redirect address exactly as shown, one parameter.
    const authorize = wb.emulator.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/oauth2/authorize?'));
    assert.equal(authorize.length, 1, JSON.stringify(wb.emulator.requests.map((r) => r.path.split('?')[0])));
    const query = new URLSearchParams(authorize[0].path.slice(authorize[0].path.indexOf('?') + 1));
    assert.deepEqual(query.getAll('redirect_uri'), [shown]);
    assert.deepEqual(
      [...query.keys()].sort(),
      ['client_id', 'code_challenge', 'code_challenge_method', 'redirect_uri', 'response_type', 'scope', 'state', 'type'],
      'no parameter split off the redirect address',
    );
    assert.equal(new URL(consent.url()).searchParams.get('redirect_uri'), shown, 'the page the browser shows asks for it too');

    const page = await consent.locator('body').innerText();
    assert.doesNotMatch(page, /not registered/i);
    assert.match(page, /Workspace Automation \(editor redirect test\)/);
    await consent.getByRole('button', { name: 'Approve' }).click();
    // The service sends the browser to the registered address, code-server's callback page.
    await waitFor('the browser at the editor\'s callback page', async () => (consent.url().startsWith(`${shown}&`) ? true : undefined));
    const back = new URL(consent.url());
    assert.equal(back.searchParams.get('state'), query.get('state'));
    // The callback page hands the answer to the editor once its script has run: the tab stays open
    // until the editor has it (closed at once, the answer may never leave it), as a person's does.
    await wb.waitForRows('Projects', (rows) => rows.some((r) => r.label === 'Web App'), 'the projects after the OAuth sign-in through the editor\'s address');
    await consent.close();
    assert.match(await wb.waitForNotification(/^Signed in to/), /as Alice Admin/);
    assert.deepEqual(
      wb.emulator.requests.filter((r) => r.path.startsWith('/oauth2/token')).map((r) => `${r.method} ${r.status}`),
      ['POST 200'],
      'one code exchanged',
    );
    // The waiting notification, and its Paste the Address… link, went with the wait.
    const notices = await wb.notifications();
    assert.deepEqual(notices.filter((n) => WAITING.test(n) || /Paste the Address/.test(n)), [], JSON.stringify(notices));
  });
});
