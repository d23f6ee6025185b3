// The steps of Change Variable and the request they make. The key is kept; what is asked depends on
// the type and on what the variable carries: the value of a plain VAR (shown to edit), a new value
// for an encrypted one (never shown, only replaced), a key or a file's content from a file, the
// description, the settable flags and the file placement. Every answer stays in ChangeAnswers, so
// that Back, Retry and Edit start from what the user typed.
import * as vscode from 'vscode';
import type { Variable, VariableUpdate } from '../../../api';
import { checkFileChmod, parsePublicKeyLine } from '../../../ssh';
import type { Step, StepUi } from '../../../ui/multiStepInput';
import type { VariableScopeRef } from '../../../workspace/variableScope';
import { isEncryptedVariable, isFileType, isPlainVar } from '../variableFacts';
import { readUserFile, UserFileError, type UserFileWords } from '../../../ui/userFile';
import { fileName, KeyFileError, publicKeyLineProblem, readPrivateKey } from '../createVariable/keyFiles';
import { askSettableFlags } from '../createVariable/settableStep';

export interface ChangeAnswers {
  readonly variable: Variable;
  readonly scope: VariableScopeRef;
  /** Plain VAR: the value as edited. SSH_PUBLIC_KEY: the pasted line. Encrypted VAR: the new value. */
  value?: string;
  /** For values that are not edited as text: keep the current one, or replace it. */
  replace?: boolean;
  /** SSH_KEY: the new private key file. FILE: the file whose content replaces it (read when sending). */
  valueFile?: vscode.Uri;
  /** Plain VAR: store it encrypted from now on. */
  makeSecret?: boolean;
  description?: string;
  settable?: boolean;
  runOnlySettable?: boolean;
  filePath?: string;
  fileChmod?: string;
}

interface Choice<T> extends vscode.QuickPickItem {
  value: T;
}

/** A FILE variable's new content, read from a file: at most this many bytes. */
export const MAX_FILE_VARIABLE_BYTES = 512 * 1024;

export function changeAnswers(variable: Variable, scope: VariableScopeRef): ChangeAnswers {
  return {
    variable,
    scope,
    value: isPlainVar(variable) ? variable.value : undefined,
    description: typeof variable.description === 'string' ? variable.description : undefined,
    settable: variable.settable,
    runOnlySettable: variable.run_only_settable,
    filePath: variable.file_path ?? undefined,
    fileChmod: variable.file_chmod ?? undefined,
  };
}

/** The description is offered where the variable has one, or its scope keeps one (workspace, project). */
export function offersDescription(a: ChangeAnswers): boolean {
  return a.variable.description !== undefined || a.scope.kind === 'workspace' || a.scope.kind === 'project';
}

/** The settable flags are offered where the variable carries them, or in project scope. */
export function offersFlags(a: ChangeAnswers): boolean {
  return typeof a.variable.settable === 'boolean' || typeof a.variable.run_only_settable === 'boolean' || a.scope.kind === 'project';
}

export function changeSteps(): Step<ChangeAnswers>[] {
  const type = (a: ChangeAnswers): string => String(a.variable.type);
  const plainVar = (a: ChangeAnswers): boolean => isPlainVar(a.variable);
  const replacing = (a: ChangeAnswers, t: string): boolean => type(a) === t && a.replace === true;
  return [
    { applies: plainVar, run: askPlainValue },
    { applies: plainVar, run: askMakeSecret },
    { applies: (a) => !plainVar(a), run: askReplace },
    { applies: (a) => type(a) === 'VAR' && !plainVar(a) && a.replace === true, run: askSecretValue },
    { applies: (a) => replacing(a, 'SSH_PUBLIC_KEY'), run: askPublicKeyLine },
    { applies: (a) => replacing(a, 'SSH_KEY') || replacing(a, 'FILE'), run: askValueFile },
    { applies: offersDescription, run: askDescription },
    { applies: offersFlags, run: askFlags },
    { applies: (a) => isFileType(type(a)), run: askFilePath },
    { applies: (a) => isFileType(type(a)), run: askFileChmod },
  ];
}

async function askPlainValue(ui: StepUi, a: ChangeAnswers): Promise<void> {
  a.value = await ui.input({
    prompt: vscode.l10n.t('The value of {0}', a.variable.key),
    value: a.value,
    validate: (value) => (value === '' ? vscode.l10n.t('Enter a value: the service does not take an empty one.') : undefined),
  });
}

