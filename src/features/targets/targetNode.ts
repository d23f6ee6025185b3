// A deployment target: name, `host:port/path` and type, an icon by type. Its children (allowed
// pipelines) and the auth/permissions part of its tooltip need the full target: fetched once, on
// the first expand or hover, and kept in the workspace's data until Refresh or until a command puts
// a changed one there (then the row shows that one). A MATCH item (a filter of targets, without an
// id) is shown as it is and never opened.
import * as vscode from 'vscode';
import {
  allowsAllPipelines,
  canOpenTarget,
  isEncryptedValue,
  itemProblems,
  pipelinesAccessLevel,
  targetName,
  type Target,
  type TargetSummary,
} from '../../api';
import { AllowedPipelineNode, AllPipelinesAllowedNode } from './allowedPipelineNode';
import { targetAddress, targetIcon } from './targetFacts';
import { BadItemNode } from '../../tree/badItemNode';
import { ContextValue, HAS_URL } from '../../tree/contextValues';
import { ErrorNode } from '../../tree/errorNode';
import type { ListContext } from '../../tree/listContext';
import type { DataWatcher } from '../../tree/pagedList';
import { MessageNode } from '../../tree/messageNode';
import { TreeNode } from '../../tree/treeNode';
import { escapeMarkdown, inlineCode } from '../../ui/markdown';
import { DataKey } from '../../workspace/workspaceData';

/** Fields every target kind may carry that the tooltip already shows (or must never show). */
const KNOWN_FIELDS = new Set([
  'url',
  'html_url',
  'id',
  'identifier',
  'name',
  'type',
  'host',
  'port',
  'path',
  'tags',
  'permissions',
  'auth',
  'all_pipelines_allowed',
  'pipelines_access_level',
  'allowed_pipelines',
  'scope',
]);

export class TargetNode extends TreeNode implements DataWatcher {
  private summary: TargetSummary;

