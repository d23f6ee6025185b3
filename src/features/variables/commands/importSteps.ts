// The steps of Import Variables from .env: the scope (unless run on a scope node), the file, which
// keys to import (new ones checked; a key already there is replaced only when checked; a key held
// by a variable that is no VAR is skipped), which are secrets, and a last look at everything,
// bad lines with their numbers included. The file is read once when chosen (a regular file, bounded).
import * as vscode from 'vscode';
import { actionName, pipelineName, projectName, type Variable } from '../../../api';
import { fileName, readUserFile, type UserFileWords } from '../../../ui/userFile';
import { pickAction, pickPipeline, pickProject, type ApiLists } from '../../../ui/pickers';
import type { Step, StepUi } from '../../../ui/multiStepInput';
import type { ScopeKind, VariableScopeRef } from '../../../workspace/variableScope';
import { isEncryptedVariable } from '../variableFacts';
import { describeVariableScope } from '../variableNode';
import { readEnvFile, type EnvFile, type EnvProblem } from './dotenvFile';
import { looksSecret, planImport, type PlannedImport } from './importPlan';

/** A .env file larger than this is refused (it is not a .env file). */
export const MAX_ENV_FILE_BYTES = 256 * 1024;

export interface ImportAnswers {
  /** The scope, complete once its steps are answered (or preset). */
  scope?: VariableScopeRef;
  readonly presetScope: boolean;
  kind?: ScopeKind;
  project?: { name: string; displayName: string };
  pipeline?: { id: number; name: string };
  file?: vscode.Uri;
  env?: EnvFile;
  /** The plan for the chosen scope and file (recomputed when either changes). */
  plan?: PlannedImport[];
  planFor?: string;
  /** Keys to import. */
  chosen?: Set<string>;
  /** Keys to store encrypted. */
  secrets?: Set<string>;
}

interface Choice<T> extends vscode.QuickPickItem {
  value: T;
}

/** Loads the variables already in a scope (every page, bounded): from the view when it has them. */
export type ExistingLoader = (scope: VariableScopeRef, signal: AbortSignal) => Promise<readonly Variable[]>;

export function importSteps(lists: ApiLists, workspace: string, existing: ExistingLoader): Step<ImportAnswers>[] {
  const needsProject = (a: ImportAnswers) => a.kind === 'project' || a.kind === 'pipeline' || a.kind === 'action';
  const needsPipeline = (a: ImportAnswers) => a.kind === 'pipeline' || a.kind === 'action';
  return [
    {
      applies: (a) => !a.presetScope,
      run: async (ui, a) => {
        const choices: Choice<ScopeKind>[] = [
          { value: 'workspace', label: `$(globe) ${vscode.l10n.t('Workspace')}`, detail: vscode.l10n.t('Available to every project and pipeline of the workspace') },
          { value: 'project', label: `$(repo) ${vscode.l10n.t('Project')}`, detail: vscode.l10n.t('Available to the pipelines of one project') },
          { value: 'pipeline', label: `$(rocket) ${vscode.l10n.t('Pipeline')}`, detail: vscode.l10n.t('Available to the actions of one pipeline') },
          { value: 'action', label: `$(symbol-event) ${vscode.l10n.t('Action')}`, detail: vscode.l10n.t('Available to one action only') },
        ];
        const choice = await ui.pick({ placeholder: vscode.l10n.t('Where should the variables be available?'), items: choices, isActive: (c) => c.value === a.kind });
        a.kind = choice.value;
        a.scope = choice.value === 'workspace' ? { kind: 'workspace', workspace } : undefined;
      },
    },
    {
      applies: (a) => !a.presetScope && needsProject(a),
      run: async (ui, a) => {
        const project = await pickProject(ui, lists, a.project?.name);
        if (project.name !== a.project?.name) {
          a.pipeline = undefined;
        }
        a.project = { name: project.name, displayName: projectName(project) };
        if (a.kind === 'project') {
          a.scope = { kind: 'project', workspace, project: a.project };
        }
      },
    },
    {
      applies: (a) => !a.presetScope && needsPipeline(a),
      run: async (ui, a) => {
        const project = a.project ?? { name: '', displayName: '' };
        const pipeline = await pickPipeline(ui, lists, project.name, { current: a.pipeline?.id });
        a.pipeline = { id: pipeline.id, name: pipelineName(pipeline) };
        if (a.kind === 'pipeline') {
          a.scope = { kind: 'pipeline', workspace, project, pipeline: a.pipeline };
        }
      },
    },
    {
      applies: (a) => !a.presetScope && a.kind === 'action',
      run: async (ui, a) => {
        const project = a.project ?? { name: '', displayName: '' };
        const pipeline = a.pipeline ?? { id: 0, name: '' };
        const current = a.scope?.kind === 'action' ? a.scope.action.id : undefined;
        const action = await pickAction(ui, lists, project.name, pipeline, current);
        a.scope = { kind: 'action', workspace, project, pipeline, action: { id: action.id, name: actionName(action) } };
      },
    },
    { run: askFile },
    { run: (ui, a) => askKeys(ui, a, existing) },
    { applies: (a) => (a.chosen?.size ?? 0) > 0, run: askSecrets },
    { run: askConfirm },
  ];
}

