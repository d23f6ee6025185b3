// The steps of Create Variable, in order. Each asks one thing, shows the kept answer first, and
// applies only when the scope and type need it (so the step counter counts what is asked).
import * as os from 'node:os';
import * as vscode from 'vscode';
import { actionName, pipelineName, projectName as projectDisplayName } from '../../../api';
import { pickAction, pickPipeline, pickProject, type ApiLists } from '../../../ui/pickers';
import type { Step, StepUi } from '../../../ui/multiStepInput';
import { checkFileChmod, checkVariableKey } from '../../../ssh';
import { isSshKind, proposedFileChmod, proposedFilePath, type VariableAnswers } from './answers';
import { takesDescription, type VariableKind, type VariableScope } from './variableRequest';
import { UserFileError } from '../../../ui/userFile';
import { fileName, publicKeyLineProblem, readPrivateKey, readPublicKey } from './keyFiles';
import { askSettableFlags } from './settableStep';

interface Choice<T> extends vscode.QuickPickItem {
  value: T;
}

export function variableSteps(lists: ApiLists): Step<VariableAnswers>[] {
  // Until the scope and type are answered, count the steps of the first choices (workspace, VAR)
  // so that the counter does not jump from "Step 2 of 3" to "Step 3 of 6".
  const kind = (a: VariableAnswers): VariableKind => a.type ?? 'VAR';
  const needsProject = (a: VariableAnswers): boolean => a.scope === 'project' || a.scope === 'pipeline' || a.scope === 'action';
  const needsPipeline = (a: VariableAnswers): boolean => a.scope === 'pipeline' || a.scope === 'action';
  return [
    { applies: (a) => !a.preset.scope, run: askScope },
    {
      applies: (a) => needsProject(a) && !a.preset.project,
      run: async (ui, a) => {
        const project = await pickProject(ui, lists, a.project?.name);
        if (project.name !== a.project?.name) {
          a.pipeline = a.action = undefined;
        }
        a.project = { name: project.name, displayName: projectDisplayName(project) };
      },
    },
    {
      applies: (a) => needsPipeline(a) && !a.preset.pipeline,
      run: async (ui, a) => {
        const pipeline = await pickPipeline(ui, lists, projectName(a), { current: a.pipeline?.id });
        if (pipeline.id !== a.pipeline?.id) {
          a.action = undefined;
        }
        a.pipeline = { id: pipeline.id, name: pipelineName(pipeline) };
      },
    },
    {
      applies: (a) => a.scope === 'action' && !a.preset.action,
      run: async (ui, a) => {
        const pipeline = a.pipeline ?? { id: 0, name: '' };
        const action = await pickAction(ui, lists, projectName(a), pipeline, a.action?.id);
        a.action = { id: action.id, name: actionName(action) };
      },
    },
    { run: askType },
    { run: askKey },
    { applies: (a) => kind(a) === 'VAR', run: askSecret },
    { applies: (a) => kind(a) === 'VAR', run: askValue },
    { applies: (a) => a.type === 'SSH_KEY', run: askPrivateKeyFile },
    { applies: (a) => a.type === 'SSH_PUBLIC_KEY', run: askPublicKeySource },
    { applies: (a) => a.type === 'SSH_PUBLIC_KEY' && a.publicKeySource === 'paste', run: askPastedPublicKey },
    { applies: (a) => takesDescription({ ...a, scope: a.scope ?? 'workspace' }), run: askDescription },
    { applies: (a) => a.scope === 'project', run: askSettable },
    { applies: isSshKind, run: askFilePath },
    { applies: isSshKind, run: askFileChmod },
  ];
}

function projectName(a: VariableAnswers): string {
  return a.project?.name ?? '';
}

async function askScope(ui: StepUi, a: VariableAnswers): Promise<void> {
  const choices: Choice<VariableScope>[] = [
    { value: 'workspace', label: `$(globe) ${vscode.l10n.t('Workspace')}`, detail: vscode.l10n.t('Available to every project and pipeline of the workspace') },
    { value: 'project', label: `$(repo) ${vscode.l10n.t('Project')}`, detail: vscode.l10n.t('Available to the pipelines of one project') },
    { value: 'pipeline', label: `$(rocket) ${vscode.l10n.t('Pipeline')}`, detail: vscode.l10n.t('Available to the actions of one pipeline') },
    { value: 'action', label: `$(symbol-event) ${vscode.l10n.t('Action')}`, detail: vscode.l10n.t('Available to one action only') },
  ];
  const choice = await ui.pick({
    placeholder: vscode.l10n.t('Where should the variable be available?'),
    items: choices,
    isActive: (c) => c.value === a.scope,
  });
  a.scope = choice.value;
}

