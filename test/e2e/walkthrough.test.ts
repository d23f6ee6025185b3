// The getting-started walkthrough opened for the first time after signing in (issue 24, item 7):
// the steps already done show ticked, the others not. The editor's walkthrough service is made
// when a walkthrough first opens (no startup editor here), so a step ticks only if the extension
// marked it; its context key alone, already true then, would leave it unticked.
import * as assert from 'node:assert/strict';
import { waitFor, workbench } from './workbench';
import { closeSignedIn, openSignedIn } from './viewsHelpers';

const STEP_PREFIX = 'workspace-automation.workspace-automation#gettingStarted#';

describe('walkthrough (UI)', () => {
  before(() => openSignedIn(workbench(), undefined, { newWindow: true }));
  after(() => closeSignedIn(workbench()));

  /** The step's checkbox in the walkthrough page: 'true' when ticked. */
  const ticked = (step: string): Promise<string | null> =>
    workbench().page.locator(`[data-done-step-id="${STEP_PREFIX}${step}"]`).first().getAttribute('aria-checked', { timeout: 1000 });

  it('opened first after signing in: Sign In and Select Workspace ticked, Create a Variable not', async () => {
    const wb = workbench();
    await wb.runCommand('Workspace Automation: Get Started');
    await waitFor('the walkthrough\'s steps', async () => ((await ticked('createVariable')) !== null ? true : undefined));
    assert.deepEqual(
      {
        signIn: await ticked('signIn'),
        selectWorkspace: await ticked('selectWorkspace'),
        createVariable: await ticked('createVariable'),
        allowPipeline: await ticked('allowPipeline'),
      },
      { signIn: 'true', selectWorkspace: 'true', createVariable: 'false', allowPipeline: 'false' },
    );
  });
});
