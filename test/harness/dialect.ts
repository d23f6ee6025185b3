// The dialect a real-editor run talks to (WA_DIALECT, as the runners pass it to the editor, its
// extension host and the UI tests) and what the demo data looks like through it, for assertions
// that hold in both: the projects and targets listed, how a target is labelled, the encrypted
// marker, what the vendor leaves out (rate-limit reset, a full commit's parents). Derived from the
// emulator's demo data, never typed twice. No vscode, no browser.
import { demoCommits, PROJECTS, TARGETS, USERS, type DemoProject, type DemoTarget } from '../emulator/demo-data';
import { nonMemberAuthor, VENDOR_MATCH_TARGETS, VENDOR_PROJECTS, VENDOR_TARGETS, type MatchTarget } from '../emulator/demo-vendor';
import { missingScopeMessage, parseDialect, type Dialect } from '../emulator/dialect';

export type { Dialect };

/** The run's dialect: `WA_DIALECT=vendor npm run test:suite` (or test:e2e); unset: `default`. */
export const dialect: Dialect = parseDialect(process.env.WA_DIALECT, 'WA_DIALECT');

export const isVendor = dialect === 'vendor';

/** "(default dialect)" / "(vendor dialect)": for test titles that differ by dialect. */
export const dialectTag = `(${dialect} dialect)`;

/** The projects of `workspace`, in the order the API lists them (the vendor's extra ones last). */
export function demoProjects(workspace = 'acme'): DemoProject[] {
  return [...PROJECTS, ...(isVendor ? VENDOR_PROJECTS : [])].filter((p) => p.workspace === workspace);
}

/** A project's label in the views and pickers: its display name, else its name. */
export function projectLabel(p: Pick<DemoProject, 'name' | 'display_name'>): string {
  return p.display_name ?? p.name;
}

/** The targets of `workspace` that have an id, in the order the API lists them. */
export function demoTargets(workspace = 'acme'): DemoTarget[] {
  return [...TARGETS, ...(isVendor ? VENDOR_TARGETS : [])].filter((t) => t.workspace === workspace);
}

/** The MATCH items (filters of targets, no id) the vendor lists after the targets; none in the default dialect. */
export function demoMatchTargets(workspace = 'acme'): MatchTarget[] {
  return isVendor ? VENDOR_MATCH_TARGETS.filter((m) => m.workspace === workspace) : [];
}

function targetById(id: string): DemoTarget {
  const target = demoTargets().find((t) => t.id === id);
  if (!target) {
    throw new Error(`no demo target ${id} in the ${dialect} dialect`);
  }
  return target;
}

/**
 * A target's label where the extension shows a list item (Targets view, the target picker): the
 * vendor's list items carry no name, so the identifier; else the name (identifier when null).
 */
export function listedTargetLabel(idOrTarget: string | DemoTarget): string {
  const t = typeof idOrTarget === 'string' ? targetById(idOrTarget) : idOrTarget;
  return isVendor ? t.identifier : (t.name ?? t.identifier);
}

/** A target's label where the extension has the full target (messages after a GET or an allow): name → identifier. */
export function fullTargetLabel(idOrTarget: string | DemoTarget): string {
  const t = typeof idOrTarget === 'string' ? targetById(idOrTarget) : idOrTarget;
  return t.name ?? t.identifier;
}

/** The labels of the Targets view's rows for `workspace`: the targets, then the MATCH items (named by identifier). */
export function listedTargetRows(workspace = 'acme'): string[] {
  return [...demoTargets(workspace).map((t) => listedTargetLabel(t)), ...demoMatchTargets(workspace).map((m) => m.identifier)];
}

/** Whether pipeline `pipelineId` may use the target (the demo data's allow list). */
export function demoTargetAdmits(t: DemoTarget, pipelineId: number): boolean {
  return t.all_pipelines_allowed || t.allowedPipelineIds.includes(pipelineId);
}

/** The ids of the targets pipeline `pipelineId` may not use, in list order. */
export function targetsClosedTo(pipelineId: number, workspace = 'acme'): string[] {
  return demoTargets(workspace)
    .filter((t) => !demoTargetAdmits(t, pipelineId))
    .map((t) => t.id);
}

/** How the API marks an encrypted value: `secure!…` (default) or `!encrypted …` (vendor). */
export const ENCRYPTED_PREFIX = isVendor ? '!encrypted ' : 'secure!';

/** The 403 message of a token without `scope`, in the server's words (the vendor names no scope). */
export function missingScopeAnswer(scope: string): string {
  return missingScopeMessage(scope, dialect);
}

/** The vendor sends X-Rate-Limit-Limit and -Remaining only: no reset time. */
export const sendsRateLimitReset = !isVendor;

/**
 * Who authored the commit at `index` (newest first) of a demo project as the API answers it: a
 * member, or in the vendor dialect every fourth from index 3 someone outside the workspace
 * (`{name, email}` only). `member` says which.
 */
export function demoCommitAuthor(project: string, index: number): { name: string; email: string; member: boolean } {
  const outsider = isVendor ? nonMemberAuthor(index) : undefined;
  if (outsider) {
    return { name: outsider.name, email: outsider.email, member: false };
  }
  const commit = demoCommits(project)[index];
  const user = Object.values(USERS).find((u) => u.id === commit.authorId);
  if (!user) {
    throw new Error(`no demo user ${commit.authorId}`);
  }
  return { name: user.name, email: user.email, member: true };
}

/** The vendor's full commit has no `parents` (nor `content_url`). */
export const fullCommitHasParents = !isVendor;

/** How the extension quotes a missing-scope 403 in its messages: the scope the server named, or the vendor's words as they are. */
export function quotedMissingScope(scope: string): string {
  return isVendor ? missingScopeAnswer(scope) : `the token has no scope ${scope}`;
}
