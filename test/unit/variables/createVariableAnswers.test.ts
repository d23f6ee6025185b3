// Create Variable's answers: what an item of the Projects view (or of the Variables view) presets,
// and the scope in words for messages and the log.
import * as assert from 'node:assert/strict';
import { answersFromItem, describeScope, emptyAnswers, isSshKind, proposedFileChmod, proposedFilePath, type VariableAnswers } from '../../../src/features/variables/createVariable/answers';

const none = { scope: false, project: false, pipeline: false, action: false };

describe('Create Variable: answers preset from an item', () => {
  it('presets nothing for a palette run or an unknown item', () => {
    for (const item of [undefined, null, 'web-app', 42, {}, { contextValue: 'wa.commit' }, { project: 'web-app' }, { project: { name: '' } }]) {
      assert.deepEqual(answersFromItem(item), emptyAnswers(), JSON.stringify(item));
    }
    assert.deepEqual(emptyAnswers(), { preset: none });
  });

  it('presets the project scope from a project item (the display name, else the name)', () => {
    const item = { project: { name: 'web-app', display_name: 'Web App', url: 'u', html_url: 'h', status: 'ACTIVE' }, contextValue: 'wa.project' };
    assert.deepEqual(answersFromItem(item), {
      preset: { scope: true, project: true, pipeline: false, action: false },
      scope: 'project',
      project: { name: 'web-app', displayName: 'Web App' },
    });
    assert.deepEqual(answersFromItem({ project: { name: 'api', display_name: '' } }).project, { name: 'api', displayName: 'api' });
    assert.deepEqual(answersFromItem({ projectName: 'api' }).project, { name: 'api', displayName: 'api' });
  });

  it('presets the pipeline scope from a pipeline item, or a scope with a pipeline id', () => {
    const item = { project: { name: 'web-app', display_name: 'Web App' }, pipeline: { id: 103, name: 'Deploy to production' }, contextValue: 'wa.pipeline' };
    assert.deepEqual(answersFromItem(item), {
      preset: { scope: true, project: true, pipeline: true, action: false },
      scope: 'pipeline',
      project: { name: 'web-app', displayName: 'Web App' },
      pipeline: { id: 103, name: 'Deploy to production' },
    });
    assert.deepEqual(answersFromItem({ projectName: 'web-app', pipelineId: 7 }).pipeline, { id: 7, name: '7' });
    assert.deepEqual(answersFromItem({ projectName: 'web-app', pipeline: { id: 7, name: '' } }).pipeline, { id: 7, name: '7' });
  });

  it('presets the action scope from an action item', () => {
    const item = { project: { name: 'web-app' }, pipeline: { id: 103, name: 'Deploy' }, action: { id: 9, name: 'Build' } };
    const answers = answersFromItem(item);
    assert.deepEqual(answers.preset, { scope: true, project: true, pipeline: true, action: true });
    assert.equal(answers.scope, 'action');
    assert.deepEqual(answers.action, { id: 9, name: 'Build' });
  });

  it('presets nothing it cannot tell apart: an action without a pipeline, ids that are not integers', () => {
    assert.deepEqual(answersFromItem({ projectName: 'web-app', action: { id: 9, name: 'Build' } }), emptyAnswers());
    assert.deepEqual(answersFromItem({ projectName: 'web-app', pipelineId: '7' }), emptyAnswers(), 'a pipeline id that is not a number');
    assert.deepEqual(answersFromItem({ projectName: 'web-app', pipeline: { id: 1.5, name: 'x' } }).scope, 'project');
  });
});

describe('Create Variable: the scope in words, the key files', () => {
  const answers = (extra: Partial<VariableAnswers>): VariableAnswers => ({ ...emptyAnswers(), ...extra });
  const project = { name: 'web-app', displayName: 'Web App' };
  const pipeline = { id: 103, name: 'Deploy' };

  it('names the scope for messages', () => {
    assert.equal(describeScope(answers({}), 'acme'), 'workspace acme');
    assert.equal(describeScope(answers({ scope: 'workspace' }), 'acme'), 'workspace acme');
    assert.equal(describeScope(answers({ scope: 'project', project }), 'acme'), 'project Web App');
    assert.equal(describeScope(answers({ scope: 'pipeline', project, pipeline }), 'acme'), 'pipeline Deploy of project Web App');
    assert.equal(
      describeScope(answers({ scope: 'action', project, pipeline, action: { id: 9, name: 'Build' } }), 'acme'),
      'action Build of pipeline Deploy (project Web App)',
    );
  });

  it('proposes a key file under ~/.ssh, .pub and 644 for a public key', () => {
    assert.equal(isSshKind(answers({ type: 'SSH_KEY' })), true);
    assert.equal(isSshKind(answers({ type: 'SSH_PUBLIC_KEY' })), true);
    assert.equal(isSshKind(answers({ type: 'VAR' })), false);
    assert.equal(proposedFilePath(answers({ type: 'SSH_KEY', key: 'DEPLOY_KEY' })), '~/.ssh/deploy_key');
    assert.equal(proposedFilePath(answers({ type: 'SSH_PUBLIC_KEY', key: 'DEPLOY_KEY' })), '~/.ssh/deploy_key.pub');
    assert.equal(proposedFilePath(answers({ type: 'SSH_KEY' })), '~/.ssh/id_key');
    assert.equal(proposedFileChmod(answers({ type: 'SSH_KEY' })), '600');
    assert.equal(proposedFileChmod(answers({ type: 'SSH_PUBLIC_KEY' })), '644');
  });
});
