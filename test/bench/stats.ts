// The bench's statistics: medians, and how far apart two samples of noisy timings really are.

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * The Mann–Whitney rank-sum test's z (normal approximation, ties counted half): how far apart two
 * samples sit, in standard deviations of what chance alone gives. Positive when `a` tends higher;
 * |z| < 1.96 is within noise at 5 %. Used where the timings are too noisy for their medians alone
 * (activation: a few ms, with outliers of 30 ms and more).
 */
export function rankSumZ(a: number[], b: number[]): number {
  let u = 0;
  for (const x of a) {
    for (const y of b) {
      u += x > y ? 1 : x === y ? 0.5 : 0;
    }
  }
  const sd = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  return sd ? (u - (a.length * b.length) / 2) / sd : 0;
}
