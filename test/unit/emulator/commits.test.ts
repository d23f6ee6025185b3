import * as assert from 'node:assert/strict';
import { ALL_STATUSES_COMMIT_INDEX, demoCommits, LARGE_PATCH_COMMIT_INDEX, LARGE_PATCH_LINES, startEmulator, WEB_APP_COMMIT_COUNT } from '../../emulator';
import { assertError, call, DATE } from './helpers';
import { useEmulator } from '../../harness/useEmulator';

const LIST = '/workspaces/acme/projects/web-app/repository/commits';
const SUMMARY_KEYS = ['author', 'author_date', 'commit_date', 'committer', 'html_url', 'message', 'revision', 'url'];

/** Checks a unified-diff patch: hunk headers match the lines that follow, and counts match. */
function checkPatch(patch: string, additions: number, deletions: number): void {
  const lines = patch.split('\n');
  let plus = 0;
  let minus = 0;
  let i = 0;
  while (i < lines.length) {
    const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(lines[i]);
    assert.ok(m, `hunk header expected at line ${i}: ${lines[i]}`);
    let oldLeft = Number(m[2] ?? 1);
    let newLeft = Number(m[4] ?? 1);
    i++;
    while (i < lines.length && !lines[i].startsWith('@@')) {
      const c = lines[i][0];
      if (c === '+') {
        newLeft--;
        plus++;
      } else if (c === '-') {
        oldLeft--;
        minus++;
      } else {
        assert.equal(c, ' ', `line ${i} of the patch`);
        oldLeft--;
        newLeft--;
      }
      i++;
    }
    assert.equal(oldLeft, 0, 'old line count of the hunk');
    assert.equal(newLeft, 0, 'new line count of the hunk');
  }
  assert.equal(plus, additions);
  assert.equal(minus, deletions);
}