async function askMakeSecret(ui: StepUi, a: ChangeAnswers): Promise<void> {
  const choices: Choice<boolean>[] = [
    { value: false, label: `$(eye) ${vscode.l10n.t('Keep it readable')}`, detail: vscode.l10n.t('Members can read the value back, as now') },
    {
      value: true,
      label: `$(lock) ${vscode.l10n.t('Make it secret: store it encrypted')}`,
      detail: vscode.l10n.t('Nobody can read it back afterwards, not even you; this cannot be undone'),
    },
  ];
  const choice = await ui.pick({
    placeholder: vscode.l10n.t('Is the value of {0} a secret?', a.variable.key),
    items: choices,
    isActive: (c) => c.value === (a.makeSecret ?? false),
  });
  a.makeSecret = choice.value;
}

async function askReplace(ui: StepUi, a: ChangeAnswers): Promise<void> {
  const type = String(a.variable.type);
  const replaceLabel =
    type === 'SSH_KEY'
      ? vscode.l10n.t('Replace it with another private key file…')
      : type === 'SSH_PUBLIC_KEY'
        ? vscode.l10n.t('Replace it with another public key line…')
        : type === 'FILE'
          ? vscode.l10n.t("Replace it with a file's content…")
          : vscode.l10n.t('Replace it with a new value…');
  const keepDetail = isEncryptedVariable(a.variable)
    ? vscode.l10n.t('The value is encrypted: it is never shown, only replaced')
    : vscode.l10n.t('Change only the other settings');
  const choices: Choice<boolean>[] = [
    { value: false, label: `$(check) ${vscode.l10n.t('Keep the current value')}`, detail: keepDetail },
    { value: true, label: `$(replace) ${replaceLabel}` },
  ];
  const choice = await ui.pick({
    placeholder: vscode.l10n.t('The value of {0}', a.variable.key),
    items: choices,
    isActive: (c) => c.value === (a.replace ?? false),
  });
  a.replace = choice.value;
}

async function askSecretValue(ui: StepUi, a: ChangeAnswers): Promise<void> {
  // Never prefilled from the server (it has only a marker): what the user typed before, if anything.
  a.value = await ui.input({
    prompt: vscode.l10n.t('The new value of {0}: hidden while you type, stored encrypted', a.variable.key),
    value: a.value,
    password: true,
    validate: (value) => (value === '' ? vscode.l10n.t('Enter a value: the service does not take an empty one.') : undefined),
  });
}

async function askPublicKeyLine(ui: StepUi, a: ChangeAnswers): Promise<void> {
  a.value = await ui.input({
    prompt: vscode.l10n.t('The new public key line of {0}', a.variable.key),
    placeholder: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… user@host',
    value: a.value,
    validate: publicKeyLineProblem,
  });
}

async function askValueFile(ui: StepUi, a: ChangeAnswers): Promise<void> {
  const isKey = a.variable.type === 'SSH_KEY';
  for (;;) {
    const kept: Choice<'kept'>[] = a.valueFile
      ? [{ value: 'kept', label: `$(file) ${fileName(a.valueFile)}`, description: a.valueFile.fsPath, detail: vscode.l10n.t('The file chosen before; it is read again when the change is sent') }]
      : [];
    const choice = await ui.pick<Choice<'kept' | 'choose'>>({
      placeholder: isKey ? vscode.l10n.t('The new private key of {0} comes from a file', a.variable.key) : vscode.l10n.t('The new content of {0} comes from a file', a.variable.key),
      items: [...kept, { value: 'choose', label: `$(folder-opened) ${vscode.l10n.t('Choose a file…')}` }],
    });
    if (choice.value === 'kept') {
      return;
    }
    const uri = await ui.openFile({
      title: isKey ? vscode.l10n.t('Private key file for {0}', a.variable.key) : vscode.l10n.t('New content of {0}', a.variable.key),
      openLabel: isKey ? vscode.l10n.t('Use This Private Key') : vscode.l10n.t('Use This File'),
    });
    if (!uri) {
      continue;
    }
    try {
      // Checked now, so that a wrong file is caught at this step; the text is dropped at once.
      await readValueFile(a.variable, uri);
      a.valueFile = uri;
      return;
    } catch (error) {
      await ui.message('error', error instanceof UserFileError ? error.message : String(error instanceof Error ? error.message : error));
    }
  }
}

