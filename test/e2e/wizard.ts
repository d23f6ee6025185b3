// Drives a multi-step quick input (a wizard) from a table of steps, with the Workbench's own
// methods: one row per step as a person meets it, what the step shows, then how it is answered.
//
//   await runWizard(wb, [
//     { at: [1, 6], pick: 'Workspace' },
//     { at: [2, 6], type: '9LIVES', refused: /do not start with a digit/, enter: true },
//     { at: [2, 6], submit: 'NODE_ENV' },
//     { placeholder: /Check the secrets/, check: async () => assert.deepEqual(await pickLabels(wb), []), enter: true },
//   ], { title: 'Create Variable' });
//
// The wizard is started by the test (a command, a context menu, a view action), and what follows
// the last step (the input closing, a notification) stays in the test too.
import { openFileInDialog, waitFocused, waitQuickInputLoaded, waitStep, waitValue } from './writeHelpers';
import type { TextMatch, Workbench } from './workbench';

export interface WizardStep {
  // What the step shows, waited for in this order (none: the row acts on the input as it is).
  /** The step counter in the title bar ("2/6"), with the wizard's title (runWizard's `title`). */
  at?: [step: number, total: number];
  /** The quick input's title. */
  title?: TextMatch;
  /** The quick input's placeholder. */
  placeholder?: TextMatch;
  /** The text under the input (an input box's prompt). */
  message?: TextMatch;
  /** The text box shows this (a kept or proposed answer). */
  value?: string;
  /** This quick-pick item is the highlighted one (a kept answer). */
  focused?: string;
  /** Checks on the step as shown (assertions, a screenshot), before it is answered. */
  check?: () => Promise<unknown> | unknown;

  // How it is answered, in this order.
  /** Typed without Enter (then `refused`, `submit`, `enter` or `back`). */
  type?: string;
  /** The validation message the typed text gets. */
  refused?: TextMatch;
  /** The quick-pick item chosen (in a multi-select pick: toggled). */
  pick?: TextMatch;
  /** The file accepted in the open dialog the step opened (after `pick`). */
  file?: string;
  /** Typed, then Enter. */
  submit?: string;
  /** Enter, once the step's list is loaded: accepts what the step shows (the proposed value, the highlighted or checked items). */
  enter?: true;
  /** The Back button. */
  back?: true;
}

/** Runs the steps one after another; `title` is the wizard's title, for the rows' `at` counters. */
export async function runWizard(wb: Workbench, steps: readonly WizardStep[], opts: { title?: string } = {}): Promise<void> {
  for (const s of steps) {
    if (s.at) {
      if (opts.title === undefined) {
        throw new Error('runWizard: a step counter (at) needs the wizard title');
      }
      await waitStep(wb, opts.title, ...s.at);
    }
    if (s.title !== undefined || s.placeholder !== undefined) {
      await wb.waitQuickInput({ title: s.title, placeholder: s.placeholder });
    }
    if (s.message !== undefined) {
      await wb.waitQuickInputMessage(s.message);
    }
    if (s.value !== undefined) {
      await waitValue(wb, s.value);
    }
    if (s.focused !== undefined) {
      await waitFocused(wb, s.focused);
    }
    await s.check?.();
    if (s.type !== undefined) {
      await wb.type(s.type);
    }
    if (s.refused !== undefined) {
      await wb.waitQuickInputMessage(s.refused);
    }
    if (s.pick !== undefined) {
      await wb.pick(s.pick);
    }
    if (s.file !== undefined) {
      await openFileInDialog(wb, s.file);
    }
    if (s.submit !== undefined) {
      await wb.submit(s.submit);
    }
    if (s.enter) {
      // A step's title shows while its list loads; an Enter before the list shows answers nothing.
      await waitQuickInputLoaded(wb);
      await wb.enter();
    }
    if (s.back) {
      await wb.back();
    }
  }
}
