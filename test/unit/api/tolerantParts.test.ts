// The tolerant reader's shared parts (src/api/tolerant.ts) on their own: the record of left-out
// items, the display fallbacks, both trigger models of a pipeline and the identity of a list item.
// The end-to-end behaviour over HTTP is in tolerantReader.test.ts; these pin each rule.
import * as assert from 'node:assert/strict';
import {
  actionName,
  addProblem,
  finishProblems,
  identityOf,
  itemProblems,
  personName,
  pipelineName,
  pipelineRefs,
  pipelineTrigger,
  prefixProblems,
  projectName,
  sentCount,
  targetName,
  UNNAMED,
  workspaceName,
} from '../../../src/api/tolerant';

describe('api: tolerant reader parts', () => {
  describe('left-out items', () => {
    it('are named by their path, excerpted without links, labelled by their first name-like field', () => {
      const list: unknown[] = [{ id: 1 }];
      addProblem(list, 1, 'no id', { url: 'https://api/x', html_url: 'https://app/x', identifier: '   ', name: 'deploy', type: 'SSH' });
      addProblem(list, 3, 'not an object', 42);
      assert.equal(sentCount(list), 3, 'the kept item and the two left out');
      const problems = finishProblems(list);
      assert.deepEqual(
        problems.map((p) => [p.at, p.message, p.label]),
        [
          ['[1]', '[1]: no id', 'deploy'],
          ['[3]', '[3]: not an object', undefined],
        ],
      );
      assert.doesNotMatch(problems[0].excerpt, /https:/, 'links are left out of the excerpt');
      assert.match(problems[0].excerpt, /deploy/);
      assert.match(problems[1].excerpt, /42/);
      assert.deepEqual(itemProblems(list), problems, 'the finished problems are kept with the list');
      assert.equal(sentCount(list), 3, 'and still counted once finished');
      assert.deepEqual(finishProblems(list), [], 'finished once');
    });

    it('a label is the first non-blank of name, display_name, identifier, key, domain, revision, file_name', () => {
      const labelOf = (item: unknown) => {
        const list: unknown[] = [];
        addProblem(list, 0, 'r', item);
        return finishProblems(list)[0].label;
      };
      assert.equal(labelOf({ display_name: 'Shown', identifier: 'ident' }), 'Shown');
      assert.equal(labelOf({ name: ' ', key: 'KEY', domain: 'acme' }), 'KEY');
      assert.equal(labelOf({ revision: 'abc123', file_name: 'f' }), 'abc123');
      assert.equal(labelOf({ file_name: 'id_rsa' }), 'id_rsa');
      assert.equal(labelOf({ name: 7 }), undefined);
      assert.equal(labelOf(null), undefined);
      assert.equal(labelOf('text'), undefined);
    });

    it('an array item keeps its whole content in the excerpt; a secret is taken out of it', () => {
      const list: unknown[] = [];
      addProblem(list, 0, 'not an object', ['a', 'b']);
      addProblem(list, 1, 'no id', { key: 'K', note: 'the token is tok-123' });
      const [arrayItem, withSecret] = finishProblems(list, ['tok-123']);
      assert.match(arrayItem.excerpt, /"a".*"b"/);
      assert.doesNotMatch(withSecret.excerpt, /tok-123/);
    });

    it('an object answer: the problems of each list field, prefixed with its name; other fields ignored', () => {
      const targets: unknown[] = [];
      const pipelines: unknown[] = [];
      addProblem(targets, 0, 'no id', { name: 't' });
      addProblem(pipelines, 2, 'no id', { name: 'p' });
      prefixProblems(targets, 'targets');
      prefixProblems(pipelines, 'pipelines');
      prefixProblems([], 'nothing'); // no problems: nothing to prefix, no error
      assert.deepEqual(itemProblems(targets).map((p) => p.message), ['targets[0]: no id'], 'pending problems are readable before they are finished');
      const all = finishProblems({ targets, pipelines, name: 'x', count: 2 });
      assert.deepEqual(
        all.map((p) => p.message),
        ['targets[0]: no id', 'pipelines[2]: no id'],
      );
      assert.deepEqual(finishProblems(null), []);
      assert.deepEqual(finishProblems('text'), []);
    });

    it('a list without problems has none and counts its items only', () => {
      const list = [1, 2];
      assert.deepEqual(itemProblems(list), []);
      assert.equal(sentCount(list), 2);
    });
  });

  describe('display fallbacks', () => {
    it('names: the first non-blank candidate, else the fallback of each kind', () => {
      assert.equal(targetName({ name: ' ', identifier: 'prod', type: 'SSH' }), 'prod');
      assert.equal(targetName({ type: 'SSH' }), 'SSH');
      assert.equal(targetName({}), UNNAMED);
      assert.equal(UNNAMED, '(unnamed)');
      assert.equal(pipelineName({ name: 'Build', identifier: 'build', id: 3 }), 'Build');
      assert.equal(pipelineName({ name: '', identifier: 'build', id: 3 }), 'build');
      assert.equal(pipelineName({ id: 3 }), 'pipeline 3');
      assert.equal(pipelineName({}), UNNAMED);
      assert.equal(actionName({ name: null, type: 'BUILD' }), 'BUILD');
      assert.equal(actionName({}), UNNAMED);
      assert.equal(projectName({ name: 'web-app', display_name: 'Web App' }), 'Web App');
      assert.equal(projectName({ name: 'web-app', display_name: '' }), 'web-app');
      assert.equal(workspaceName({ name: null, domain: 'acme' }), 'acme');
      assert.equal(workspaceName({ name: 'Acme Inc', domain: 'acme' }), 'Acme Inc');
    });

    it('a person: name, else e-mail, else nobody', () => {
      assert.equal(personName({ name: 'Ann', email: 'ann@example.com' }), 'Ann');
      assert.equal(personName({ name: '  ', email: 'ann@example.com' }), 'ann@example.com');
      assert.equal(personName({ name: null, email: null }), undefined);
      assert.equal(personName(null), undefined);
      assert.equal(personName(undefined), undefined);
    });
  });

  describe('pipelines: both trigger models', () => {
    it('`on` when present, else trigger_mode in the `on` vocabulary, an unknown mode as it is', () => {
      assert.equal(pipelineTrigger({ on: 'EVENT', trigger_mode: 'MANUAL' }), 'EVENT');
      assert.deepEqual(
        ['MANUAL', 'ON_EVERY_PUSH', 'SCHEDULED', 'SOMETHING_NEW', '', null, undefined].map((m) => pipelineTrigger({ on: '', trigger_mode: m })),
        ['CLICK', 'EVENT', 'SCHEDULE', 'SOMETHING_NEW', undefined, undefined, undefined],
      );
      assert.equal(pipelineTrigger({}), undefined);
    });

    it('refs when a list, else the older ref_name, else none; a copy of the list', () => {
      const refs = ['main', 'release/*'];
      const read = pipelineRefs({ refs, ref_name: 'ignored' });
      assert.deepEqual(read, ['main', 'release/*']);
      read.push('changed');
      assert.deepEqual(refs, ['main', 'release/*'], 'the answer is not changed through the result');
      assert.deepEqual(pipelineRefs({ refs: [] , ref_name: 'main' }), []);
      assert.deepEqual(pipelineRefs({ refs: null, ref_name: 'main' }), ['main']);
      assert.deepEqual(pipelineRefs({ ref_name: '' }), []);
      assert.deepEqual(pipelineRefs({}), []);
    });
  });

  describe('identity of a list item', () => {
    it('by id, revision, domain, identifier with type, name, in that order; else the whole JSON', () => {
      assert.deepEqual(
        [
          { id: 5, revision: 'r', name: 'n' },
          { id: 'tg-1', name: 'n' },
          { revision: 'abc', domain: 'd' },
          { domain: 'acme', name: 'Acme' },
          { identifier: 'prod', type: 'SSH', name: 'n' },
          { identifier: 'prod' },
          { name: 'web-app' },
          { other: 1 },
          'text',
          null,
        ].map(identityOf),
        ['id:5', 'id:tg-1', 'revision:abc', 'domain:acme', 'identifier:SSH:prod', 'identifier:undefined:prod', 'name:web-app', 'json:{"other":1}', 'json:"text"', 'json:null'],
      );
      assert.notEqual(identityOf({ identifier: 'prod', type: 'SSH' }), identityOf({ identifier: 'prod', type: 'FTP' }), 'two targets of one identifier and other types differ');
      assert.notEqual(identityOf({ id: 1 }), identityOf({ id: 2 }));
    });
  });
});
