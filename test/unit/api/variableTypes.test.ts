// Compile-time checks of the VariableCreate union (tsc runs over test/ in `npm test`): a wrong
// combination of scope and type fields must not compile. Each @ts-expect-error line fails the type
// check if the line ever starts compiling. At run time, the wire bodies are checked.
import * as assert from 'node:assert/strict';
import { variableBody, type VariableCreate } from '../../../src/api';

const ok: VariableCreate[] = [
  { scope: 'workspace', key: 'A', type: 'VAR', value: 'x' },
  { scope: 'project', project: 'web-app', settable: true, run_only_settable: false, key: 'B', type: 'VAR', value: 'y', description: 'd' },
  { scope: 'pipeline', pipelineId: 1, key: 'C', type: 'VAR', value: 'z' },
  { scope: 'action', actionId: 2, key: 'D', type: 'SSH_PUBLIC_KEY', value: 'ssh-ed25519 AAAA', file_path: '~/.ssh/k.pub', file_chmod: '644', file_place: 'CONTAINER' },
  { scope: 'project', project: 'web-app', key: 'E', type: 'SSH_KEY', value: 'PRIVATE', encrypted: true, file_path: '~/.ssh/id', file_chmod: '600', file_place: 'CONTAINER' },
];

// @ts-expect-error settable belongs to the project scope only
const bad1: VariableCreate = { scope: 'pipeline', pipelineId: 1, settable: true, key: 'K', type: 'VAR', value: 'v' };
// @ts-expect-error a pipeline variable needs pipelineId, not project
const bad2: VariableCreate = { scope: 'pipeline', project: 'web-app', key: 'K', type: 'VAR', value: 'v' };
// @ts-expect-error file fields belong to key-type variables only
const bad3: VariableCreate = { scope: 'workspace', key: 'K', type: 'VAR', value: 'v', file_path: '/tmp/x' };
// @ts-expect-error an SSH_KEY must be sent encrypted
const bad4: VariableCreate = { scope: 'workspace', key: 'K', type: 'SSH_KEY', value: 'v' };
// @ts-expect-error a public key is not secret: it cannot be sent encrypted
const bad5: VariableCreate = { scope: 'workspace', key: 'K', type: 'SSH_PUBLIC_KEY', value: 'v', encrypted: true };
// @ts-expect-error an action variable needs actionId
const bad6: VariableCreate = { scope: 'action', pipelineId: 3, key: 'K', type: 'VAR', value: 'v' };
// @ts-expect-error an unknown scope
const bad7: VariableCreate = { scope: 'global', key: 'K', type: 'VAR', value: 'v' };

describe('api: VariableCreate wire bodies', () => {
  it('maps each scope to the body field the specification names', () => {
    assert.deepEqual(variableBody(ok[0]), { key: 'A', value: 'x', type: 'VAR' });
    assert.deepEqual(variableBody(ok[1]), {
      key: 'B',
      value: 'y',
      type: 'VAR',
      description: 'd',
      project: { name: 'web-app' },
      settable: true,
      run_only_settable: false,
    });
    assert.deepEqual(variableBody(ok[2]), { key: 'C', value: 'z', type: 'VAR', pipeline: { id: 1 } });
    assert.deepEqual(variableBody(ok[3]), {
      key: 'D',
      value: 'ssh-ed25519 AAAA',
      type: 'SSH_PUBLIC_KEY',
      file_path: '~/.ssh/k.pub',
      file_chmod: '644',
      file_place: 'CONTAINER',
      action: { id: 2 },
    });
    assert.equal(variableBody(ok[4]).encrypted, true);
    assert.deepEqual(variableBody(ok[4]).project, { name: 'web-app' });
  });

  it('sends a secret VAR with encrypted: true, and a plain one without the field', () => {
    const secret: VariableCreate = { scope: 'pipeline', pipelineId: 1, key: 'S', type: 'VAR', value: 'pw', encrypted: true };
    assert.deepEqual(variableBody(secret), { key: 'S', value: 'pw', type: 'VAR', encrypted: true, pipeline: { id: 1 } });
    assert.equal('encrypted' in variableBody(ok[0]), false);
    assert.equal('encrypted' in variableBody({ scope: 'workspace', key: 'P', type: 'VAR', value: 'v', encrypted: false }), false);
  });

  it('keeps the rejected combinations out of the wire body even when forced', () => {
    // The bad values above were only compile-time; forced through, the body still has no stray field.
    for (const b of [bad1, bad3, bad5]) {
      const body = variableBody(b);
      assert.equal(body.settable, undefined);
      assert.equal(body.file_path, undefined);
    }
    assert.equal(variableBody(bad5).encrypted, undefined, 'a public key is never sent as encrypted');
    assert.ok([bad2, bad4, bad6, bad7].length === 4);
  });
});
