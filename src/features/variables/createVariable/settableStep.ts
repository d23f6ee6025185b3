// The settable and run-only-settable checkboxes, asked alike by Create Variable and Change Variable.
import * as vscode from 'vscode';
import type { StepUi } from '../../../ui/multiStepInput';

interface Choice<T> extends vscode.QuickPickItem {
  value: T;
}

/** The answers the step reads (checked at first) and writes. */
export interface SettableFlags {
  settable?: boolean;
  runOnlySettable?: boolean;
}

/** Asks which of the two flags apply to `key`; `settableDetail` explains the first one. */
export async function askSettableFlags(ui: StepUi, key: string, settableDetail: string, a: SettableFlags): Promise<void> {
  const choices: Choice<'settable' | 'runOnly'>[] = [
    { value: 'settable', label: vscode.l10n.t('Settable'), detail: settableDetail },
    {
      value: 'runOnly',
      label: vscode.l10n.t('Settable only when a run starts'),
      detail: vscode.l10n.t('The value may be given when a run is started, not changed during it (run_only_settable)'),
    },
  ];
  const picked = await ui.pickMany({
    placeholder: vscode.l10n.t('Check what applies to {0}, then press Enter (none is fine)', key),
    items: choices,
    isSelected: (c) => (c.value === 'settable' ? (a.settable ?? false) : (a.runOnlySettable ?? false)),
  });
  a.settable = picked.some((c) => c.value === 'settable');
  a.runOnlySettable = picked.some((c) => c.value === 'runOnly');
}