async function askDescription(ui: StepUi, a: ChangeAnswers): Promise<void> {
  a.description = await ui.input({
    prompt: vscode.l10n.t('The description of {0} (optional: empty for none)', a.variable.key),
    value: a.description,
  });
}

async function askFlags(ui: StepUi, a: ChangeAnswers): Promise<void> {
  await askSettableFlags(ui, a.variable.key, vscode.l10n.t('Runs may change the value (settable)'), a);
}

async function askFilePath(ui: StepUi, a: ChangeAnswers): Promise<void> {
  a.filePath = await ui.input({
    prompt: vscode.l10n.t('Where runs place the file of {0}, in the container', a.variable.key),
    value: a.filePath,
    validate: (path) => (path.trim() === '' ? vscode.l10n.t('Enter a file path, for example {0}.', '~/.ssh/id_deploy') : undefined),
  });
}

async function askFileChmod(ui: StepUi, a: ChangeAnswers): Promise<void> {
  a.fileChmod = await ui.input({
    prompt: vscode.l10n.t('The file mode of {0}: three or four octal digits', a.filePath ?? ''),
    value: a.fileChmod,
    validate: (mode) => (checkFileChmod(mode) ? vscode.l10n.t('Enter three or four digits from 0 to 7, for example {0}.', '600') : undefined),
  });
}

/** A FILE variable's new content: a regular file, at most MAX_FILE_VARIABLE_BYTES, UTF-8 text. */
const CONTENT_FILE_WORDS: UserFileWords = {
  tooLarge: (name) => vscode.l10n.t('{0} is larger than {1} KiB: too large for a variable.', name, MAX_FILE_VARIABLE_BYTES / 1024),
  notRegular: (name) => vscode.l10n.t('{0} is not a regular file (a device, a pipe or a folder). Choose a file.', name),
  unreadable: (path, error) => vscode.l10n.t('Could not read {0}: {1}', path, error instanceof Error ? error.message : String(error)),
  notText: (name) => vscode.l10n.t('{0} is not UTF-8 text: change binary content in the web application.', name),
};

/** The new value from a file: a private key (checked), or a FILE's text content (bounded, UTF-8). */
export async function readValueFile(variable: Variable, uri: vscode.Uri): Promise<string> {
  return variable.type === 'SSH_KEY' ? readPrivateKey(uri) : readUserFile(uri, MAX_FILE_VARIABLE_BYTES, CONTENT_FILE_WORDS);
}

/**
 * The PATCH body: the current key, and only what differs from the variable as loaded. `value` is
 * the text to send when the value changes (read from its file for SSH_KEY and FILE).
 */
export function toVariableUpdate(a: ChangeAnswers, value: string | undefined): VariableUpdate {
  const v = a.variable;
  const update: VariableUpdate = { key: v.key };
  if (value !== undefined && !(isPlainVar(v) && value === v.value)) {
    update.value = value;
  }
  if (isPlainVar(v) && a.makeSecret) {
    update.encrypted = true;
  }
  if (offersDescription(a) && a.description !== undefined && a.description !== (v.description ?? '')) {
    update.description = a.description;
  }
  if (offersFlags(a)) {
    if (a.settable !== undefined && a.settable !== (v.settable ?? false)) {
      update.settable = a.settable;
    }
    if (a.runOnlySettable !== undefined && a.runOnlySettable !== (v.run_only_settable ?? false)) {
      update.run_only_settable = a.runOnlySettable;
    }
  }
  if (isFileType(String(v.type))) {
    if (a.filePath !== undefined && a.filePath !== (v.file_path ?? '')) {
      update.file_path = a.filePath;
    }
    if (a.fileChmod !== undefined && a.fileChmod !== (v.file_chmod ?? '')) {
      update.file_chmod = a.fileChmod;
    }
  }
  return update;
}

/** The text a change sends as the value, or undefined when the value is kept. */
export async function valueToSend(a: ChangeAnswers): Promise<string | undefined> {
  if (isPlainVar(a.variable)) {
    return a.value;
  }
  if (!a.replace) {
    return undefined;
  }
  switch (a.variable.type) {
    case 'SSH_KEY':
    case 'FILE':
      if (!a.valueFile) {
        throw new KeyFileError(vscode.l10n.t('Choose the file (Edit).'));
      }
      return readValueFile(a.variable, a.valueFile);
    case 'SSH_PUBLIC_KEY': {
      const check = parsePublicKeyLine(a.value ?? '');
      return check.ok ? check.line : a.value;
    }
    default:
      return a.value;
  }
}
