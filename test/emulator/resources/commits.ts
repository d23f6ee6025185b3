// Repository commits: the list (summary objects, newest first, since/until, paging) and one commit.
import type { CommitSource } from '../commit-gen';
import { nonMemberAuthor, nonMemberCommitter } from '../demo-vendor';
import { writeDate } from '../dialect';
import { notFound, ok, Paging, paging, parseDateParam, queryValue } from '../http';
import { Ctx, route, SCOPES } from '../router';
import type { Project } from '../store';
import { envelope, memberObject, projectOf, projectUrls, workspaceOf } from './common';

function commitUrls(ctx: Ctx, p: Project, revision: string): { url: string; html_url: string } {
  const urls = projectUrls(ctx, p.workspace, p.name);
  return { url: `${urls.url}/repository/commits/${revision}`, html_url: `${urls.html_url}/repository/commit/${revision}` };
}

/** The commit's author or committer: a member object, or in the vendor dialect sometimes a non-member's `{name, email}`. */
function person(ctx: Ctx, p: Project, memberId: number, outsider: { name: string; email: string } | undefined): Record<string, unknown> {
  return ctx.dialect === 'vendor' && outsider ? { ...outsider } : memberObject(ctx, p.workspace, memberId);
}

/** One commit of a list, `index` its place in the project's history (newest first). */
function commitSummary(ctx: Ctx, p: Project, index: number): Record<string, unknown> {
  const c = p.history.at(index);
  return {
    ...commitUrls(ctx, p, c.revision),
    revision: c.revision,
    // The vendor writes fractions of a second: nine digits on one date, three on the other.
    author_date: writeDate(c.authorDate, ctx.dialect, `${c.revision}:author`, 9),
    commit_date: writeDate(c.commitDate, ctx.dialect, `${c.revision}:commit`, 3),
    message: c.message,
    author: person(ctx, p, c.authorId, nonMemberAuthor(index)),
    committer: person(ctx, p, c.committerId, nonMemberCommitter(index)),
  };
}

function fullCommit(ctx: Ctx, p: Project, index: number): Record<string, unknown> {
  const c = p.history.at(index);
  const files = c.files.map((f) => ({ file_name: f.file_name, status: f.status, additions: f.additions, deletions: f.deletions, total: f.additions + f.deletions, patch: f.patch }));
  const additions = files.reduce((n, f) => n + f.additions, 0);
  const deletions = files.reduce((n, f) => n + f.deletions, 0);
  const parents = index + 1 < p.history.length ? [p.history.at(index + 1).revision] : [];
  const summary = commitSummary(ctx, p, index);
  const stats = { additions, deletions, total: additions + deletions };
  if (ctx.dialect === 'vendor') {
    // The vendor's full commit: no content_url, no parents, a short revision.
    return { ...summary, short_revision: c.revision.slice(0, 7), stats, files };
  }
  return {
    ...summary,
    stats,
    files,
    content_url: `${projectUrls(ctx, p.workspace, p.name).url}/repository/contents?revision=${c.revision}`,
    parents: parents.map((rev) => ({ ...commitUrls(ctx, p, rev), revision: rev })),
  };
}

/** First index whose commit date is <= limit (dates are non-increasing with the index). */
function firstAtOrBefore(h: CommitSource, limit: number): number {
  let lo = 0;
  let hi = h.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (h.at(mid).commitDate <= limit) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

/** Indexes of one page of the commits with since <= commit_date <= until. */
function pageIndexes(h: CommitSource, since: number | undefined, until: number | undefined, page: Paging): number[] {
  const from = until === undefined ? 0 : firstAtOrBefore(h, until);
  const to = since === undefined ? h.length : firstAtOrBefore(h, since - 1);
  const start = from + (page.page - 1) * page.perPage;
  const end = Math.min(to, start + page.perPage);
  return Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
}

const COMMITS = '/workspaces/:workspace/projects/:project_name/repository/commits';

export const commitRoutes = [
  route('GET', COMMITS, SCOPES.repositoryRead, (ctx) => {
    const ws = workspaceOf(ctx);
    const project = projectOf(ctx, ws.domain, ctx.params.project_name);
    const page = paging(ctx.query);
    const sinceRaw = queryValue(ctx.query, 'since');
    const untilRaw = queryValue(ctx.query, 'until');
    const fractions = ctx.dialect === 'vendor';
    const since = sinceRaw === undefined ? undefined : parseDateParam('since', sinceRaw, fractions);
    const until = untilRaw === undefined ? undefined : parseDateParam('until', untilRaw, fractions);
    const items = pageIndexes(project.history, since, until, page).map((i) => commitSummary(ctx, project, i));
    const urls = projectUrls(ctx, ws.domain, project.name);
    return ok(envelope(`${urls.url}/repository/commits`, `${urls.html_url}/repository/commits`, 'commits', items));
  }),
  route('GET', `${COMMITS}/:revision`, SCOPES.repositoryRead, (ctx) => {
    const ws = workspaceOf(ctx);
    const project = projectOf(ctx, ws.domain, ctx.params.project_name);
    const index = project.history.indexOf(ctx.params.revision);
    if (index < 0) {
      throw notFound('Commit');
    }
    return ok(fullCommit(ctx, project, index));
  }),
];
