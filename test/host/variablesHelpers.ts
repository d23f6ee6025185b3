// Shared by the extension-host tests of the Variables view and its commands: the installed
// extension's Variables provider, walking its tree, and the dialect the emulator speaks.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { labelOf } from './sessionHelpers';

/** A node of the installed extension's tree (its classes are not this bundle's: read fields). */
export type VNode = vscode.TreeItem & {
  contextValue?: string;
  htmlUrl?: string;
  variable?: { id: number; key: string; value: string; type: string; encrypted?: boolean };
  scope?: { kind: string };
  getChildren(): Promise<VNode[]> | VNode[];
};

export const vendor = process.env.WA_DIALECT === 'vendor';
/** The encrypted marker of this dialect's answers. */
export const MARKER = vendor ? '!encrypted ' : 'secure!';

export function variablesView(api: ExtensionApi): NonNullable<ExtensionApi['views']['variables']> {
  const view = api.views.variables;
  assert.ok(view, 'the Variables view is not created');
  return view;
}

/** The view's root nodes, in `mode`, following `project` (web-app by default). */
export async function roots(api: ExtensionApi, mode: 'workspace' | 'project', project = { name: 'web-app', displayName: 'Web App' }): Promise<VNode[]> {
  api.views.currentProject.set(project);
  api.views.setVariablesScope(mode);
  return (await variablesView(api).getChildren()) as VNode[];
}

export async function childrenOf(node: VNode): Promise<VNode[]> {
  return node.getChildren();
}

export async function child(node: VNode, label: string): Promise<VNode> {
  const kids = await childrenOf(node);
  const found = kids.find((n) => labelOf(n) === label);
  assert.ok(found, `no ${label} under ${labelOf(node)}: ${kids.map(labelOf).join(', ')}`);
  return found;
}

/** `label = description` of each row, e.g. `REGION = eu-west-1`. */
export function rows(nodes: VNode[]): string[] {
  return nodes.map((n) => `${labelOf(n)} = ${String(n.description ?? '')}`);
}

export async function tooltipOf(api: ExtensionApi, node: VNode): Promise<string> {
  const resolved = await variablesView(api).resolveTreeItem(node, node as never, new vscode.CancellationTokenSource().token);
  const tip = resolved?.tooltip;
  return typeof tip === 'string' ? tip : (tip?.value ?? '');
}

/** Markdown as read: backslash escapes removed. */
export function unescaped(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}
