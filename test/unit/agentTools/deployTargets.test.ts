// The targets a pipeline deploys to, read from its definition (src/features/agentTools/deployTargets.ts):
// what each action names in `targets`, by identifier or by an entry; inline ones told apart; any
// generation's form; a text that is no definition is a sentence, never a throw.
import * as assert from 'node:assert/strict';
import { deployedTargets, type DeployedTargets } from '../../../src/features/agentTools/deployTargets';

async function read(text: string): Promise<DeployedTargets> {
  const found = await deployedTargets(text);
  assert.ok(typeof found !== 'string', found as string);
  return found;
}

describe('agent tools: the targets a pipeline deploys to', () => {
  it('names each identifier once, with the actions that name it, in order', async () => {
    const found = await read(
      [
        'pipeline: release',
        'actions:',
        '  - action: Build',
        '    type: BUILD',
        '  - action: Upload',
        '    type: SFTP',
        '    targets: [production, staging]',
        '  - action: Restart',
        '    type: SSH_COMMAND',
        '    targets:',
        '      - target: production',
        '',
      ].join('\n'),
    );
    assert.deepEqual([...found.named], [
      ['production', ['Upload', 'Restart']],
      ['staging', ['Upload']],
    ]);
    assert.deepEqual([...found.inline], []);
  });

  it('tells inline targets (defined in the pipeline or the action) from named ones', async () => {
    const found = await read(
      [
        '- pipeline: deploy',
        '  targets:',
        '    - target: box',
        '      type: SSH',
        '      host: 192.0.2.1',
        '  actions:',
        '    - action: Copy',
        '      type: SFTP',
        '      targets: [box]',
        '    - action: Run',
        '      type: SSH_COMMAND',
        '      targets:',
        '        - identifier: vm1',
        '          type: SSH',
        '          host: 192.0.2.2',
        '    - action: Ship',
        '      type: SFTP',
        '      targets: $DEPLOY_TARGET',
        '',
      ].join('\n'),
    );
    assert.deepEqual([...found.named.keys()], ['box', 'vm1', '$DEPLOY_TARGET']);
    assert.deepEqual([...found.inline].sort(), ['box', 'vm1']);
  });

  it('an action without targets, or a pipeline without actions, names none', async () => {
    assert.equal((await read('pipeline: ci\nactions:\n  - action: Test\n    type: BUILD\n')).named.size, 0);
    assert.equal((await read('pipeline: empty\n')).named.size, 0);
  });

  it('a text that is no definition is a sentence: YAML errors, no pipeline, an alias bomb', async () => {
    assert.match(String(await deployedTargets('pipeline: [unclosed\n')), /YAML has errors \(line \d+\)/);
    assert.equal(await deployedTargets('just text'), 'it holds no pipeline');
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`)].join('\n');
    assert.equal(await deployedTargets(bomb), 'its YAML uses too many aliases');
  });
});
