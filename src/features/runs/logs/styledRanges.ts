// A log's styled ranges, by style, packed: each range is two 32-bit numbers (its line; its start
// and end, 16 bits each) in blocks of BLOCK ranges. A 100,000-line log has some 200,000 ranges:
// 1.6 MB, and growing copies one block at most (a doubled array would copy all and keep up to
// half of it unused). The painter asks for the ranges of the lines in view, and is handed only the
// styles that have some there. A log keeps at most MAX_LOG_STYLES styles: its text is written by
// whoever's code the pipeline runs, and a 4 MiB page can hold some 200,000 distinct 24-bit colours.
import { styleKey, type AnsiStyle } from './ansi';

/** Ranges per block; the first block grows to it by doubling (a short log keeps small blocks). */
export const BLOCK = 8192;
/** The first block's first size, in ranges. */
const FIRST_BLOCK = 16;
/** A column past this is kept as this (lines are cut at 10,000 characters: logModel.ts). */
export const MAX_COLUMN = 0xffff;
/** Styles a log keeps ranges of, the first met; text in any other shows plain. */
export const MAX_LOG_STYLES = 256;

export interface StyledRanges {
  readonly style: AnsiStyle;
  /** [line, start, end], in line order. */
  readonly ranges: [number, number, number][];
}

/** One style's ranges, in the order added (their lines never decrease). */
class StyleRanges {
  private readonly blocks: Uint32Array[] = [];
  count = 0;

  constructor(readonly style: AnsiStyle) {}

  add(line: number, start: number, end: number): void {
    const block = Math.floor(this.count / BLOCK);
    const at = 2 * (this.count % BLOCK);
    if (block === this.blocks.length) {
      this.blocks.push(new Uint32Array(2 * (block === 0 ? FIRST_BLOCK : BLOCK)));
    } else if (at === this.blocks[block].length) {
      const grown = new Uint32Array(2 * at);
      grown.set(this.blocks[block]);
      this.blocks[block] = grown;
    }
    const data = this.blocks[block];
    data[at] = line;
    data[at + 1] = (Math.min(start, MAX_COLUMN) << 16) | Math.min(end, MAX_COLUMN);
    this.count++;
  }

  /** The ranges on lines [from, to). */
  in(from: number, to: number): [number, number, number][] {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.lineOf(mid) < from) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    const ranges: [number, number, number][] = [];
    for (let i = low; i < this.count && this.lineOf(i) < to; i++) {
      const columns = this.blocks[Math.floor(i / BLOCK)][2 * (i % BLOCK) + 1];
      ranges.push([this.lineOf(i), columns >>> 16, columns & MAX_COLUMN]);
    }
    return ranges;
  }

  /** Bytes held (the tests). */
  get bytes(): number {
    return this.blocks.reduce((sum, b) => sum + b.byteLength, 0);
  }

  private lineOf(i: number): number {
    return this.blocks[Math.floor(i / BLOCK)][2 * (i % BLOCK)];
  }
}

export class RangeStore {
  private readonly byStyle = new Map<string, StyleRanges>();
  private total = 0;

  /** Adds a range; a style's ranges come in line order. A style past the first MAX_LOG_STYLES is left out (its text shows plain). */
  add(style: AnsiStyle, line: number, start: number, end: number): void {
    const key = styleKey(style);
    let ranges = this.byStyle.get(key);
    if (ranges === undefined) {
      if (this.byStyle.size >= MAX_LOG_STYLES) {
        return;
      }
      ranges = new StyleRanges(style);
      this.byStyle.set(key, ranges);
    }
    ranges.add(line, start, end);
    this.total++;
  }

  /** Each style that has ranges on lines [from, to), with them; a style with none there is left out. */
  *in(from: number, to: number): Iterable<StyledRanges> {
    for (const ranges of this.byStyle.values()) {
      const there = ranges.in(from, to);
      if (there.length > 0) {
        yield { style: ranges.style, ranges: there };
      }
    }
  }

  /** Styles kept (at most MAX_LOG_STYLES). */
  get styleCount(): number {
    return this.byStyle.size;
  }

  get count(): number {
    return this.total;
  }

  /** Bytes the ranges take (the tests and the bench's reasoning). */
  get bytes(): number {
    let sum = 0;
    for (const ranges of this.byStyle.values()) {
      sum += ranges.bytes;
    }
    return sum;
  }
}

/**
 * One editor's paints of a log: what each sets. The styles with ranges in view, and each style the
 * last paint gave ranges that has none in view now, with an empty list (its old paint goes); no
 * other style is touched.
 */
export class PaintedStyles {
  private painted = new Map<string, AnsiStyle>();

  /** What this paint sets, given the styles with ranges in view (RangeStore.in). */
  next(inView: Iterable<StyledRanges>): StyledRanges[] {
    const now = new Map<string, AnsiStyle>();
    const paint: StyledRanges[] = [];
    for (const styled of inView) {
      now.set(styleKey(styled.style), styled.style);
      paint.push(styled);
    }
    for (const [key, style] of this.painted) {
      if (!now.has(key)) {
        paint.push({ style, ranges: [] });
      }
    }
    this.painted = now;
    return paint;
  }
}
