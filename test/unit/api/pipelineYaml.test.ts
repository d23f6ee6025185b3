// The YAML endpoints of conventions.md over real HTTP against the emulator, and the bounded,
// tolerant base64 reading in plain Node.
import * as assert from 'node:assert/strict';
import { parse } from 'yaml';
import { decodeDefinition, encodeDefinition, MAX_DEFINITION_BYTES, UnexpectedResponseError, ValidationError, type ApiClient } from '../../../src/api';
import { readDefinition, readYamlResult } from '../../../src/api/pipelineYaml';
import { ADMIN_TOKEN } from '../../emulator/demo-data';
import { useEmulator } from '../../harness/useEmulator';
import { editingFetch, makeClient, nodeFetch, rejection } from './helpers';

describe('api client: pipeline definitions (YAML)', () => {
  describe('base64 reading and writing', () => {
    it('round-trips UTF-8 text, drops a byte order mark, tolerates line breaks, no padding and URL-safe letters', () => {
      const text = 'pipeline: zażółć\nactions: []\n';
      const b64 = encodeDefinition(text);
      assert.equal(decodeDefinition(b64), text);
      assert.equal(decodeDefinition(b64.replace(/(.{8})/g, '$1\n')), text);
      assert.equal(decodeDefinition(b64.replace(/=+$/, '')), text);
      assert.equal(decodeDefinition(Buffer.from('\uFEFFa: 1').toString('base64')), 'a: 1');
      const urlSafe = Buffer.from([0xfb, 0xff]).toString('base64url');
      assert.equal(Buffer.from(decodeDefinition(urlSafe), 'utf8').length > 0, true);
    });
    it('refuses what is not base64, and an oversized definition before decoding it', () => {
      assert.throws(() => decodeDefinition('not base64!'), /yaml: expected base64 text/);
      assert.throws(() => decodeDefinition(42), /yaml: expected base64 text, got a number/);
      assert.throws(() => decodeDefinition('A'.repeat(MAX_DEFINITION_BYTES * 2)), new RegExp(`at most ${MAX_DEFINITION_BYTES} bytes`));
      assert.throws(() => encodeDefinition('x'.repeat(MAX_DEFINITION_BYTES + 1)), RangeError);
    });
    it('reads the answers tolerantly: links when strings, yaml and id required', () => {
      assert.deepEqual(readDefinition({ yaml: encodeDefinition('a: 1'), url: 'u', html_url: null }, ''), { url: 'u', yaml: 'a: 1' });
      assert.throws(() => readDefinition({ url: 'u' }, ''), /yaml: expected base64 text, got nothing/);
      assert.throws(() => readDefinition([], ''), /answer: expected an object/);
      assert.deepEqual(readYamlResult({ id: 7, identifier: 'x', name: null, extra: true }, ''), { id: 7, identifier: 'x' });
      assert.throws(() => readYamlResult({ id: '7' }, ''), /id: expected a number/);
    });
  });

  describe('against the emulator', () => {
    const emu = useEmulator();
    let admin: ApiClient;
    before(async () => {
      admin = (await makeClient(emu.url, ADMIN_TOKEN)).client;
    });

    it('getPipelineYaml reads one pipeline, getProjectYaml all of a project', async () => {
      const one = await admin.getPipelineYaml('acme', 'api-service', 204);
      assert.equal(one.url, `${emu.url}/workspaces/acme/projects/api-service/pipelines/204`);
      assert.deepEqual(parse(one.yaml).actions[1].targets, ['production']);
      const all = parse((await admin.getProjectYaml('acme', 'web-app')).yaml);
      assert.equal(all.length, 5);
      assert.ok(emu.requests.some((r) => r.path === '/workspaces/acme/projects/api-service/pipelines/204?yaml=true'));
    });

    it('the pipeline list carries identifier and definition_source', async () => {
      const list = await admin.listPipelines('acme', 'web-app');
      assert.deepEqual(
        list.slice(0, 2).map((p) => [p.identifier, p.definition_source]),
        [
          ['build_and_test', 'REMOTE'],
          ['deploy_to_staging', 'LOCAL'],
        ],
      );
    });

    it('updatePipelineYaml sends base64 and answers the pipeline; the service keeps the text', async () => {
      const text = 'pipeline: Release to production\non: CLICK\nactions:\n  - action: Upload\n    type: SFTP\n    targets: [production]\n';
      const result = await admin.updatePipelineYaml('acme', 'api-service', 204, text);
      assert.deepEqual([result.id, result.identifier], [204, 'release_to_production']);
      assert.equal((await admin.getPipelineYaml('acme', 'api-service', 204)).yaml, text);
    });

    it('a malformed definition is a ValidationError with the service message; one kept in Git too', async () => {
      const e = await rejection(() => admin.updatePipelineYaml('acme', 'api-service', 204, 'pipeline: x\nactions:\n  - action: a\n   type: BUILD\n'));
      assert.ok(e instanceof ValidationError, String(e));
      assert.match(e.message, /YAML is invalid/);
      const git = await rejection(() => admin.updatePipelineYaml('acme', 'web-app', 101, 'pipeline: build_and_test\n'));
      assert.ok(git instanceof ValidationError);
      assert.match(git.message, /kept in Git/);
    });

    it('createPipelineYaml makes a pipeline', async () => {
      const made = await admin.createPipelineYaml('acme', 'docs', 'pipeline: spell_check\nname: Spell check\nactions: []\n');
      assert.equal(made.identifier, 'spell_check');
      assert.ok((await admin.listPipelines('acme', 'docs')).some((p) => p.id === made.id));
    });

    it('an answer whose yaml is not base64 is an unexpected answer, not a crash', async () => {
      const fetch = editingFetch(await nodeFetch(), (url) => (url.includes('yaml=true') ? { text: JSON.stringify({ yaml: '%%%' }) } : undefined));
      const { client } = await makeClient(emu.url, ADMIN_TOKEN, { fetch });
      const e = await rejection(() => client.getPipelineYaml('acme', 'api-service', 204));
      assert.ok(e instanceof UnexpectedResponseError, String(e));
    });
  });
});
