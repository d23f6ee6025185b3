// Select Workspace: lists GET /workspaces and saves the choice in the `workspace` setting (Global).
import * as vscode from 'vscode';
import type { Workspace } from '../api';
import { describeError } from '../views/nodes/errorNode';
import type { AuthSession } from './session';
import { getWorkspace, saveSetting, Setting } from './settings';
import { pickOne } from './quickInput';

interface WorkspaceItem extends vscode.QuickPickItem {
  workspace: Workspace;
}

/** Resolves true when a workspace was chosen (or `name` was saved). */
export async function selectWorkspace(session: AuthSession, name?: string): Promise<boolean> {
  await session.ready();
  if (name) {
    await saveSetting(Setting.Workspace, name);
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
  const items: WorkspaceItem[] = workspaces.map((w) => ({
    workspace: w,
    label: w.name,
    description: w.domain && w.domain !== w.name ? w.domain : undefined,
    detail: w.name === current ? vscode.l10n.t('Current workspace') : undefined,
  }));
  const chosen = await pickOne({
    title: vscode.l10n.t('Workspace Automation: Select Workspace'),
    step: 1,
    totalSteps: 1,
    placeholder: vscode.l10n.t('Choose the workspace to work with'),
    items,
    active: items.find((i) => i.workspace.name === current),
    canGoBack: false,
  });
  if (!chosen || chosen === 'back') {
    return false;
  }
  await saveSetting(Setting.Workspace, chosen.workspace.name);
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