async function askFile(ui: StepUi, a: ImportAnswers): Promise<void> {
  for (;;) {
    const kept: Choice<'kept'>[] =
      a.file && a.env
        ? [{ value: 'kept', label: `$(file) ${fileName(a.file)}`, description: a.file.fsPath, detail: vscode.l10n.t('{0} variable(s) read from it', a.env.entries.length) }]
        : [];
    const choice = await ui.pick<Choice<'kept' | 'choose'>>({
      placeholder: vscode.l10n.t('The .env file to import'),
      items: [...kept, { value: 'choose', label: `$(folder-opened) ${vscode.l10n.t('Choose a .env file…')}`, detail: vscode.l10n.t('KEY=value lines, as dotenv reads them; it is read once, never changed') }],
    });
    if (choice.value === 'kept') {
      return;
    }
    const uri = await ui.openFile({
      title: vscode.l10n.t('Import Variables from .env'),
      openLabel: vscode.l10n.t('Import This File'),
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    });
    if (!uri) {
      continue;
    }
    try {
      const env = await readEnv(uri);
      if (env.entries.length === 0) {
        await ui.message('error', vscode.l10n.t('{0} has no variable to import ({1} line(s) could not be): choose another file.', fileName(uri), env.problems.length));
        continue;
      }
      a.file = uri;
      a.env = env;
      a.plan = undefined;
      return;
    } catch (error) {
      await ui.message('error', error instanceof Error ? error.message : String(error));
    }
  }
}

/** A .env file: a regular file, at most MAX_ENV_FILE_BYTES, UTF-8 text. */
const ENV_FILE_WORDS: UserFileWords = {
  tooLarge: (name) => vscode.l10n.t('{0} is larger than {1} KiB: that is no .env file.', name, MAX_ENV_FILE_BYTES / 1024),
  notRegular: (name) => vscode.l10n.t('{0} is not a regular file (a device, a pipe or a folder). Choose a .env file.', name),
  unreadable: (path, error) => vscode.l10n.t('Could not read {0}: {1}', path, error instanceof Error ? error.message : String(error)),
  notText: (name) => vscode.l10n.t('{0} is not UTF-8 text: choose a .env file.', name),
};

async function readEnv(uri: vscode.Uri): Promise<EnvFile> {
  return readEnvFile(await readUserFile(uri, MAX_ENV_FILE_BYTES, ENV_FILE_WORDS));
}

async function askKeys(ui: StepUi, a: ImportAnswers, existing: ExistingLoader): Promise<void> {
  const scope = a.scope;
  const env = a.env;
  if (!scope || !env) {
    return ui.back();
  }
  const planKey = `${JSON.stringify(scope)}\n${a.file?.toString()}`;
  const picked = await ui.pickMany<Choice<string>>({
    placeholder: vscode.l10n.t('Check the variables to import into {0}; a key already there is replaced only when checked', describeVariableScope(scope)),
    loadingPlaceholder: vscode.l10n.t('Reading the variables already in {0}…', describeVariableScope(scope)),
    items: async (signal) => {
      if (!a.plan || a.planFor !== planKey) {
        a.plan = planImport(env.entries, await existing(scope, signal), isEncryptedVariable);
        a.planFor = planKey;
        a.chosen = new Set(a.plan.filter((p) => p.action.kind === 'create').map((p) => p.entry.key));
        a.secrets = undefined;
      }
      return a.plan.filter((p) => p.action.kind !== 'skip').map((p) => keyItem(p));
    },
    isSelected: (item) => a.chosen?.has(item.value) ?? false,
    matchOnDescription: true,
  });
  a.chosen = new Set(picked.map((p) => p.value));
}

function keyItem(p: PlannedImport): Choice<string> {
  const where = p.entry.line !== undefined ? vscode.l10n.t('line {0}', p.entry.line) : undefined;
  const size = vscode.l10n.t('{0} character(s)', p.entry.value.length);
  const action = p.action;
  return {
    value: p.entry.key,
    label: action.kind === 'create' ? `$(add) ${p.entry.key}` : `$(replace) ${p.entry.key}`,
    description:
      action.kind === 'create'
        ? vscode.l10n.t('new: created')
        : action.kind === 'replace' && action.encrypted
          ? vscode.l10n.t('exists (encrypted): replaced when checked')
          : vscode.l10n.t('exists: replaced when checked'),
    // The value itself is not shown: a .env file often holds secrets.
    detail: [where, size].filter(Boolean).join(' · '),
  };
}

