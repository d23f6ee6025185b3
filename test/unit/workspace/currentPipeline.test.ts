// The pipeline the Runs view shows (src/workspace/currentPipeline.ts): set by the Projects view,
// told to the Runs view once per change, cleared with the session.
import * as assert from 'node:assert/strict';
import { CurrentPipeline, type PipelineChoice } from '../../../src/workspace/currentPipeline';

describe('workspace: the current pipeline', () => {
  const deploy: PipelineChoice = { project: 'web-app', pipelineId: 101, displayName: 'Deploy', name: 'Deploy' };

  it('tells each change once: the same pipeline again is no change, a new name of it is', () => {
    const current = new CurrentPipeline();
    const told: (string | undefined)[] = [];
    current.onDidChangeCurrentPipeline((p) => told.push(p && `${p.project}/${p.pipelineId} ${p.displayName}`));
    assert.equal(current.currentPipeline, undefined);
    current.set(deploy);
    current.set({ ...deploy });
    current.set({ ...deploy, displayName: 'Deploy to production' });
    current.set({ ...deploy, project: 'api', displayName: 'Deploy to production' });
    current.set({ ...deploy, pipelineId: 102, project: 'api', displayName: 'Deploy to production' });
    current.set(undefined);
    current.set(undefined);
    assert.deepEqual(told, ['web-app/101 Deploy', 'web-app/101 Deploy to production', 'api/101 Deploy to production', 'api/102 Deploy to production', undefined]);
    assert.equal(current.currentPipeline, undefined);
  });

  it('keeps the pipeline set, and tells no one once disposed', () => {
    const current = new CurrentPipeline();
    const told: unknown[] = [];
    current.onDidChangeCurrentPipeline((p) => told.push(p));
    current.set(deploy);
    assert.equal(current.currentPipeline, deploy);
    current.dispose();
    current.set(undefined);
    assert.deepEqual(told, [deploy]);
  });
});
