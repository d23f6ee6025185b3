// One variable in the Variables view: key, a codicon per type, and after it the shortened value of
// a plain VAR, "encrypted" for an encrypted one (never the marker text), the fingerprint of an SSH
// key or the path of a file. The tooltip (escaped Markdown) adds the description, the settable
// flags and the file placement. contextValue facets drive the menus: `.editable` or `.readOnly`,
// `.plain` (Copy Value), `.hasUrl` (Open in Browser).
import * as vscode from 'vscode';
import type { Variable } from '../../api';
import { codeBlock, escapeMarkdown, inlineCode } from '../../ui/markdown';
import { ContextValue, HAS_URL } from '../../tree/contextValues';
import { TreeNode } from '../../tree/treeNode';
import type { VariableScopeRef } from '../../workspace/variableScope';
import { isEditableType, isEncryptedVariable, isFileType, isPlainVar, rowValue, sshFingerprint, typeIcon } from './variableFacts';

/** The longest plain value a tooltip shows. */
const TOOLTIP_VALUE_CHARS = 500;

export class VariableNode extends TreeNode {
  constructor(
    readonly variable: Variable,
    readonly scope: VariableScopeRef,
    idPrefix: string,
    collapsible = vscode.TreeItemCollapsibleState.None,
  ) {
    super(variable.key, collapsible);
    this.id = `${idPrefix}:var:${variable.id}`;
    const type = String(variable.type);
    this.iconPath = new vscode.ThemeIcon(typeIcon(type));
    this.description = rowDescription(variable);
    this.htmlUrl = typeof variable.html_url === 'string' && variable.html_url ? variable.html_url : undefined;
    this.contextValue =
      ContextValue.Variable +
      (isEditableType(type) ? '.editable' : '.readOnly') +
      (isPlainVar(variable) ? '.plain' : '') +
      (this.htmlUrl ? HAS_URL : '');
    this.accessibilityInformation = {
      label: vscode.l10n.t('Variable {0}, {1}, {2}', variable.key, type, this.description || vscode.l10n.t('no value shown')),
    };
  }

  override resolveTooltip(): vscode.MarkdownString {
    return variableTooltip(this.variable, this.scope);
  }
}

/** The text after the key: value, "encrypted", fingerprint or file path; unknown types name their type. */
export function rowDescription(v: Variable): string {
  const shown = rowValue(v);
  const type = String(v.type);
  const known = type === 'VAR' || isEditableType(type) || /^(GPG_KEY|IOS_KEYCHAIN|IOS_PROVISION_PROFILES)$/.test(type);
  let text: string;
  switch (shown.kind) {
    case 'value':
      text = shown.text;
      break;
    case 'empty':
      text = vscode.l10n.t('(empty)');
      break;
    case 'encrypted':
      text = vscode.l10n.t('encrypted');
      break;
    case 'fingerprint':
      text = shown.fingerprint;
      break;
    case 'file':
      text = shown.encrypted ? vscode.l10n.t('{0} · encrypted', shown.path) : shown.path;
      break;
    default:
      text = '';
  }
  return known ? text : [type, text].filter(Boolean).join(' · ');
}

/** In words, for tooltips and messages: "workspace acme", "project Web App", "pipeline Deploy (Web App)"… */
export function describeVariableScope(scope: VariableScopeRef): string {
  switch (scope.kind) {
    case 'workspace':
      return vscode.l10n.t('workspace {0}', scope.workspace);
    case 'project':
      return vscode.l10n.t('project {0}', scope.project.displayName);
    case 'pipeline':
      return vscode.l10n.t('pipeline {0} of project {1}', scope.pipeline.name, scope.project.displayName);
    case 'action':
      return vscode.l10n.t('action {0} of pipeline {1} (project {2})', scope.action.name, scope.pipeline.name, scope.project.displayName);
  }
}

/** The scope's kind alone, for short texts ("from pipeline", "shadows workspace"). */
export function scopeKindName(kind: VariableScopeRef['kind']): string {
  switch (kind) {
    case 'workspace':
      return vscode.l10n.t('workspace');
    case 'project':
      return vscode.l10n.t('project');
    case 'pipeline':
      return vscode.l10n.t('pipeline');
    case 'action':
      return vscode.l10n.t('action');
  }
}

/** Key, type, scope, value (plain only), description, flags, file placement, fingerprint. */
export function variableTooltip(v: Variable, scope: VariableScopeRef, extra?: (md: vscode.MarkdownString) => void): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  const line = (label: string, value: string): void => {
    md.appendMarkdown(`${escapeMarkdown(label)}: ${value}\n\n`);
  };
  const type = String(v.type);
  md.appendMarkdown(`**${escapeMarkdown(v.key)}** (${inlineCode(type)})\n\n`);
  line(vscode.l10n.t('Scope'), escapeMarkdown(describeVariableScope(scope)));
  if (isPlainVar(v)) {
    const cut = v.value.length > TOOLTIP_VALUE_CHARS;
    const shown = cut ? `${v.value.slice(0, TOOLTIP_VALUE_CHARS)}…` : v.value;
    if (shown.includes('\n')) {
      md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Value'))}:\n`);
      md.appendMarkdown(codeBlock(shown));
      md.appendMarkdown('\n');
    } else {
      line(vscode.l10n.t('Value'), shown === '' ? escapeMarkdown(vscode.l10n.t('(empty)')) : inlineCode(shown));
    }
  } else if (isEncryptedVariable(v)) {
    line(
      vscode.l10n.t('Value'),
      escapeMarkdown(vscode.l10n.t('encrypted: the service never gives it back, and the extension never shows it. Change replaces it.')),
    );
  }
  if (typeof v.description === 'string' && v.description.trim() !== '') {
    line(vscode.l10n.t('Description'), escapeMarkdown(v.description));
  }
  if (typeof v.settable === 'boolean') {
    line(vscode.l10n.t('Settable'), escapeMarkdown(v.settable ? vscode.l10n.t('yes: runs may change the value') : vscode.l10n.t('no')));
  }
  if (typeof v.run_only_settable === 'boolean') {
    line(
      vscode.l10n.t('Settable when a run starts'),
      escapeMarkdown(v.run_only_settable ? vscode.l10n.t('yes: a run may be started with another value') : vscode.l10n.t('no')),
    );
  }
  if (isFileType(type) || v.file_path) {
    if (v.file_path) {
      line(vscode.l10n.t('File path'), inlineCode(v.file_path));
    }
    if (v.file_chmod) {
      line(vscode.l10n.t('File mode'), inlineCode(v.file_chmod));
    }
    if (v.file_place) {
      line(vscode.l10n.t('Placed in'), escapeMarkdown(String(v.file_place)));
    }
  }
  const fingerprint = sshFingerprint(v);
  if (fingerprint) {
    line(vscode.l10n.t('Fingerprint (MD5)'), inlineCode(fingerprint));
  }
  if (typeof v.public_value === 'string' && v.public_value) {
    line(vscode.l10n.t('Public key'), inlineCode(v.public_value.length > 80 ? `${v.public_value.slice(0, 79)}…` : v.public_value));
  }
  if (!isEditableType(type)) {
    md.appendMarkdown(
      escapeMarkdown(vscode.l10n.t('The extension cannot change {0} variables: change them in the web application. You can copy the key or delete the variable here.', type)) + '\n\n',
    );
  }
  extra?.(md);
  return md;
}