async function askSecrets(ui: StepUi, a: ImportAnswers): Promise<void> {
  const chosen = (a.plan ?? []).filter((p) => a.chosen?.has(p.entry.key));
  a.secrets ??= new Set(chosen.filter((p) => looksSecret(p.entry.key) || (p.action.kind === 'replace' && p.action.encrypted)).map((p) => p.entry.key));
  const picked = await ui.pickMany<Choice<string>>({
    placeholder: vscode.l10n.t('Check the secrets: they are stored encrypted and nobody can read them back'),
    items: chosen.map((p) => ({
      value: p.entry.key,
      label: `$(lock) ${p.entry.key}`,
      description:
        p.action.kind === 'replace' && p.action.encrypted
          ? vscode.l10n.t('encrypted now: stays encrypted either way')
          : looksSecret(p.entry.key)
            ? vscode.l10n.t('its name suggests a secret')
            : undefined,
    })),
    isSelected: (item) => a.secrets?.has(item.value) ?? false,
  });
  a.secrets = new Set(picked.map((p) => p.value));
}

async function askConfirm(ui: StepUi, a: ImportAnswers): Promise<void> {
  const scope = a.scope;
  if (!scope || !a.plan || !a.env) {
    return ui.back();
  }
  const chosen = a.plan.filter((p) => a.chosen?.has(p.entry.key));
  const created = chosen.filter((p) => p.action.kind === 'create').length;
  const replaced = chosen.length - created;
  const secret = chosen.filter((p) => isSecret(a, p)).length;
  const notImported: vscode.QuickPickItem[] = [
    ...a.plan
      .filter((p) => p.action.kind !== 'skip' && !a.chosen?.has(p.entry.key))
      .map((p) => ({ label: `$(circle-slash) ${p.entry.key}`, description: vscode.l10n.t('not checked: left as it is') })),
    ...a.plan
      .filter((p) => p.action.kind === 'skip')
      .map((p) => ({
        label: `$(circle-slash) ${p.entry.key}`,
        description: vscode.l10n.t('skipped: {0} is a {1} variable here, not a VAR', p.entry.key, p.action.kind === 'skip' ? String(p.action.existing.type) : ''),
      })),
    ...a.env.problems.map((problem) => ({ label: `$(warning) ${problemLabel(problem)}`, description: problemText(problem) })),
  ];
  const go: Choice<'import'> = {
    value: 'import',
    label: `$(cloud-upload) ${vscode.l10n.t('Import {0} variable(s) into {1}', chosen.length, describeVariableScope(scope))}`,
    detail: vscode.l10n.t('{0} new, {1} replaced, {2} stored encrypted', created, replaced, secret),
  };
  if (chosen.length === 0) {
    await ui.pick({ placeholder: vscode.l10n.t('Nothing is checked: go Back to choose variables'), items: notImported });
    return ui.back();
  }
  for (;;) {
    const choice = await ui.pick<vscode.QuickPickItem>({
      placeholder: vscode.l10n.t('Import {0} variable(s)? Lines and keys that are not imported are listed below.', chosen.length),
      items: [go, ...notImported],
      isActive: (item) => item === go,
    });
    if (choice === go) {
      return;
    }
  }
}

/** Whether a key is sent encrypted: chosen as a secret, or replacing an encrypted variable. */
export function isSecret(a: ImportAnswers, p: PlannedImport): boolean {
  return (a.secrets?.has(p.entry.key) ?? false) || (p.action.kind === 'replace' && p.action.encrypted);
}

export function problemLabel(problem: EnvProblem): string {
  return problem.line !== undefined ? vscode.l10n.t('line {0}', problem.line) : vscode.l10n.t('a line');
}

export function problemText(problem: EnvProblem): string {
  switch (problem.kind) {
    case 'unreadable':
      return vscode.l10n.t('not KEY=value, skipped: {0}', problem.text.length > 40 ? `${problem.text.slice(0, 39)}…` : problem.text);
    case 'invalidKey':
      return vscode.l10n.t('{0} is no valid variable name (letters, digits and underscores, not starting with a digit), skipped', problem.key);
    case 'duplicate':
      return vscode.l10n.t('{0} again (first on line {1}): the last one is imported', problem.key, problem.firstLine);
    case 'emptyValue':
      return vscode.l10n.t('{0} has an empty value, which the service does not take: skipped', problem.key);
  }
}
