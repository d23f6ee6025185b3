// A pipeline file in the editor, as a person uses it: `.buddy/<pipeline>.yml` in a folder whose
// project is the current one; `$` offers the variables, one is picked and hovered; an undefined
// one is fixed with "Create variable…" (the Create Variable flow, filled in) and its warning goes;
// the lens "Compare with the service" opens a diff editor.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { closeSignedIn, openSignedIn } from './viewsHelpers';
import { runWizard } from './wizard';
import { demoTokens, waitFor, workbench } from './workbench';

const FILE = 'deploy-to-staging.yml';

/** Pipeline 102 of web-app, by name; the last line is where the test types. */
function pipelineText(name: string): string {
  return [
    `- pipeline: ${JSON.stringify(name)}`,
    '  on: CLICK',
    '  refs:',
    '    - refs/heads/main',
    '  actions:',
    '    - action: "Upload to staging"',
    '      type: SFTP',
    '      local_path: dist/$MISSING_PATH',
    '      targets:',
    '        - staging',
    '      remote_path: /srv/',
  ].join('\n');
}

async function api(base: string, route: string): Promise<unknown> {
  const res = await fetch(`${base}${route}`, { headers: { Authorization: `Bearer ${demoTokens.admin}` } });
  assert.equal(res.status, 200, route);
  return res.json();
}

describe('pipeline files (UI)', () => {
  before(() => openSignedIn(workbench()));
  after(() => closeSignedIn(workbench()));

  it('completes $, hovers a variable, fixes an undefined one with Create Variable, and compares with the service', async () => {
    const wb = workbench();
    const page = wb.page;
    const { name } = (await api(wb.emulator.url, '/workspaces/acme/projects/web-app/pipelines/102')) as { name: string };
    await wb.clickRow('Projects', 'Web App');
    const folder = wb.session.editor.folder;
    fs.mkdirSync(path.join(folder, '.buddy'), { recursive: true });
    fs.writeFileSync(path.join(folder, '.buddy', FILE), pipelineText(name));

    await page.keyboard.press('Control+P');
    await wb.waitQuickInput({});
    await wb.type(FILE);
    await waitFor(`${FILE} in Quick Open`, async () => ((await wb.quickPickItems()).some((i) => i.includes(FILE)) ? true : undefined));
    await wb.enter();
    // The tab shows the name without its extension.
    await wb.waitActiveEditor(FILE.replace(/\.yml$/, ''));
    const editor = page.locator('.editor-group-container.active .monaco-editor').first();
    const warnings = editor.locator('.squiggly-warning');
    // The data is read: the undefined variable is underlined.
    await waitFor('the warning under $MISSING_PATH', async () => ((await warnings.count()) > 0 ? true : undefined));

    // `$` at the end of the file: the list offers the project's NODE_VERSION with its value.
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('$');
    const suggest = page.locator('.editor-widget.suggest-widget');
    const row = suggest.locator('.monaco-list-row', { hasText: 'NODE_VERSION' });
    await row.first().waitFor();
    await page.keyboard.type('NODE_V');
    await waitFor('NODE_VERSION the focused suggestion', async () => ((await suggest.locator('.monaco-list-row.focused').innerText()).includes('NODE_VERSION') ? true : undefined));
    await wb.readmeScreenshot('pipeline-file-completion', { clip: editor });
    await page.keyboard.press('Enter');
    await waitFor('$NODE_VERSION inserted', async () => ((await wb.activeEditorText()).includes('remote_path: /srv/$NODE_VERSION') ? true : undefined));

    // Its hover: value and scope.
    await wb.runCommand('Show or Focus Hover');
    const hover = page.locator('.monaco-hover').filter({ hasText: 'NODE_VERSION' });
    await hover.first().waitFor();
    const hoverText = await hover.first().innerText();
    assert.match(hoverText, /scope:\s+project/);
    assert.match(hoverText, /Value:\s+20/);
    await wb.readmeScreenshot('pipeline-file-hover', { clip: editor });
    await page.keyboard.press('Escape');

    // The quick fix of the undefined one: Create Variable with scope, project, pipeline and key filled in.
    await page.keyboard.press('Control+Home');
    await wb.runCommand('Go to Next Problem in Files (Error, Warning, Info)');
    await wb.runCommand('Quick Fix...');
    const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Create variable MISSING_PATH' });
    await fix.first().waitFor();
    await fix.first().click();
    await runWizard(wb, [
      // Each step waits for its own question: on a loaded machine the next step shows a moment
      // after the previous answer, and text typed before it would go to the previous step.
      { title: /Create Variable/, placeholder: 'What kind of variable?', pick: 'VAR' },
      { message: /^The variable name/, value: 'MISSING_PATH', enter: true },
      { placeholder: 'Is the value of MISSING_PATH a secret?', pick: 'Show the value while typing' },
      { message: /^The value of MISSING_PATH/, submit: 'assets' },
    ]);
    await wb.waitQuickInputClosed();
    await waitFor('the warning to go', async () => ((await warnings.count()) === 0 ? true : undefined));
    const { variables } = (await api(wb.emulator.url, '/workspaces/acme/variables?pipeline_id=102')) as { variables: { key: string; value: string }[] };
    assert.deepEqual(variables.map((v) => [v.key, v.value]), [['MISSING_PATH', 'assets']]);

    // Compare with the service: the lens above `pipeline:` opens a diff editor.
    await wb.readmeScreenshot('pipeline-file-lenses', { clip: editor });
    await editor.locator('.codelens-decoration a', { hasText: 'Compare with the service' }).click();
    await wb.waitActiveEditor(/the service \u2194 this file/);
    await page.locator('.editor-group-container.active .monaco-diff-editor').first().waitFor();
    await wb.readmeScreenshot('pipeline-file-compare');
  });
});