async function askType(ui: StepUi, a: VariableAnswers): Promise<void> {
  const choices: Choice<VariableKind>[] = [
    { value: 'VAR', label: `$(symbol-variable) VAR`, description: vscode.l10n.t('Text value'), detail: vscode.l10n.t('A plain variable: a name and a text value') },
    {
      value: 'SSH_KEY',
      label: `$(key) SSH_KEY`,
      description: vscode.l10n.t('Private key from a file'),
      detail: vscode.l10n.t('Stored encrypted; runs get it as a file. You pick the key file, it is never typed or shown.'),
    },
    {
      value: 'SSH_PUBLIC_KEY',
      label: `$(unlock) SSH_PUBLIC_KEY`,
      description: vscode.l10n.t('Public key line'),
      detail: vscode.l10n.t('A public key (from a .pub file or pasted); runs get it as a file'),
    },
  ];
  const choice = await ui.pick({
    placeholder: vscode.l10n.t('What kind of variable?'),
    items: choices,
    isActive: (c) => c.value === a.type,
  });
  if (choice.value !== a.type) {
    // A key file or file settings chosen for another kind would not fit this one.
    a.keyFile = a.publicKeySource = a.pastedPublicKey = a.filePath = a.fileChmod = undefined;
  }
  a.type = choice.value;
}

async function askKey(ui: StepUi, a: VariableAnswers): Promise<void> {
  a.key = await ui.input({
    prompt: vscode.l10n.t('The variable name: letters, digits and underscores, not starting with a digit'),
    placeholder: a.type === 'VAR' ? 'API_URL' : 'DEPLOY_KEY',
    value: a.key,
    validate: (key) => {
      switch (checkVariableKey(key)) {
        case 'empty':
          return vscode.l10n.t('Enter a name for the variable.');
        case 'invalid':
          return vscode.l10n.t('Use only letters, digits and underscores, and do not start with a digit (for example DEPLOY_TOKEN).');
        default:
          return undefined;
      }
    },
  });
}

async function askSecret(ui: StepUi, a: VariableAnswers): Promise<void> {
  const choices: Choice<boolean>[] = [
    {
      value: false,
      label: `$(eye) ${vscode.l10n.t('Show the value while typing')}`,
      detail: vscode.l10n.t('For ordinary settings such as URLs and versions: members can read it back'),
    },
    {
      value: true,
      label: `$(lock) ${vscode.l10n.t('Secret value: stored encrypted; nobody can read it back')}`,
      detail: vscode.l10n.t('For passwords and tokens: hidden while you type, stored encrypted, and never shown again, not even to you'),
    },
  ];
  const choice = await ui.pick({
    placeholder: vscode.l10n.t('Is the value of {0} a secret?', a.key ?? ''),
    items: choices,
    isActive: (c) => c.value === (a.secret ?? false),
  });
  a.secret = choice.value;
}

async function askValue(ui: StepUi, a: VariableAnswers): Promise<void> {
  a.value = await ui.input({
    prompt: vscode.l10n.t('The value of {0}', a.key ?? ''),
    value: a.value,
    password: a.secret ?? false,
    validate: (value) => (value === '' ? vscode.l10n.t('Enter a value: the service does not take an empty one.') : undefined),
  });
}

async function askPrivateKeyFile(ui: StepUi, a: VariableAnswers): Promise<void> {
  const choose: Choice<'choose'> = {
    value: 'choose',
    label: `$(folder-opened) ${vscode.l10n.t('Choose a private key file…')}`,
    detail: vscode.l10n.t('For example ~/.ssh/id_ed25519. It is read only to check it and to send it, encrypted in transit over HTTPS.'),
  };
  for (;;) {
    const kept: Choice<'kept'>[] = a.keyFile
      ? [{ value: 'kept', label: `$(key) ${fileName(a.keyFile)}`, description: a.keyFile.fsPath, detail: vscode.l10n.t('The file chosen before; it is read again when the variable is created') }]
      : [];
    const choice = await ui.pick<Choice<'kept' | 'choose'>>({
      placeholder: vscode.l10n.t('The private key of {0} comes from a file', a.key ?? ''),
      items: [...kept, choose],
    });
    if (choice.value === 'kept') {
      return;
    }
    const uri = await ui.openFile({
      title: vscode.l10n.t('Private key file for {0}', a.key ?? ''),
      openLabel: vscode.l10n.t('Use This Private Key'),
      defaultUri: a.keyFile ?? (await sshFolder()),
    });
    if (!uri) {
      continue;
    }
    try {
      // Checked now so that a wrong file is caught at this step; the text is dropped at once.
      await readPrivateKey(uri);
      a.keyFile = uri;
      return;
    } catch (error) {
      await ui.message('error', error instanceof UserFileError ? error.message : String(error));
    }
  }
}

