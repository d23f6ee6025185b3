// The session across windows (SecretStorage changes), the rate-limit status bar item, and the
// output channel's request log, in the real editor against the emulator.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { addFault, emulatorUrl, filesUnder, requests, signedInAs, signedOutState, tokenKey, waitFor } from './sessionHelpers';
import { sendsRateLimitReset } from '../harness/dialect';

describe('session: windows, status bar and log', function () {
  this.timeout(60_000);

  after(async () => {
    await signedOutState();
  });

  it('follows a token stored or deleted by another window (SecretStorage onDidChange)', async () => {
    const api = await signedOutState();
    let changes = 0;
    const sub = api.session.onDidChange(() => changes++);
    try {
      // What another window's sign-in does: write the shared secret.
      await api.services.context.secrets.store(tokenKey(emulatorUrl()), 'dev-token');
      await waitFor('the session to pick up the token', () => api.session.signedIn);
      assert.equal(api.session.tokenSource, 'secretStorage');
      await api.services.context.secrets.delete(tokenKey(emulatorUrl()));
      await waitFor('the session to drop the token', () => !api.session.signedIn);
      assert.equal(api.session.state, 'signedOut');
      assert.ok(changes >= 2, `onDidChange fired ${changes} times`);
    } finally {
      sub.dispose();
    }
  });

  it('shows the rate-limit budget after the first answer, warning below 10 %', async () => {
    const api = await signedInAs('admin-token', 'acme');
    api.rateLimit.clear(); // what Sign Out does
    assert.equal(api.statusBar.visible, false, 'hidden until an answer');
    await api.views.projects.getChildren();
    const snap = api.rateLimit.snapshot();
    assert.equal(snap.limit, 5000);
    assert.ok(snap.remaining !== undefined && snap.remaining < 5000);
    // Shown a moment after the answer (ITEM_UPDATE_MS), not inside its reading.
    await waitFor('the budget in the status bar', () => api.statusBar.visible);
    assert.match(api.statusBar.item.text, /^\$\(pulse\) \d,\d{3}\/5,000$/);
    if (sendsRateLimitReset) {
      assert.match(String(api.statusBar.item.tooltip), /resets at/);
    } else {
      assert.doesNotMatch(String(api.statusBar.item.tooltip), /resets at/, 'no reset the server did not send');
    }
    assert.equal(api.statusBar.item.backgroundColor, undefined);
    api.statusBar.update({ limit: 5000, remaining: 300, resetAt: new Date(Date.now() + 60_000) });
    assert.equal(api.statusBar.item.text, '$(pulse) 300/5,000');
    assert.equal((api.statusBar.item.backgroundColor as { id: string } | undefined)?.id, 'statusBarItem.warningBackground');
  });

  it('logs one line per request (method, path, status, duration) in the output channel, never the token', async () => {
    const api = await signedInAs('admin-token', 'acme');
    await addFault({ kind: '503', path: '/projects/web-app/pipelines' });
    const nodes = await api.views.projects.getChildren();
    const webApp = nodes.find((n) => n.description === 'web-app')!;
    await webApp.getChildren();
    const logDir = path.dirname(api.services.context.logUri.fsPath);
    const line = /GET \/workspaces\/acme\/projects\/web-app\/pipelines\?page=1&per_page=20 200 \d+ ms \(retry 1\)/;
    const logFile = await waitFor('the output channel file to hold the request lines', () =>
      filesUnder(logDir).find((f) => /Workspace Automation/.test(path.basename(f)) && line.test(fs.readFileSync(f, 'utf8'))),
    );
    const text = fs.readFileSync(logFile, 'utf8');
    assert.match(text, /GET \/workspaces\/acme\/projects\?page=1&per_page=20 200 \d+ ms/);
    assert.match(text, /GET \/workspaces\/acme\/projects\/web-app\/pipelines\?page=1&per_page=20 503 \d+ ms/);
    assert.match(text, /GET \/user 200 \d+ ms/);
    assert.ok(!text.includes('admin-token'), 'the token is not in the log');
    assert.equal((await requests('/pipelines?')).length, 2, 'one 503, one retry');
  });
});
