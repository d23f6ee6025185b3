// What a failure reads like (English: @vscode/l10n without a bundle), and the Retry / Edit offers.
import * as assert from 'node:assert/strict';
import {
  AccessDeniedError,
  ApiDisabledError,
  MissingScopeError,
  NetworkError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
} from '../../../src/api/errors';
import {
  apiDisabledMessage,
  describeError,
  errorForLog,
  forbiddenMessage,
  offerRetry,
  offerRetryOrEdit,
  scopesSentence,
  scopeWarning,
} from '../../../src/ui/errorMessages';
import type { Prompter } from '../../../src/ui/multiStepInput';

/** A prompter whose message() answers `choice` and records what it showed. */
function answering(choice: string | undefined): { prompter: Prompter; shown: unknown[][] } {
  const shown: unknown[][] = [];
  const prompter = {
    message: async (...args: unknown[]) => {
      shown.push(args);
      return choice;
    },
  } as unknown as Prompter;
  return { prompter, shown };
}

describe('errorMessages: failures in words', () => {
  it('names the scopes an action needs in both naming schemes', () => {
    assert.equal(scopesSentence('readProjects'), 'Reading projects usually needs the scopes WORKSPACE (older scope names) or PROJECT_READ (2026 scope names).');
  });

  it('explains a 403: what the server said, the scopes of the request, what to do', () => {
    const missing = new MissingScopeError('no scope', { status: 403, scope: 'PROJECT_WRITE', method: 'POST', path: '/workspaces/acme/projects' });
    const text = forbiddenMessage(missing);
    assert.match(text, /^The server refused this \(403: the token has no scope PROJECT_WRITE\)/);
    assert.match(text, /Creating a project usually needs the scopes WORKSPACE \(older scope names\) or PROJECT_WRITE/);
    assert.match(text, /run "Workspace Automation: Sign In" with it/);
    assert.match(forbiddenMessage(missing, 'readTargets'), /Reading deployment targets usually needs/);
    const denied = new AccessDeniedError('Forbidden by role', { status: 403 });
    assert.match(forbiddenMessage(denied), /^The server refused this \(403: Forbidden by role\)[^.]*\. Create a token/);
  });

  it('names the scopes of runs in both namings: reading, acting on one', () => {
    const read = new AccessDeniedError('Forbidden', { status: 403, method: 'GET', path: '/workspaces/acme/projects/web/pipelines/3/executions' });
    assert.match(forbiddenMessage(read), /Reading runs usually needs the scopes WORKSPACE and EXECUTION_INFO \(older scope names\) or PIPELINE_READ \(2026/);
    for (const method of ['POST', 'PATCH']) {
      const path = method === 'POST' ? '/workspaces/acme/projects/web/pipelines/3/executions' : '/workspaces/acme/projects/web/pipelines/3/executions/12';
      const act = new MissingScopeError('no scope', { status: 403, scope: 'EXECUTION_RUN', method, path });
      assert.match(forbiddenMessage(act), /Starting, cancelling, retrying or approving a run usually needs the scopes WORKSPACE and EXECUTION_RUN \(older scope names\) or PIPELINE_RUN \(2026/);
    }
    assert.equal(scopeWarning('runPipeline', ['PIPELINE_RUN']), undefined);
    assert.equal(scopeWarning('runPipeline', ['WORKSPACE', 'EXECUTION_RUN']), undefined);
    assert.match(scopeWarning('runPipeline', ['PIPELINE_READ']) ?? '', /may lack PIPELINE_RUN/);
  });

  it('warns before sending only when the known scopes seem to lack the needed ones', () => {
    assert.equal(scopeWarning('readProjects', undefined), undefined);
    assert.equal(scopeWarning('readProjects', ['PROJECT_READ']), undefined);
    assert.equal(scopeWarning('readProjects', ['workspace']), undefined);
    assert.match(String(scopeWarning('readProjects', ['USER_INFO'])), /^Your token may lack (WORKSPACE|PROJECT_READ) \(its scopes as read at sign-in\): Reading projects/);
  });

  it('describes each kind of failure, and any other error by its message', () => {
    assert.equal(describeError(new UnauthorizedError('401 Unauthorized')), 'The server refused the token (401 Unauthorized). Sign in again.');
    assert.equal(describeError(new ApiDisabledError('disabled')), apiDisabledMessage());
    assert.match(apiDisabledMessage(), /Enable developer API/);
    assert.match(describeError(new MissingScopeError('x', { status: 403, scope: 'WORKSPACE' })), /^The server refused this \(403/);
    assert.equal(describeError(new RateLimitError('429')), 'Rate limit exceeded; try again later.');
    const resetAt = new Date(Date.UTC(2026, 4, 1, 14, 5));
    assert.equal(describeError(new RateLimitError('429', { resetAt })), `Rate limit exceeded; it resets at ${resetAt.toLocaleTimeString()}.`);
    assert.equal(describeError(new TimeoutError('30 s')), 'The service did not answer in time (30 s).');
    assert.equal(describeError(new NetworkError('ECONNREFUSED')), 'Could not reach the service: ECONNREFUSED');
    assert.equal(describeError(new ServerError('500')), 'The service failed: 500');
    assert.equal(describeError(new UnexpectedResponseError('HTML')), 'The server answered something that is not the API: HTML');
    assert.equal(describeError(new Error('plain')), 'plain');
    assert.equal(describeError('text'), 'text');
    assert.equal(errorForLog(new TypeError('bad')), 'TypeError: bad');
    assert.equal(errorForLog(7), '7');
  });

  it('offers Retry, and Retry or Edit', async () => {
    const retry = answering('Retry');
    assert.equal(await offerRetry(retry.prompter, 'Failed.'), true);
    assert.deepEqual(retry.shown, [['error', 'Failed.', 'Retry']]);
    assert.equal(await offerRetry(answering(undefined).prompter, 'Failed.'), false);
    const edit = answering('Edit');
    assert.equal(await offerRetryOrEdit(edit.prompter, 'Failed.'), 'edit');
    assert.deepEqual(edit.shown, [['error', 'Failed.', 'Retry', 'Edit']]);
    assert.equal(await offerRetryOrEdit(answering('Retry').prompter, 'Failed.'), 'retry');
    assert.equal(await offerRetryOrEdit(answering(undefined).prompter, 'Failed.'), undefined);
  });
});
