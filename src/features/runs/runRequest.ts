// What Run Pipeline… sends, from its answers: the branch, tag or revision, the comment, refresh and
// clear cache, and the settable variables the user changed. Also which refs it proposes (the
// pipeline's own branch, the folder's checkout) and which variables it offers (the settable ones,
// with their effective values; an encrypted value is never offered back). Pure: no editor.
import * as l10n from '@vscode/l10n';
import { isEncryptedValue, type RunRequest, type RunVariable, type Variable } from '../../api';
import { effectiveVariables, type ScopedVariables } from '../../workspace/effectiveVariables';
import type { ScopeKind } from '../../workspace/variableScope';
import type { GitHead } from './gitHead';

export type RefKind = 'branch' | 'tag' | 'revision';

/** The branch, tag or revision a run is started for. */
export interface RunRef {
  readonly kind: RefKind;
  readonly name: string;
}

/** A proposed ref and where it comes from. */
export interface RefProposal {
  readonly ref: RunRef;
  readonly source: 'pipeline' | 'folder';
}

/** A settable variable as the run would receive it. */
export interface SettableVariable {
  readonly key: string;
  /** The effective value; undefined for an encrypted one (never shown, never sent back). */
  readonly value: string | undefined;
  readonly encrypted: boolean;
  readonly description: string | undefined;
  readonly scope: ScopeKind;
}

/** The branch a pipeline's refs name (`refs/heads/main` or `main`); none for a pattern (`refs/heads/*`) or a tag. */
export function pipelineBranch(refs: readonly string[]): string | undefined {
  for (const ref of refs) {
    const name = typeof ref === 'string' ? ref.trim() : '';
    if (name === '' || /[*?[]/.test(name) || name.startsWith('refs/tags/')) {
      continue;
    }
    return name.startsWith('refs/heads/') ? name.slice('refs/heads/'.length) : name;
  }
  return undefined;
}

/**
 * The refs to propose, the preferred first: the folder's checkout when the folder is the project's
 * repository (`folderHead`), then the pipeline's own branch. Never the same ref twice.
 */
export function refProposals(pipelineRefs: readonly string[], folderHead: GitHead | undefined): RefProposal[] {
  const proposals: RefProposal[] = [];
  if (folderHead?.branch !== undefined) {
    proposals.push({ ref: { kind: 'branch', name: folderHead.branch }, source: 'folder' });
  } else if (folderHead?.sha !== undefined) {
    proposals.push({ ref: { kind: 'revision', name: folderHead.sha }, source: 'folder' });
  }
  const own = pipelineBranch(pipelineRefs);
  if (own !== undefined && !proposals.some((p) => p.ref.kind === 'branch' && p.ref.name === own)) {
    proposals.push({ ref: { kind: 'branch', name: own }, source: 'pipeline' });
  }
  return proposals;
}

/** Why a typed ref cannot be sent, or undefined when it can. */
export function refProblem(kind: RefKind, text: string): string | undefined {
  const name = text.trim();
  if (name === '') {
    return kind === 'revision' ? l10n.t('Type a revision.') : kind === 'tag' ? l10n.t('Type a tag.') : l10n.t('Type a branch.');
  }
  if (kind === 'revision' && !/^[0-9a-fA-F]{4,64}$/.test(name)) {
    return l10n.t('A revision is 4 to 64 hexadecimal digits.');
  }
  if (name.length > 255 || /[\p{Cc}\s]/u.test(name)) {
    return l10n.t('A branch or tag name has no spaces and at most 255 characters.');
  }
  return undefined;
}

/**
 * The settable variables a run of the pipeline receives, from each scope's list (workspace,
 * project, pipeline: broadest first), by key. A variable is offered when the value that wins is
 * settable; an encrypted one (flag or `secure!` / `!encrypted ` value) without its value.
 */
export function settableVariables(chain: readonly ScopedVariables[]): SettableVariable[] {
  return effectiveVariables(chain)
    .filter((e) => e.variable.settable === true || e.shadows.some((s) => s.variable.settable === true && e.variable.settable !== false))
    .map(({ key, scope, variable }) => {
      const encrypted = isSecret(variable);
      return {
        key,
        value: encrypted ? undefined : typeof variable.value === 'string' ? variable.value : '',
        encrypted,
        description: typeof variable.description === 'string' && variable.description !== '' ? variable.description : undefined,
        scope,
      };
    });
}

function isSecret(variable: Pick<Variable, 'encrypted' | 'value'>): boolean {
  return variable.encrypted === true || isEncryptedValue(variable.value);
}

export interface RunAnswers {
  readonly ref?: RunRef;
  readonly comment?: string;
  readonly refresh?: boolean;
  readonly clearCache?: boolean;
  readonly variables?: readonly SettableVariable[];
  /** Values the user typed, by key. */
  readonly typed?: ReadonlyMap<string, string>;
}

/** The variables to send: each typed value that differs from the effective one (an encrypted one whenever typed). */
export function changedVariables(variables: readonly SettableVariable[], typed: ReadonlyMap<string, string>): RunVariable[] {
  const sent: RunVariable[] = [];
  for (const v of variables) {
    const value = typed.get(v.key);
    if (value === undefined || (!v.encrypted && value === v.value) || (v.encrypted && value === '')) {
      continue;
    }
    sent.push(v.encrypted ? { key: v.key, value, encrypted: true } : { key: v.key, value });
  }
  return sent;
}

/** The body of the POST, from the answers. */
export function runRequestOf(a: RunAnswers): RunRequest {
  const request: RunRequest = {};
  if (a.ref?.kind === 'branch') {
    request.branch = a.ref.name;
  } else if (a.ref?.kind === 'tag') {
    request.tag = a.ref.name;
  } else if (a.ref?.kind === 'revision') {
    request.revision = a.ref.name;
  }
  const comment = a.comment?.trim();
  if (comment) {
    request.comment = comment;
  }
  if (a.refresh) {
    request.refresh = true;
  }
  if (a.clearCache) {
    request.clear_cache = true;
  }
  const variables = changedVariables(a.variables ?? [], a.typed ?? new Map());
  if (variables.length > 0) {
    request.variables = variables;
  }
  return request;
}
