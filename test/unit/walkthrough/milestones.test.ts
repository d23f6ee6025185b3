import * as assert from 'node:assert/strict';
import { milestoneContextKey, milestoneOf } from '../../../src/features/walkthrough/milestones';

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
