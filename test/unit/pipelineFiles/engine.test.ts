// The pipeline files' reader in plain Node: the schema on files of every generation (public
// repositories' and the documentation's), bad input bounded, references and completion contexts,
// and the live rules (completeness, shell hints, targets).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze, completionContext, predefinedVariable, MAX_FILE_CHARS } from '../../../src/features/pipelineFiles/engine';
import { isPipelineFile } from '../../../src/features/pipelineFiles/files';
import { complete, matchPipeline, refusedTargets, undefinedReferences, visibleVariables, type LiveView, type ScopeList } from '../../../src/features/pipelineFiles/live';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'pipelines');
const read = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;
const errors = (text: string) => analyze(text).problems.filter((p) => p.severity === 'error');

describe('pipeline files: the reader', () => {
  describe('valid files of every generation give no error', () => {
    for (const name of ['public/meetapp-api.buddy.yml', 'public/ndm.buddy.yml', 'public/devops-bash-tools.buddy.yml', 'docs-generation2.buddy.yml', 'docs-current.yml']) {
      it(name, () => {
        const a = analyze(read(name));
        assert.deepEqual(
          a.problems.filter((p) => p.severity !== 'information'),
          [],
        );
        assert.ok(a.pipelines.length >= 1);
      });
    }
    it('the oldest generation is one information per file, not a warning', () => {
      const a = analyze(read('public/devops-bash-tools.buddy.yml'));
      assert.deepEqual(
        a.problems.map((p) => [p.code, p.severity]),
        [['oldestGeneration', 'information']],
      );
      assert.equal(a.pipelines[0].generation, 1);
      assert.equal(analyze(read('docs-generation2.buddy.yml')).pipelines[0].generation, 2);
      assert.equal(analyze(read('docs-current.yml')).pipelines[0].generation, 3);
    });
    it('an action type the schema does not know, with fields it does not know: no diagnostic', () => {
      const a = analyze(read('docs-current.yml'));
      assert.equal(a.pipelines[0].actions[2].type, 'A_TYPE_WE_DO_NOT_KNOW');
      assert.deepEqual(a.problems, []);
    });
  });

  describe('broken files give an error on the right line', () => {
    for (const [name, code, line] of [
      ['broken/tabs.yml', 'syntax', 3],
      ['broken/no-type.yml', 'missingActionType', 3],
      ['broken/actions-not-a-list.yml', 'wrongType', 3],
      ['broken/no-pipeline.yml', 'missingPipeline', 1],
    ] as const) {
      it(`${name}: ${code} on line ${line}`, () => {
        const text = read(name);
        const found = errors(text);
        assert.equal(found.length, 1, JSON.stringify(found));
        assert.equal(found[0].code, code);
        assert.equal(lineOf(text, found[0].span.start), line);
      });
    }
    it('an enum value the service does not know is a warning; a misspelt pipeline key a warning naming the key', () => {
      const a = analyze('pipeline: x\npriority: URGENT\nactons: []\n');
      assert.deepEqual(
        a.problems.map((p) => [p.code, p.severity, p.args[0]]),
        [
          ['notOneOf', 'warning', 'priority'],
          ['unknownKey', 'warning', 'actons'],
        ],
      );
    });
  });

  describe('bad input, bounded and calm', () => {
    it('a 10 MB file is not read: one information', () => {
      const big = `pipeline: x\n${'# padding\n'.repeat(1_100_000)}`;
      assert.ok(big.length > MAX_FILE_CHARS);
      const started = Date.now();
      const a = analyze(big);
      assert.ok(Date.now() - started < 1000);
      assert.deepEqual(
        a.problems.map((p) => p.code),
        ['tooLarge'],
      );
    });
    it('an alias bomb is one error, not an expansion', () => {
      const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]', 'pipeline: p'].join('\n');
      assert.deepEqual(
        analyze(bomb).problems.map((p) => p.code),
        ['aliases'],
      );
    });
    it('deep nesting is one error', () => {
      const deep = `pipeline: p\nactions:\n  - type: BUILD\n    x: ${'['.repeat(200)}${']'.repeat(200)}\n`;
      const codes = analyze(deep).problems.map((p) => p.code);
      assert.deepEqual(codes, ['depth']);
    });
    it('CRLF, a leading ---, several documents', () => {
      const a = analyze('---\r\npipeline: a\r\nactions:\r\n  - type: BUILD\r\n    execute_commands: [echo $X]\r\n---\r\npipeline: b\r\n');
      assert.deepEqual(a.problems, []);
      assert.deepEqual(
        a.pipelines.map((p) => p.id),
        ['a', 'b'],
      );
      assert.equal(a.refs[0].name, 'X');
    });
    it('`on:` is read as the key it is (YAML 1.2), not a boolean', () => {
      const a = analyze('pipeline: p\non: CLICK\nrefs: [main]\n');
      assert.deepEqual(a.problems, []);
      assert.equal(a.pipelines[0].generation, 2);
    });
  });

  describe('references', () => {
    it('finds $NAME and ${NAME} at their exact ranges, in and out of shell commands; $$ is an escaped dollar', () => {
      const text = 'pipeline: p\nactions:\n  - type: SFTP\n    remote_path: ${DIR}/x\n    execute_commands:\n      - echo $A $$B\n';
      const a = analyze(text);
      assert.deepEqual(
        a.refs.map((r) => [r.name, text.slice(r.span.start, r.span.end), r.shell, r.action]),
        [
          ['DIR', '${DIR}', false, 0],
          ['A', '$A', true, 0],
        ],
      );
    });
    it('names the shell sets itself are known to the action', () => {
      const a = analyze('pipeline: p\nactions:\n  - type: BUILD\n    execute_commands:\n      - export TAG=1\n      - for f in *; do echo $f; done\n      - read -r ANSWER\n');
      assert.deepEqual([...a.pipelines[0].actions[0].shellNames].sort(), ['ANSWER', 'TAG', 'f']);
    });
    it('predefined variables of both vintages, and any BUDDY_ name', () => {
      assert.ok(predefinedVariable('BUDDY_EXECUTION_BRANCH'));
      assert.ok(predefinedVariable('BUDDY_RUN_BRANCH'));
      assert.equal(predefinedVariable('BUDDY_SOMETHING_NEW'), '');
      assert.equal(predefinedVariable('HOME'), undefined);
    });
  });

  describe('completion contexts', () => {
    it('after $ and ${, with the place and whether it is shell', () => {
      const text = 'pipeline: p\nactions:\n  - type: BUILD\n    execute_commands:\n      - echo ${NO';
      const c = completionContext(text, text.length, analyze(text));
      assert.deepEqual(c, { kind: 'variable', prefix: 'NO', start: text.length - 4, braced: true, shell: true, pipeline: 0, action: 0 });
    });
    it('keys of the action level, values of enumerated keys', () => {
      const key = 'pipeline: p\nactions:\n  - action: a\n    trig';
      assert.deepEqual(completionContext(key, key.length), { kind: 'key', level: 'action', prefix: 'trig', start: key.length - 4 });
      const value = 'pipeline: p\nevents:\n  - type: PU';
      const c = completionContext(value, value.length);
      assert.equal(c.kind === 'value' && `${c.level}/${c.key}/${c.prefix}`, 'event/type/PU');
    });
  });

  describe('which files', () => {
    it('buddy.yml at a folder root and YAML under .buddy/', () => {
      assert.ok(isPipelineFile('/w/buddy.yml', '/w'));
      assert.ok(isPipelineFile('/w/buddy.yaml', '/w/'));
      assert.ok(isPipelineFile('/w/.buddy/deploy.fixed.yml', '/w'));
      assert.ok(isPipelineFile('/w/.buddy/sub/x.yaml', '/w'));
      assert.ok(!isPipelineFile('/w/sub/buddy.yml', '/w'));
      assert.ok(!isPipelineFile('/w/.buddy/readme.md', '/w'));
      assert.ok(!isPipelineFile('/other/buddy.yml', '/w'));
    });
  });
});

