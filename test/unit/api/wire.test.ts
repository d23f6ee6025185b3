// What a request puts on the wire (src/api/wire.ts), function by function: path segments, query
// strings, and the variable bodies, exactly (the emulator tests see only what the server keeps).
import * as assert from 'node:assert/strict';
import { ValidationError } from '../../../src/api/errors';
import { dateParam, idSegment, pageQuery, queryString, segment, valueSecrets, variableBody, variableUpdateBody } from '../../../src/api/wire';

describe('api: the wire form of requests', () => {
  it('path segments: names encoded, an empty or missing one refused; ids whole numbers only, named in the error', () => {
    assert.equal(segment('web app/x'), 'web%20app%2Fx');
    for (const bad of ['', undefined, 5]) {
      assert.throws(() => segment(bad as string), (e: unknown) => e instanceof ValidationError && e.message === 'A path parameter is empty.', String(bad));
    }
    assert.equal(idSegment(42, 'pipelineId'), '42');
    assert.throws(() => idSegment(1.5, 'pipelineId'), (e: unknown) => e instanceof ValidationError && e.param === 'pipelineId' && e.message === "Value of 'pipelineId' is invalid: 1.5.");
  });

  it('query strings: undefined and empty left out, values encoded, & between, nothing when empty', () => {
    assert.equal(queryString(undefined), '');
    assert.equal(queryString({ a: undefined, b: '' }), '');
    assert.equal(queryString({ a: 1, skip: undefined, b: 'x y&z', 'c d': 'ok', e: 0 }), '?a=1&b=x%20y%26z&c%20d=ok&e=0');
    assert.deepEqual(pageQuery({}), { page: undefined, per_page: undefined });
    assert.deepEqual(pageQuery({ page: 2, perPage: 50 }), { page: 2, per_page: 50 });
    assert.throws(() => pageQuery({ page: 0 }), ValidationError);
    assert.throws(() => pageQuery({ perPage: 0 }), ValidationError);
    assert.throws(() => dateParam(new Date('nope'), 'since'), (e: unknown) => e instanceof ValidationError && e.message === "Value of 'since' is invalid: not a date." && e.param === 'since');
  });

  it('a value of 4 characters or more is a secret to redact; a shorter one or no text is not', () => {
    assert.deepEqual(valueSecrets('abcd'), ['abcd']);
    assert.deepEqual(valueSecrets('abc'), []);
    assert.deepEqual(valueSecrets(12345), []);
  });

  it('variable bodies: encrypted for SSH_KEY and a secret VAR only; file fields for SSH kinds only; scope fields as given', () => {
    const file = { file_path: '~/.ssh/k', file_chmod: '600', file_place: 'CONTAINER' as const };
    assert.deepEqual(variableBody({ scope: 'workspace', key: 'K', type: 'SSH_KEY', value: 'v', encrypted: true, ...file }), { key: 'K', value: 'v', type: 'SSH_KEY', encrypted: true, ...file });
    assert.deepEqual(variableBody({ scope: 'workspace', key: 'K', type: 'SSH_PUBLIC_KEY', value: 'v', file_path: '~/.ssh/k.pub' }), { key: 'K', value: 'v', type: 'SSH_PUBLIC_KEY', file_path: '~/.ssh/k.pub' });
    assert.deepEqual(variableBody({ scope: 'workspace', key: 'K', type: 'VAR', value: 'v', encrypted: false, ...file } as never), { key: 'K', value: 'v', type: 'VAR' });
    assert.deepEqual(variableBody({ scope: 'workspace', key: 'K', type: 'VAR', value: 'v', encrypted: true, description: 'd' }), { key: 'K', value: 'v', type: 'VAR', encrypted: true, description: 'd' });
    assert.deepEqual(variableBody({ scope: 'project', project: 'web-app', key: 'K', type: 'VAR', value: 'v' }), { key: 'K', value: 'v', type: 'VAR', project: { name: 'web-app' } });
    assert.deepEqual(variableBody({ scope: 'project', project: 'web-app', key: 'K', type: 'VAR', value: 'v', settable: false, run_only_settable: true }), {
      key: 'K',
      value: 'v',
      type: 'VAR',
      project: { name: 'web-app' },
      settable: false,
      run_only_settable: true,
    });
    assert.deepEqual(variableBody({ scope: 'pipeline', pipelineId: 7, key: 'K', type: 'VAR', value: 'v' }), { key: 'K', value: 'v', type: 'VAR', pipeline: { id: 7 } });
    assert.deepEqual(variableBody({ scope: 'action', actionId: 9, key: 'K', type: 'VAR', value: 'v' }), { key: 'K', value: 'v', type: 'VAR', action: { id: 9 } });
  });

  it('a variable change: the key and the fields given, an empty key refused', () => {
    assert.deepEqual(variableUpdateBody({ key: 'K', value: 'v', settable: false }), { key: 'K', value: 'v', settable: false });
    assert.throws(() => variableUpdateBody({ key: '' }), (e: unknown) => e instanceof ValidationError && e.param === 'key' && e.message === "Value of 'key' cannot be empty.");
    assert.throws(() => variableUpdateBody({ key: undefined } as never), ValidationError);
  });
});
