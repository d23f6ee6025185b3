// A log's styled ranges packed by style (src/features/runs/styledRanges.ts): handed out by the
// lines asked across block boundaries, in a fraction of what three numbers a range took, columns
// past 16 bits kept at the bound.
import * as assert from 'node:assert/strict';
import { PLAIN, type AnsiStyle } from '../../../src/features/runs/ansi';
import { BLOCK, MAX_COLUMN, RangeStore } from '../../../src/features/runs/styledRanges';

const green: AnsiStyle = { ...PLAIN, fg: 2 };
const dim: AnsiStyle = { ...PLAIN, dim: true };

describe('runs: a log’s styled ranges', () => {
  it('hands out the ranges of the lines asked, on both sides of a block boundary, every style', () => {
    const store = new RangeStore();
    const lines = 3 * BLOCK + 5;
    for (let line = 0; line < lines; line++) {
      store.add(green, line, line % 7, (line % 7) + 3);
      if (line % 2 === 0) {
        store.add(dim, line, 20, 30);
      }
    }
    assert.equal(store.count, lines + Math.ceil(lines / 2));
    const around = [...store.in(BLOCK - 2, BLOCK + 2)].map((s) => [s.style, s.ranges]);
    assert.deepEqual(around, [
      [green, [BLOCK - 2, BLOCK - 1, BLOCK, BLOCK + 1].map((l) => [l, l % 7, (l % 7) + 3])],
      [dim, [[BLOCK - 2, 20, 30], [BLOCK, 20, 30]]],
    ]);
    assert.deepEqual([...store.in(lines - 1, lines + 100)].map((s) => s.ranges), [[[lines - 1, (lines - 1) % 7, ((lines - 1) % 7) + 3]], [[lines - 1, 20, 30]]]);
    assert.deepEqual([...store.in(lines, lines + 10)].map((s) => s.ranges), [[], []], 'past the end: every style, with none');
    assert.deepEqual([...store.in(0, 1)].map((s) => s.ranges.length), [1, 1]);
    assert.deepEqual([...store.in(5, 5)].map((s) => s.ranges.length), [0, 0], 'an empty span has none');
  });

  it('a range on a line before `from` is left out, one on `from` is in (the search finds the first)', () => {
    const store = new RangeStore();
    for (const line of [1, 1, 4, 4, 4, 9]) {
      store.add(green, line, 0, 1);
    }
    assert.deepEqual([...store.in(2, 9)][0].ranges, [[4, 0, 1], [4, 0, 1], [4, 0, 1]]);
    assert.deepEqual([...store.in(4, 10)][0].ranges.map((r) => r[0]), [4, 4, 4, 9]);
    assert.deepEqual([...store.in(0, 2)][0].ranges.map((r) => r[0]), [1, 1]);
  });

  it('takes 8 bytes a range: 200,000 ranges (a 100,000-line log) in about 1.6 MB, a short log in little', () => {
    const store = new RangeStore();
    for (let line = 0; line < 100_000; line++) {
      store.add(green, line, 0, 1);
      store.add(dim, line, 2, 3);
    }
    assert.ok(store.bytes <= 200_000 * 8 + 2 * BLOCK * 8, `bytes: ${store.bytes}`);
    assert.ok(store.bytes >= 200_000 * 8, `bytes: ${store.bytes}`);
    const short = new RangeStore();
    short.add(green, 0, 0, 1);
    assert.ok(short.bytes <= 16 * 8, `a one-range store: ${short.bytes} bytes`);
    for (let i = 1; i < 40; i++) {
      short.add(green, i, 0, 1);
    }
    assert.equal(short.bytes, 64 * 8, 'the first block doubles as it fills (16, 32, 64 ranges)');
    assert.deepEqual([...short.in(0, 40)][0].ranges.map((r) => r[0]), Array.from({ length: 40 }, (_, i) => i), 'nothing lost in the copies');
    const crossing = new RangeStore();
    for (let i = 0; i <= BLOCK; i++) {
      crossing.add(green, i, 0, 1);
    }
    assert.equal(crossing.bytes, 2 * BLOCK * 8, 'a later block comes whole at once (never copied)');
  });

  it('keeps columns up to 16 bits, and a larger one as the bound', () => {
    const store = new RangeStore();
    store.add(green, 0, 40_000, 65_535);
    store.add(green, 1, 70_000, 100_000);
    assert.deepEqual([...store.in(0, 2)][0].ranges, [
      [0, 40_000, 65_535],
      [1, MAX_COLUMN, MAX_COLUMN],
    ]);
  });
});
