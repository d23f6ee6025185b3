// Small helpers for multi-step quick inputs with a Back button (keyboard-friendly: Enter accepts,
// Escape cancels). Inputs stay open when focus moves away, so a token can be copied from a browser.
import * as vscode from 'vscode';

export type StepResult = 'next' | 'back' | 'cancel';

export interface PickOptions<T extends vscode.QuickPickItem> {
  title: string;
  step: number;
  totalSteps: number;
  placeholder: string;
  items: readonly T[];
  active?: T;
  canGoBack: boolean;
}

/** Shows a quick pick; resolves with the item, 'back' or undefined (cancelled). */
export function pickOne<T extends vscode.QuickPickItem>(o: PickOptions<T>): Promise<T | 'back' | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<T>();
    pick.title = o.title;
    pick.step = o.step;
    pick.totalSteps = o.totalSteps;
    pick.placeholder = o.placeholder;
    pick.items = o.items;
    pick.ignoreFocusOut = true;
    if (o.active) {
      pick.activeItems = [o.active];
    }
    pick.buttons = o.canGoBack ? [vscode.QuickInputButtons.Back] : [];
    let done = false;
    const finish = (value: T | 'back' | undefined) => {
      if (!done) {
        done = true;
        resolve(value);
        pick.dispose();
      }
    };
    pick.onDidTriggerButton((b) => b === vscode.QuickInputButtons.Back && finish('back'));
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
      if (chosen) {
        finish(chosen);
      }
    });
    pick.onDidHide(() => finish(undefined));
    pick.show();
  });
}

export interface InputOptions {
  title: string;
  step: number;
  totalSteps: number;
  prompt: string;
  placeholder?: string;
  value?: string;
  password?: boolean;
  canGoBack: boolean;
  /** Checked as the user types; a message blocks Enter. */
  validate?(value: string): string | undefined;
  /**
   * Checked on Enter while the box stays open and busy; a message keeps the box open with it (e.g.
   * the server refused the token). The signal fires when the user closes the box meanwhile.
   */
  accept?(value: string, signal: AbortSignal): Promise<string | undefined>;
}

/** Shows an input box; resolves with the accepted value, 'back' or undefined (cancelled). */
export function inputText(o: InputOptions): Promise<string | 'back' | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    box.title = o.title;
    box.step = o.step;
    box.totalSteps = o.totalSteps;
    box.prompt = o.prompt;
    box.placeholder = o.placeholder;
    box.value = o.value ?? '';
    box.password = o.password ?? false;
    box.ignoreFocusOut = true;
    box.buttons = o.canGoBack ? [vscode.QuickInputButtons.Back] : [];
    let done = false;
    let checking: AbortController | undefined;
    const finish = (value: string | 'back' | undefined) => {
      if (!done) {
        done = true;
        checking?.abort();
        resolve(value);
        box.dispose();
      }
    };
    box.onDidTriggerButton((b) => b === vscode.QuickInputButtons.Back && finish('back'));
    box.onDidChangeValue((v) => {
      box.validationMessage = o.validate?.(v);
    });
    box.onDidAccept(async () => {
      const value = box.value;
      const invalid = o.validate?.(value);
      if (invalid) {
        box.validationMessage = invalid;
        return;
      }
      if (!o.accept) {
        finish(value);
        return;
      }
      if (checking) {
        return;
      }
      checking = new AbortController();
      const signal = checking.signal;
      box.busy = true;
      box.enabled = false;
      try {
        const refusal = await o.accept(value, signal);
        if (done || signal.aborted) {
          return;
        }
        if (refusal) {
          box.validationMessage = refusal;
        } else {
          finish(value);
        }
      } finally {
        checking = undefined;
        if (!done) {
          box.busy = false;
          box.enabled = true;
        }
      }
    });
    box.onDidHide(() => finish(undefined));
    box.show();
  });
}
