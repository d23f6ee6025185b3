// Create Project in the real editor's extension host, with scripted answers, over HTTP against the
// emulator: the slug proposed from the display name, name checks, a taken name answered with
// Edit (inputs kept), and the view asked to select the new project. After each, the project list
// read through the API shows exactly the expected change.
import * as assert from 'node:assert/strict';
import { createProject } from '../../src/features/projects/createProject';
import { apiCall, requests, resetDemoData } from './sessionHelpers';
import { ScriptedPrompter, testServices } from './scriptedPrompter';

interface ApiProject {
  name: string;
  display_name: string;
  status: string;
}

async function allProjects(): Promise<ApiProject[]> {
  return ((await apiCall('GET', '/workspaces/acme/projects?per_page=100')) as { projects: ApiProject[] }).projects;
}

describe('Create Project (scripted answers, emulator)', function () {
  this.timeout(60_000);
  let initial: ApiProject[];

  beforeEach(async () => {
    initial = await resetDemoData(allProjects);
  });

  it('proposes the name from the display name, creates the project and selects it in the view', async () => {
    const { services, views } = testServices();
    const prompter = new ScriptedPrompter([{ input: '  Billing Service ' }, { accept: true }]);
    const project = await createProject(services, prompter);
    assert.ok(project, prompter.describe());
    assert.deepEqual(
      prompter.prompts.map((p) => [p.step, p.totalSteps, p.kind, p.value]),
      [
        [1, 2, 'input', ''],
        [2, 2, 'input', 'billing-service'],
      ],
    );
    assert.deepEqual((await requests()).map((r) => `${r.method} ${r.path} ${r.status}`), ['POST /workspaces/acme/projects 201']);
    assert.deepEqual(views.calls, [{ method: 'selectProject', arg: 'billing-service' }]);
    assert.equal(prompter.last('info')?.text, 'Created project Billing Service (billing-service) in workspace acme.');
    const after = await allProjects();
    assert.deepEqual(after.filter((p) => !initial.some((q) => q.name === p.name)).map((p) => [p.name, p.display_name, p.status]), [
      ['billing-service', 'Billing Service', 'ACTIVE'],
    ]);
    assert.equal(after.length, initial.length + 1);
  });

  it('checks the name as it is typed, and a new display name re-proposes a name the user did not change', async () => {
    const { services } = testServices();
    const prompter = new ScriptedPrompter([
      { input: 'Data Pipeline' },
      'back',
      { input: 'Data Platform' },
      { input: 'Bad_Name' },
      { input: '-leading' },
      { input: 'data-platform-2' },
    ]);
    const project = await createProject(services, prompter);
    assert.equal(project?.name, 'data-platform-2');
    const [, firstName, displayAgain, secondName] = prompter.prompts;
    assert.equal(firstName.value, 'data-pipeline');
    assert.equal(displayAgain.value, 'Data Pipeline', 'Back shows the kept display name');
    assert.equal(secondName.value, 'data-platform', 'the proposal follows the new display name');
    assert.equal(secondName.refused.length, 2);
    assert.match(secondName.refused[0], /lower-case letters, digits and dashes/);
    assert.equal((await allProjects()).length, initial.length + 1);
  });

  it('answers a taken name with Edit: both inputs kept, a new name accepted', async () => {
    const { services, views } = testServices();
    const prompter = new ScriptedPrompter([{ input: 'Web App' }, { accept: true }, { accept: true }, { input: 'web-app-2' }]).choose('Edit');
    const project = await createProject(services, prompter);
    assert.equal(project?.name, 'web-app-2', prompter.describe());
    const error = prompter.last('error');
    assert.equal(error?.text, 'A project named web-app already exists. Choose Edit to give the new project another name.');
    assert.deepEqual(error?.actions, ['Retry', 'Edit']);
    assert.deepEqual(
      prompter.prompts.slice(2).map((p) => p.value),
      ['Web App', 'web-app'],
      'Edit shows the kept inputs',
    );
    assert.deepEqual((await requests('/projects')).map((r) => r.status), [400, 201]);
    assert.deepEqual(views.calls, [{ method: 'selectProject', arg: 'web-app-2' }]);
    const after = await allProjects();
    assert.deepEqual(after.filter((p) => !initial.some((q) => q.name === p.name)).map((p) => p.name), ['web-app-2']);
  });

  it('reports the project created even when the view cannot select it', async () => {
    const { services, views } = testServices();
    views.selectProject = async () => {
      throw new Error('view not ready');
    };
    const prompter = new ScriptedPrompter([{ input: 'Ops Tools' }, { accept: true }]);
    const project = await createProject(services, prompter);
    assert.equal(project?.name, 'ops-tools');
    assert.equal(prompter.last('error'), undefined, 'no failure is shown');
    assert.equal(prompter.last('info')?.text, 'Created project Ops Tools (ops-tools) in workspace acme.');
    assert.deepEqual((await requests('/projects')).map((r) => r.method), ['POST'], 'not sent twice');
  });

  it('gives up without a request when the first step is dismissed', async () => {
    const { services, views } = testServices();
    const prompter = new ScriptedPrompter(['cancel']);
    assert.equal(await createProject(services, prompter), undefined);
    assert.deepEqual(await requests(), []);
    assert.deepEqual(views.calls, []);
  });
});
