// One job: asking the user, step by step (the prompter and the runner of its steps).
// Multi-step quick inputs: a flow is a list of steps that read and write one answers object.
// The runner numbers the steps that apply ("Step 2 of 5"), offers Back from the second step on,
// and leaves every answer in the object, so that a flow reopened for Edit or Retry starts from the
// kept answers. Steps talk to the user only through a Prompter: QuickInputPrompter is the editor's
// quick input, and tests script the same interface with a queue of answers.
import * as vscode from 'vscode';
import { scriptOf } from './scripted';
import { markBidi, shownPlain } from './markdown';
import { showMessage } from './notify';

/**
 * What a prompt resolves to when the user pressed the Back button. A registered symbol, so that a
 * prompter bundled apart from the extension (the extension-host tests) returns the same one.
 */
export const BACK: unique symbol = Symbol.for('workspaceAutomation.multiStepInput.back') as never;
export type Back = typeof BACK;

/** Where a prompt sits in its flow: the quick input's title bar. */
export interface PromptFrame {
  title: string;
  step: number;
  totalSteps: number;
  /** Shows the Back button. */
  canGoBack: boolean;
}

export interface PickOptions<T extends vscode.QuickPickItem> {
  placeholder: string;
  /**
   * The items, or a loader called once; the pick shows a busy state while it runs, and `progress`
   * texts (e.g. "Loading projects… (300 so far)") as its placeholder. Closing the pick aborts `signal`.
   */
  items: readonly T[] | ((signal: AbortSignal, progress?: (text: string) => void) => Promise<readonly T[]>);
  /** Placeholder while the loader runs, e.g. "Loading projects…". */
  loadingPlaceholder?: string;
  /** Placeholder when there is nothing to pick, e.g. "No projects in this workspace". */
  emptyPlaceholder?: string;
  /** The item to highlight first (the kept answer). */
  isActive?: (item: T) => boolean;
  matchOnDescription?: boolean;
  matchOnDetail?: boolean;
  ignoreFocusOut?: boolean;
  /** When items carry buttons, pressing one accepts that item (as Enter on it would). */
  acceptOnItemButton?: boolean;
}

export interface PickManyOptions<T extends vscode.QuickPickItem> extends PickOptions<T> {
  /** Items checked at first (the kept answer). */
  isSelected?: (item: T) => boolean;
}

export interface InputOptions {
  prompt: string;
  placeholder?: string;
  /** The text shown at first (the kept answer or a proposal). */
  value?: string;
  /** Hides what is typed. */
  password?: boolean;
  /** A message while the value cannot be accepted, checked as the user types and on Enter. */
  validate?: (value: string) => string | undefined;
  /** Keeps the box open when focus moves away; defaults to true since typed text would be lost. */
  ignoreFocusOut?: boolean;
  /** Checked on Enter once `validate` passes, the box busy; a message (never a rejection) keeps the
   * box open with it (a refused token). `signal` aborts when the box closes meanwhile. */
  accept?: (value: string, signal: AbortSignal) => Promise<string | undefined>;
}

export interface OpenFileOptions {
  title: string;
  openLabel: string;
  filters?: Record<string, string[]>;
  defaultUri?: vscode.Uri;
}

export type MessageSeverity = 'info' | 'warning' | 'error';

/** Everything a flow asks of the user. Resolves `undefined` when the user dismissed the prompt. */
export interface Prompter {
  pick<T extends vscode.QuickPickItem>(frame: PromptFrame, options: PickOptions<T>): Promise<T | Back | undefined>;
  pickMany<T extends vscode.QuickPickItem>(frame: PromptFrame, options: PickManyOptions<T>): Promise<readonly T[] | Back | undefined>;
  input(frame: PromptFrame, options: InputOptions): Promise<string | Back | undefined>;
  openFile(options: OpenFileOptions): Promise<vscode.Uri | undefined>;
  /** A notification; resolves to the chosen action's label. */
  message(severity: MessageSeverity, text: string, ...actions: string[]): Promise<string | undefined>;
}

