// Select Workspace: lists GET /workspaces and saves the choice in the `workspace` setting (Global).
// The list loads under a cancellable progress notification, a few pages at most: past that the
// pick offers to type the workspace's domain instead of paging on. The list is the workspace's
// data's (src/workspace/): the first page the sign-in's token check read is not asked again.
import * as vscode from 'vscode';
import { CancelledError, type Workspace } from '../../api';
import { MAX_PICKER_PAGES, type BoundedList, type WorkspaceData } from '../../workspace/workspaceData';
import { describeError } from '../../ui/errorMessages';
import { withCancellableProgress } from '../../ui/progress';
import type { AuthSession } from '../../auth/session';
import { getWorkspace, saveSetting, Setting } from '../../settings';
import { QuickInputPrompter, runSteps, type Prompter, type Step } from '../../ui/multiStepInput';
import { showErrorMessage, showWarningMessage } from '../../ui/notify';

interface WorkspaceItem extends vscode.QuickPickItem {
  workspace?: Workspace;
  /** The last item of a cut list: type the domain instead. */
  typeInstead?: true;
}

const TITLE = () => vscode.l10n.t('Workspace Automation: Select Workspace');

/** Resolves true when a workspace was chosen (or `domain` was saved). */
export async function selectWorkspace(
  session: AuthSession,
  data: WorkspaceData,
  domain?: string,
  prompter: Prompter = new QuickInputPrompter(),
): Promise<boolean> {
  await session.ready();
  if (domain) {
    await saveSetting(Setting.Workspace, domain);
    await session.reload();
    return true;
  }
  if (!session.client) {
    void showWarningMessage(vscode.l10n.t('Sign in first, then select a workspace.'));
    return false;
  }
  let list: BoundedList<Workspace>;
  try {
    list = await withCancellableProgress(vscode.l10n.t('Loading your workspaces…'), (signal, progress) =>
      data.every(data.workspaces(), {
        maxPages: MAX_PICKER_PAGES,
        signal,
        onProgress: (loaded) => progress.report({ message: vscode.l10n.t('{0} so far', loaded) }),
      }),
    );
  } catch (e) {
    if (e instanceof CancelledError) {
      return false;
    }
    const retry = vscode.l10n.t('Retry');
    if ((await showErrorMessage(vscode.l10n.t('Could not list your workspaces: {0}', describeError(e)), retry)) === retry) {
      return selectWorkspace(session, data, undefined, prompter);
    }
    return false;
  }
  if (list.items.length === 0) {
    void showWarningMessage(vscode.l10n.t('This account belongs to no workspace.'));
    return false;
  }
  const current = getWorkspace();
  // The domain is the workspace's identifier in API paths (`/workspaces/acme/...`); the name is for people.
  const items: WorkspaceItem[] = list.items.map((w) => ({
    workspace: w,
    label: w.name || w.domain,
    description: w.domain,
    detail: w.domain === current ? vscode.l10n.t('Current workspace') : undefined,
  }));
  if (!list.complete) {
    items.push({
      typeInstead: true,
      label: `$(edit) ${vscode.l10n.t("Type the workspace's domain…")}`,
      detail: vscode.l10n.t('Only the first {0} are listed: there are more than a picker loads.', list.items.length),
      alwaysShow: true,
    });
  }
  const answers: { domain?: string; typeInstead?: boolean } = {};
  const steps: Step<typeof answers>[] = [
    {
      async run(ui, a) {
        const chosen = await ui.pick({
          placeholder: vscode.l10n.t('Choose the workspace to work with'),
          items,
          isActive: (i) => i.workspace?.domain === current,
          ignoreFocusOut: true,
        });
        a.typeInstead = chosen.typeInstead;
        a.domain = chosen.workspace?.domain;
      },
    },
    {
      applies: (a) => a.typeInstead === true,
      async run(ui, a) {
        const typed = await ui.input({
          prompt: vscode.l10n.t("The workspace's domain, as in its address (for example acme)"),
          validate: (v) => (/^[\w.-]+$/.test(v.trim()) ? undefined : vscode.l10n.t('Type the domain: letters, digits, dots, dashes and underscores.')),
        });
        a.domain = typed.trim();
      },
    },
  ];
  if (!(await runSteps(prompter, TITLE(), steps, answers)) || !answers.domain) {
    return false;
  }
  await saveSetting(Setting.Workspace, answers.domain);
  await session.reload();
  return true;
}
