// Run Pipeline… and a run's log as a person does them: pipeline 203 of api-service from the
// palette, IMAGE_TAG changed, the encrypted REGISTRY_PASSWORD typed in a password box; then Show
// Run Log… on its Push to registry action, whose document grows as the emulator's clock advances
// until the action succeeds. Every wait names the whole state it needs; no sleeps.
import * as assert from 'node:assert/strict';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { apiGet, dismissInputAndNotifications, isPasswordBox } from './writeHelpers';
import { waitFor, workbench } from './workbench';
import { runWizard } from './wizard';

const RUNS = '/workspaces/acme/projects/api-service/pipelines/203/executions';

describe('Run Pipeline and its log (UI)', () => {
  before(() => openSignedIn(workbench()));
  after(() => closeSignedIn(workbench()));
  afterEach(() => dismissInputAndNotifications(workbench()));

  it('starts 203 with a changed IMAGE_TAG and a typed password, then its log grows until the push succeeds', async () => {
    const wb = workbench();
    await wb.runCommand('Workspace Automation: Run Pipeline…');
    await runWizard(
      wb,
      [
        { at: [1, 5], pick: 'API Service' },
        { at: [2, 5], pick: 'Publish image' },
        { at: [3, 6], focused: 'main', enter: true },
        { at: [4, 6], submit: 'from the UI test' },
        { at: [5, 6], enter: true },
        { at: [6, 6], pick: 'IMAGE_TAG' },
        { at: [6, 6], value: 'latest', check: async () => assert.equal(await isPasswordBox(wb), false), submit: 'v3.1' },
        { at: [6, 6], pick: 'REGISTRY_PASSWORD' },
        // The value '' is also the list's filter a moment after the pick: the step is the password box once it shows.
        { at: [6, 6], value: '', check: () => waitFor('the password box of REGISTRY_PASSWORD', async () => ((await isPasswordBox(wb)) ? true : undefined)), submit: 'typed-in-the-UI' },
        { at: [6, 6], pick: 'Run with these values' },
      ],
      { title: 'Run Pipeline' },
    );
    await wb.waitQuickInputClosed();
    const { executions } = await waitFor('the new run listed first with the UI test’s comment', async () => {
      const page = await apiGet<{ executions: { id: number; comment?: string }[] }>(wb, `${RUNS}?per_page=1`);
      return page.executions[0]?.comment === 'from the UI test' ? page : undefined;
    });
    const runId = executions[0].id;

    await wb.runCommand('Workspace Automation: Show Run Log…');
    await runWizard(
      wb,
      [
        { at: [1, 4], pick: 'API Service' },
        { at: [2, 4], pick: 'Publish image' },
        { at: [3, 4], pick: new RegExp(`^#${runId}\\b`) },
        { at: [4, 4], pick: 'Push to registry' },
      ],
      { title: 'Show Run Log' },
    );
    await wb.waitActiveEditor(new RegExp(`^Push to registry #${runId}\\b`));
    // The clock stands still: the run waits in the queue, and the document says so once read.
    await waitFor('the log document showing the run waiting', async () => (/Status: (Created|Queued)/.test(await wb.activeEditorText()) ? true : undefined));

    // Queue 2 s, Build image 20 s, then 10 s into Push to registry (25 s).
    wb.emulator.clock.advance(32_000);
    await waitFor('the push running, some of its lines shown', async () => {
      const text = await wb.activeEditorText();
      return /Status: Running/.test(text) && text.includes('Logging in to registry.example.com') ? text : undefined;
    });
    wb.emulator.clock.advance(20_000);
    const done = await waitFor('the push succeeded and its whole log shown', async () => {
      const text = await wb.activeEditorText();
      return /Status: Succeeded/.test(text) && text.includes('Pushing registry.example.com/api-service:v3.1') && text.includes('Duration:') ? text : undefined;
    });
    assert.ok(!done.includes('typed-in-the-UI'), 'the typed password is not in the log');
    assert.ok(!done.includes('\u001b['), 'no escape codes in the text');
    // Notify team (about 10 s) ends the run: the Runs view, which shows the pipeline, turns its row green.
    wb.emulator.clock.advance(15_000);
    await wb.waitForRows('Runs', (rows) => rows.some((r) => r.level === 1 && r.label.startsWith(`#${runId} `) && r.icon === 'pass'), `run #${runId} succeeded`);
    await wb.readmeScreenshot('run-log');
  });
});