/** The editor's quick input, input box, open dialog and notifications. */
export class QuickInputPrompter implements Prompter {
  pick<T extends vscode.QuickPickItem>(frame: PromptFrame, options: PickOptions<T>): Promise<T | Back | undefined> {
    return this.showPick(frame, options, false).then((result) => (Array.isArray(result) ? result[0] : (result as T | Back | undefined)));
  }

  pickMany<T extends vscode.QuickPickItem>(frame: PromptFrame, options: PickManyOptions<T>): Promise<readonly T[] | Back | undefined> {
    return this.showPick(frame, options, true) as Promise<readonly T[] | Back | undefined>;
  }

  /**
   * A pick with a loader shows a busy pick, then a new one with the items: an Enter that the editor
   * took before it showed them reaches the busy pick, which ignores it. One pick for both would take
   * that Enter (and the editor's empty selection with it) as accepting items the user never saw.
   */
  private showPick<T extends vscode.QuickPickItem>(
    frame: PromptFrame,
    options: PickManyOptions<T>,
    many: boolean,
  ): Promise<T | readonly T[] | Back | undefined> {
    const aborter = new AbortController();
    return new Promise<T | readonly T[] | Back | undefined>((resolve, reject) => {
      let settled = false;
      let shown: { pick: vscode.QuickPick<T>; listeners: vscode.Disposable } | undefined;
      const originals = new Map<T, T>();
      const original = <I extends T | undefined>(item: I): I => (item === undefined ? item : ((originals.get(item) ?? item) as I));
      const finish = (settle: () => void): void => {
        if (!settled) {
          settled = true;
          settle();
          aborter.abort();
          shown?.listeners.dispose();
          shown?.pick.dispose();
        }
      };

      /** Shows a pick of `items` (undefined: busy while they load) in place of the one shown. */
      const show = (items: readonly T[] | undefined): vscode.QuickPick<T> => {
        const pick = vscode.window.createQuickPick<T>();
        applyFrame(pick, frame);
        pick.canSelectMany = many;
        pick.ignoreFocusOut = options.ignoreFocusOut ?? false;
        pick.matchOnDescription = options.matchOnDescription ?? false;
        pick.matchOnDetail = options.matchOnDetail ?? false;
        if (items) {
          // What the person sees: each item's texts with bidirectional controls marked; what the
          // flow gets back: its own item.
          const shownItems = items.map((item) => {
            const marked = markedItem(item);
            originals.set(marked, item);
            return marked;
          });
          const shownOf = (item: T): T => shownItems[items.indexOf(item)] ?? item;
          pick.items = shownItems;
          pick.placeholder = markBidi(items.length === 0 && options.emptyPlaceholder ? options.emptyPlaceholder : options.placeholder);
          if (many && options.isSelected) {
            pick.selectedItems = items.filter(options.isSelected).map(shownOf);
          }
          const active = options.isActive ? items.find(options.isActive) : undefined;
          if (active) {
            pick.activeItems = [shownOf(active)];
          }
        } else {
          pick.busy = true;
          pick.placeholder = markBidi(options.loadingPlaceholder ?? options.placeholder);
        }
        const listeners = vscode.Disposable.from(
          pick.onDidTriggerButton((button) => {
            if (button === vscode.QuickInputButtons.Back) {
              finish(() => resolve(BACK));
            }
          }),
          pick.onDidTriggerItemButton((event) => {
            if (options.acceptOnItemButton) {
              finish(() => resolve(original(event.item)));
            }
          }),
          pick.onDidAccept(() => {
            // Many: the checked items, none included. One: the chosen or highlighted item.
            const chosen = many ? pick.selectedItems.map(original) : original(pick.selectedItems[0] ?? pick.activeItems[0]);
            if (items && chosen) {
              finish(() => resolve(chosen));
            }
          }),
          pick.onDidHide(() => finish(() => resolve(undefined))),
        );
        const previous = shown;
        shown = { pick, listeners };
        if (previous) {
          // What was typed meanwhile stays; the busy pick's hiding is no cancel.
          pick.value = previous.pick.value;
          previous.listeners.dispose();
        }
        pick.show();
        previous?.pick.dispose();
        return pick;
      };

      if (typeof options.items !== 'function') {
        show(options.items);
        return;
      }
      const loading = show(undefined);
      const progress = (text: string): void => {
        if (!settled && shown?.pick === loading) {
          loading.placeholder = markBidi(text);
        }
      };
      options.items(aborter.signal, progress).then(
        (items) => {
          if (!settled) {
            show(items);
          }
        },
        (error: unknown) => finish(() => reject(error)),
      );
    });
  }

