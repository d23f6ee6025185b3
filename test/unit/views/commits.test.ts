// The Commits view's vscode-free helpers: the relative date of a row, the date filter's bounds and
// words (English: @vscode/l10n without a bundle, as in the editor's English).
import * as assert from 'node:assert/strict';
import { relativeTime } from '../../../src/views/commits/commitDates';
import { describeFilter, filterBounds, normaliseFilter, validateDay, validateRange } from '../../../src/views/commits/commitFilter';

describe('commits: relative dates', () => {
  const now = Date.parse('2026-10-10T12:00:00Z');

  it('writes the largest whole unit, in the language given', () => {
    assert.equal(relativeTime(new Date(now - 3 * 86_400_000), 'en', now), '3 days ago');
    assert.equal(relativeTime(new Date(now - 5 * 3_600_000), 'en', now), '5 hours ago');
    assert.equal(relativeTime(new Date(now - 86_400_000), 'en', now), 'yesterday');
    assert.equal(relativeTime(new Date(now - 3 * 86_400_000), 'de', now), 'vor 3 Tagen');
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
  });

  it('refuses days that are not real YYYY-MM-DD days, and until before since', () => {
    assert.match(String(validateDay('2026-02-30')), /YYYY-MM-DD/);
    assert.equal(validateDay(''), undefined);
    assert.equal(validateDay('2026-02-28'), undefined);
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
  });
});