describe('pipeline files: the live rules', () => {
  const text = 'pipeline: deploy_to_production\nvariables:\n  - key: OWN\n    value: x\nactions:\n  - action: Upload\n    type: SFTP\n    remote_path: $DEPLOY_DIR/$OWN/$MISSING/$BUDDY_RUN_ID\n    targets: [production, inline]\n    execute_commands:\n      - echo $PATH $UNSET\n';
  const a = analyze(text);
  const list = (keys: string[], isComplete = true): ScopeList => ({ items: keys.map((key) => ({ key, value: `${key}-value`, encrypted: key === 'SECRET' })), complete: isComplete });
  const view = (over: Partial<LiveView> = {}, pipelineScope = list(['DEPLOY_DIR'])): LiveView => ({
    signedIn: true,
    project: 'web-app',
    workspace: list(['REGION', 'SECRET']),
    projectScope: list(['NODE_VERSION', 'REGION']),
    pipelines: [{ pipeline: { id: 103, name: 'Deploy to production', identifier: 'deploy_to_production' }, scope: pipelineScope, actions: new Map([[0, 1032]]), actionsComplete: true, actionScope: () => list([]) }],
    ...over,
  });

  it('maps an entry to the service pipeline by identifier, else by name', () => {
    const pipelines = [
      { id: 1, name: 'Build', identifier: 'build' },
      { id: 2, name: 'Deploy to production', identifier: null },
    ];
    assert.equal(matchPipeline({ id: 'build' }, pipelines)?.id, 1);
    assert.equal(matchPipeline({ id: 'Deploy to production' }, pipelines)?.id, 2);
    assert.equal(matchPipeline({ id: 'deploy to PRODUCTION' }, pipelines)?.id, 2);
    assert.equal(matchPipeline({ id: '' }, pipelines), undefined);
  });

  it('what a place sees: innermost wins, shadows named, secrets masked by the caller', () => {
    const visible = visibleVariables(a, view(), 0, 0);
    const region = visible.find((v) => v.key === 'REGION')!;
    assert.equal(region.scope, 'project');
    assert.deepEqual(
      region.shadows.map((s) => s.scope),
      ['workspace'],
    );
    assert.equal(visible.find((v) => v.key === 'OWN')?.scope, 'file-pipeline');
    assert.equal(visible.find((v) => v.key === 'SECRET')?.variable.encrypted, true);
  });

  it('a reference defined nowhere is a warning only when complete; in shell commands a hint', () => {
    const found = undefinedReferences(a, view(), predefinedVariable).map((u) => [u.ref.name, u.severity]);
    assert.deepEqual(found, [
      ['MISSING', 'warning'],
      ['PATH', 'hint'],
      ['UNSET', 'hint'],
    ]);
  });

  it('nothing when signed out, the project or pipeline unknown, or a scope not read whole', () => {
    for (const v of [
      view({ signedIn: false }),
      view({ project: undefined }),
      view({ pipelines: [undefined] }),
      view({ workspace: list(['REGION'], false) }),
      view({ projectScope: undefined }),
      view({}, list(['DEPLOY_DIR'], false)),
    ]) {
      assert.deepEqual(undefinedReferences(a, v, predefinedVariable), []);
    }
    assert.equal(complete(view(), { pipeline: 0, action: 0 }), true);
    const actionUnread: LiveView = { ...view(), pipelines: [{ ...view().pipelines[0]!, actionScope: () => undefined }] };
    assert.equal(complete(actionUnread, { pipeline: 0, action: 0 }), false);
  });

  it('a target that refuses the pipeline is named; inline targets and unknown ones are not', () => {
    const withInline = analyze(text.replace('actions:', 'targets:\n  - target: inline\n    type: SSH\nactions:'));
    const refusals = refusedTargets(withInline, view(), (id) => (id === 'production' ? { identifier: id, allows: (p) => p !== 103 } : undefined));
    assert.deepEqual(
      refusals.map((r) => r.target),
      ['production'],
    );
    assert.deepEqual(refusedTargets(withInline, view({ signedIn: false }), () => ({ identifier: 'x', allows: () => false })), []);
    assert.deepEqual(refusedTargets(withInline, view(), () => ({ identifier: 'x', allows: () => undefined })), []);
  });
});