async function askPublicKeySource(ui: StepUi, a: VariableAnswers): Promise<void> {
  for (;;) {
    const kept: Choice<'kept'>[] =
      a.publicKeySource === 'file' && a.keyFile
        ? [{ value: 'kept', label: `$(key) ${fileName(a.keyFile)}`, description: a.keyFile.fsPath, detail: vscode.l10n.t('The file chosen before') }]
        : [];
    const choices: Choice<'kept' | 'file' | 'paste'>[] = [
      ...kept,
      { value: 'file', label: `$(folder-opened) ${vscode.l10n.t('Choose a public key file (.pub)…')}`, detail: vscode.l10n.t('For example ~/.ssh/id_ed25519.pub') },
      { value: 'paste', label: `$(clippy) ${vscode.l10n.t('Paste the public key line…')}`, detail: vscode.l10n.t('One line such as "ssh-ed25519 AAAA… comment"') },
    ];
    const choice = await ui.pick({
      placeholder: vscode.l10n.t('Where does the public key of {0} come from?', a.key ?? ''),
      items: choices,
      isActive: (c) => c.value === (a.publicKeySource === 'paste' ? 'paste' : 'kept'),
    });
    if (choice.value === 'kept') {
      return;
    }
    if (choice.value === 'paste') {
      a.publicKeySource = 'paste';
      return;
    }
    const uri = await ui.openFile({
      title: vscode.l10n.t('Public key file for {0}', a.key ?? ''),
      openLabel: vscode.l10n.t('Use This Public Key'),
      filters: { [vscode.l10n.t('Public keys')]: ['pub'], [vscode.l10n.t('All files')]: ['*'] },
      defaultUri: a.keyFile ?? (await sshFolder()),
    });
    if (!uri) {
      continue;
    }
    try {
      await readPublicKey(uri);
      a.keyFile = uri;
      a.publicKeySource = 'file';
      return;
    } catch (error) {
      await ui.message('error', error instanceof UserFileError ? error.message : String(error));
    }
  }
}

async function askPastedPublicKey(ui: StepUi, a: VariableAnswers): Promise<void> {
  a.pastedPublicKey = await ui.input({
    prompt: vscode.l10n.t('The public key line of {0}', a.key ?? ''),
    placeholder: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… user@host',
    value: a.pastedPublicKey,
    validate: publicKeyLineProblem,
  });
}

async function askDescription(ui: StepUi, a: VariableAnswers): Promise<void> {
  a.description = await ui.input({
    prompt: vscode.l10n.t('A description of {0} (optional: press Enter to leave it empty)', a.key ?? ''),
    value: a.description,
  });
}

async function askSettable(ui: StepUi, a: VariableAnswers): Promise<void> {
  await askSettableFlags(ui, a.key ?? '', vscode.l10n.t('Runs of the project may change the value (settable)'), a);
}

async function askFilePath(ui: StepUi, a: VariableAnswers): Promise<void> {
  a.filePath = await ui.input({
    prompt: vscode.l10n.t('Where runs place the key file, in the container'),
    value: a.filePath ?? proposedFilePath(a),
    validate: (path) => (path.trim() === '' ? vscode.l10n.t('Enter a file path, for example {0}.', proposedFilePath(a)) : undefined),
  });
}

async function askFileChmod(ui: StepUi, a: VariableAnswers): Promise<void> {
  a.fileChmod = await ui.input({
    prompt: vscode.l10n.t('The file mode of {0}: three or four octal digits', a.filePath ?? ''),
    value: a.fileChmod ?? proposedFileChmod(a),
    validate: (mode) =>
      checkFileChmod(mode) ? vscode.l10n.t('Enter three or four digits from 0 to 7, for example {0}.', proposedFileChmod(a)) : undefined,
  });
}

/** ~/.ssh of the machine the extension runs on, when it exists: where key files usually are. */
async function sshFolder(): Promise<vscode.Uri | undefined> {
  const folder = vscode.Uri.file(`${os.homedir()}/.ssh`);
  try {
    await vscode.workspace.fs.stat(folder);
    return folder;
  } catch {
    return undefined;
  }
}
