// Shared by the extension-host and UI tests of Create Variable: the variables of workspace acme as
// the API answers them (read as the admin, never through the extension), and what ssh-keygen
// derives from a key file. No editor or browser here: each suite passes its own way to GET.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

export interface ApiVariable {
  id: number;
  key: string;
  value: string;
  type: string;
  encrypted?: boolean;
  description?: string;
  settable?: boolean;
  run_only_settable?: boolean;
  file_path?: string | null;
  file_chmod?: string | null;
  file_place?: string | null;
  public_value?: string;
  key_fingerprint?: string;
}

/** GET on the emulator's API as the admin: the answer's JSON, failing the test on an error status. */
export type AdminGet = <T>(path: string) => Promise<T>;

/** Every variable of workspace acme, per scope ("workspace", "project web-app", "pipeline 103", "action 1012"). */
export async function readAllVariables(get: AdminGet): Promise<Map<string, ApiVariable[]>> {
  const list = async (query: string) => (await get<{ variables: ApiVariable[] }>(`/workspaces/acme/variables${query}`)).variables;
  const all = new Map<string, ApiVariable[]>([['workspace', await list('')]]);
  const { projects } = await get<{ projects: { name: string }[] }>('/workspaces/acme/projects?per_page=100');
  for (const project of projects) {
    all.set(`project ${project.name}`, await list(`?project_name=${project.name}`));
    const { pipelines } = await get<{ pipelines: { id: number }[] }>(`/workspaces/acme/projects/${project.name}/pipelines?per_page=100`);
    for (const pipeline of pipelines) {
      all.set(`pipeline ${pipeline.id}`, await list(`?pipeline_id=${pipeline.id}`));
      const { actions } = await get<{ actions: { id: number }[] }>(`/workspaces/acme/projects/${project.name}/pipelines/${pipeline.id}/actions?per_page=100`);
      for (const action of actions) {
        all.set(`action ${action.id}`, await list(`?action_id=${action.id}`));
      }
    }
  }
  return all;
}

/** Asserts that `after` is `before` plus exactly one variable, in `scope`; returns it. */
export function onlyNewVariable(before: Map<string, ApiVariable[]>, after: Map<string, ApiVariable[]>, scope: string): ApiVariable {
  for (const [where, variables] of after) {
    const previous = before.get(where) ?? [];
    if (where === scope) {
      assert.deepEqual(variables.slice(0, previous.length), previous, `the variables of ${where} changed`);
      assert.equal(variables.length, previous.length + 1, `${where} should hold exactly one new variable`);
    } else {
      assert.deepEqual(variables, previous, `the variables of ${where} changed`);
    }
  }
  return after.get(scope)!.at(-1)!;
}

/** "type blob" of the public half of a private key file, as ssh-keygen derives it. */
export function publicHalf(privateKeyFile: string): string {
  return execFileSync('ssh-keygen', ['-y', '-f', privateKeyFile], { encoding: 'utf8' }).trim().split(' ').slice(0, 2).join(' ');
}

/** The MD5 fingerprint ssh-keygen gives, without "MD5:". */
export function md5Fingerprint(keyFile: string): string {
  const line = execFileSync('ssh-keygen', ['-l', '-E', 'md5', '-f', keyFile], { encoding: 'utf8' });
  const match = /MD5:([0-9a-f:]+)/.exec(line);
  assert.ok(match, `no MD5 fingerprint in: ${line}`);
  return match[1];
}
