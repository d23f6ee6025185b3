// Which scopes a request needs (src/api/scopes.ts: the action of a method and path, what a 403
// means) and who may use a target (src/api/targetAccess.ts), rule by rule on hand-made values.
import * as assert from 'node:assert/strict';
import { AccessDeniedError, ApiError, MissingScopeError, RateLimitError } from '../../../src/api/errors';
import { actionForRequest, isForbidden } from '../../../src/api/scopes';
import { allowsAllPipelines, canOpenTarget, mayPipelineUse, pipelinesAccessLevel } from '../../../src/api/targetAccess';

describe('api: scopes of requests, access to targets', () => {
  it('the action of each request, by its path (anchored) and method', () => {
    const cases: [string | undefined, string | undefined, string | undefined][] = [
      ['GET', undefined, undefined],
      ['GET', '', undefined],
      ['GET', '/user', 'readUser'],
      ['GET', '/user?x=1', 'readUser'],
      ['GET', '/user/token', 'readToken'],
      ['GET', '/workspaces', 'listWorkspaces'],
      ['POST', '/workspaces/acme/targets/tg-1/allow-pipeline', 'allowPipeline'],
      ['POST', '/workspaces/acme/targets/tg-1/allow-pipeline/x', 'readTargets'],
      ['GET', '/workspaces/acme/targets', 'readTargets'],
      ['GET', '/workspaces/acme/targets/tg-1', 'readTargets'],
      ['GET', '/workspaces/acme/targetsx', undefined],
      ['GET', '/x/workspaces/acme/targets', undefined],
      ['GET', '/workspaces/acme/variables', 'readVariables'],
      [undefined, '/workspaces/acme/variables?projectName=a', 'readVariables'],
      ['post', '/workspaces/acme/variables', 'createVariable'],
      ['PATCH', '/workspaces/acme/variables/3', 'manageVariables'],
      ['DELETE', '/workspaces/acme/variables/3', 'manageVariables'],
      ['GET', '/x/workspaces/acme/variables', undefined],
      ['GET', '/workspaces/acme/projects/web/repository/commits', 'readCommits'],
      ['GET', '/workspaces/acme/projects/web/repository/commits/abc', 'readCommits'],
      ['GET', '/workspaces/acme/projects/web/repository/commitsx', 'readProjects'],
      ['GET', '/workspaces/acme/projects/web/pipelines', 'readPipelines'],
      ['GET', '/workspaces/acme/projects/web/pipelines/3/actions', 'readPipelines'],
      ['GET', '/workspaces/acme/projects/web/pipelinesx', 'readProjects'],
      ['GET', '/workspaces/acme/projects/web/pipelines/3/executions', 'readRuns'],
      ['GET', '/workspaces/acme/projects/web/pipelines/3/executions/12', 'readRuns'],
      ['GET', '/workspaces/acme/projects/web/pipelines/3/executions/12/action_executions/ab12', 'readRuns'],
      ['GET', '/workspaces/acme/projects/web/pipelines/3/executions/12/action_executions/ab12/logs', 'readRunLogs'],
      ['POST', '/workspaces/acme/projects/web/pipelines/3/executions', 'runPipeline'],
      ['PATCH', '/workspaces/acme/projects/web/pipelines/3/executions/12', 'runPipeline'],
      ['GET', '/workspaces/acme/projects/web/pipelines/3/executionsx', 'readPipelines'],
      ['GET', '/workspaces/acme/projects', 'readProjects'],
      ['POST', '/workspaces/acme/projects', 'createProject'],
      ['GET', '/workspaces/acme/projectsx', undefined],
      ['GET', '/x/workspaces/acme/projects', undefined],
      ['GET', '/elsewhere', undefined],
    ];
    assert.deepEqual(
      cases.map(([m, p]) => [m, p, actionForRequest(m, p)]),
      cases,
    );
  });

  it('forbidden: a missing scope, or any 403 but the rate limit and the two coded errors', () => {
    assert.equal(isForbidden(new MissingScopeError('m', { status: 400 })), true);
    assert.equal(isForbidden(new ApiError('m', { status: 403 })), true);
    assert.equal(isForbidden(new AccessDeniedError('m', { status: 403 })), true);
    assert.equal(isForbidden(new AccessDeniedError('m', { status: 403, code: 881 })), false);
    assert.equal(isForbidden(new AccessDeniedError('m', { status: 403, code: 2678004 })), false);
    assert.equal(isForbidden(new AccessDeniedError('m', { status: 403, code: 12 })), true);
    assert.equal(isForbidden(new RateLimitError('m', { status: 403 })), false);
    assert.equal(isForbidden(new ApiError('m', { status: 401 })), false);
    assert.equal(isForbidden(Object.assign(new Error('m'), { status: 403 })), false);
  });

  it('all pipelines: the older flag or the newer level ALLOWED; another level or false, the list; nothing said, unknown', () => {
    assert.equal(allowsAllPipelines({ all_pipelines_allowed: true }), true);
    assert.equal(allowsAllPipelines({ pipelines_access_level: 'ALLOWED' }), true);
    assert.equal(allowsAllPipelines({ all_pipelines_allowed: false }), false);
    assert.equal(allowsAllPipelines({ pipelines_access_level: 'DENIED' }), false);
    assert.equal(allowsAllPipelines({ pipelines_access_level: 'SOMETHING_NEW' }), false);
    assert.equal(allowsAllPipelines({ pipelines_access_level: '' }), undefined);
    assert.equal(allowsAllPipelines({}), undefined);
  });

  it('a pipeline may use the target when all may, or when it is in the list', () => {
    assert.equal(mayPipelineUse({ all_pipelines_allowed: true, allowed_pipelines: [] }, 7), true);
    assert.equal(mayPipelineUse({ pipelines_access_level: 'USE_ONLY', allowed_pipelines: [{ id: 7 }] } as never, 7), true);
    assert.equal(mayPipelineUse({ pipelines_access_level: 'USE_ONLY', allowed_pipelines: [{ id: 8 }] } as never, 7), false);
    assert.equal(mayPipelineUse({ all_pipelines_allowed: false, allowed_pipelines: null } as never, 7), false);
  });

  it('a target opens with a non-empty id; its level is shown only when the newer model sent one', () => {
    assert.equal(canOpenTarget({ id: 'tg-1' } as never), true);
    assert.equal(canOpenTarget({ id: '' } as never), false);
    assert.equal(canOpenTarget({} as never), false);
    assert.equal(pipelinesAccessLevel({ pipelines_access_level: 'DENIED' }), 'DENIED');
    assert.equal(pipelinesAccessLevel({ pipelines_access_level: '' }), undefined);
    assert.equal(pipelinesAccessLevel({}), undefined);
  });
});