describe('emulator: commits', () => {
  const emu = useEmulator({ resetEachTest: false });

  const all = demoCommits('web-app');

  async function listAll(query = ''): Promise<{ revision: string; commit_date: string }[]> {
    const out = [];
    for (let page = 1; ; page++) {
      const a = await call(emu.url, 'GET', `${LIST}?per_page=100&page=${page}${query}`);
      assert.equal(a.status, 200, a.text);
      out.push(...a.json.commits);
      if (a.json.commits.length < 100) {
        return out;
      }
    }
  }

  it('web-app has at least 45 commits over at least 30 days', () => {
    assert.ok(WEB_APP_COMMIT_COUNT >= 45);
    assert.equal(all.length, WEB_APP_COMMIT_COUNT);
    assert.ok(all[0].commitDate - all[all.length - 1].commitDate >= 30 * 86_400_000);
  });

  it('lists summary commits, 20 by default, newest first, in the envelope', async () => {
    const a = await call(emu.url, 'GET', LIST);
    assert.equal(a.status, 200);
    assert.equal(a.json.url, `${emu.url}${LIST}`);
    assert.equal(typeof a.json.html_url, 'string');
    assert.equal(a.json.commits.length, 20);
    for (const c of a.json.commits) {
      assert.deepEqual(Object.keys(c).sort(), SUMMARY_KEYS);
      assert.match(c.author_date, DATE);
      assert.match(c.commit_date, DATE);
      assert.match(c.revision, /^[0-9a-f]{40}$/);
      assert.equal(c.url, `${emu.url}${LIST}/${c.revision}`);
      assert.deepEqual(Object.keys(c.author).sort(), ['admin', 'avatar_url', 'email', 'html_url', 'id', 'name', 'url', 'workspace_owner']);
    }
    const dates = a.json.commits.map((c: { commit_date: string }) => Date.parse(c.commit_date));
    assert.deepEqual(dates, [...dates].sort((x, y) => y - x));
    assert.equal(a.json.commits[0].revision, all[0].revision);
  });

  it('pages through every commit exactly once', async () => {
    const seen = await listAll();
    assert.deepEqual(seen.map((c) => c.revision), all.map((c) => c.revision));
    const p3 = await call(emu.url, 'GET', `${LIST}?page=3&per_page=20`);
    assert.equal(p3.json.commits.length, WEB_APP_COMMIT_COUNT - 40);
    const past = await call(emu.url, 'GET', `${LIST}?page=4&per_page=20`);
    assert.deepEqual(past.json.commits, []);
  });

  it('since and until are inclusive bounds on commit_date', async () => {
    const newer = all[5];
    const older = all[15];
    const fmt = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
    const a = await listAll(`&since=${fmt(older.commitDate)}&until=${fmt(newer.commitDate)}`);
    assert.deepEqual(a.map((c) => c.revision), all.slice(5, 16).map((c) => c.revision));
    const b = await listAll(`&since=${fmt(older.commitDate + 1000)}&until=${fmt(newer.commitDate - 1000)}`);
    assert.deepEqual(b.map((c) => c.revision), all.slice(6, 15).map((c) => c.revision));
  });

  it('accepts +0000, +00:00 (also with an unencoded +) and other offsets', async () => {
    const target = all[10];
    const iso = new Date(target.commitDate).toISOString().slice(0, 19);
    for (const since of [`${iso}Z`, `${iso}%2B0000`, `${iso}%2B00:00`, `${iso}+00:00`]) {
      const a = await listAll(`&since=${since}`);
      assert.equal(a.length, 11, since);
    }
    // The same instant written two hours ahead.
    const ahead = new Date(target.commitDate + 2 * 3600_000).toISOString().slice(0, 19);
    assert.equal((await listAll(`&since=${ahead}%2B02:00`)).length, 11);
  });

  it('since after until gives an empty list', async () => {
    const a = await call(emu.url, 'GET', `${LIST}?since=2026-09-20T00:00:00Z&until=2026-09-10T00:00:00Z`);
    assert.deepEqual(a.json.commits, []);
  });

  for (const [query, message] of [
    ['since=yesterday', "Value of 'since' is invalid."],
    ['since=2026-09-01', "Value of 'since' is invalid."],
    ['since=2026-09-01T00:00:00', "Value of 'since' is invalid."],
    ['since=2026-13-01T00:00:00Z', "Value of 'since' is invalid."],
    ['since=2026-02-30T00:00:00Z', "Value of 'since' is invalid."],
    ['until=2026-09-01T25:00:00Z', "Value of 'until' is invalid."],
    ['until=1727740800', "Value of 'until' is invalid."],
    ['since=', "Value of 'since' cannot be empty."],
    ['until=', "Value of 'until' cannot be empty."],
    ['page=0', "Value of 'page' is invalid."],
    ['per_page=101', "Value of 'per_page' is invalid."],
    ['per_page=abc', "Value of 'per_page' is invalid."],
  ]) {
    it(`400 for ${query}`, async () => {
      assertError(await call(emu.url, 'GET', `${LIST}?${query}`), 400, message);
    });
  }

  it('answers the full commit with stats, files, content_url and parents', async () => {
    const summary = (await call(emu.url, 'GET', `${LIST}?per_page=3`)).json.commits[ALL_STATUSES_COMMIT_INDEX];
    const a = await call(emu.url, 'GET', `${LIST}/${summary.revision}`);
    assert.equal(a.status, 200);
    assert.deepEqual(Object.keys(a.json).sort(), [...SUMMARY_KEYS, 'content_url', 'files', 'parents', 'stats'].sort());
    for (const k of SUMMARY_KEYS) {
      assert.deepEqual(a.json[k], summary[k], k);
    }
    assert.equal(typeof a.json.content_url, 'string');
    assert.equal(a.json.parents.length, 1);
    assert.deepEqual(Object.keys(a.json.parents[0]).sort(), ['html_url', 'revision', 'url']);
    assert.equal(a.json.parents[0].revision, all[ALL_STATUSES_COMMIT_INDEX + 1].revision);
    let additions = 0;
    let deletions = 0;
    for (const f of a.json.files) {
      assert.deepEqual(Object.keys(f).sort(), ['additions', 'deletions', 'file_name', 'patch', 'status', 'total']);
      assert.equal(f.total, f.additions + f.deletions);
      checkPatch(f.patch, f.additions, f.deletions);
      additions += f.additions;
      deletions += f.deletions;
    }
    assert.deepEqual(a.json.stats, { additions, deletions, total: additions + deletions });
  });

  it('has a commit with one file of each status, with matching patches', async () => {
    const rev = all[ALL_STATUSES_COMMIT_INDEX].revision;
    const a = await call(emu.url, 'GET', `${LIST}/${rev}`);
    const byStatus = new Map<string, { patch: string; additions: number; deletions: number }>(a.json.files.map((f: { status: string }) => [f.status, f]));
    assert.deepEqual([...byStatus.keys()].sort(), ['ADDED', 'DELETED', 'MODIFIED', 'REPLACED']);
    assert.match(byStatus.get('ADDED')!.patch, /^@@ -0,0 \+1,\d+ @@/);
    assert.equal(byStatus.get('ADDED')!.deletions, 0);
    assert.match(byStatus.get('DELETED')!.patch, /^@@ -1,\d+ \+0,0 @@/);
    assert.equal(byStatus.get('DELETED')!.additions, 0);
    assert.ok(byStatus.get('REPLACED')!.additions > 0 && byStatus.get('REPLACED')!.deletions > 0);
    assert.match(byStatus.get('MODIFIED')!.patch, /\n [^\n]*\n/);
  });

  it('every file status appears across the history, every patch is consistent', async () => {
    const statuses = new Set<string>();
    for (const c of all) {
      for (const f of c.files) {
        statuses.add(f.status);
        checkPatch(f.patch, f.additions, f.deletions);
      }
    }
    assert.deepEqual([...statuses].sort(), ['ADDED', 'DELETED', 'MODIFIED', 'REPLACED']);
  });

  it('has a commit with a patch of about 2,000 lines', async () => {
    const a = await call(emu.url, 'GET', `${LIST}/${all[LARGE_PATCH_COMMIT_INDEX].revision}`);
    const lines = a.json.files[0].patch.split('\n').length;
    assert.ok(lines > LARGE_PATCH_LINES - 10 && lines < LARGE_PATCH_LINES + 10, String(lines));
    assert.equal(a.json.stats.additions, LARGE_PATCH_LINES);
  });

  it('the oldest commit has no parents', async () => {
    const a = await call(emu.url, 'GET', `${LIST}/${all[all.length - 1].revision}`);
    assert.deepEqual(a.json.parents, []);
  });

  it('other projects have commits; docs has none', async () => {
    for (const name of ['api-service', 'mobile-app']) {
      const a = await call(emu.url, 'GET', `/workspaces/acme/projects/${name}/repository/commits`);
      assert.ok(a.json.commits.length > 5, name);
      const one = await call(emu.url, 'GET', `/workspaces/acme/projects/${name}/repository/commits/${a.json.commits[0].revision}`);
      assert.equal(one.status, 200);
      assert.ok(one.json.files.length > 0);
    }
    assert.deepEqual((await call(emu.url, 'GET', '/workspaces/acme/projects/docs/repository/commits')).json.commits, []);
  });

  it('is the same on every start', async () => {
    const other = await startEmulator();
    try {
      const a = await call(emu.url, 'GET', LIST);
      const b = await call(other.url, 'GET', LIST);
      assert.deepEqual(a.json.commits.map((c: { revision: string; commit_date: string }) => [c.revision, c.commit_date]), b.json.commits.map((c: { revision: string; commit_date: string }) => [c.revision, c.commit_date]));
    } finally {
      await other.close();
    }
  });

  it('404s', async () => {
    assertError(await call(emu.url, 'GET', `${LIST}/0000000000000000000000000000000000000000`), 404, 'Commit not found.');
    assertError(await call(emu.url, 'GET', `${LIST}/not-a-revision`), 404, 'Commit not found.');
    assertError(await call(emu.url, 'GET', '/workspaces/acme/projects/nope/repository/commits'), 404, 'Project not found.');
    assertError(await call(emu.url, 'GET', `/workspaces/acme/projects/api-service/repository/commits/${all[0].revision}`), 404, 'Commit not found.');
  });
});

