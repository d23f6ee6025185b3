import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { milestoneContextKey, milestoneOf, STEP_OF_MILESTONE, stepsOfSession, type Milestone } from '../../../src/features/walkthrough/milestones';

describe('walkthrough milestones from API answers', () => {
  it('a page of commits is browsing; a created variable and an allowed pipeline are theirs', () => {
    assert.equal(milestoneOf({ method: 'GET', path: '/workspaces/acme/projects/web-app/repository/commits?page=1&per_page=20', status: 200 }), 'browsed');
    assert.equal(milestoneOf({ method: 'POST', path: '/workspaces/acme/variables', status: 201 }), 'variableCreated');
    assert.equal(milestoneOf({ method: 'POST', path: '/workspaces/acme/targets/tg-8f2c/allow-pipeline', status: 200 }), 'pipelineAllowed');
  });

  it('a refused, failed or unanswered request reaches nothing', () => {
    assert.equal(milestoneOf({ method: 'POST', path: '/workspaces/acme/variables', status: 400 }), undefined);
    assert.equal(milestoneOf({ method: 'POST', path: '/workspaces/acme/targets/tg-8f2c/allow-pipeline', status: 403 }), undefined);
    assert.equal(milestoneOf({ method: 'GET', path: '/workspaces/acme/projects/web-app/repository/commits?page=1', status: undefined }), undefined);
  });

  it('other requests are no milestone (listing variables, one commit, projects)', () => {
    assert.equal(milestoneOf({ method: 'GET', path: '/workspaces/acme/variables?project_name=web-app', status: 200 }), undefined);
    assert.equal(milestoneOf({ method: 'GET', path: '/workspaces/acme/projects/web-app/repository/commits/1a43', status: 200 }), undefined);
    assert.equal(milestoneOf({ method: 'GET', path: '/workspaces/acme/projects?page=1', status: 200 }), undefined);
    assert.equal(milestoneOf({ method: 'PATCH', path: '/workspaces/acme/variables/5', status: 200 }), undefined);
  });

  it('names the context keys the walkthrough completes on', () => {
    assert.equal(milestoneContextKey('variableCreated'), 'workspaceAutomation.walkthrough.variableCreated');
  });
});

describe('walkthrough milestones: the edges', () => {
  const commits = '/workspaces/acme/projects/web-app/repository/commits';
  it('2xx only, 200 to 299 inclusive', () => {
    assert.deepEqual(
      [199, 200, 299, 300].map((status) => milestoneOf({ method: 'GET', path: commits, status })),
      [undefined, 'browsed', 'browsed', undefined],
    );
  });

  it('the method counts, in any case: a GET of the variables or of allow-pipeline, a POST of commits, are nothing', () => {
    assert.equal(milestoneOf({ method: 'post', path: '/workspaces/acme/variables', status: 201 }), 'variableCreated');
    assert.equal(milestoneOf({ method: 'get', path: commits, status: 200 }), 'browsed');
    assert.equal(milestoneOf({ method: 'POST', path: commits, status: 200 }), undefined);
    assert.equal(milestoneOf({ method: 'GET', path: '/workspaces/acme/targets/tg-1/allow-pipeline', status: 200 }), undefined);
    assert.equal(milestoneOf({ method: 'PATCH', path: '/workspaces/acme/targets/tg-1/allow-pipeline', status: 200 }), undefined);
  });

  it('a started run is a milestone: the POST of a pipeline\'s executions, not a PATCH of a run, not a list, not a refusal', () => {
    const runs = '/workspaces/acme/projects/api-service/pipelines/203/executions';
    assert.equal(milestoneOf({ method: 'POST', path: runs, status: 200 }), 'runStarted');
    assert.equal(milestoneOf({ method: 'GET', path: `${runs}?page=1&per_page=20`, status: 200 }), undefined);
    assert.equal(milestoneOf({ method: 'PATCH', path: `${runs}/7`, status: 200 }), undefined);
    assert.equal(milestoneOf({ method: 'POST', path: `${runs}/7`, status: 200 }), undefined);
    assert.equal(milestoneOf({ method: 'POST', path: runs, status: 403 }), undefined);
  });
});

describe('walkthrough steps marked complete by id', () => {
  interface Step {
    id: string;
    completionEvents: string[];
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
    contributes: { walkthroughs: { id: string; steps: Step[] }[] };
  };
  const steps = manifest.contributes.walkthroughs[0].steps;
  const stepIds = steps.map((s) => s.id);

  it('each milestone names the step that completes on its context key', () => {
    assert.equal(Object.keys(STEP_OF_MILESTONE).length, 4);
    for (const [milestone, step] of Object.entries(STEP_OF_MILESTONE)) {
      const found = steps.find((s) => s.id === step);
      assert.ok(found, `${step} is a step of the walkthrough`);
      assert.deepEqual(found.completionEvents, [`onContext:${milestoneContextKey(milestone as Milestone)}`]);
    }
  });

  it('the session completes Sign In once signed in, and Select Workspace once a workspace is ready', () => {
    assert.deepEqual(stepsOfSession(false, 'signedOut'), []);
    assert.deepEqual(stepsOfSession(true, 'noWorkspace'), ['signIn']);
    assert.deepEqual(stepsOfSession(true, 'unreachable'), ['signIn']);
    assert.deepEqual(stepsOfSession(true, 'ready'), ['signIn', 'selectWorkspace']);
    assert.deepEqual(stepsOfSession(false, 'ready'), []);
    for (const step of stepsOfSession(true, 'ready')) {
      assert.ok(stepIds.includes(step), `${step} is a step of the walkthrough (${stepIds.join(', ')})`);
    }
  });
});
