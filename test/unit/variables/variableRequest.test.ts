// Create Variable's answers → request mapping (src/features/variables/createVariable/variableRequest.ts),
// sent by the real client to the emulator over HTTP: each variable must land in the scope the
// answers chose, and only there, with the kind, file fields and flags that were answered.
import * as assert from 'node:assert/strict';
import { toVariableCreate, takesDescription, type VariableRequestAnswers } from '../../../src/features/variables/createVariable/variableRequest';
import type { ApiClient } from '../../../src/api';
import { ADMIN_TOKEN, WEB_APP_PIPELINE_IDS } from '../../emulator/demo-data';
import { onlyNewVariable, readAllVariables, type AdminGet, type ApiVariable } from '../../harness/variables';
import { rsaKeyPair } from '../emulator/helpers';
import { makeClient } from '../api/helpers';
import { useEmulator } from '../../harness/useEmulator';

describe('commands: Create Variable answers become the request', function () {
  const emu = useEmulator();
  let client: ApiClient;
  let actionId: number;
  const project = { name: 'web-app', displayName: 'Web App' };
  const pipeline = { id: WEB_APP_PIPELINE_IDS.deployProduction, name: 'Deploy to production' };

  const adminGet: AdminGet = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${emu.url}${path}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    assert.equal(res.status, 200, `GET ${path}`);
    return (await res.json()) as T;
  };

  /** Sends the answers as the command does, and returns the one variable that appeared and where. */
  async function create(answers: VariableRequestAnswers, value: string, expectedScope: string): Promise<ApiVariable> {
    const before = await readAllVariables(adminGet);
    await client.createVariable('acme', toVariableCreate(answers, value));
    return onlyNewVariable(before, await readAllVariables(adminGet), expectedScope);
  }

  before(async () => {
    client = (await makeClient(emu.url, ADMIN_TOKEN)).client;
    const actions = await client.listActions('acme', project.name, pipeline.id);
    assert.ok(actions.length > 0, 'the demo pipeline has actions');
    actionId = actions[0].id;
  });

  it('a pipeline variable goes to the pipeline, not to its project (whose answer the flow also keeps)', async () => {
    const v = await create({ scope: 'pipeline', project, pipeline, type: 'VAR', key: 'PIPE_ONLY' }, 'p-value', `pipeline ${pipeline.id}`);
    assert.equal(v.key, 'PIPE_ONLY');
    assert.equal(v.value, 'p-value');
  });

  it('an action variable goes to the action, not to its pipeline or project', async () => {
    const action = { id: actionId, name: 'an action' };
    const v = await create({ scope: 'action', project, pipeline, action, type: 'VAR', key: 'ACTION_ONLY' }, 'a-value', `action ${actionId}`);
    assert.equal(v.key, 'ACTION_ONLY');
  });

  it('a workspace variable goes to the workspace, even with a project answered before the scope changed', async () => {
    const v = await create({ scope: 'workspace', project, pipeline, type: 'VAR', key: 'WS_ONLY', description: 'for all' }, 'w', 'workspace');
    assert.equal(v.description, 'for all');
  });

  it('a project variable goes to the project, with settable and run-only-settable as answered (false when not)', async () => {
    const answered = await create(
      { scope: 'project', project, type: 'VAR', key: 'PROJ_SET', settable: true, runOnlySettable: true, description: 'settable one' },
      'x',
      'project web-app',
    );
    assert.equal(answered.settable, true);
    assert.equal(answered.run_only_settable, true);
    assert.equal(answered.description, 'settable one');
    const unanswered = await create({ scope: 'project', project, type: 'VAR', key: 'PROJ_PLAIN' }, 'y', 'project web-app');
    assert.equal(unanswered.settable, false);
    assert.equal(unanswered.run_only_settable, false);
    // What is sent, not only what the emulator defaults to.
    const request = toVariableCreate({ scope: 'project', project, type: 'VAR', key: 'K' }, 'v');
    assert.deepEqual(request, { key: 'K', type: 'VAR', value: 'v', scope: 'project', project: 'web-app', settable: false, run_only_settable: false });
  });

  it('a secret VAR is stored encrypted; a plain one is not', async () => {
    const secret = await create({ scope: 'workspace', type: 'VAR', key: 'SECRET_ONE', secret: true }, 'hunter2-plain', 'workspace');
    assert.equal(secret.encrypted, true);
    assert.notEqual(secret.value, 'hunter2-plain');
    const plain = await create({ scope: 'workspace', type: 'VAR', key: 'PLAIN_ONE', secret: false }, 'visible', 'workspace');
    assert.equal(plain.encrypted, false);
    assert.equal(plain.value, 'visible');
  });

  it('SSH keys carry their file path and mode, placed in the container; a private key is encrypted', async () => {
    const { privateText, publicLine } = rsaKeyPair();
    const priv = await create(
      { scope: 'project', project, type: 'SSH_KEY', key: 'DEPLOY_KEY', filePath: '~/.ssh/deploy_key', fileChmod: '600' },
      privateText,
      'project web-app',
    );
    assert.equal(priv.type, 'SSH_KEY');
    assert.equal(priv.encrypted, true);
    assert.equal(priv.file_path, '~/.ssh/deploy_key');
    assert.equal(priv.file_chmod, '600');
    assert.equal(priv.file_place, 'CONTAINER');
    const pub = await create(
      // (the workspace: pipeline and action variables are answered without their file fields)
      { scope: 'workspace', type: 'SSH_PUBLIC_KEY', key: 'PUB_KEY', filePath: '~/.ssh/pub_key.pub', fileChmod: '644' },
      publicLine,
      'workspace',
    );
    assert.equal(pub.type, 'SSH_PUBLIC_KEY');
    assert.equal(pub.value, publicLine);
    assert.equal(pub.file_path, '~/.ssh/pub_key.pub');
    assert.equal(pub.file_chmod, '644');
    assert.equal(pub.file_place, 'CONTAINER');
    // Without path and mode, neither is sent (the server chooses), and the place still is.
    assert.deepEqual(toVariableCreate({ scope: 'workspace', type: 'SSH_PUBLIC_KEY', key: 'P' }, publicLine), {
      key: 'P',
      type: 'SSH_PUBLIC_KEY',
      value: publicLine,
      file_place: 'CONTAINER',
      scope: 'workspace',
    });
  });

  it('a description is sent for workspace and project variables only (the others do not ask it)', () => {
    const answers = (scope: VariableRequestAnswers['scope']): VariableRequestAnswers => ({
      scope,
      project,
      pipeline,
      action: { id: 1, name: 'a' },
      type: 'VAR',
      key: 'K',
      description: 'said',
    });
    assert.deepEqual(
      (['workspace', 'project', 'pipeline', 'action'] as const).map((s) => [s, toVariableCreate(answers(s), 'v').description, takesDescription({ scope: s })]),
      [
        ['workspace', 'said', true],
        ['project', 'said', true],
        ['pipeline', undefined, false],
        ['action', undefined, false],
      ],
    );
    assert.equal('description' in toVariableCreate({ ...answers('workspace'), description: '' }, 'v'), false, 'an empty description is not sent');
  });

  it('answers missing what the scope or kind needs are refused before anything is sent', () => {
    const complete: VariableRequestAnswers = { scope: 'workspace', type: 'VAR', key: 'K' };
    const incomplete: VariableRequestAnswers[] = [
      { ...complete, key: undefined },
      { ...complete, key: '' },
      { ...complete, type: undefined },
      { ...complete, scope: undefined },
      { ...complete, scope: 'project' },
      { ...complete, scope: 'pipeline', project },
      { ...complete, scope: 'action', project, pipeline },
    ];
    for (const answers of incomplete) {
      assert.throws(() => toVariableCreate(answers, 'v'), /The variable is not complete/, JSON.stringify(answers));
    }
    assert.equal(toVariableCreate(complete, 'v').key, 'K');
  });
});
