// Filter Commits by Date…: two steps (since, then until), each a day as YYYY-MM-DD or empty for an
// open end, checked as the user types; Back returns to "since" with the answers kept.
import * as vscode from 'vscode';
import type { FeatureContext } from '../../services';
import type { CommitFilter } from './commitFilter';
import type { CommitsProvider } from './provider';
import { QuickInputPrompter, runSteps, type Prompter, type Step } from '../../ui/multiStepInput';
import { normaliseFilter, validateDay, validateRange } from './commitFilter';
import { Command } from '../../commandIds';
import { showErrorMessage, showInformationMessage } from '../../ui/notify';

interface FilterAnswers {
  since: string;
  until: string;
}

export function filterSteps(): Step<FilterAnswers>[] {
  return [
    {
      async run(ui, state) {
        state.since = (
          await ui.input({
            prompt: vscode.l10n.t('Show commits since this day (YYYY-MM-DD, UTC, inclusive); leave empty for no start'),
            placeholder: vscode.l10n.t('YYYY-MM-DD, or empty'),
            value: state.since,
            validate: validateDay,
          })
        ).trim();
      },
    },
    {
      async run(ui, state) {
        state.until = (
          await ui.input({
            prompt: state.since
              ? vscode.l10n.t('Show commits until this day (YYYY-MM-DD, UTC, inclusive, not before {0}); leave empty for no end', state.since)
              : vscode.l10n.t('Show commits until this day (YYYY-MM-DD, UTC, inclusive); leave empty for no end'),
            placeholder: vscode.l10n.t('YYYY-MM-DD, or empty'),
            value: state.until,
            validate: (value) => validateDay(value) ?? validateRange(state.since, value.trim()),
          })
        ).trim();
      },
    },
  ];
}

/**
 * Asks since and until; resolves the new filter (undefined for none) or null when cancelled.
 * Exported with a Prompter parameter so tests can script the answers.
 */
export async function askCommitFilter(prompter: Prompter, current: CommitFilter | undefined): Promise<CommitFilter | undefined | null> {
  const answers: FilterAnswers = { since: current?.since ?? '', until: current?.until ?? '' };
  const done = await runSteps(prompter, vscode.l10n.t('Filter Commits by Date'), filterSteps(), answers);
  return done ? normaliseFilter(answers) : null;
}

export function register(ctx: Pick<FeatureContext, 'selection'>, view: Pick<CommitsProvider, 'filter' | 'setFilter'>): vscode.Disposable[] {
  return [
    // An argument `{since?, until?}` sets the filter without asking (tests, keybindings).
    vscode.commands.registerCommand(Command.FilterCommits, async (preset?: unknown) => {
      let filter: CommitFilter | undefined | null;
      if (isFilterArgument(preset)) {
        const problem =
          validateDay(preset.since ?? '') ?? validateDay(preset.until ?? '') ?? validateRange(preset.since, preset.until);
        if (problem) {
          void showErrorMessage(problem);
          return;
        }
        filter = normaliseFilter(preset);
      } else {
        filter = await askCommitFilter(new QuickInputPrompter(), view.filter);
      }
      if (filter !== null) {
        view.setFilter(filter);
        if (!ctx.selection.project.currentProject) {
          void showInformationMessage(vscode.l10n.t('Select a project in the Projects view to see its commits.'));
        }
      }
    }),
  ];
}

function isFilterArgument(value: unknown): value is CommitFilter {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  const v = value as Record<string, unknown>;
  return ('since' in v || 'until' in v) && ['since', 'until'].every((k) => v[k] === undefined || typeof v[k] === 'string');
}