describe('emulator: scaled data for the benchmark', () => {
  const emu = useEmulator({ scale: { projects: 300, targets: 120, commits: 100_000 }, resetEachTest: false });

  it('adds projects and targets to acme', async () => {
    const p = await call(emu.url, 'GET', '/workspaces/acme/projects?per_page=100&page=3');
    assert.equal(p.json.projects.length, 100);
    const t = await call(emu.url, 'GET', '/workspaces/acme/targets?per_page=100&page=2');
    assert.equal(t.json.targets.length, 120 + 4 - 100);
  });

  it('big-repo has 100,000 commits, paged and filtered cheaply', async () => {
    const first = await call(emu.url, 'GET', '/workspaces/acme/projects/big-repo/repository/commits?per_page=100&page=1000');
    assert.equal(first.json.commits.length, 100);
    const past = await call(emu.url, 'GET', '/workspaces/acme/projects/big-repo/repository/commits?per_page=100&page=1001');
    assert.deepEqual(past.json.commits, []);
    const last = first.json.commits[99];
    const full = await call(emu.url, 'GET', `/workspaces/acme/projects/big-repo/repository/commits/${last.revision}`);
    assert.equal(full.status, 200);
    assert.deepEqual(full.json.parents, []);
    const since = first.json.commits[50].commit_date;
    const tail = await call(emu.url, 'GET', `/workspaces/acme/projects/big-repo/repository/commits?per_page=100&page=1000&since=${since}`);
    assert.equal(tail.json.commits.length, 51);
  });
});
