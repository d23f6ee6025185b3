// The bench's statistics (test/bench/stats.ts): the figures that say whether a change's timings moved.
import * as assert from 'node:assert/strict';
import { median, rankSumZ } from '../../bench/stats';

describe('bench: statistics', () => {
  it('median: the middle value, or the mean of the two middle ones; the order given does not matter', () => {
    assert.equal(median([9, 1, 5]), 5);
    assert.equal(median([4, 1, 3, 2]), 2.5);
  });

  it('rank-sum z: 0 for samples that interleave evenly, the sign of the one that tends higher', () => {
    assert.equal(rankSumZ([1, 4], [2, 3]), 0);
    // Every value of a above every value of b, 8 each: U = 64, mean 32, sd √(8·8·17/12) ≈ 9.52.
    const apart = rankSumZ([11, 12, 13, 14, 15, 16, 17, 18], [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.ok(Math.abs(apart - 32 / Math.sqrt((64 * 17) / 12)) < 1e-9, String(apart));
    assert.ok(rankSumZ([1, 2, 3, 4, 5, 6, 7, 8], [11, 12, 13, 14, 15, 16, 17, 18]) < -3);
  });

  it('rank-sum z counts ties half: two equal samples are 0 apart', () => {
    assert.equal(rankSumZ([5, 5, 7], [5, 5, 7]), 0);
  });
});