  input(frame: PromptFrame, options: InputOptions): Promise<string | Back | undefined> {
    const box = vscode.window.createInputBox();
    const disposables: vscode.Disposable[] = [box];
    applyFrame(box, frame);
    box.prompt = shownPlain(options.prompt);
    box.placeholder = markBidi(options.placeholder);
    box.value = options.value ?? '';
    box.password = options.password ?? false;
    box.ignoreFocusOut = options.ignoreFocusOut ?? true;
    const check = (value: string): string | undefined => options.validate?.(value);
    return new Promise<string | Back | undefined>((resolve) => {
      let settled = false;
      let checking: AbortController | undefined;
      const finish = (value: string | Back | undefined): void => {
        if (!settled) {
          settled = true;
          checking?.abort();
          resolve(value);
          disposables.forEach((d) => d.dispose());
        }
      };
      /** Runs `accept` with the box busy: a refusal shows in the box, which stays open. */
      const acceptChecked = async (value: string, accept: NonNullable<InputOptions['accept']>): Promise<void> => {
        const aborter = (checking = new AbortController());
        box.busy = true;
        box.enabled = false;
        const refusal = await accept(value, aborter.signal).finally(() => (checking = undefined));
        if (!settled && !aborter.signal.aborted) {
          box.busy = false;
          box.enabled = true;
          box.validationMessage = shownPlain(refusal);
          if (refusal === undefined) {
            finish(value);
          }
        }
      };
      disposables.push(
        box.onDidTriggerButton((button) => {
          if (button === vscode.QuickInputButtons.Back) {
            finish(BACK);
          }
        }),
        // Only complain while typing once something is typed: an empty box at first is no error.
        box.onDidChangeValue((value) => (box.validationMessage = value === '' ? undefined : shownPlain(check(value)))),
        box.onDidAccept(() => {
          if (checking) {
            return;
          }
          const value = box.value;
          const problem = check(value);
          box.validationMessage = shownPlain(problem);
          if (problem === undefined && options.accept) {
            void acceptChecked(value, options.accept);
          } else if (problem === undefined) {
            finish(value);
          }
        }),
        box.onDidHide(() => finish(undefined)),
      );
      box.show();
    });
  }

  async openFile(options: OpenFileOptions): Promise<vscode.Uri | undefined> {
    const uris = await vscode.window.showOpenDialog({
      title: options.title,
      openLabel: options.openLabel,
      filters: options.filters,
      defaultUri: options.defaultUri,
      canSelectFiles: true,
      canSelectFolders: false,
      canSelectMany: false,
    });
    return uris?.[0];
  }

  message(severity: MessageSeverity, text: string, ...actions: string[]): Promise<string | undefined> {
    return Promise.resolve(showMessage(severity, text, ...actions));
  }
}

/**
 * The prompter for a command run: the editor's quick input, unless the test harness runs and the
 * command's last argument is `{ prompter }` (extension-host tests script the installed extension's
 * commands that way). Outside the harness such an argument is ignored: another extension cannot
 * answer our confirmations.
 */
export function prompterFrom(args: readonly unknown[], context: Pick<vscode.ExtensionContext, 'extensionMode'>): Prompter {
  const candidate = scriptOf(args, context)?.prompter as Partial<Prompter> | undefined;
  if (candidate && typeof candidate.pick === 'function' && typeof candidate.input === 'function' && typeof candidate.message === 'function') {
    return candidate as Prompter;
  }
  return new QuickInputPrompter();
}