  constructor(
    target: TargetSummary,
    private readonly ctx: ListContext,
  ) {
    super(targetName(target), canOpenTarget(target) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    this.summary = target;
    this.id = canOpenTarget(target) ? `target:${target.id}` : `target:${String(target.type)}:${String(target.identifier)}`;
    if (canOpenTarget(target)) {
      ctx.watch(DataKey.target(target.id), this);
    }
    this.render();
  }

  get target(): TargetSummary {
    return this.summary;
  }

  /** The full target when it was already fetched or given (no request). */
  get loadedTarget(): Promise<Target> | undefined {
    const known = canOpenTarget(this.summary) ? this.ctx.data.knownTarget(this.summary.id) : undefined;
    return known ? Promise.resolve(known) : undefined;
  }

  /** A command changed this target (its answer is in the data: shown as it is, no request), or it was forgotten. */
  dataChanged(): void {
    const known = canOpenTarget(this.summary) ? this.ctx.data.knownTarget(this.summary.id) : undefined;
    if (known) {
      this.update(known);
    }
    this.ctx.changed(this);
  }

  /** Replaces this target's data (e.g. with allow-pipeline's answer); no request. */
  update(target: Target): void {
    this.summary = target;
    this.tooltip = undefined;
    this.render();
  }

  /** The full target: one request the first time, then from the workspace's data until Refresh (a failure is not kept). */
  details(): Promise<Target> {
    const summary = this.summary;
    if (!canOpenTarget(summary)) {
      return Promise.reject(new Error(vscode.l10n.t('Target {0} has no id: it cannot be opened.', targetName(summary))));
    }
    return this.ctx.data.target(summary.id);
  }

  override async getChildren(): Promise<TreeNode[]> {
    const id = this.summary.id;
    if (!canOpenTarget(this.summary) || !id) {
      return [];
    }
    let target: Target;
    try {
      target = await this.details();
    } catch (error) {
      return [this.adopt(new ErrorNode(error, () => this.ctx.changed(this)))];
    }
    if (allowsAllPipelines(target) === true) {
      return [this.adopt(new AllPipelinesAllowedNode(id))];
    }
    const pipelines = Array.isArray(target.allowed_pipelines) ? target.allowed_pipelines : [];
    // An allowed pipeline without an id cannot be told apart: an error row names it.
    const bad = itemProblems(pipelines).map((p) => this.adopt(new BadItemNode(p)));
    if (pipelines.length === 0 && bad.length === 0) {
      return [this.adopt(new MessageNode(vscode.l10n.t('No pipelines allowed'), 'circle-slash'))];
    }
    return [...pipelines.map((p) => this.adopt(new AllowedPipelineNode(id, p))), ...bad];
  }

  override async resolveTooltip(): Promise<vscode.MarkdownString> {
    let full: Target | undefined;
    if (canOpenTarget(this.summary)) {
      try {
        full = await this.details();
      } catch {
        // The summary still makes a useful tooltip.
      }
    }
    return targetTooltip(this.summary, full);
  }

  private render(): void {
    const t = this.summary;
    this.label = targetName(t);
    const scope = !canOpenTarget(t) && t.scope ? vscode.l10n.t('scope {0}', String(t.scope)) : undefined;
    this.description = [targetAddress(t), t.type ? String(t.type) : undefined, scope].filter(Boolean).join(' · ');
    this.iconPath = new vscode.ThemeIcon(canOpenTarget(t) ? targetIcon(t.type) : 'filter');
    this.htmlUrl = t.html_url || undefined;
    // A filter (no id) offers no action on it; "unknown" (a reduced item) is treated as restricted.
    const facet = !canOpenTarget(t) ? '.filter' : allowsAllPipelines(t) === true ? '.allowsAll' : '.restricted';
    this.contextValue = ContextValue.Target + facet + (this.htmlUrl ? HAS_URL : '');
  }

  private adopt(node: TreeNode): TreeNode {
    node.parent = this;
    return node;
  }
}

/** The tooltip: identifier, type, address, tags; with the full target also auth and permissions. Never the password. */
export function targetTooltip(summary: TargetSummary, full: Target | undefined): vscode.MarkdownString {
  // A reduced list item (the vendor's) has no name or tags: the full target, once read, says them.
  const t: TargetSummary = full ? { ...summary, ...full } : summary;
  const md = new vscode.MarkdownString();
  const line = (label: string, value: string): void => {
    md.appendMarkdown(`${escapeMd(label)}: ${value}\n\n`);
  };
  md.appendMarkdown(`**${escapeMd(targetName(t))}**\n\n`);
  line(vscode.l10n.t('Identifier'), code(t.identifier ?? vscode.l10n.t('none')));
  if (!canOpenTarget(t)) {
    line(vscode.l10n.t('Scope'), escapeMd(String(t.scope ?? vscode.l10n.t('unknown'))));
    md.appendMarkdown(escapeMd(vscode.l10n.t('A filter of targets (no id): it cannot be opened or changed here.')));
    return md;
  }
  line(vscode.l10n.t('Type'), escapeMd(String(t.type ?? vscode.l10n.t('unknown'))));
  const address = targetAddress(t);
  if (address) {
    line(vscode.l10n.t('Address'), code(address));
  }
  const tags = Array.isArray(t.tags) ? t.tags : [];
  line(vscode.l10n.t('Tags'), tags.length ? tags.map(code).join(' ') : escapeMd(vscode.l10n.t('none')));
  if (full) {
    const auth = full.auth;
    if (auth) {
      const method = escapeMd(String(auth.method ?? vscode.l10n.t('unknown')));
      line(
        vscode.l10n.t('Authentication'),
        auth.username ? vscode.l10n.t('{0} as {1}', method, code(String(auth.username))) : method,
      );
    }
    const permissions = full.permissions;
    if (permissions) {
      const users = Array.isArray(permissions.users) ? permissions.users : [];
      const others = escapeMd(String(permissions.others ?? '?'));
      line(
        vscode.l10n.t('Permissions'),
        users.length
          ? vscode.l10n.t('others {0}; {1}', others, users.map((u) => escapeMd(`${vscode.l10n.t('user {0}', String(u.id))} ${u.access_level}`)).join(', '))
          : vscode.l10n.t('others {0}', others),
      );
    }
    for (const [key, value] of Object.entries(full)) {
      if (!KNOWN_FIELDS.has(key) && isShowable(key, value)) {
        line(key, code(String(value)));
      }
    }
  }
  line(vscode.l10n.t('Pipelines'), escapeMd(pipelinesText(full ?? t)));
  return md;
}

/** Whom the target admits in words; the access level of the newer model is shown as it is. */
function pipelinesText(t: TargetSummary): string {
  const all = allowsAllPipelines(t);
  const level = pipelinesAccessLevel(t);
  const text =
    all === true
      ? vscode.l10n.t('all allowed')
      : all === false
        ? vscode.l10n.t('only those listed under it')
        : vscode.l10n.t('not said in the list: expand the target');
  return level ? `${text} (${vscode.l10n.t('pipelines access {0}', level)})` : text;
}

/** Extra fields of unknown target types: plain scalars only, nothing that looks secret. */
function isShowable(key: string, value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    return false;
  }
  if (/pass|secret|token|key|credential|private/i.test(key)) {
    return false;
  }
  return !(isEncryptedValue(value) || (typeof value === 'string' && value.includes('PRIVATE KEY')));
}

function code(text: string | null | undefined): string {
  return inlineCode(text ?? '');
}

function escapeMd(text: string): string {
  return escapeMarkdown(text);
}
