// A log's styled ranges packed by style (src/features/runs/logs/styledRanges.ts): handed out by the
// lines asked across block boundaries, in a fraction of what three numbers a range took, columns
// past 16 bits kept at the bound; only the styles with ranges there, at most MAX_LOG_STYLES of them;
// a paint touches only the styles in view and those it painted last.
import * as assert from 'node:assert/strict';
import { PLAIN, styleKey, type AnsiStyle } from '../../../src/features/runs/logs/ansi';
import { BLOCK, MAX_COLUMN, MAX_LOG_STYLES, PaintedStyles, RangeStore } from '../../../src/features/runs/logs/styledRanges';

const green: AnsiStyle = { ...PLAIN, fg: 2 };
const dim: AnsiStyle = { ...PLAIN, dim: true };

describe('runs: a log’s styled ranges', () => {
  it('hands out the ranges of the lines asked, on both sides of a block boundary, every style that has some there', () => {
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
    assert.deepEqual([...store.in(lines, lines + 10)], [], 'past the end: no style');
    assert.deepEqual([...store.in(0, 1)].map((s) => s.ranges.length), [1, 1]);
    assert.deepEqual([...store.in(1, 2)].map((s) => s.style), [green], 'a style without a range there is left out');
    assert.deepEqual([...store.in(5, 5)], [], 'an empty span has none');
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

/** 24-bit colour number i. */
const rgb = (i: number): AnsiStyle => ({ ...PLAIN, fg: `#${i.toString(16).padStart(6, '0')}` });

describe('runs: a log’s styles, bounded, and painted where they are', () => {
  it('keeps the ranges of the first MAX_LOG_STYLES styles only (20,000 distinct colours: the rest plain)', () => {
    const store = new RangeStore();
    for (let i = 0; i < 20_000; i++) {
      store.add(rgb(i), i, 0, 5);
    }
    assert.equal(MAX_LOG_STYLES, 256);
    assert.equal(store.styleCount, MAX_LOG_STYLES);
    assert.equal(store.count, MAX_LOG_STYLES, 'no range kept for a style past the bound');
    const all = [...store.in(0, 20_000)];
    assert.equal(all.length, MAX_LOG_STYLES);
    assert.deepEqual(all.at(-1), { style: rgb(MAX_LOG_STYLES - 1), ranges: [[MAX_LOG_STYLES - 1, 0, 5]] });
    store.add(rgb(3), 30_000, 1, 2);
    assert.deepEqual([...store.in(30_000, 30_001)], [{ style: rgb(3), ranges: [[30_000, 1, 2]] }], 'a style kept takes more ranges');
  });

  it('a paint touches only the styles with ranges in view, then clears those it painted that left the view', () => {
    const store = new RangeStore();
    // 200 styles, each on its own 100 lines: a view of 10 lines sees one or two.
    for (let i = 0; i < 200; i++) {
      for (let line = i * 100; line < (i + 1) * 100; line++) {
        store.add(rgb(i), line, 0, 3);
      }
    }
    const painted = new PaintedStyles();
    const touched = (from: number, to: number) => painted.next(store.in(from, to)).map((s) => [styleKey(s.style), s.ranges.length]);
    assert.deepEqual(touched(195, 205), [
      [styleKey(rgb(1)), 5],
      [styleKey(rgb(2)), 5],
    ]);
    assert.deepEqual(
      touched(250, 260),
      [
        [styleKey(rgb(2)), 10],
        [styleKey(rgb(1)), 0],
      ],
      'the style that left the view is cleared, no other touched',
    );
    assert.deepEqual(touched(250, 260), [[styleKey(rgb(2)), 10]], 'a style cleared once is not touched again');
    assert.deepEqual(touched(20_000, 20_010), [[styleKey(rgb(2)), 0]]);
    assert.deepEqual(touched(20_000, 20_010), []);
  });
});