/** The item as a quick pick shows it: label, description and detail with bidirectional controls marked (the same item when none has one). */
function markedItem<T extends vscode.QuickPickItem>(item: T): T {
  const label = markBidi(item.label);
  const description = markBidi(item.description);
  const detail = markBidi(item.detail);
  return label === item.label && description === item.description && detail === item.detail ? item : { ...item, label, description, detail };
}

function applyFrame(input: vscode.QuickInput & { buttons: readonly vscode.QuickInputButton[] }, frame: PromptFrame): void {
  input.title = markBidi(frame.title);
  // A one-step flow shows no counter: "1/1" says nothing.
  const counted = frame.totalSteps > 1;
  input.step = counted ? frame.step : undefined;
  input.totalSteps = counted ? frame.totalSteps : undefined;
  input.buttons = frame.canGoBack ? [vscode.QuickInputButtons.Back] : [];
}

// Steps and the runner
class BackSignal {}
class CancelSignal {}

/** Given to a step: the prompts of its place in the flow, which go Back or cancel for it. */
export class StepUi {
  constructor(
    private readonly prompter: Prompter,
    readonly frame: PromptFrame,
  ) {}

  async pick<T extends vscode.QuickPickItem>(options: PickOptions<T>): Promise<T> {
    return settle(await this.prompter.pick(this.frame, options));
  }

  async pickMany<T extends vscode.QuickPickItem>(options: PickManyOptions<T>): Promise<readonly T[]> {
    return settle(await this.prompter.pickMany(this.frame, options));
  }

  async input(options: InputOptions): Promise<string> {
    return settle(await this.prompter.input(this.frame, options));
  }

  /** The open dialog has no Back button: undefined when it was dismissed. */
  openFile(options: OpenFileOptions): Promise<vscode.Uri | undefined> {
    return this.prompter.openFile(options);
  }

  message(severity: MessageSeverity, text: string, ...actions: string[]): Promise<string | undefined> {
    return this.prompter.message(severity, text, ...actions);
  }

  /** Returns to the previous step (from a step's own choice, e.g. a dismissed open dialog). */
  back(): never {
    throw new BackSignal();
  }

  /** Ends the flow as if the user had dismissed the prompt (e.g. after explaining why it cannot go on). */
  cancel(): never {
    throw new CancelSignal();
  }
}

function settle<T>(result: T | Back | undefined): T {
  if (result === BACK) {
    throw new BackSignal();
  }
  if (result === undefined) {
    throw new CancelSignal();
  }
  return result;
}

export interface Step<S> {
  /** Whether the step is asked given the answers so far (false when preset or not needed). */
  applies?(state: S): boolean;
  /** Asks, and writes the answer into state. */
  run(ui: StepUi, state: S): Promise<void>;
}

/**
 * Runs the steps that apply, in order, over `state`. Resolves true when every step was answered
 * and false when the user cancelled (the answers given so far stay in `state`). Errors other than
 * Back and cancel (a failed list request) are thrown, with the answers kept.
 */
export async function runSteps<S>(
  prompter: Prompter,
  title: string,
  steps: readonly Step<S>[],
  state: S,
): Promise<boolean> {
  const history: number[] = [];
  let index = 0;
  while (index < steps.length) {
    const applicable = steps.filter((step) => step.applies?.(state) ?? true);
    const step = steps[index];
    if (!applicable.includes(step)) {
      index++;
      continue;
    }
    // Counted when read: a step that learns what comes next (a pipeline's settable variables)
    // shows the new count once its items are loaded.
    const counted = () => steps.filter((s) => s.applies?.(state) ?? true);
    const frame: PromptFrame = {
      title,
      get step() {
        return counted().indexOf(step) + 1;
      },
      get totalSteps() {
        return counted().length;
      },
      canGoBack: history.length > 0,
    };
    try {
      await step.run(new StepUi(prompter, frame), state);
      history.push(index);
      index++;
    } catch (error) {
      if (error instanceof BackSignal) {
        // On the first step there is nowhere to go back to: ask it again.
        index = history.pop() ?? index;
      } else if (error instanceof CancelSignal) {
        return false;
      } else {
        throw error;
      }
    }
  }
  return true;
}
