// Select Workspace: lists GET /workspaces and saves the choice in the `workspace` setting (Global).
import * as vscode from 'vscode';
import type { Workspace } from '../api';
import { describeError } from '../ui/errorMessages';
import type { AuthSession } from './session';
import { getWorkspace, saveSetting, Setting } from './settings';
import { pickOne } from './quickInput';

interface WorkspaceItem extends vscode.QuickPickItem {
  workspace: Workspace;
}

/** Resolves true when a workspace was chosen (or `domain` was saved). */
export async function selectWorkspace(session: AuthSession, domain?: string): Promise<boolean> {
  await session.ready();
  if (domain) {
    await saveSetting(Setting.Workspace, domain);
    await session.reload();
    return true;
  }
  const client = session.client;
  if (!client) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Sign in first, then select a workspace.'));
    return false;
  }
  let workspaces: Workspace[];
  try {
    workspaces = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Loading your workspaces…') },
      () => loadAll(client),
    );
  } catch (e) {
    const retry = vscode.l10n.t('Retry');
    if ((await vscode.window.showErrorMessage(vscode.l10n.t('Could not list your workspaces: {0}', describeError(e)), retry)) === retry) {
      return selectWorkspace(session);
    }
    return false;
  }
  if (workspaces.length === 0) {
    void vscode.window.showWarningMessage(vscode.l10n.t('This account belongs to no workspace.'));
    return false;
  }
  const current = getWorkspace();
  // The domain is the workspace's identifier in API paths (`/workspaces/acme/...`); the name is for people.
  const items: WorkspaceItem[] = workspaces.map((w) => ({
    workspace: w,
    label: w.name || w.domain,
    description: w.domain,
    detail: w.domain === current ? vscode.l10n.t('Current workspace') : undefined,
  }));
  const chosen = await pickOne({
    title: vscode.l10n.t('Workspace Automation: Select Workspace'),
    step: 1,
    totalSteps: 1,
    placeholder: vscode.l10n.t('Choose the workspace to work with'),
    items,
    active: items.find((i) => i.workspace.domain === current),
    canGoBack: false,
  });
  if (!chosen || chosen === 'back') {
    return false;
  }
  await saveSetting(Setting.Workspace, chosen.workspace.domain);
  await session.reload();
  return true;
}

async function loadAll(client: NonNullable<AuthSession['client']>): Promise<Workspace[]> {
  const all: Workspace[] = [];
  for await (const page of client.pages((q) => client.listWorkspaces(q), 100)) {
    all.push(...page);
  }
  return all;
}
