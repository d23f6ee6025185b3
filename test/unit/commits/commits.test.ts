// The Commits view's vscode-free helpers: the relative date of a row, the date filter's bounds and
// words (English: @vscode/l10n without a bundle, as in the editor's English).
import * as assert from 'node:assert/strict';
import { relativeTime } from '../../../src/features/commits/commitDates';
import { commitNodeId } from '../../../src/features/commits/commitRef';
import { describeFilter, filterBounds, normaliseFilter, parseDay, validateDay, validateRange } from '../../../src/features/commits/commitFilter';

describe('commits: relative dates', () => {
  const now = Date.parse('2026-10-10T12:00:00Z');

  it('writes the largest whole unit, in the language given', () => {
    assert.equal(relativeTime(new Date(now - 3 * 86_400_000), 'en', now), '3 days ago');
    assert.equal(relativeTime(new Date(now - 5 * 3_600_000), 'en', now), '5 hours ago');
    assert.equal(relativeTime(new Date(now - 86_400_000), 'en', now), 'yesterday');
    assert.equal(relativeTime(new Date(now - 3 * 86_400_000), 'de', now), 'vor 3 Tagen');
  });

  it('takes each unit from a year down to a minute, "now" below a minute, and the future too', () => {
    const ago = (seconds: number) => relativeTime(new Date(now - seconds * 1000), 'en', now);
    assert.equal(ago(2 * 365 * 86_400), '2 years ago');
    assert.equal(ago(3 * 30 * 86_400), '3 months ago');
    assert.equal(ago(2 * 7 * 86_400), '2 weeks ago');
    assert.equal(ago(5 * 60), '5 minutes ago');
    assert.equal(ago(59), 'now');
    assert.equal(relativeTime(new Date(now + 2 * 3_600_000), 'en', now), 'in 2 hours');
  });

  it('moves to the larger unit at its exact size, and rounds down within it', () => {
    const ago = (seconds: number) => relativeTime(new Date(now - seconds * 1000), 'en', now);
    assert.equal(ago(60), '1 minute ago');
    assert.equal(ago(3_600), '1 hour ago');
    assert.equal(ago(3_599), '59 minutes ago');
    assert.equal(ago(365 * 86_400), 'last year');
    assert.equal(ago(365 * 86_400 - 1), '12 months ago');
  });

  it('falls back to English for a missing or malformed language', () => {
    assert.equal(relativeTime(new Date(now - 86_400_000), undefined, now), 'yesterday');
    assert.equal(relativeTime(new Date(now - 86_400_000), 'en_US', now), 'yesterday');
  });
});

describe('commits: the date filter', () => {
  it('sends since at 00:00:00 UTC and until at 23:59:59 UTC of their days', () => {
    assert.deepEqual(filterBounds({ since: '2026-09-12', until: '2026-09-15' }), {
      since: new Date('2026-09-12T00:00:00Z'),
      until: new Date('2026-09-15T23:59:59Z'),
    });
    assert.deepEqual(filterBounds(undefined), { since: undefined, until: undefined });
    assert.deepEqual(filterBounds({ since: '2026-09-12' }), { since: new Date('2026-09-12T00:00:00Z'), until: undefined });
    assert.deepEqual(filterBounds({ since: 'soon', until: '2026-09-15' }), { since: undefined, until: new Date('2026-09-15T23:59:59Z') });
  });

  it('reads a day in UTC, spaces around it allowed, from 1970 on, and only days that exist', () => {
    assert.deepEqual(parseDay(' 2026-09-12 '), new Date('2026-09-12T00:00:00Z'));
    assert.deepEqual(parseDay('1970-01-01'), new Date(0));
    assert.deepEqual(parseDay('2028-02-29'), new Date('2028-02-29T00:00:00Z'));
    for (const bad of ['1969-12-31', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-05', '12.09.2026', '']) {
      assert.equal(parseDay(bad), undefined, bad);
    }
  });

  it('refuses days that are not real YYYY-MM-DD days, and until before since', () => {
    assert.match(String(validateDay('2026-02-30')), /YYYY-MM-DD/);
    assert.equal(validateDay(''), undefined);
    assert.equal(validateDay('2026-02-28'), undefined);
    assert.equal(validateDay('   '), undefined);
    assert.match(String(validateDay('next week')), /YYYY-MM-DD/);
    assert.equal(validateRange(undefined, '2026-09-12'), undefined);
    assert.equal(validateRange('2026-09-15', 'soon'), undefined);
    assert.match(String(validateRange('2026-09-15', '2026-09-12')), /on or after "since" \(2026-09-15\)/);
    assert.equal(validateRange('2026-09-12', '2026-09-12'), undefined);
  });

  it('describes and normalises the filter', () => {
    assert.equal(describeFilter({ since: '2026-09-12', until: '2026-09-12' }), 'on 2026-09-12');
    assert.equal(describeFilter({ since: '2026-09-12', until: '2026-09-15' }), '2026-09-12 to 2026-09-15');
    assert.equal(describeFilter({ since: '2026-09-12' }), 'since 2026-09-12');
    assert.equal(describeFilter({ until: '2026-09-15' }), 'until 2026-09-15');
    assert.equal(normaliseFilter({ since: ' ', until: '' }), undefined);
    assert.deepEqual(normaliseFilter({ since: ' 2026-09-12 ' }), { since: '2026-09-12', until: undefined });
    assert.deepEqual(normaliseFilter({ until: ' 2026-09-15 ' }), { since: undefined, until: '2026-09-15' });
    assert.equal(normaliseFilter(undefined), undefined);
  });
});

describe('commits: a commit row\'s id', () => {
  it('names the workspace, project and revision, so a revision in another project is another row', () => {
    assert.equal(commitNodeId({ workspace: 'acme', project: 'web-app', revision: 'abc123' }), 'commit:acme/web-app/abc123');
    assert.notEqual(commitNodeId({ workspace: 'acme', project: 'api', revision: 'abc123' }), commitNodeId({ workspace: 'acme', project: 'web-app', revision: 'abc123' }));
  });
});
